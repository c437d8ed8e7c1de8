@testable import APNSLintDialects
import APNSLintModel
import APNSLintRules
import APNSLintSyntax
import Testing

/// A JSON definition read, its dialect chosen, and the request built.
private struct Translated {
    let source: SourceText
    let choice: DialectChoice
    let translation: DialectTranslation

    init(_ json: String, configured: Dialect? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws {
        source = SourceText(json)
        let read = JSONReader.read(source)
        #expect(read.problems.isEmpty, sourceLocation: sourceLocation)
        let document = try #require(read.documents.first, sourceLocation: sourceLocation)
        choice = DialectChoice.resolve(document, configured: configured, isErlang: false)
        translation = choice.dialect.translate(choice.document)
    }

    /// The request as compact JSON.
    var json: String { String(decoding: WireSerializer.serialize(translation.request), as: UTF8.self) }
    /// `rule line:col message` per note.
    var notes: [String] {
        (choice.notes + translation.notes).map { "\(ruleID(of: $0)) \(source.position(of: $0.range.start)) \($0.message)" }
    }

    /// The source text a request value came from.
    func sourceText(at pointer: [String]) -> String? {
        var node = translation.request
        for token in pointer {
            guard let member = node.members?.last(where: { $0.key == token }) else { return nil }
            node = member.value
        }
        return source.text(node.range)
    }
}

@Suite("Dialects: which system a definition is written for")
struct DialectChoiceTests {
    @Test("detected from the keys only one system uses", arguments: [
        (#"{"aps": {"alert": "Hi"}}"#, Dialect.apns),
        (#"{"headers": {}, "payload": {"aps": {}}}"#, .apns),
        (#"{"alert": "Hi", "badge": 1}"#, .apns),
        (#"{"body": "Hi", "locArgs": ["a"]}"#, .nodeAPN),
        (#"{"body": "Hi", "topic": "com.example.app"}"#, .nodeAPN),
        (#"{"rawPayload": {"aps": {}}}"#, .nodeAPN),
        (#"{"body": "Hi", "loc_key": "K", "loc_args": []}"#, .adck),
        (#"{"body": "Hi", "truncate": true}"#, .adck),
        (#"{"message": {"body": "Hi"}}"#, .skygear),
        (#"{"alert": "Hi", "extra": {"id": 1}}"#, .apnsJSON),
        (#"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "body": "Hi"}"#, .expo),
        (#"[{"to": "ExpoPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "body": "Hi"}]"#, .expo),
        (#"{"to": "f47ac10b-58cc-4372-a567-0e02b2c3d479", "mutableContent": true, "title": "Hi"}"#, .expo),
        (#"{"app_id": "5eb5a37e-b458-11e3-ac11-000c2940e62c", "included_segments": ["All"], "contents": {"en": "Hi"}}"#, .oneSignal),
        (#"{"notifications": [{"platform": 1, "tokens": ["a"], "topic": "t.app", "message": "Hi"}]}"#, .gorush),
        (#"{"Simulator Target Bundle": "com.example.app", "aps": {"alert": "Hi"}}"#, .apns),
    ])
    func detected(json: String, dialect: Dialect) throws {
        let translated = try Translated(json)
        #expect(translated.choice.dialect == dialect)
        // ADCK always says that it uses the retired binary interface; nothing else is said.
        #expect(translated.notes.allSatisfy { $0.hasPrefix("legacy-binary-interface ") })
    }

    /// FCM's legacy `content_available` beside an Expo push token: an Expo message with the flag misspelt, not a mix.
    @Test func anExpoTokenOutweighsFCMsLegacyFlag() throws {
        let translated = try Translated(#"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "content_available": true, "priority": "normal", "data": {}}"#)
        #expect(translated.choice.dialect == .expo)
        #expect(translated.notes == [#"dialect-dropped-key 1:53 Expo does not read "content_available": the request goes out without it, so what it asks for does not happen"#])
    }

    @Test func theDefinitionsOwnDeclarationWinsAndIsRemoved() throws {
        let translated = try Translated(#"{"dialect": "adck", "body": "Hi", "topic": "x"}"#, configured: .nodeAPN)
        #expect(translated.choice.dialect == .adck)
        #expect(translated.choice.document.members?.map(\.key) == ["body", "topic"])
        #expect(try Translated(#"{"body": "Hi"}"#, configured: .adck).choice.dialect == .adck)
    }

    @Test func anUnknownNameOrAMixOfSystemsIsUnclear() throws {
        #expect(try Translated(#"{"dialect": "nodeapn", "aps": {}}"#).notes == [
            #"dialect-unclear 1:13 "nodeapn" is not a dialect apns-lint reads, so the definition is checked by its shape"#,
        ])
        let mixed = try Translated(#"{"locKey": "K", "loc_args": []}"#)
        #expect(mixed.choice.dialect == .nodeAPN)
        #expect(mixed.notes.first == #"dialect-unclear 1:17 this definition mixes the keys of several systems: node-apn ("locKey") and ADCK ("loc_args"); it is read as node-apn because its top level has "locKey", which only node-apn uses; weighed against ADCK"#)
    }
}

@Suite("node-apn: the request node-apn sends, field by field")
struct NodeAPNDialectTests {
    @Test("each convenience setter writes its key path", arguments: [
        (#""alert": "Hi""#, #"{"aps":{"alert":"Hi"}}"#),
        (#""alert": {"title": "T"}"#, #"{"aps":{"alert":{"title":"T"}}}"#),
        (#""body": "Hi""#, #"{"aps":{"alert":"Hi"}}"#),
        (#""locKey": "K""#, #"{"aps":{"alert":{"loc-key":"K"}}}"#),
        (#""locArgs": ["a"]"#, #"{"aps":{"alert":{"loc-args":["a"]}}}"#),
        (#""title": "T""#, #"{"aps":{"alert":{"title":"T"}}}"#),
        (#""titleLocKey": "K""#, #"{"aps":{"alert":{"title-loc-key":"K"}}}"#),
        (#""titleLocArgs": ["a"]"#, #"{"aps":{"alert":{"title-loc-args":["a"]}}}"#),
        (#""action": "Go""#, #"{"aps":{"alert":{"action":"Go"}}}"#),
        (#""actionLocKey": "K""#, #"{"aps":{"alert":{"action-loc-key":"K"}}}"#),
        (#""launchImage": "a.png""#, #"{"aps":{"alert":{"launch-image":"a.png"}}}"#),
        (#""badge": 3"#, #"{"aps":{"badge":3}}"#),
        (#""sound": "chime.caf""#, #"{"aps":{"sound":"chime.caf"}}"#),
        (#""contentAvailable": 1"#, #"{"aps":{"content-available":1}}"#),
        (#""contentAvailable": false"#, #"{}"#),
        (#""mutableContent": 1"#, #"{"aps":{"mutable-content":1}}"#),
        (#""urlArgs": ["a"]"#, #"{"aps":{"url-args":["a"]}}"#),
        (#""category": "C""#, #"{"aps":{"category":"C"}}"#),
        (#""threadId": "t""#, #"{"aps":{"thread-id":"t"}}"#),
        (#""mdm": "magic""#, #"{"mdm":"magic"}"#),
        (#""aps": {"category": "nodejs"}"#, #"{"aps":{"category":"nodejs"}}"#),
    ])
    func setter(member: String, request: String) throws {
        let translated = try Translated("{\"dialect\": \"node-apn\", \(member)}")
        // node-apn 7 sends apns-priority 10 with every notification.
        #expect(translated.json == #"{"headers":{"apns-priority":10},"payload":"# + request + "}")
        #expect(translated.notes.isEmpty)
    }

    @Test("request properties become headers", arguments: [
        ("topic", "\"com.example.app\"", "apns-topic"), ("id", "\"6f1c1c3e-52a8-4b59-9a0c-0d2f5c1b9e77\"", "apns-id"),
        ("expiry", "0", "apns-expiration"), ("priority", "5", "apns-priority"), ("collapseId", "\"c\"", "apns-collapse-id"),
        ("pushType", "\"alert\"", "apns-push-type"),
    ])
    func requestProperty(name: String, value: String, header: String) throws {
        let translated = try Translated(#"{"dialect": "node-apn", "body": "Hi", ""# + name + #"": "# + value + "}")
        // apns-priority is 10 unless the definition gives another.
        let headers = header == "apns-priority" ? #""apns-priority":"# + value : #""apns-priority":10,""# + header + #"":"# + value
        #expect(translated.json == #"{"headers":{"# + headers + #"},"payload":{"aps":{"alert":"Hi"}}}"#)
        #expect(translated.sourceText(at: ["headers", header]) == value)
    }

    @Test func theSeedsExamplesRenderAsTheSeedShows() throws {
        // notification.payload = {from, source}; notification.body = "Hello, world!"
        #expect(try Translated(#"{"payload": {"from": "node-apn", "source": "web"}, "body": "Hello, world!"}"#, configured: .nodeAPN).json
            == #"{"headers":{"apns-priority":10},"payload":{"from":"node-apn","source":"web","aps":{"alert":"Hello, world!"}}}"#)
        // aps.category, then body, title, badge, setAction, setMutableContent (an "aps" written after them would
        // replace what they wrote).
        let setters = try Translated(#"{"aps": {"category": "nodejs"}, "body": "Hello, world!", "title": "node-apn", "badge": 10, "action": "npm install", "mutableContent": 1}"#, configured: .nodeAPN)
        #expect(setters.json == #"{"headers":{"apns-priority":10},"payload":{"aps":{"category":"nodejs","alert":{"body":"Hello, world!","title":"node-apn","action":"npm install"},"badge":10,"mutable-content":1}}}"#)
        // rawPayload is sent as it stands; the body setter has no effect.
        let raw = try Translated(#"{"rawPayload": {"from": "node-apn", "source": "web", "aps": {"content-available": 1}}, "body": "Hello, world!"}"#)
        #expect(raw.json == #"{"headers":{"apns-priority":10},"payload":{"from":"node-apn","source":"web","aps":{"content-available":1}}}"#)
        #expect(raw.notes == [#"dialect-dropped-key 1:88 rawPayload is sent as it stands, so "body" has no effect on what is sent"#])
    }

    @Test func valuesASetterIgnoresAreDroppedAndSaidSo() throws {
        let translated = try Translated(#"{"dialect": "node-apn", "badge": "5", "sound": 1, "contentAvailable": "yes", "payload": {"aps": {}, "k": 1}, "colour": "red"}"#)
        #expect(translated.json == #"{"headers":{"apns-priority":10},"payload":{"k":1}}"#)
        #expect(translated.notes == [
            #"dialect-dropped-key 1:25 node-apn's badge setter takes a number, not a string ("5"), and ignores this value, so no badge is sent"#,
            #"dialect-dropped-key 1:39 node-apn's sound setter takes a string, or an object with a string "name" and numbers "critical" and "volume", not an integer (1), and ignores this value, so no sound is sent"#,
            #"dialect-dropped-key 1:51 node-apn's contentAvailable setter sends content-available: 1 only for true or 1; it takes a string ("yes") as false, so no content-available is sent"#,
            #"dialect-dropped-key 1:90 node-apn replaces the payload's own aps with the notification's; set aps keys with the setters or "aps" instead"#,
            #"dialect-dropped-key 1:110 "colour" is not a Notification property node-apn sends"#,
        ])
    }

    @Test func generatedKeysPointAtWhatTheUserWrote() throws {
        let translated = try Translated(#"{"title": "T", "locArgs": ["Ana"]}"#, configured: .nodeAPN)
        let payload = try #require(translated.translation.request.member("payload")?.value)
        let alert = try #require(payload.members?.first?.value.members?.first?.value.members)
        let locArgs = try #require(alert.first { $0.key == "loc-args" })
        #expect(translated.source.text(locArgs.keyRange) == #""locArgs""#)
        #expect(translated.source.text(locArgs.value.range) == #"["Ana"]"#)
        #expect(translated.translation.dialectKeyRanges.map { translated.source.text($0) } == [#""title""#, #""locArgs""#])
    }
}

@Suite("Skygear: the send time turns ttl into apns-expiration")
struct SkygearExpirationTests {
    @Test func withAKnownNowTheExpirationIsNowPlusTTL() throws {
        let source = SourceText(#"{"message": {"title": "Hi", "ttl": 3600}}"#)
        let document = try #require(JSONReader.read(source).documents.first)
        let timed = Dialect.skygear.translate(document, now: 1_800_000_000)
        let headers = try #require(timed.request.members?.first { $0.key == "headers" }?.value.members)
        let expiration = try #require(headers.first { $0.key == "apns-expiration" })
        #expect(expiration.value.number?.text == "1800003600")
        #expect(source.text(expiration.value.range) == "3600")
        #expect(source.text(expiration.keyRange) == #""ttl""#)
        // Without a send time there is no honest date to write.
        let untimed = Dialect.skygear.translate(document)
        #expect(untimed.request.members?.first { $0.key == "headers" }?.value.members?.contains { $0.key == "apns-expiration" } == false)
    }
}
