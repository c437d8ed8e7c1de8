import APNSLintModel
import APNSLintRules
import APNSLintSyntax
import Testing

/// What `ErlangNotification.requestDocument` builds from one Erlang term, serialized as the library sends it.
private struct Built {
    let source: SourceText
    let term: DocumentNode
    let document: DocumentNode
    let notes: [DialectNote]

    init(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        source = SourceText(text)
        let read = ErlangReader.read(source)
        #expect(read.problems.isEmpty, "\(read.problems.map(\.message))", sourceLocation: sourceLocation)
        #expect(read.firstDuplicateWins, sourceLocation: sourceLocation)
        term = try #require(read.documents.first, sourceLocation: sourceLocation)
        (document, notes) = ErlangNotification.requestDocument(for: term)
    }

    /// The request as apns_json would encode it: the first of two equal keys wins.
    var json: String { String(decoding: WireSerializer.serialize(document, firstDuplicateWins: true), as: UTF8.self) }

    /// Every note as `kind pointer range line:col message | help`.
    var noteLines: [String] {
        notes.map { "\(ruleID(of: $0)) \($0.pointer) \($0.range) \(source.position(of: $0.range.start)) \($0.message) | \($0.help)" }
    }
}

/// A value with its range and every member's key range, to check that a term passes through unchanged.
private func rangedDump(_ node: DocumentNode) -> String {
    switch node.value {
    case .object(let members):
        "{" + members.map { "\($0.key)@\($0.keyRange): \(rangedDump($0.value))" }.joined(separator: ", ") + "}@\(node.range)"
    case .array(let elements):
        "[" + elements.map(rangedDump).joined(separator: ", ") + "]@\(node.range)"
    default:
        String(decoding: WireSerializer.serialize(node), as: UTF8.self) + "@\(node.range)"
    }
}

@Suite("ErlangNotification: the request apns_json / apns_erlv3 build from a term")
struct ErlangNotificationTests {
    static let alertList = "the alert properties are title, body, title-loc-key, title-loc-args, action-loc-key, loc-key, loc-args, launch-image"

    // MARK: The apns_json documentation examples

    @Test("the four examples of apns_json:make_notification/1", arguments: [
        ("""
         Notification = [
             {'alert', <<"Would you like to play a game?">>}
         ].
         """,
         #"{"aps":{"alert":"Would you like to play a game?","content-available":1}}"#),
        ("""
         Notification = [
             {'alert', <<"Would you like to play a game?">>},
             {'badge', 1},
             {'sound', <<"wopr">>}
         ].
         """,
         #"{"aps":{"alert":"Would you like to play a game?","content-available":1,"badge":1,"sound":"wopr"}}"#),
        ("""
         Notification = [
             {'alert', <<"Would you like to play a game?">>},
             {'extra', [{<<"meta">>, [{<<"movie">>, <<"War Games">>}]}]}
         ].
         """,
         #"{"aps":{"alert":"Would you like to play a game?","content-available":1},"meta":{"movie":"War Games"}}"#),
        ("""
         Notification = [
             {'alert', [{'title', <<"Game invite">>},
                        {'loc-key', <<"GAME_PLAY_REQUEST_FORMAT">>},
                        {'loc-args', [<<"Jenna">>, <<"Frank">>]}]},
             {'sound', <<"chime">>}
         ].
         """,
         #"{"aps":{"alert":{"title":"Game invite","action-loc-key":null,"loc-key":"GAME_PLAY_REQUEST_FORMAT","loc-args":["Jenna","Frank"]},"content-available":1,"sound":"chime"}}"#),
    ])
    func seedExamples(_ text: String, _ json: String) throws {
        let built = try Built(text)
        #expect(built.json == json)
        #expect(built.notes.isEmpty, "\(built.noteLines)")
        #expect(built.document.range == built.term.range)
    }

    @Test("what the library adds has an empty range at the start of the term; what it copies keeps its own")
    func addedPartsHaveEmptyRanges() throws {
        let built = try Built("N = [{alert, [{body, <<\"B\">>}]}].")
        let start = SourceRange(start: 4, end: 4)
        let aps = try #require(built.document.members?.first)
        #expect(aps.key == "aps")
        #expect(aps.keyRange == start)
        #expect(aps.value.range == SourceRange(4..<32))
        let apsMembers = try #require(aps.value.members)
        #expect(apsMembers.map(\.key) == ["alert", "content-available"])
        #expect(apsMembers[0].keyRange == SourceRange(6..<11))
        #expect(apsMembers[0].value.range == SourceRange(13..<30))
        #expect(apsMembers[1].keyRange == start && apsMembers[1].value.range == start)
        let alert = try #require(apsMembers[0].value.members)
        #expect(alert.map(\.key) == ["body", "action-loc-key"])
        #expect(alert[0].keyRange == SourceRange(15..<19) && alert[0].value.range == SourceRange(21..<28))
        #expect(alert[1].keyRange == start && alert[1].value.isNull)
    }

    // MARK: make_notification/1 details

    @Test("alert properties are written in the library's order, whatever the order in the term")
    func alertPropertyOrder() throws {
        let built = try Built("""
            [{alert, [{'launch-image', <<"i.png">>}, {'loc-args', [<<"a">>]}, {'loc-key', <<"K">>}, {'action-loc-key', <<"OPEN">>},
                      {'title-loc-args', [<<"t">>]}, {'title-loc-key', <<"TK">>}, {body, <<"B">>}, {title, <<"T">>}]}].
            """)
        #expect(built.json == #"{"aps":{"alert":{"title":"T","body":"B","title-loc-key":"TK","title-loc-args":["t"],"action-loc-key":"OPEN","loc-key":"K","loc-args":["a"],"launch-image":"i.png"},"content-available":1}}"#)
        #expect(built.notes.isEmpty)
    }

    @Test("aps members are written as alert, content-available, badge, sound, category; a given content-available is kept")
    func apsOrder() throws {
        let built = try Built(#"[{category, <<"C">>}, {sound, <<"s">>}, {badge, 3}, {'content-available', 0}, {alert, <<"A">>}]."#)
        #expect(built.json == #"{"aps":{"alert":"A","content-available":0,"badge":3,"sound":"s","category":"C"}}"#)
        #expect(built.notes.isEmpty)
        // An explicit null action-loc-key stays null; a set one replaces the added null.
        #expect(try Built(#"[{alert, [{body, <<"B">>}, {'action-loc-key', null}]}]."#).json
                == #"{"aps":{"alert":{"body":"B","action-loc-key":null},"content-available":1}}"#)
        // A proplist alert with nothing the library reads still becomes an alert.
        #expect(try Built("[{alert, [{}]}].").json == #"{"aps":{"alert":{"action-loc-key":null},"content-available":1}}"#)
    }

    @Test("empty binaries are dropped, as optional/2 drops <<>>", arguments: [
        (#"[{alert, <<>>}, {sound, <<>>}, {category, <<>>}, {badge, 0}]."#, #"{"aps":{"content-available":1,"badge":0}}"#),
        (#"[{alert, [{title, <<"T">>}, {body, <<>>}, {'loc-key', <<>>}]}]."#,
         #"{"aps":{"alert":{"title":"T","action-loc-key":null},"content-available":1}}"#),
        // An empty action-loc-key is dropped like any other empty binary: optional/2 sees <<>>, not the default null.
        (#"[{alert, [{body, <<"B">>}, {'action-loc-key', <<>>}]}]."#, #"{"aps":{"alert":{"body":"B"},"content-available":1}}"#),
        // A dropped first occurrence is not replaced by a later one: proplists:get_value/2 reads the first.
        (#"[{sound, <<>>}, {sound, <<"late">>}, {alert, <<"A">>}]."#, #"{"aps":{"alert":"A","content-available":1}}"#),
        (#"[{alert, <<"A">>}, {extra, []}]."#, #"{"aps":{"alert":"A","content-available":1}}"#),
    ])
    func emptyBinariesDropped(_ text: String, _ json: String) throws {
        let built = try Built(text)
        #expect(built.json == json)
        #expect(built.notes.isEmpty, "\(built.noteLines)")
    }

    @Test("of two equal keys, the first wins: in the notification, the alert, extra, and beside aps")
    func firstDuplicateWins() throws {
        #expect(try Built(#"[{alert, <<"first">>}, {alert, <<"second">>}, {badge, 1}, {badge, 2}]."#).json
                == #"{"aps":{"alert":"first","content-available":1,"badge":1}}"#)
        #expect(try Built(#"[{alert, [{body, <<"one">>}, {body, <<"two">>}]}]."#).json
                == #"{"aps":{"alert":{"body":"one","action-loc-key":null},"content-available":1}}"#)
        #expect(try Built(#"[{alert, <<"A">>}, {extra, [{<<"k">>, 1}, {<<"k">>, 2}]}, {extra, [{<<"z">>, 3}]}]."#).json
                == #"{"aps":{"alert":"A","content-available":1},"k":1}"#)
        // Custom data named "aps" comes after the built aps, so it loses.
        #expect(try Built(#"[{alert, <<"A">>}, {extra, [{<<"aps">>, <<"x">>}, {<<"n">>, 1}]}]."#).json
                == #"{"aps":{"alert":"A","content-available":1},"n":1}"#)
        // Routing properties too.
        #expect(try Built(#"[{token, <<"a">>}, {token, <<"b">>}, {alert, <<"x">>}]."#).json
                == #"{"device-token":"a","payload":{"aps":{"alert":"x","content-available":1}}}"#)
    }

    // MARK: apns_erlv3 send style

    @Test("routing properties beside the notification become headers and the device token")
    func sendStyleWithNotification() throws {
        let built = try Built("""
            [{alert, <<"Your move">>},
             {push_type, alert},
             {collapse_id, <<"game-invite-4471">>},
             {expiration, 2147483647},
             {priority, 10},
             {uuid, <<"6f1c1c3e-52a8-4b59-9a0c-0d2f5c1b9e77">>},
             {topic, <<"com.example.games">>},
             {token, <<"00fc13adff785122b4ad28809a3420982341241421348097878e577c991de8f0">>},
             {badge, 2}].
            """)
        #expect(built.json == #"""
            {"headers":{"apns-topic":"com.example.games","apns-id":"6f1c1c3e-52a8-4b59-9a0c-0d2f5c1b9e77","apns-priority":10,\#
            "apns-expiration":2147483647,"apns-collapse-id":"game-invite-4471","apns-push-type":"alert"},\#
            "device-token":"00fc13adff785122b4ad28809a3420982341241421348097878e577c991de8f0",\#
            "payload":{"aps":{"alert":"Your move","content-available":1,"badge":2}}}
            """#)
        #expect(built.notes.isEmpty, "\(built.noteLines)")
        // A renamed property keeps the range of the key it was written with.
        let headers = try #require(built.document.members?.first { $0.key == "headers" }?.value.members)
        let priority = try #require(headers.first { $0.key == "apns-priority" })
        #expect(built.source.text(priority.keyRange) == "priority")
        #expect(built.source.position(of: priority.keyRange.start).description == "5:3")
        #expect(built.document.range == built.term.range)
    }

    @Test("only the routing properties that are present appear", arguments: [
        (#"[{token, <<"ab">>}, {alert, <<"x">>}]."#, #"{"device-token":"ab","payload":{"aps":{"alert":"x","content-available":1}}}"#),
        (#"[{topic, <<"t">>}, {alert, <<"x">>}]."#, #"{"headers":{"apns-topic":"t"},"payload":{"aps":{"alert":"x","content-available":1}}}"#),
        (#"[{priority, 5}, {'content-available', 1}]."#, #"{"headers":{"apns-priority":5},"payload":{"aps":{"content-available":1}}}"#),
        (#"[{token, <<"ab">>}, {<<"custom">>, 1}]."#, #"{"device-token":"ab","payload":{"custom":1}}"#),
    ])
    func sendStylePartial(_ text: String, _ json: String) throws {
        let built = try Built(text)
        #expect(built.json == json)
        #expect(built.notes.isEmpty)
    }

    @Test("routing properties beside an aps proplist: the rest is the payload as written")
    func sendStyleWithAPS() throws {
        let built = try Built("""
            [{token, <<"00fc13ad">>},
             {topic, <<"com.example.mail">>},
             {push_type, background},
             {priority, 5},
             {aps, [{'content-available', 1}, {sounds, <<"x">>}]},
             {<<"mailbox">>, <<"inbox">>}].
            """)
        #expect(built.json == #"""
            {"headers":{"apns-topic":"com.example.mail","apns-priority":5,"apns-push-type":"background"},"device-token":"00fc13ad",\#
            "payload":{"aps":{"content-available":1,"sounds":"x"},"mailbox":"inbox"}}
            """#)
        // Nothing is added and nothing is dropped, so nothing is reported here: the rules see the payload as it is.
        #expect(built.notes.isEmpty)
        let payload = try #require(built.document.members?.last)
        #expect(payload.key == "payload")
        #expect(payload.value.range == built.term.range)
    }

    // MARK: Terms that are not make_notification/1 input

    @Test("a jsx-style payload, or anything that is not a notification, passes through unchanged", arguments: [
        #"[{<<"aps">>, [{<<"alert">>, [{<<"title">>, <<"T">>}, {<<"body">>, <<"B">>}]}, {<<"thread-id">>, <<"orders">>}]}, {<<"order">>, [{<<"id">>, 10452}]}]."#,
        #"#{<<"aps">> => #{<<"alert">> => <<"Hi">>}, <<"x">> => 1}."#,
        // An aps key makes it a payload even beside notification properties.
        #"[{aps, [{alert, <<"Hi">>}]}, {alert, <<"ignored">>}, {badge, 1}]."#,
        #"[{<<"custom">>, 1}]."#,
        "[1, 2, 3].",
        #"<<"text">>."#,
        "[{}].",
    ])
    func passThrough(_ text: String) throws {
        let built = try Built(text)
        #expect(rangedDump(built.document) == rangedDump(built.term))
        #expect(built.notes.isEmpty)
    }

    @Test("a jsx payload serializes to exactly the JSON it spells")
    func jsxPayloadJSON() throws {
        let built = try Built(#"[{<<"aps">>, [{<<"alert">>, [{<<"title">>, <<"Order shipped">>}]}, {<<"sound">>, <<"default">>}]}, {<<"order">>, [{<<"id">>, 10452}, {<<"express">>, true}, {<<"tags">>, [{}]}, {<<"at">>, {{2026,11,21},{10,0,0}}}]}]."#)
        #expect(built.json == #"{"aps":{"alert":{"title":"Order shipped"},"sound":"default"},"order":{"id":10452,"express":true,"tags":{},"at":"2026-11-21T10:00:00Z"}}"#)
    }

    // MARK: Dialect notes

    @Test("unknown notification and alert properties and a non-proplist extra are reported where they are written")
    func notes() throws {
        let built = try Built("""
            Notification = [
                {alert, [{titel, <<"T">>}, {subtitle, <<"S">>}, {body, <<"B">>}]},
                {sounds, <<"wopr">>},
                {content_available, 1},
                {foo, 1},
                {extra, <<"x">>}
            ].

            """)
        #expect(built.json == #"{"aps":{"alert":{"body":"B","action-loc-key":null},"content-available":1}}"#)
        #expect(built.noteLines == [
            #"unknown-alert-key /aps/alert/titel 31..<36 2:15 "titel" is not an alert property apns_json:make_notification/1 reads, so it is dropped from the notification | did you mean 'title'?"#,
            #"unknown-alert-key /aps/alert/subtitle 49..<57 2:33 "subtitle" is not an alert property apns_json:make_notification/1 reads, so it is dropped from the notification | \#(Self.alertList)"#,
            #"invalid-value-type /extra 168..<175 6:13 "extra" must be a proplist of custom data (it is a string); apns_json puts its members beside "aps" | write extra as [{<<"key">>, Value}, …]"#,
            #"unknown-aps-key /sounds 93..<99 3:6 "sounds" is not a notification property apns_json:make_notification/1 reads, so it is dropped | did you mean 'sound'?"#,
            #"unknown-aps-key /content_available 119..<136 4:6 "content_available" is not a notification property apns_json:make_notification/1 reads, so it is dropped | did you mean 'content-available'?"#,
            #"unknown-aps-key /foo 147..<150 5:6 "foo" is not a notification property apns_json:make_notification/1 reads, so it is dropped | put custom data in {extra, [{<<"foo">>, …}]}"#,
        ])
    }

    @Test("with routing properties, note pointers are inside the payload")
    func notesInsideEnvelope() throws {
        let built = try Built(#"[{token, <<"ab">>}, {alert, <<"Hi">>}, {sound, 5}, {extra, [1, 2]}, {bogus, 1}]."#)
        #expect(built.json == #"{"device-token":"ab","payload":{"aps":{"alert":"Hi","content-available":1,"sound":5}}}"#)
        #expect(built.noteLines == [
            #"invalid-value-type /payload/extra 59..<65 1:60 "extra" must be a proplist of custom data (it is an array); apns_json puts its members beside "aps" | write extra as [{<<"key">>, Value}, …]"#,
            #"unknown-aps-key /payload/bogus 69..<74 1:70 "bogus" is not a notification property apns_json:make_notification/1 reads, so it is dropped | put custom data in {extra, [{<<"bogus">>, …}]}"#,
        ])
    }

    @Test("extra of another kind: each is named in the note", arguments: [
        ("[{alert, <<\"A\">>}, {extra, 5}].", "an integer", SourceRange(27..<28)),
        ("[{alert, <<\"A\">>}, {extra, true}].", "a boolean", SourceRange(27..<31)),
        ("[{alert, <<\"A\">>}, {extra, null}].", "null", SourceRange(27..<31)),
        ("[{alert, <<\"A\">>}, {extra, 1.5}].", "a non-integer number", SourceRange(27..<30)),
    ])
    func extraKinds(_ text: String, _ phrase: String, _ range: SourceRange) throws {
        let built = try Built(text)
        #expect(built.json == #"{"aps":{"alert":"A","content-available":1}}"#)
        #expect(built.notes.count == 1)
        #expect(built.notes.first.map(ruleID(of:)) == "invalid-value-type")
        #expect(built.notes.first?.message == #""extra" must be a proplist of custom data (it is \#(phrase)); apns_json puts its members beside "aps""#)
        #expect(built.notes.first?.range == range)
        #expect(built.notes.first?.pointer.description == "/extra")
    }
}
