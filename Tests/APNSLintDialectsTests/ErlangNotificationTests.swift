@testable import APNSLintDialects
import APNSLintModel
import APNSLintRules
import APNSLintSyntax
import Testing

/// What `ErlangNotification.translate` builds from one Erlang term: the payload as jsx writes it, the headers, and
/// the findings with their rule ids and positions.
private struct Built {
    let source: SourceText
    let translation: DialectTranslation

    init(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        source = SourceText(text)
        let read = ErlangReader.read(source)
        #expect(read.problems.isEmpty, "\(read.problems.map(\.message))", sourceLocation: sourceLocation)
        let term = try #require(read.erlangTerms.first, sourceLocation: sourceLocation)
        translation = ErlangNotification.translate(term)
        #expect(translation.encoding == WireEncoding(style: .jsx, duplicates: .everyPair), sourceLocation: sourceLocation)
    }

    var request: DocumentNode { translation.request }
    var payload: DocumentNode { request.member("payload")?.value ?? request }

    /// The payload's bytes as apns_json sends them.
    var json: String { String(decoding: WireSerializer.serialize(payload, duplicates: .everyPair, style: .jsx), as: UTF8.self) }

    /// `name: value` for each header, and `device-token: …`, sorted.
    var headers: [String] {
        var lines = (request.member("headers")?.value.members ?? []).map { "\($0.key): \($0.value.string ?? "?")" }
        if let token = request.member("device-token")?.value.string { lines.append("device-token: \(token)") }
        return lines.sorted()
    }

    /// Every note as `rule line:col 'text at the range' message`.
    var noteLines: [String] {
        translation.notes.map { "\(ruleID(of: $0)) \(source.position(of: $0.range.start)) '\(source.text($0.range))' \($0.message)" }
    }
}

@Suite("ErlangNotification: the request apns_json / apns_erlv3 / jsx build from a term")
struct ErlangNotificationTests {
    // MARK: make_notification/1

    @Test("apns_json's documentation examples, byte for byte", arguments: [
        (#"[{'alert', <<"Would you like to play a game?">>}]."#,
         #"{"aps":{"alert":"Would you like to play a game?","content-available":1}}"#),
        (#"[{'alert', <<"Would you like to play a game?">>}, {'badge', 1}, {'sound', <<"wopr">>}]."#,
         #"{"aps":{"alert":"Would you like to play a game?","content-available":1,"badge":1,"sound":"wopr"}}"#),
        (#"[{'alert', <<"Would you like to play a game?">>}, {'extra', [{<<"meta">>, [{<<"movie">>, <<"War Games">>}]}]}]."#,
         #"{"aps":{"alert":"Would you like to play a game?","content-available":1},"meta":{"movie":"War Games"}}"#),
    ])
    func documentationExamples(term: String, json: String) throws {
        let built = try Built(term)
        #expect(built.json == json)
        #expect(built.noteLines.isEmpty)
        #expect(built.headers.isEmpty)
    }

    @Test func alertProplistWithoutBodySendsUndefined() throws {
        let built = try Built("""
            [{alert, [{title, <<"Game invite">>},
                      {'loc-key', <<"GAME">>}]}].
            """)
        #expect(built.json == #"{"aps":{"alert":{"body":"undefined","action-loc-key":null,"loc-key":"GAME","loc-args":[]},"content-available":1}}"#)
        #expect(built.noteLines == [
            "dialect-dropped-key 1:12 'title' apns_json:make_notification/1 does not read 'title', so it is not sent (the alert properties make_alert/1 reads: body, action-loc-key, loc-key, loc-args, launch-image)",
            #"dialect-missing-key 1:10 '[{title, <<"Game invite">>},"# + "\n" + #"          {'loc-key', <<"GAME">>}]' this alert proplist has no body, so apns_json:make_notification/1 sends the text "undefined" as the alert's body (sc_util:to_bin(undefined)), and the device shows it"#,
        ])
    }

    @Test func propertiesMakeNotificationDoesNotRead() throws {
        let built = try Built(#"[{alert, <<"Hi">>}, {category, <<"INVITE">>}, {'content-available', 0}, {<<"badge">>, 3}, {sounds, <<"x">>}]."#)
        #expect(built.json == #"{"aps":{"alert":"Hi","content-available":1}}"#)
        #expect(built.noteLines == [
            "dialect-dropped-key 1:22 'category' apns_json:make_notification/1 does not read 'category', so it is not sent (the notification properties it reads: alert, badge, sound, extra)",
            "dialect-rewritten-value 1:69 '0' apns_json:make_notification/1 does not read content-available: it always sends \"content-available\":1 (apns_json.erl:246, SCPF-25), not 0",
            "dialect-dropped-key 1:74 '<<\"badge\">>' apns_json:make_notification/1 reads the atom 'badge', not the binary <<\"badge\">> (proplists:get_value/3 compares keys exactly), so it is not sent",
            "dialect-dropped-key 1:92 'sounds' apns_json:make_notification/1 does not read 'sounds', so it is not sent (the notification properties it reads: alert, badge, sound, extra)",
        ])
        #expect(built.translation.notes[3].help.hasPrefix("did you mean 'sound'? "))
    }

    @Test func toBinTurnsIntegersAndAtomsIntoText() throws {
        let built = try Built(#"[{alert, [{body, null}, {'loc-args', [7, <<"x">>]}]}, {sound, 5}]."#)
        #expect(built.json == #"{"aps":{"alert":{"body":"null","action-loc-key":null,"loc-args":["7","x"]},"content-available":1,"sound":"5"}}"#)
        #expect(built.noteLines.map { String($0.prefix { $0 != "'" }.dropLast()) } == [
            "dialect-rewritten-value 1:63", "dialect-rewritten-value 1:18", "dialect-rewritten-value 1:39",
        ])
    }

    @Test func emptyAlertsAndDuplicatesInExtra() throws {
        #expect(try Built("[{alert, []}].").json == #"{"aps":{"content-available":1}}"#)
        #expect(try Built("[{alert, <<>>}, {badge, <<>>}].").json == #"{"aps":{"content-available":1}}"#)
        // jsx writes a proplist as it stands: both "k" pairs are sent.
        #expect(try Built(#"[{alert, "Hi"}, {extra, [{k, 1}, {<<"k">>, 2}]}]."#).json == #"{"aps":{"alert":"Hi","content-available":1},"k":1,"k":2}"#)
    }

    // MARK: jsx

    @Test func jsxNumbersMapsAndStrings() throws {
        let built = try Built("""
            [{<<"aps">>, [{<<"alert">>, <<"line\\x{2028}sep"/utf8>>}]},
             {f, [1500.0, 0.1, 100.0, 0.00001, 123456789.123, 2.0, 16#FF, 123456789012345678901234567890]},
             {m, #{<<"b">> => 1, a => 2, 3 => x}},
             {d, {{2026, 11, 21}, {10, 0, 5}}},
             {l, "hi"}].
            """)
        #expect(built.json == #"{"aps":{"alert":"line\u2028sep"},"f":[1.5e3,0.1,100.0,1.0e-5,123456789.123,2.0,255,123456789012345678901234567890],"m":{"3":"x","a":2,"b":1},"d":"2026-11-21T10:00:05Z","l":[104,105]}"#)
        #expect(built.noteLines == [
            #"dialect-rewritten-value 5:6 '"hi"' jsx writes the character list "hi" as an array of numbers, not as a string (a string is a binary: <<"…"/utf8>>)"#,
        ])
    }

    @Test func bytesWrittenWithoutUTF8BecomeReplacementCharacters() throws {
        // "é" without /utf8 is the byte 0xE9 (a lead byte with no continuation), "€" the byte 0xAC (a stray continuation).
        let built = try Built(#"[{alert, <<"Café €5">>}, {sound, <<"é"/utf8>>}]."#)
        #expect(built.json == "{\"aps\":{\"alert\":\"Caf\u{FFFD} \u{FFFD}5\",\"content-available\":1,\"sound\":\"é\"}}")
        #expect(built.noteLines.count == 1)
        #expect(built.noteLines.first?.hasPrefix("dialect-rewritten-value 1:10 '<<\"Café €5\">>' this binary is not valid UTF-8") == true)
    }

    // MARK: Crashes

    @Test("what the libraries raise on, at the term", arguments: [
        (#"[{alert, <<"Hi">>}, {extra, [{<<"s">>, {3, 1, 0}}]}]."#,
         "1:40 '{3, 1, 0}' apns_json:make_notification/1 raises error:badarg in jsx_parser:value/4 here"),
        ("[{alert, hello}].", "1:10 'hello' apns_json:make_notification/1 raises error:function_clause in apns_json:make_alert/1 here"),
        (#"[{alert, [{body, <<"x">>}, {'loc-args', null}]}]."#,
         "1:41 'null' apns_json:make_notification/1 raises error:{case_clause,null} in apns_json:make_alert/1 here"),
        (#"[{alert, <<"x">>}, {sound, "\x{263A}"}]."#,
         #"1:28 '"\x{263A}"' apns_json:make_notification/1 raises error:badarg in erlang:list_to_binary/1 (called from sc_util:to_bin/1) here"#),
        (#"[{alert, <<"x">>}, {extra, [{}]}]."#, "1:29 '{}' apns_json:make_notification/1 raises error:badarg in jsx_encoder:unzip/2 here"),
        (#"[{alert, <<"x">>}, {extra, #{a => 1}}]."#, "1:28 '#{a => 1}' apns_json:make_notification/1 raises error:badarg in erlang:++/2 (called from apns_json:make_notification/1) here"),
        (#"#{<<"aps">> => [{<<"alert">>, <<"x">>}], {1} => 2}."#, "1:42 '{1}' jsx:encode/1 raises error:function_clause in jsx_encoder:unpack/3 here"),
        ("{alert, <<\"x\">>}.", "1:1 '{alert, <<\"x\">>}' apns_json:make_notification/1 raises error:function_clause in proplists:get_value/3 here"),
    ])
    func crashes(term: String, expected: String) throws {
        let built = try Built(term)
        let errors = built.translation.notes.filter { $0.kind == .libraryError }
        #expect(errors.count == 1)
        let line = built.noteLines.first { $0.hasPrefix("dialect-library-error") }
        #expect(line?.hasPrefix("dialect-library-error " + expected) == true, "\(built.noteLines)")
        #expect(line?.hasSuffix("; nothing is sent") == true)
    }

    // MARK: send/2

    @Test func sendBuildsTheSessionsHeaders() throws {
        let built = try Built("""
            [{token, <<"00fc13ad">>}, {uuid, <<"6f1c1c3e-52a8-4b59-9a0c-0d2f5c1b9e77">>}, {priority, 5}, {topic, 'com.example.app'},
             {alert, <<"Top">>}, {badge, 2}, {push_type, alert}, {expiration, 60},
             {aps, [{alert, <<"Inner">>}, {sound, <<"chime">>}, {extra, [{id, 1}]}]}].
            """)
        #expect(built.json == #"{"aps":{"alert":"Top","content-available":1,"sound":"chime"},"id":1}"#)
        #expect(built.headers == [
            "apns-expiration: 2147483647", "apns-id: 6f1c1c3e-52a8-4b59-9a0c-0d2f5c1b9e77", "apns-priority: 5", "apns-topic: com.example.app",
            "device-token: 00fc13ad",
        ])
        #expect(built.translation.capabilities == [.decidesPushType])
        #expect(built.noteLines.map { String($0.prefix { $0 != "'" }.dropLast()) } == [
            "dialect-dropped-key 2:23", "dialect-dropped-key 2:35", "dialect-dropped-key 2:55",
        ])
    }

    @Test func sendRefusesWithoutABinaryToken() throws {
        let missing = try Built(#"[{topic, <<"t">>}, {aps, [{alert, <<"Hi">>}]}]."#)
        #expect(missing.json == #"{"aps":{"alert":"Hi","content-available":1}}"#)
        // The token is the sending code's to give: the rest of the request is built as it goes out once given.
        #expect(missing.headers == ["apns-expiration: 2147483647", "apns-topic: t"])
        #expect(missing.noteLines.first?.hasPrefix("dialect-missing-key 1:1 ") == true)
        #expect(missing.translation.notes.first?.message.contains("{key_not_found,token}") == true)

        let charlist = try Built(#"[{token, "00fc"}, {alert, <<"Hi">>}]."#)
        #expect(charlist.noteLines.first?.hasPrefix(#"invalid-value-type 1:10 '"00fc"' apns_erlv3 refuses this notification: make_nf/3 throws {bad_options,{not_a_binary,token}}"#) == true)
    }

    @Test func prebuiltJSONIsSentAsItStands() throws {
        let built = try Built(#"[{token, <<"ab">>}, {json, <<"{\"aps\":{\"badge\":1}}">>}]."#)
        #expect(built.json == #"{"aps":{"badge":1}}"#)
        #expect(built.headers == ["apns-expiration: 2147483647", "device-token: ab"])
    }

    // MARK: JSON and YAML

    @Test func aJSONDocumentIsTheTermWrittenForIt() throws {
        let json = JSONReader.read(SourceText(#"{"alert": {"body": "Hi", "title": "T"}, "badge": 2, "extra": {"k": [1, 2.5]}}"#))
        let translation = ErlangNotification.translate(ErlangTerm(jsonDocument: try #require(json.document)))
        #expect(String(decoding: WireSerializer.serialize(translation.request, duplicates: .everyPair, style: .jsx), as: UTF8.self)
                == #"{"aps":{"alert":{"body":"Hi","action-loc-key":null,"loc-args":[]},"content-available":1,"badge":2},"k":[1,2.5]}"#)
        #expect(translation.notes.map(ruleID(of:)) == ["dialect-dropped-key"])
        #expect(translation.notes.first?.range == SourceRange(start: 25, end: 32))
    }
}
