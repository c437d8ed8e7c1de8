@testable import APNSLintDialects
import APNSLintModel
import APNSLintRules
import APNSLintSyntax
import APNSLintTestSupport
import Foundation
import Synchronization
import Testing

// What node-apn 7.1.0 (parse-community/node-apn@1db632dbd874ecc9c0acfd2b0be654ed265bfa5b) sends for a definition,
// behaviour by behaviour: the payload as the bytes compile() returns, the headers as String(value), and what
// apns-lint says about what node-apn drops, rewrites or throws on. Tests/OracleTests pins the same against the
// recorded outputs of the real code.

/// A definition (JSON, without a "dialect" key) translated as node-apn's.
private struct NodeAPNSend {
    let source: SourceText
    let translation: DialectTranslation

    init(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        source = SourceText(json)
        let read = JSONReader.read(source)
        #expect(read.problems.isEmpty, sourceLocation: sourceLocation)
        let document = try #require(read.documents.first, sourceLocation: sourceLocation)
        translation = Dialect.nodeAPN.translate(document)
    }

    var payloadNode: DocumentNode { translation.request.member(EnvelopeKey.payload)?.value ?? translation.request }

    /// The payload as node-apn's encoding writes it: the bytes compile() returns.
    var payload: String {
        let encoding = translation.encoding ?? WireEncoding(style: .compact, duplicates: .lastValue)
        return String(decoding: WireSerializer.serialize(payloadNode, duplicates: encoding.duplicates, style: encoding.style), as: UTF8.self)
    }

    /// The headers as sent: `name: value`, in node-apn's order.
    var headers: [String] {
        (translation.request.member(EnvelopeKey.headers)?.value.members ?? []).map { member in
            let value = switch member.value.value {
            case .string(let string): string
            case .number(let number): number.text
            default: String(decoding: WireSerializer.serialize(member.value), as: UTF8.self)
            }
            return "\(member.key): \(value)"
        }
    }

    /// `rule line:col message` per finding.
    var notes: [String] {
        translation.notes.map { "\(ruleID(of: $0)) \(source.position(of: $0.range.start)) \($0.message)" }
    }

    func text(_ range: SourceRange) -> String? { source.text(range) }

    /// The payload's value at a path of keys.
    func value(at path: String...) -> DocumentNode? {
        var node = payloadNode
        for key in path {
            guard let member = node.members?.last(where: { $0.key == key }) else { return nil }
            node = member.value
        }
        return node
    }
}

@Suite("node-apn 7.1.0: the constructor, the setters and the payload")
struct NodeAPNPayloadTests {
    @Test func theKeysAreAssignedInOrderAndABodyAfterAnAlertSetterStaysFirst() throws {
        // prepareAlert() makes {body: undefined} first, so body keeps the first place (apsProperties.js:214).
        let send = try NodeAPNSend(#"{"title": "T", "subtitle": "S", "body": "B", "badge": 1, "sound": "chime.caf"}"#)
        #expect(send.payload == #"{"aps":{"alert":{"body":"B","title":"T","subtitle":"S"},"badge":1,"sound":"chime.caf"}}"#)
        #expect(send.notes.isEmpty)
        // A string alert becomes {"body": …} when a key is set in it.
        #expect(try NodeAPNSend(#"{"body": "B", "locKey": "K", "locArgs": ["a"]}"#).payload
            == #"{"aps":{"alert":{"body":"B","loc-key":"K","loc-args":["a"]}}}"#)
    }

    @Test("every setter of apsProperties.js writes its key", arguments: [
        (#""subtitleLocKey": "K", "subtitleLocArgs": ["a"]"#, #"{"aps":{"alert":{"subtitle-loc-key":"K","subtitle-loc-args":["a"]}}}"#),
        (#""interruptionLevel": "time-sensitive", "relevanceScore": 0.5"#, #"{"aps":{"interruption-level":"time-sensitive","relevance-score":0.5}}"#),
        (#""targetContentIdentifier": "inbox", "threadId": "t", "category": "C""#, #"{"aps":{"target-content-id":"inbox","thread-id":"t","category":"C"}}"#),
        (#""timestamp": 1700000000, "event": "update", "contentState": {"eta": 5}, "staleDate": 1700003600, "dismissalDate": 1700007200"#,
         #"{"aps":{"timestamp":1700000000,"event":"update","content-state":{"eta":5},"stale-date":1700003600,"dismissal-date":1700007200}}"#),
        (#""attributesType": "Order", "attributes": {"id": 1}, "inputPushChannel": "c", "inputPushToken": 1, "filterCriteria": "f""#,
         #"{"aps":{"attributes-type":"Order","attributes":{"id":1},"input-push-channel":"c","input-push-token":1,"filter-criteria":"f"}}"#),
        (#""sound": {"name": "alarm.caf", "critical": 1, "volume": 0.8}"#, #"{"aps":{"sound":{"name":"alarm.caf","critical":1,"volume":0.8}}}"#),
        (#""contentState": null"#, #"{"aps":{"content-state":null}}"#),
    ])
    func setter(members: String, payload: String) throws {
        let send = try NodeAPNSend("{\(members)}")
        #expect(send.payload == payload)
        #expect(send.notes.isEmpty)
    }

    @Test func anApsWrittenAfterTheSettersReplacesWhatTheyWrote() throws {
        let send = try NodeAPNSend(#"{"badge": 3, "title": "T", "aps": {"category": "C"}}"#)
        #expect(send.payload == #"{"aps":{"category":"C"}}"#)
        #expect(send.notes == [
            #"dialect-dropped-key 1:2 node-apn does not send "badge": "aps", written after it, replaces the whole aps object, with what this setter wrote into it"#,
            #"dialect-dropped-key 1:14 node-apn does not send "title": "aps", written after it, replaces the whole aps object, with what this setter wrote into it"#,
        ])
        // Written first, aps is the object the setters write into.
        #expect(try NodeAPNSend(#"{"aps": {"category": "C"}, "badge": 3}"#).payload == #"{"aps":{"category":"C","badge":3}}"#)
    }

    @Test func anAlertWrittenAfterAnAlertKeyReplacesIt() throws {
        let send = try NodeAPNSend(#"{"title": "T", "alert": "Hi"}"#)
        #expect(send.payload == #"{"aps":{"alert":"Hi"}}"#)
        #expect(send.notes == [#"dialect-dropped-key 1:2 node-apn does not send "title": "alert", written after it, replaces aps.alert"#])
        // A setter after a key of the user's aps replaces that key.
        let inner = try NodeAPNSend(#"{"aps": {"badge": 1}, "badge": 2}"#)
        #expect(inner.payload == #"{"aps":{"badge":2}}"#)
        #expect(inner.notes == [#"dialect-dropped-key 1:10 node-apn does not send aps.badge: "badge", written after it, replaces aps.badge"#])
    }

    @Test func theSettersTypeChecksIgnoreOtherValues() throws {
        let send = try NodeAPNSend(#"{"badge": "5", "threadId": 7, "urlArgs": "a", "sound": {"name": "s"}, "relevanceScore": "high"}"#)
        #expect(send.payload == "{}")
        #expect(send.notes == [
            #"dialect-dropped-key 1:2 node-apn's badge setter takes a number, not a string ("5"), and ignores this value, so no badge is sent"#,
            #"dialect-dropped-key 1:16 node-apn's threadId setter takes a string, not an integer (7), and ignores this value, so no thread-id is sent"#,
            #"dialect-dropped-key 1:31 node-apn's urlArgs setter takes an array, not a string ("a"), and ignores this value, so no url-args is sent"#,
            #"dialect-dropped-key 1:47 node-apn's sound setter takes a string, or an object with a string "name" and numbers "critical" and "volume", not an object without them, and ignores this value, so no sound is sent"#,
            #"dialect-dropped-key 1:71 node-apn's relevanceScore setter takes a number, not a string ("high"), and ignores this value, so no relevance-score is sent"#,
        ])
        // The value set before stays; a null that leaves nothing behind means "none", as node-apn takes it.
        let kept = try NodeAPNSend(#"{"aps": {"badge": 3}, "badge": "5", "category": null}"#)
        #expect(kept.payload == #"{"aps":{"badge":3}}"#)
        #expect(kept.notes == [#"dialect-dropped-key 1:23 node-apn's badge setter takes a number, not a string ("5"), and ignores this value, so the badge set before it is sent"#])
    }

    @Test func contentAvailableIs1ForTrueOr1AndRemovedOtherwise() throws {
        let on = try NodeAPNSend(#"{"contentAvailable": true, "mutableContent": 1.0}"#)
        #expect(on.payload == #"{"aps":{"content-available":1,"mutable-content":1}}"#)
        #expect(on.notes == [#"dialect-rewritten-value 1:22 node-apn's contentAvailable setter sends content-available: 1 for true"#])
        // The 1 node-apn sends stands where the user wrote true.
        let written = try #require(on.value(at: "aps", "content-available"))
        #expect(on.text(written.range) == "true")
        // false, 0 and null unset it (an empty aps is left out); another value does too, and is said.
        #expect(try NodeAPNSend(#"{"contentAvailable": false}"#).payload == "{}")
        let other = try NodeAPNSend(#"{"aps": {"content-available": 1}, "contentAvailable": "1"}"#)
        #expect(other.payload == "{}")
        #expect(other.notes == [
            #"dialect-dropped-key 1:10 node-apn does not send aps.content-available: "contentAvailable", written after it, removes aps.content-available"#,
            #"dialect-dropped-key 1:35 node-apn's contentAvailable setter sends content-available: 1 only for true or 1; it takes a string ("1") as false, so no content-available is sent"#,
        ])
    }

    @Test func theApsObjectIsLeftOutWithoutAKeyThatHasAValue() throws {
        #expect(try NodeAPNSend(#"{"aps": {}, "payload": {"k": 1}}"#).payload == #"{"k":1}"#)
        // apsPayload() takes the first key with a value as its answer: "" is false in JavaScript (index.js:157).
        let empty = try NodeAPNSend(#"{"aps": {"": 1, "badge": 2}}"#)
        #expect(empty.payload == "{}")
        #expect(empty.notes == [#"dialect-dropped-key 1:2 node-apn's apsPayload() takes the first aps key that has a value, here "", for no key at all (an empty string is false in JavaScript), so no aps is sent"#])
        // A string aps is sent as it is; a number has no keys.
        #expect(try NodeAPNSend(#"{"aps": "str", "badge": 1}"#).payload == #"{"aps":"str"}"#)
        #expect(try NodeAPNSend(#"{"aps": 5}"#).notes == [#"dialect-dropped-key 1:2 node-apn sends aps only when it has a key with a value, and an integer (5) has none, so no aps is sent"#])
    }

    @Test func thePayloadIsSpreadAsJavaScriptSpreadsIt() throws {
        let string = try NodeAPNSend(#"{"payload": "str", "body": "Hi"}"#)
        #expect(string.payload == #"{"0":"s","1":"t","2":"r","aps":{"alert":"Hi"}}"#)
        #expect(string.notes == [#"dialect-rewritten-value 1:13 node-apn spreads a string payload into one custom key per character ("0", "1", …)"#])
        // The payload's own aps gives way to the notification's, in its place.
        let ownAPS = try NodeAPNSend(#"{"payload": {"a": 1, "aps": {"badge": 9}, "b": 2}, "body": "Hi"}"#)
        #expect(ownAPS.payload == #"{"a":1,"aps":{"alert":"Hi"},"b":2}"#)
        #expect(ownAPS.notes == [#"dialect-dropped-key 1:22 node-apn replaces the payload's own aps with the notification's; set aps keys with the setters or "aps" instead"#])
        #expect(try NodeAPNSend(#"{"payload": 5}"#).notes == [#"dialect-dropped-key 1:2 node-apn spreads "payload" into the custom keys, and an integer (5) has none, so no custom key is sent"#])
    }

    @Test func aStringMdmIsTheWholePayloadAndRawPayloadNullIsNone() throws {
        let mdm = try NodeAPNSend(#"{"mdm": "00000000-1111-3333-4444-555555555555", "badge": 1}"#)
        #expect(mdm.payload == #"{"mdm":"00000000-1111-3333-4444-555555555555"}"#)
        #expect(mdm.notes == [#"dialect-dropped-key 1:49 "mdm" is a string, so node-apn sends {"mdm": …} alone, and "badge" has no effect on what is sent"#])
        let ignored = try NodeAPNSend(#"{"mdm": 5, "body": "Hi", "rawPayload": null}"#)
        #expect(ignored.payload == #"{"aps":{"alert":"Hi"}}"#)
        #expect(ignored.notes == [#"dialect-dropped-key 1:2 node-apn sends mdm only when it is a string (the whole payload is then {"mdm": …}); it ignores an integer (5)"#])
        let raw = try NodeAPNSend(#"{"rawPayload": {"aps": {"badge": 1}}, "mdm": "x"}"#)
        #expect(raw.payload == #"{"aps":{"badge":1}}"#)
        #expect(raw.notes == [#"dialect-dropped-key 1:39 rawPayload is sent as it stands, so "mdm" has no effect on what is sent"#])
    }

    @Test func aKeyGivenTwiceHasItsLastValueAtItsFirstPlace() throws {
        let send = try NodeAPNSend(#"{"body": "first", "badge": 1, "body": "last", "payload": {"a": 1, "b": 2, "a": 3}}"#)
        #expect(send.payload == #"{"a":3,"b":2,"aps":{"alert":"last","badge":1}}"#)
        #expect(send.translation.encoding == WireEncoding(style: .compact, duplicates: .lastValue))
        // duplicate-key reports the earlier ones, on the definition as written.
        #expect(send.notes.isEmpty)
        #expect(send.payloadNode.members?.map(\.key) == ["a", "b", "aps"])
        // The request's "a" has the last key and value; moved by node-apn, it is not deleted by a fix.
        let a = try #require(send.payloadNode.members?.first)
        #expect(send.text(a.keyRange) == #""a""# && a.keyRange.start == 74 && !a.isRemovable)
    }

    @Test func objectsHaveJavaScriptsKeyOrder() throws {
        // Array-index keys first, ascending; "01", "-1" and 4294967295 are not array indexes.
        let send = try NodeAPNSend(#"{"payload": {"b": 1, "10": 2, "-1": 3, "2": 4, "01": 5, "4294967295": 6, "4294967294": 7}}"#)
        #expect(send.payload == #"{"2":4,"10":2,"4294967294":7,"b":1,"-1":3,"01":5,"4294967295":6}"#)
    }

    @Test func anUnknownKeyIsNotSent() throws {
        let send = try NodeAPNSend(#"{"body": "Hi", "titel": "T"}"#)
        #expect(send.notes == [#"dialect-dropped-key 1:16 "titel" is not a Notification property node-apn sends"#])
        #expect(send.translation.notes.first?.help == #"did you mean "title"? custom keys go in "payload""#)
    }
}

@Suite("node-apn 7.1.0: numbers as JavaScript writes them")
struct NodeAPNNumberTests {
    @Test("Number::toString", arguments: [
        ("1.0", "1"), ("-0", "0"), ("1E5", "100000"), ("1e21", "1e+21"), ("1e20", "100000000000000000000"),
        ("0.000001", "0.000001"), ("1e-7", "1e-7"), ("123e-20", "1.23e-18"), ("12.50", "12.5"), ("5e-324", "5e-324"),
        ("9007199254740993", "9007199254740992"), ("1.7976931348623157e308", "1.7976931348623157e+308"),
        ("123456789012345678901234", "1.2345678901234569e+23"), ("0.1", "0.1"), ("-1.5", "-1.5"),
    ])
    func numberToString(written: String, sent: String) {
        #expect(JavaScriptNumber.text(JavaScriptNumber.value(of: NumberLiteral(text: written, isInteger: false))) == sent)
    }

    @Test func aRoundedNumberIsSaidAtTheNumberAndANotationChangeIsNot() throws {
        let send = try NodeAPNSend(#"{"body": "Hi", "payload": {"order": 9007199254740993, "ratio": 1.0, "big": 1e21, "huge": 1e400}}"#)
        #expect(send.payload == #"{"order":9007199254740992,"ratio":1,"big":1e+21,"huge":null,"aps":{"alert":"Hi"}}"#)
        #expect(send.notes == [
            #"dialect-rewritten-value 1:37 node-apn reads 9007199254740993 as a JavaScript number (a double), which holds 9007199254740992, and sends 9007199254740992"#,
            #"dialect-rewritten-value 1:90 1e400 is beyond JavaScript's numbers: JSON.parse makes it Infinity, and node-apn sends null"#,
        ])
        let order = try #require(send.value(at: "order"))
        #expect(send.text(order.range) == "9007199254740993")
        #expect(order.number?.text == "9007199254740992")
    }

    @Test("StringToNumber(text) >= 0, as expiry >= 0 compares", arguments: [
        ("12", true), (" 12 ", true), ("", true), ("-0", true), ("0x1F", true), ("0b101", true), (".5", true), ("5.", true),
        ("+.5", true), ("Infinity", true), ("1e3", true), ("\u{A0}7\u{2028}", true),
        ("-5", false), ("-Infinity", false), ("abc", nil), ("-0x10", nil), ("0x", nil), (".", nil), ("1e", nil), ("0b2", nil),
    ] as [(String, Bool?)])
    func stringToNumber(text: String, isNonNegative: Bool?) {
        #expect(JavaScriptNumber.stringIsNonNegativeNumber(text) == isNonNegative)
    }
}

@Suite("node-apn 7.1.0: headers() as node's http2 sends them")
struct NodeAPNHeaderTests {
    @Test func apnsPriorityIs10WhenTheDefinitionGivesNone() throws {
        let send = try NodeAPNSend(#"{"body": "Hi"}"#)
        #expect(send.headers == ["apns-priority: 10"])
        // The header node-apn adds points at the start of the definition.
        #expect(send.translation.request.member(EnvelopeKey.headers)?.value.members?.first?.keyRange == SourceRange(start: 0, end: 0))
    }

    @Test func everyPropertyBecomesItsHeaderInNodeAPNsOrder() throws {
        let send = try NodeAPNSend(#"{"pushType": "alert", "topic": "com.example.app", "expiry": 0, "channelId": "ch", "requestId": "r", "collapseId": "c", "id": "6f1c1c3e-52a8-4b59-9a0c-0d2f5c1b9e77", "priority": 5.0}"#)
        #expect(send.headers == [
            "apns-priority: 5", "apns-id: 6f1c1c3e-52a8-4b59-9a0c-0d2f5c1b9e77", "apns-collapse-id: c", "apns-request-id: r",
            "apns-channel-id: ch", "apns-expiration: 0", "apns-topic: com.example.app", "apns-push-type: alert",
        ])
        #expect(send.notes.isEmpty)
        let topic = try #require(send.translation.request.member(EnvelopeKey.headers)?.value.members?.first { $0.key == HeaderName.topic })
        #expect(send.text(topic.keyRange) == #""topic""#)
        #expect(send.text(topic.value.range) == #""com.example.app""#)
    }

    @Test func falsyValuesANonIntegerPriorityAndANegativeExpiryAreLeftOut() throws {
        let send = try NodeAPNSend(#"{"priority": "5", "id": "", "topic": null, "collapseId": 0, "expiry": -1, "pushType": false}"#)
        #expect(send.headers.isEmpty)
        #expect(send.notes == [
            #"dialect-dropped-key 1:2 node-apn sends apns-priority only for an integer priority (Number.isInteger); it leaves out a string ("5"), and APNs then uses 10"#,
            #"dialect-dropped-key 1:19 node-apn sends apns-id only when id is truthy in JavaScript, and a string ("") is not, so none is sent"#,
            #"dialect-dropped-key 1:44 node-apn sends apns-collapse-id only when collapseId is truthy in JavaScript, and an integer (0) is not, so none is sent"#,
            #"dialect-dropped-key 1:75 node-apn sends apns-push-type only when pushType is truthy in JavaScript, and a boolean (false) is not, so none is sent"#,
        ])
    }

    @Test func valuesGoOutAsStringOfTheValue() throws {
        let send = try NodeAPNSend(#"{"expiry": null, "id": [1, [2, null]], "topic": {"a": 1}, "collapseId": " 12 "}"#)
        #expect(send.headers == ["apns-priority: 10", "apns-id: 1,2,", "apns-collapse-id:  12 ", "apns-expiration: null", "apns-topic: [object Object]"])
        #expect(send.notes == [
            #"dialect-rewritten-value 1:12 node-apn sends apns-expiration: null: its headers() finds null >= 0 true (null counts as 0 in JavaScript) and sends the text null"#,
            #"dialect-rewritten-value 1:24 node-apn sends apns-id: "1,2,": String() of an array is "1,2,""#,
            #"dialect-rewritten-value 1:49 node-apn sends apns-topic: "[object Object]": String() of an object is "[object Object]""#,
        ])
        // expiry >= 0 converts a string as JavaScript does.
        #expect(try NodeAPNSend(#"{"expiry": " 12 "}"#).headers == ["apns-priority: 10", "apns-expiration:  12 "])
        #expect(try NodeAPNSend(#"{"expiry": "-5"}"#).headers == ["apns-priority: 10"])
    }
}

@Suite("node-apn 7.1.0: where it throws, nothing is sent")
struct NodeAPNExceptionTests {
    @Test func anAlertSetterAfterANullAlertThrowsAtThatSetter() throws {
        let send = try NodeAPNSend(#"{"alert": null, "title": "Hi", "subtitle": "S"}"#)
        // Only the first exception: node-apn stops there.
        #expect(send.notes == [
            #"dialect-library-error 1:17 node-apn throws TypeError: Cannot set properties of null (setting 'title') in its title setter, so nothing is sent: the alert is null ("alert"), which node-apn takes for an alert object (typeof null is 'object'), so there is no object to write into"#,
        ])
        #expect(send.translation.notes.first?.pointer == JSONPointer(["title"]))
        // The same keys the other way round are sent: the title goes, then the alert is null.
        let reversed = try NodeAPNSend(#"{"title": "Hi", "alert": null}"#)
        #expect(reversed.payload == #"{"aps":{"alert":null}}"#)
        #expect(!reversed.notes.contains { $0.hasPrefix("dialect-library-error") })
    }

    @Test func aNullSoundThrows() throws {
        #expect(try NodeAPNSend(#"{"body": "Hi", "sound": null}"#).notes == [
            #"dialect-library-error 1:16 node-apn throws TypeError: Cannot read properties of null (reading 'name') in its sound setter, so nothing is sent: the setter reads sound.name to tell a sound dictionary, and null has no properties"#,
        ])
    }

    @Test func anAlertKeyInANonObjectApsThrows() throws {
        #expect(try NodeAPNSend(#"{"aps": "str", "subtitle": "S"}"#).notes == [
            #"dialect-library-error 1:16 node-apn throws TypeError: Cannot set properties of undefined (setting 'subtitle') in its subtitle setter, so nothing is sent: "aps" is a string ("str"), which cannot hold the alert object the setter writes into"#,
        ])
        #expect(try NodeAPNSend(#"{"aps": null, "badge": 1}"#).notes == [
            #"dialect-library-error 1:15 node-apn throws TypeError: Cannot set properties of null (setting 'badge') in its badge setter, so nothing is sent: "aps" is null, so there is no aps object to write into"#,
        ])
        // With no setter after it, a null aps throws in toJSON(), at "aps".
        #expect(try NodeAPNSend(#"{"aps": null}"#).notes == [
            #"dialect-library-error 1:2 node-apn throws TypeError: Cannot convert undefined or null to object in its toJSON(), so nothing is sent: its apsPayload() calls Object.keys(aps), and "aps" is null"#,
        ])
    }

    @Test func aKeyNamedAfterANodeAPNMethodReplacesIt() throws {
        #expect(try NodeAPNSend(#"{"body": "Hi", "headers": {}}"#).notes == [
            #"dialect-library-error 1:16 node-apn throws TypeError: notification.headers is not a function when its Provider.send calls notification.headers(), so nothing is sent: "headers" has replaced that node-apn method"#,
        ])
        #expect(try NodeAPNSend(#"{"prepareAlert": 1, "title": "T"}"#).notes == [
            #"dialect-dropped-key 1:2 "prepareAlert" names a node-apn method: the value replaces that method on the Notification and is not sent"#,
            #"dialect-library-error 1:21 node-apn throws TypeError: this.prepareAlert is not a function in its title setter, so nothing is sent: "prepareAlert" has replaced the node-apn method this setter calls"#,
        ])
    }
}

@Suite("node-apn: keys written in node-apn's spelling")
struct NodeAPNDialectKeyTests {
    @Test func aFixMustNotRenameASetterOrRequestPropertyKey() throws {
        let send = try NodeAPNSend(#"{"locArgs": ["a"], "badge": 1, "body": "B", "topic": "t", "contentAvailable": 1}"#)
        // badge writes aps.badge: a fix of its value is a fix of what the user wrote.
        #expect(send.translation.dialectKeyRanges.map { send.text($0) } == [#""locArgs""#, #""body""#, #""topic""#, #""contentAvailable""#])
    }
}

@Suite("node-apn: deep definitions on a small stack")
struct NodeAPNStackDepthTests {
    /// Translates on a thread with a 512 KB stack (a secondary thread's on macOS).
    private func onSmallStack(_ text: String) -> (payload: String, headers: [String])? {
        let result = Mutex<(payload: String, headers: [String])?>(nil)
        APNSLintTestSupport.onSmallStack {
            let send = try? NodeAPNSend(text)
            result.withLock { $0 = send.map { ($0.payload, $0.headers) } }
        }
        return result.withLock { $0 }
    }

    /// The deepest nesting the JSON reader reads, in a payload, in rawPayload and in a header's array.
    @Test(arguments: ["payload", "rawPayload"])
    func maximumNestingIsTranslatedOnA512KBStack(_ key: String) throws {
        let depth = JSONReader.defaultMaxDepth - 2
        let nested = String(repeating: #"{"a":["#, count: depth / 2) + "1" + String(repeating: "]}", count: depth / 2)
        let sent = try #require(onSmallStack(#"{"body": "Hi", ""# + key + #"": "# + nested + "}"))
        #expect(sent.payload == (key == "payload" ? String(nested.dropLast()) + #","aps":{"alert":"Hi"}}"# : nested))
    }

    @Test func aDeepArrayHeaderIsWrittenOnA512KBStack() throws {
        let depth = JSONReader.defaultMaxDepth - 2
        let sent = try #require(onSmallStack(#"{"id": "# + String(repeating: "[", count: depth) + #""x""# + String(repeating: "]", count: depth) + "}"))
        #expect(sent.headers == ["apns-priority: 10", "apns-id: x"])
    }
}

@Suite("node-apn: what a fix may delete")
struct NodeAPNRemovableMemberTests {
    @Test func theUsersObjectInItsOwnOrderKeepsItsMembersAndAMovedOneIsPinned() throws {
        let send = try NodeAPNSend(#"{"aps": {"badge": 1}, "sound": "s", "payload": {"meta": {"a": 1, "b": 2}}}"#)
        #expect(send.payload == #"{"meta":{"a":1,"b":2},"aps":{"badge":1,"sound":"s"}}"#)
        // meta is sent as written: deleting "a" with its separator is deleting it from what is sent.
        #expect(send.value(at: "meta")?.members?.map(\.isRemovable) == [true, true])
        // node-apn added "sound" to the user's aps: its neighbour in the request is not its neighbour in the text.
        #expect(send.value(at: "aps")?.members?.map(\.isRemovable) == [false, false])
        #expect(send.translation.request.member(EnvelopeKey.headers)?.value.members?.map(\.isRemovable) == [false])
    }
}
