@testable import APNSLintDialects
import APNSLintModel
import APNSLintRules
import APNSLintSyntax
import Testing

// What ADCK 0.2.0 (delight-labs/ADCK@e7d9714f619b7682b27a624d5fa54b1b495ad83a) sends for a definition, and what
// apns-lint says about it. The line numbers in the expected messages are lib/adck/message.rb's at that commit.

/// An ADCK definition (JSON) translated.
private struct ADCK {
    let source: SourceText
    let translation: DialectTranslation

    init(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        source = SourceText(json)
        let read = JSONReader.read(source)
        #expect(read.problems.isEmpty, sourceLocation: sourceLocation)
        let document = try #require(read.documents.first, sourceLocation: sourceLocation)
        translation = Dialect.adck.translate(document)
    }

    /// The payload, without the envelope.
    var payload: DocumentNode {
        translation.request.members?.first { $0.key == EnvelopeKey.payload }?.value ?? translation.request
    }

    /// The payload's bytes as ADCK's encoder writes them.
    var wire: String {
        let encoding = translation.encoding ?? WireEncoding(style: .compact, duplicates: .lastValue)
        return String(decoding: WireSerializer.serialize(payload, duplicates: encoding.duplicates, style: encoding.style), as: UTF8.self)
    }

    /// The device token in the request.
    var token: DocumentNode? { translation.request.members?.first { $0.key == EnvelopeKey.deviceToken }?.value }

    /// `rule line:col message` per note, but the legacy-binary-interface note every definition gets.
    var notes: [String] {
        translation.notes.filter { $0.kind != .legacyBinaryInterface }
            .map { "\(ruleID(of: $0)) \(source.position(of: $0.range.start)) \($0.message)" }
    }

    var rules: [String] { translation.notes.filter { $0.kind != .legacyBinaryInterface }.map { ruleID(of: $0) } }

    func note(_ kind: DialectNote.Kind) -> DialectNote? { translation.notes.first { $0.kind == kind } }

    /// The source text the payload's value at `pointer` points at.
    func sourceText(at pointer: [String]) -> String? {
        var node = payload
        for token in pointer {
            guard let member = node.members?.last(where: { $0.key == token }) else { return nil }
            node = member.value
        }
        return source.text(node.range)
    }
}

@Suite("ADCK: the payload ADCK 0.2.0 sends, option by option")
struct ADCKDialectTests {
    @Test("options", arguments: [
        // The alert is always a hash (message.rb:24-53), its keys in ADCK's order whatever the definition's.
        (#"{"body": "Hi"}"#, #"{"aps":{"alert":{"body":"Hi"}}}"#),
        (#"{"alert": "POPUP!"}"#, #"{"aps":{"alert":{"body":"POPUP!"}}}"#),
        (#"{"action_loc_key": null, "body": "Hi"}"#, #"{"aps":{"alert":{"body":"Hi","action-loc-key":null}}}"#),
        (#"{"loc_args": ["a"], "loc_key": "K"}"#, #"{"aps":{"alert":{"loc-key":"K","loc-args":["a"]}}}"#),
        (#"{"launch_image": "a.png", "body": "Hi"}"#, #"{"aps":{"alert":{"body":"Hi","launch-image":"a.png"}}}"#),
        (#"{"sound": "default", "badge": 5, "body": "Hi"}"#, #"{"aps":{"alert":{"body":"Hi"},"badge":5,"sound":"default"}}"#),
        // Ruby's truth: 0 and "" are sent; loc_key false is sent (only nil is left out, message.rb:48).
        (#"{"badge": 0, "sound": ""}"#, #"{"aps":{"badge":0,"sound":""}}"#),
        (#"{"loc_key": false, "loc_args": []}"#, #"{"aps":{"alert":{"loc-key":false,"loc-args":[]}}}"#),
        // other's keys first, then aps (message.rb:80).
        (#"{"body": "Hi", "other": {"b": 1, "a": {"c": "d/e"}}}"#, #"{"b":1,"a":{"c":"d/e"},"aps":{"alert":{"body":"Hi"}}}"#),
        (#"{"body": "Hi", "freeze": false, "validate": true}"#, #"{"aps":{"alert":{"body":"Hi"}}}"#),
        (#"{}"#, #"{"aps":{}}"#),
        (#""POPUP!""#, #"{"aps":{"alert":{"body":"POPUP!"}}}"#),
    ])
    func option(json: String, wire: String) throws {
        let adck = try ADCK(json)
        #expect(adck.wire == wire)
        #expect(adck.notes == [])
        #expect(adck.translation.usesLegacyBinaryInterface)
        #expect(adck.translation.encoding == WireEncoding(style: .compact, duplicates: .everyPair))
        #expect(adck.translation.errorsAreWarnings == nil)
    }

    @Test func valuesKeepTheRangesOfWhatTheUserWrote() throws {
        let adck = try ADCK(#"{"body": "Hi", "badge": 5, "alert": {"launch_image": "a.png"}, "device_token": "<0f3c8d2e 9a7b6c5d>"}"#)
        #expect(adck.wire == #"{"aps":{"alert":{"body":"Hi","launch-image":"a.png"},"badge":5}}"#)
        #expect(adck.sourceText(at: ["aps", "alert", "body"]) == #""Hi""#)
        #expect(adck.sourceText(at: ["aps", "alert", "launch-image"]) == #""a.png""#)
        #expect(adck.sourceText(at: ["aps", "alert"]) == #"{"launch_image": "a.png"}"#)
        #expect(adck.sourceText(at: ["aps", "badge"]) == "5")
        let token = try #require(adck.token)
        #expect(token.string == "0f3c8d2e9a7b6c5d")
        #expect(adck.source.text(token.range) == #""<0f3c8d2e 9a7b6c5d>""#)
        #expect(adck.translation.dialectKeyRanges.map { adck.source.text($0) } == [#""body""#, #""badge""#, #""alert""#, #""device_token""#, #""launch_image""#])
    }

    @Test func anAlertHashGoesThroughTheAlertSettersAfterTheOptionsBesideIt() throws {
        let adck = try ADCK(#"{"body": "Top", "loc_key": "K", "alert": {"title": "T", "body": "Inner", "loc_key": null}}"#)
        #expect(adck.wire == #"{"aps":{"alert":{"body":"Inner"}}}"#)
        #expect(adck.notes == [
            #"dialect-dropped-key 1:2 "body" is replaced by "alert.body": ADCK sets the options of an alert object after the options beside it (message.rb:6-8, 158), so "Top" is not sent"#,
            #"dialect-dropped-key 1:17 "loc_key" is replaced by "alert.loc_key": ADCK sets the options of an alert object after the options beside it (message.rb:6-8, 158), so "K" is not sent"#,
            #"dialect-dropped-key 1:43 "title" in alert is not one of the alert options ADCK reads (body, action_loc_key, loc_key, loc_args, launch_image), so nothing of it is sent"#,
            #"dialect-dropped-key 1:74 "alert.loc_key" is not sent: ADCK leaves out a loc_key of null (message.rb:48-50)"#,
        ])
    }

    @Test func nullAndFalseAreLeftOut() throws {
        let adck = try ADCK(#"{"body": null, "badge": false, "sound": null, "launch_image": null}"#)
        #expect(adck.wire == #"{"aps":{}}"#)
        #expect(adck.notes == [
            #"dialect-dropped-key 1:2 "body" is not sent: ADCK sends no body for null (message.rb:29)"#,
            #"dialect-dropped-key 1:47 "launch_image" is not sent: ADCK leaves out a launch_image of null (message.rb:48-50)"#,
            #"dialect-dropped-key 1:16 "badge" is not sent: ADCK leaves out a badge of false (message.rb:69): the badge on the app icon stays as it is (0 clears it)"#,
            #"dialect-dropped-key 1:32 "sound" is not sent: ADCK leaves out a sound of null (message.rb:70): the notification plays no sound"#,
        ])
    }

    @Test func actionLocKeyFalseIsSentAsNull() throws {
        let adck = try ADCK(#"{"body": "Hi", "action_loc_key": false}"#)
        #expect(adck.wire == #"{"aps":{"alert":{"body":"Hi","action-loc-key":null}}}"#)
        #expect(adck.notes == [
            #"dialect-rewritten-value 1:34 "action_loc_key": false is sent as "action-loc-key": null (message.rb:44-45): the device shows the alert with a single OK button and no action button"#,
        ])
        #expect(adck.sourceText(at: ["aps", "alert", "action-loc-key"]) == "false")
    }

    @Test func numbersAreWrittenAsRubyPrintsThem() throws {
        let adck = try ADCK(#"{"other": {"a": 1e+21, "b": 1E2, "c": -0, "d": 1.50, "e": 0.0001, "f": 1e-5, "g": 1e15, "h": 123456789012345.0, "i": 1.0, "j": 12345678901234567890}}"#)
        #expect(adck.wire == #"{"a":1.0e+21,"b":100.0,"c":0,"d":1.5,"e":0.0001,"f":1.0e-05,"g":1.0e+15,"h":123456789012345.0,"i":1.0,"j":12345678901234567890,"aps":{}}"#)
        #expect(adck.rules == Array(repeating: "dialect-rewritten-value", count: 6))
        #expect(adck.notes.first == "dialect-rewritten-value 1:17 1e+21 is sent as 1.0e+21: Ruby reads it as a Float and writes it back as Ruby prints it (ADCK's to_json, message.rb:116-118)")
        #expect(adck.notes[2] == "dialect-rewritten-value 1:39 -0 is sent as 0: Ruby reads it as an Integer and writes it back as Ruby prints it (ADCK's to_json, message.rb:116-118)")
        #expect(adck.sourceText(at: ["a"]) == "1e+21")
    }

    @Test("Float#to_s", arguments: [
        ("0.0", "0.0"), ("-0.0", "-0.0"), ("1.5", "1.5"), ("1e2", "100.0"), ("0.001", "0.001"), ("1e-4", "0.0001"), ("0.00001", "1.0e-05"),
        ("1e14", "100000000000000.0"), ("1234567890123456.7", "1234567890123456.8"), ("1.5e300", "1.5e+300"),
        ("5e-324", "5.0e-324"), ("-2.5e-7", "-2.5e-07"), ("1e-400", "0.0"),
    ])
    func rubyFloatText(written: String, sent: String) throws {
        #expect(try ADCK(#"{"other": {"v": "# + written + "}}").wire == #"{"v":"# + sent + #","aps":{}}"#)
    }

    @Test func aKeyWrittenTwiceKeepsItsFirstPlaceAndLastValue() throws {
        let adck = try ADCK(#"{"body": "A", "other": {"k": 1, "j": 2, "k": 3}, "body": "B"}"#)
        #expect(adck.wire == #"{"k":3,"j":2,"aps":{"alert":{"body":"B"}}}"#)
        #expect(adck.sourceText(at: ["aps", "alert", "body"]) == #""B""#)
    }

    @Test func anApsInOtherIsSentBesideADCKsOwn() throws {
        // Hash#merge keeps other's String key "aps" and adds the Symbol :aps: the JSON holds both.
        let adck = try ADCK(#"{"other": {"aps": {"category": "X"}, "id": 1}, "body": "Hi"}"#)
        #expect(adck.wire == #"{"aps":{"category":"X"},"id":1,"aps":{"alert":{"body":"Hi"}}}"#)
        #expect(adck.notes == [
            #"reserved-custom-key 1:12 "other" holds "aps": ADCK writes other's keys beside its own aps and keeps both (message.rb:80), so the payload has two "aps" keys and these aps keys are not merged into ADCK's; which of the two APNs reads is not documented"#,
        ])
        #expect(adck.note(.reservedDataKey)?.pointer == JSONPointer(["other", "aps"]))
        // Another value there is reserved-custom-key's own finding on the payload, not the dialect's.
        #expect(try ADCK(#"{"other": {"aps": "x"}, "body": "Hi"}"#).notes == [])
    }

    @Test func truncateCutsTheBodyToADCKsBudget() throws {
        // The budget is 255 less {"aps":{"alert":{"body":""}}} (29 bytes): 226; 223 characters and "..." are kept.
        let body = String(repeating: "a", count: 300)
        let adck = try ADCK(#"{"truncate": true, "body": ""# + body + #""}"#)
        #expect(adck.wire == #"{"aps":{"alert":{"body":""# + String(repeating: "a", count: 223) + #"..."}}}"#)
        #expect(adck.wire.utf8.count == 255)
        #expect(adck.notes == [
            "dialect-truncated 1:28 truncate makes ADCK cut \"body\" from 300 to 223 characters and append \"...\": its body may have 226 bytes (255 less the rest of the payload, message.rb:76), and it has 300; the device shows \"…" + String(repeating: "a", count: 37) + "...\", without \"" + String(repeating: "a", count: 40) + "…\"",
        ])
        #expect(adck.translation.capabilities == [.legacyBinaryInterface, .decidesPushType, .truncatesToFit])

        let suffixed = try ADCK(#"{"truncate": " (more)", "badge": 1, "body": ""# + body + #""}"#)
        // {"aps":{"alert":{"body":""},"badge":1}} is 39 bytes: 216 for the body, 209 characters and the suffix.
        #expect(suffixed.wire == #"{"aps":{"alert":{"body":""# + String(repeating: "a", count: 209) + #" (more)"},"badge":1}}"#)
        #expect(suffixed.rules == ["dialect-truncated"])
    }

    @Test func truncateCountsCharactersWhereTheBudgetCountsBytes() throws {
        // 200 "é" are 400 bytes, over the budget of 226, but fewer characters than 223: the whole body is kept and
        // "..." appended, and validate! refuses the 432-byte payload.
        let adck = try ADCK(#"{"truncate": true, "body": ""# + String(repeating: "é", count: 200) + #""}"#)
        #expect(adck.wire == #"{"aps":{"alert":{"body":""# + String(repeating: "é", count: 200) + #"..."}}}"#)
        #expect(adck.rules == ["dialect-truncated", "dialect-library-error"])
        #expect(adck.notes[0] == "dialect-truncated 1:28 truncate makes ADCK append \"...\" to \"body\" without cutting it: its body may have 226 bytes (255 less the rest of the payload, message.rb:76), and it has 400, but ADCK keeps as many characters as the budget has bytes, and it has only 200 characters")
        #expect(adck.notes[1] == "dialect-library-error 1:20 the payload ADCK builds is 432 bytes, 177 over ADCK's own limit: validate! raises ADCK::Message::PayloadTooLarge (Payload must be less than 256 bytes, is 432bytes, message.rb:105-106), so nothing is sent; truncate cut the body by characters to a budget counted in bytes, before escapes, which is not enough here")
    }

    @Test func aNegativeBudgetCutsFromTheEndAsRubySlices() throws {
        // {"pad":"x…x","aps":{"alert":{"body":""}}} is 288 bytes: the budget is -33, body[0...-36] of 11 characters is "".
        let adck = try ADCK(#"{"truncate": true, "body": "Hello world", "other": {"pad": ""# + String(repeating: "x", count: 250) + #""}}"#)
        #expect(adck.wire.hasSuffix(#""aps":{"alert":{"body":"..."}}}"#))
    }

    @Test func payloadTooLargeAboveADCKsOwnLimit() throws {
        let body = String(repeating: "a", count: 227)
        let adck = try ADCK(#"{"sound": "default", "body": ""# + body + #""}"#)
        // {"aps":{"alert":{"body":"…"},"sound":"default"}} with 227 characters is 274 bytes.
        #expect(adck.notes == ["dialect-library-error 1:22 the payload ADCK builds is 274 bytes, 19 over ADCK's own limit: validate! raises ADCK::Message::PayloadTooLarge (Payload must be less than 256 bytes, is 274bytes, message.rb:105-106), so nothing is sent"])
        #expect(adck.note(.libraryError)?.help == #"cut at least 19 bytes; the largest part is "body" (229 bytes); "truncate": true lets ADCK cut the body to fit; "validate": false turns the limit off (the binary interface itself took 2048 bytes)"#)
        #expect(adck.note(.libraryError)?.pointer == JSONPointer(["body"]))
        // 255 bytes are accepted.
        #expect(try ADCK(#"{"sound": "default", "body": ""# + String(repeating: "a", count: 208) + #""}"#).notes == [])
    }

    @Test("validate! refuses", arguments: [
        (#"{"body": "Hi", "badge": "5"}"#, "1:16", #""badge" is a string ("5"), not an Integer: ADCK 0.2.0's validate! raises ADCK::Message::InvalidAttribute (badge needs to be a number or nil, message.rb:99-100), so nothing is sent"#),
        (#"{"body": "Hi", "badge": 1.5}"#, "1:16", #""badge" is a Float (1.5), not an Integer: ADCK 0.2.0's validate! raises ADCK::Message::InvalidAttribute (badge needs to be a number or nil, message.rb:99-100), so nothing is sent"#),
        (#"{"loc_key": "K", "loc_args": "x"}"#, "1:18", #""loc_args" is a string ("x"), not an array: ADCK 0.2.0's validate! raises ADCK::Message::InvalidAttribute (loc-args should be an array, message.rb:87-88), so nothing is sent"#),
        (#"{"alert": {"body": 5}}"#, "1:12", #""alert.body" is an Integer (5), not a string: ADCK 0.2.0's validate! raises ADCK::Message::InvalidAttribute (body needs to be a string, message.rb:91-92), so nothing is sent"#),
        (#"{"body": "Cute Kitty!", "action_loc_key": "PET_IT"}"#, "1:25", #""action_loc_key" is a string ("PET_IT"): ADCK 0.2.0's validate! raises ADCK::Message::InvalidAttribute (action-loc-key needs to be set to false/nil/string) for every action_loc_key but null and false, a string too: a bug in its check (message.rb:95), although its message and README allow one, so nothing is sent"#),
        (#"{"body": "Hi", "action_loc_key": true}"#, "1:16", #""action_loc_key" is true: ADCK 0.2.0's validate! raises ADCK::Message::InvalidAttribute (action-loc-key needs to be set to false/nil/string) for every action_loc_key but null and false (message.rb:95-96), so nothing is sent"#),
    ])
    func validateRefuses(json: String, position: String, message: String) throws {
        let adck = try ADCK(json)
        #expect(adck.notes == ["dialect-library-error \(position) \(message)"])
        #expect(adck.translation.errorsAreWarnings == nil)
    }

    @Test func aStringActionLocKeySaysWhatToWriteInstead() throws {
        let adck = try ADCK(#"{"body": "Cute Kitty!", "action_loc_key": "PET_IT"}"#)
        #expect(adck.note(.libraryError)?.help == #"leave action_loc_key out to keep the default buttons, or write null for a single OK button; to send a custom button with ADCK 0.2.0, add "validate": false, which turns off all of validate!'s checks, the 255-byte limit too"#)
        #expect(adck.note(.libraryError)?.pointer == JSONPointer(["action_loc_key"]))
    }

    @Test func validateFalseSkipsValidateAndMakesErrorsWarnings() throws {
        let adck = try ADCK(#"{"body": "Cute Kitty!", "action_loc_key": "PET_IT", "badge": "5", "validate": false}"#)
        #expect(adck.wire == #"{"aps":{"alert":{"body":"Cute Kitty!","action-loc-key":"PET_IT"},"badge":"5"}}"#)
        #expect(adck.notes == [])
        #expect(adck.translation.errorsAreWarnings == "validate: false turns off ADCK's own checks for this message, so this is reported as a warning; APNs still rejects what is wrong")
        // Not its limit either: only the binary interface's 2048 bytes count then.
        #expect(try ADCK(#"{"validate": false, "body": ""# + String(repeating: "a", count: 400) + #""}"#).notes == [])
        // validate is off only for false (message.rb:85).
        #expect(try ADCK(#"{"validate": null, "body": "Hi", "badge": "5"}"#).rules == ["dialect-library-error"])
    }

    @Test("what ADCK raises whatever validate says stays an error", arguments: [
        (#"{"validate": false, "body": "Hi", "other": "x"}"#, "1:35", #""other" is a string ("x"), not an object: ADCK::Message.new raises NoMethodError (undefined method `merge' for "x":String) when it measures the payload (message.rb:75), so nothing is sent"#),
        (#"{"validate": false, "other": null}"#, "1:21", #""other" is null, not an object: ADCK::Message.new raises NoMethodError (undefined method `merge' for nil:NilClass) when it measures the payload (message.rb:75), so nothing is sent"#),
        (#"{"validate": false, "alert": 5}"#, "1:21", #""alert" is an Integer (5): ADCK::Message.new raises RuntimeError (Message needs to have either a hash or string) for an alert that is neither a string nor an object (message.rb:55-56, 164), so nothing is sent"#),
        (#"{"validate": false, "truncate": true, "body": 5}"#, "1:39", #""body" is an Integer (5) and truncate is on: ADCK asks the body for its byte size and raises NoMethodError (undefined method `bytesize' for 5:Integer) while writing the payload (message.rb:30), so nothing is sent"#),
        (#"{"validate": false, "other": {"n": 1e400}}"#, "1:36", "1e400 is beyond the range of a Float: Ruby reads it as Infinity, and the json gem raises JSON::GeneratorError (Infinity not allowed in JSON) in ADCK::Message.new, which measures the payload (message.rb:75), so nothing is sent"),
        (#"{"validate": false, "body": "Hi", "device_token": 5}"#, "1:35", #""device_token" is an Integer (5), not a string: ADCK raises NoMethodError (undefined method `gsub' for 5:Integer) when it packs the token (notification.rb:19), so nothing is sent"#),
    ])
    func raisesRegardlessOfValidate(json: String, position: String, message: String) throws {
        let adck = try ADCK(json)
        #expect(adck.notes == ["dialect-library-error \(position) \(message)"])
        #expect(adck.translation.errorsAreWarnings == nil)
    }

    @Test func locKeyWithoutLocArgsIsSentWithAWarning() throws {
        let adck = try ADCK(#"{"loc_key": "GAME_PLAY_REQUEST_FORMAT", "sound": "default"}"#)
        #expect(adck.wire == #"{"aps":{"alert":{"loc-key":"GAME_PLAY_REQUEST_FORMAT"},"sound":"default"}}"#)
        #expect(adck.notes == [
            #"dialect-code-differs-from-docs 1:2 "loc_key" is given without loc_args: ADCK sends loc-key alone (its README asks for loc_args with it, its code does not), so if the localized string "GAME_PLAY_REQUEST_FORMAT" has placeholders (%@), the device has no values to fill them with"#,
        ])
        #expect(RuleRegistry.all.first { $0.descriptor.id == "dialect-code-differs-from-docs" }?.descriptor.severity == .warning)
        #expect(try ADCK(#"{"loc_key": "K", "loc_args": []}"#).notes == [])
    }

    @Test("the token ADCK packs", arguments: [
        ("0F3C8D2E", "0f3c8d2e", nil),
        ("<0f3c 8d2e>|", "0f3c8d2e", nil),
        ("abc", "abc0", #"dialect-rewritten-value 1:18 "device_token" has an odd number of characters, so the last one is packed as the high half of a byte whose low half is 0 (notification.rb:19): the token ADCK sends is abc0"#),
        // A letter packs as its low four bits plus 9: "z" (0x7A) as 3; "-" (0x2D) as d.
        ("zz-1", "33d1", #"dialect-rewritten-value 1:18 "device_token" holds characters that are not hex digits ("z", "z", "-"), which Array#pack('H*') still packs, each as the low bits of its code (notification.rb:19): the token ADCK sends is 33d1"#),
    ] as [(String, String, String?)])
    func deviceToken(written: String, packed: String, note: String?) throws {
        let adck = try ADCK(#"{"device_token": ""# + written + #"", "body": "Hi"}"#)
        #expect(adck.token?.string == packed)
        #expect(adck.notes == (note.map { [$0] } ?? []))
    }

    @Test func unknownOptionsAreDropped() throws {
        let adck = try ADCK(#"{"body": "Hi", "subtitle": "S", "bagde": 1}"#)
        #expect(adck.wire == #"{"aps":{"alert":{"body":"Hi"}}}"#)
        #expect(adck.notes == [
            #"dialect-dropped-key 1:16 "subtitle" is not an ADCK Message option, so nothing of it is sent"#,
            #"dialect-dropped-key 1:33 "bagde" is not an ADCK Message option, so nothing of it is sent"#,
        ])
        #expect(adck.translation.notes[1].help.hasPrefix(#"did you mean "badge"? "#))
    }
}
