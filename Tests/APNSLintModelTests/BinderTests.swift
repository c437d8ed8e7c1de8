import APNSLintModel
import APNSLintSyntax
import Testing

private func bind(_ text: String, headers: [HeaderOption] = []) throws -> (NotificationDefinition, SourceText) {
    let source = SourceText(text)
    let document = try #require(JSONReader.read(source).document)
    return (Binder.bind(document, headerOptions: headers), source)
}

@Suite("Binder: document tree to typed model")
struct BinderTests {
    /// Up to eight members, the set packs each one's schema entry into one word; beyond, it keeps an array.
    @Test(arguments: [3, 8, 9, 20])
    func eachFieldKnowsItsSchemaEntryInSetsOfAnySize(_ count: Int) throws {
        let known = ["alert", "badge", "sound", "thread-id", "category", "content-changed", "timestamp", "event", "url-args", "attributes"]
        let keys = (0..<count).map { $0 % 2 == 0 ? known[$0 / 2 % known.count] + ($0 >= 2 * known.count ? "-again" : "") : "custom-\($0)" }
        let text = "{\"aps\": {" + keys.map { "\"\($0)\": 1" }.joined(separator: ", ") + "}}"
        let (definition, _) = try bind(text)
        let fields = try #require(definition.payload?.aps).fields.fields
        #expect(fields.map(\.key) == keys)
        #expect(fields.map(\.isKnown) == keys.map { known.contains($0) })
        #expect(fields.map { $0.spec?.name } == keys.map { known.contains($0) ? $0 : nil })
    }

    /// What the rule plan reads: the schema keys each part holds, and whether it holds one the schema does not know.
    @Test func definitionKeysSummarizeAPSAlertAndHeaders() throws {
        let (definition, _) = try bind(#"{"aps": {"alert": {"body": "Hi", "mood": 1}, "badge": 1}, "x": 2}"#,
                                       headers: [HeaderOption(name: "APNS-Topic", value: "t", option: "--topic")])
        #expect(definition.apsKeys == [.alert, .badge])
        #expect(definition.alertKeys == [.body])
        #expect(definition.headerKeys == [.topic])
        #expect(definition.partsWithUnknownKeys == [.alert])
        let (bare, _) = try bind(#"{"aps": {"alert": "Hi", "extra": 1}}"#, headers: [HeaderOption(name: "x-id", value: "1", option: "--header")])
        #expect(bare.alertKeys.isEmpty && bare.partsWithUnknownKeys == [.aps, .headers])
    }

    /// The documented headers are told apart by their entries in `Schema.headers`: each accessor gets its own
    /// header, in any case, from the file or from outside it, and a header written twice gives the one that counts.
    @Test func documentedHeadersAreFoundByTheirSchemaEntries() throws {
        let (definition, _) = try bind(
            #"{"headers": {"Authorization": "bearer x", "APNS-Collapse-ID": "c", "apns-expiration": "4", "apns-id": "i", "apns-topic": "t", "apns-topic": "u", "apns-priority": "5"}, "payload": {"aps": {"alert": "Hi"}}}"#,
            headers: [HeaderOption(name: "apns-push-type", value: "alert", option: "--push-type"),
                      HeaderOption(name: "apns-priority", value: "10", option: "--priority")])
        let headers = definition.headers
        #expect(headers.pushTypeField?.key == "apns-push-type" && headers.pushTypeField?.origin == .commandLine(option: "--push-type"))
        #expect(headers.priorityField?.string == "5")
        #expect(headers.topicField?.string == "u")
        #expect(headers.idField?.string == "i")
        #expect(headers.expirationField?.string == "4")
        #expect(headers.collapseIDField?.key == "APNS-Collapse-ID")
        #expect(headers.pushType == .alert)
        // The option whose header the file sets is not added: the other keeps its origin.
        #expect(headers.fields.fields.map(\.origin).filter { $0 != .source } == [.commandLine(option: "--push-type")])
    }

    /// Compact text has no object with a key written twice, so the binder does not look for repeats in its objects;
    /// an object written as a proplist, or a case-insensitive headers object, can still repeat a name.
    @Test func compactTextStillShadowsRepeatsInProplistsAndHeaderNames() throws {
        let source = SourceText(#"{"headers":{"apns-topic":"a","APNS-TOPIC":"b"},"payload":{"aps":[["badge",1],["badge",2]],"x":{"badge":3}}}"#)
        let parsed = JSONReader.read(source)
        #expect(parsed.textIsCompact)
        let definition = Binder.bind(try #require(parsed.document), provenance: Provenance(textIsCompact: true))
        #expect(definition.textIsCompact)
        let aps = try #require(definition.payload?.aps)
        #expect(aps.fields.fields.map(\.isShadowed) == [true, false])
        #expect(aps.badge?.integer == 2)
        #expect(definition.headers.fields.fields.map(\.isShadowed) == [true, false])
        #expect(definition.headers.topicField?.string == "b")
        #expect(definition.payload?.fields.fields.map(\.isShadowed) == [false, false])
        // Not known from the text: the binder looks.
        #expect(Binder.bind(try #require(parsed.document)).textIsCompact == false)
    }

    @Test func barePayloadBindsAPSAlertSoundAndCustomData() throws {
        let (definition, source) = try bind(#"{"aps": {"alert": {"title": "Hi", "body": "There"}, "badge": 3, "sound": {"critical": 1, "name": "a.caf", "volume": 0.5}, "extra": true}, "order": 7}"#)
        #expect(definition.shape == .payload)
        #expect(definition.headers.areDeclared == false)
        let payload = try #require(definition.payload)
        let aps = try #require(payload.aps)
        #expect(aps.badge?.integer == 3)
        #expect(aps.badge?.pointer.description == "/aps/badge")
        #expect(source.position(of: try #require(aps.badge?.keyRange).start).description == "1:53")
        guard case .dictionary(let alert, _) = aps.alert else { Issue.record("alert is not a dictionary"); return }
        #expect(alert["title"]?.string == "Hi")
        #expect(alert["body"]?.pointer.description == "/aps/alert/body")
        guard case .critical(let sound, _) = aps.sound else { Issue.record("sound is not critical"); return }
        #expect(sound["volume"]?.number == 0.5)
        #expect(aps.fields.unknownFields.map(\.key) == ["extra"])
        #expect(aps.fields.allFieldsHaveExpectedTypes)
        #expect(payload.customData.map(\.key) == ["order"])
    }

    @Test func wronglyTypedAndUnknownKeysStayInTheModel() throws {
        let (definition, _) = try bind(#"{"aps": {"badge": "5", "alert": 5, "content_available": 1}}"#)
        let aps = try #require(definition.payload?.aps)
        #expect(aps.badge?.hasExpectedType == false)
        #expect(aps.fields.allFieldsHaveExpectedTypes == false)
        #expect(aps.badge?.integer == nil)
        #expect(aps.badge?.value.string == "5")
        #expect(aps.alertField?.hasExpectedType == false)
        #expect(aps.alert == nil)
        #expect(aps.fields.fields.map(\.key) == ["badge", "alert", "content_available"])
        #expect(aps.fields.unknownFields.first?.isKnown == false)
    }

    @Test func duplicateKeysAreAllKeptAndTheLastOneIsEffective() throws {
        let (definition, _) = try bind(#"{"aps": {"badge": 1, "badge": 2}}"#)
        let aps = try #require(definition.payload?.aps)
        #expect(aps.fields.fields.map(\.isShadowed) == [true, false])
        #expect(aps.badge?.integer == 2)
    }

    @Test func envelopeBindsHeadersCaseInsensitivelyAndDeviceToken() throws {
        let (definition, source) = try bind("""
            {"headers": {"APNS-Push-Type": "background", "apns-priority": "5", "apns-expiration": 0},
             "device-token": "abcd",
             "payload": {"aps": {"content-available": 1}}}
            """)
        #expect(definition.shape == .envelope)
        #expect(definition.headers.areDeclared)
        #expect(definition.headers.pushType == .background)
        #expect(definition.headers.priority == 5)
        #expect(definition.headers.expirationField?.integer == 0)
        #expect(definition.deviceToken?.string == "abcd")
        let aps = try #require(definition.payload?.aps)
        #expect(aps.contentAvailable?.pointer.description == "/payload/aps/content-available")
        #expect(source.position(of: try #require(aps.contentAvailable?.keyRange).start).description == "3:22")
        #expect(aps.isContentAvailableOnly)
    }

    @Test func setsBoundFromAFieldPointBelowIt() throws {
        let (definition, _) = try bind(#"{"headers": {"apns-priority": "10"}, "payload": {"aps": {"alert": {"body": "Hi"}, "sound": {"critical": 1}}}}"#)
        let aps = try #require(definition.payload?.aps)
        #expect(aps.fields.pointer.description == "/payload/aps")
        guard case .dictionary(let alert, _) = aps.alert, case .critical(let sound, _) = aps.sound else {
            Issue.record("alert or sound is not a dictionary")
            return
        }
        #expect(alert.fields.pointer.description == "/payload/aps/alert")
        #expect(alert["body"]?.pointer.description == "/payload/aps/alert/body")
        #expect(sound.pointer.description == "/payload/aps/sound")
        #expect(sound["critical"]?.pointer.description == "/payload/aps/sound/critical")
        // A headers object written in lowercase is looked up case-insensitively all the same.
        #expect(definition.headers.fields["APNS-Priority"]?.string == "10")
        #expect(definition.headers.priorityField?.pointer.description == "/headers/apns-priority")
    }

    @Test func commandLineHeadersFillInButDoNotOverrideTheFile() throws {
        let options = [HeaderOption(name: "apns-priority", value: "10", option: "--priority"),
                       HeaderOption(name: "apns-topic", value: "com.example", option: "--topic")]
        let (definition, _) = try bind(#"{"headers": {"apns-priority": 5}, "payload": {"aps": {}}}"#, headers: options)
        #expect(definition.headers.priority == 5)
        let topic = try #require(definition.headers.topicField)
        #expect(topic.string == "com.example")
        #expect(topic.origin == .commandLine(option: "--topic"))
        #expect(topic.keyRange == nil && topic.valueRange == nil)
    }

    @Test func barePayloadWithOptionsHasDeclaredHeaders() throws {
        let (definition, _) = try bind(#"{"aps": {"content-available": 1}}"#,
                                       headers: [HeaderOption(name: "apns-priority", value: "10", option: "--priority")])
        #expect(definition.headers.areDeclared)
        #expect(definition.headers.priority == 10)
    }

    @Test func mdmPayloadHasNoAPSAndIsRecognised() throws {
        let (definition, _) = try bind(#"{"mdm": "PUSH-MAGIC"}"#)
        #expect(definition.payload?.isMDM == true)
        #expect(definition.inferredPushType == .mdm)
        #expect(definition.payload?.customData.isEmpty == true)
    }

    @Test("push type is inferred from the payload only when no header gives it", arguments: [
        (#"{"aps": {"content-available": 1}}"#, PushType.background),
        (#"{"aps": {"alert": "Hi", "content-available": 1}}"#, .alert),
        (#"{"aps": {"badge": 0}}"#, .alert),
        (#"{"aps": {"event": "update", "content-state": {}, "timestamp": 1}}"#, .liveactivity),
        (#"{"aps": {"content-changed": true}}"#, .widgets),
    ])
    func inference(_ text: String, _ expected: PushType) throws {
        let (definition, _) = try bind(text)
        #expect(definition.pushType?.type == expected)
        #expect(definition.pushType?.isInferred == true)
    }

    @Test func declaredPushTypeWins() throws {
        let (definition, _) = try bind(#"{"aps": {"content-available": 1}}"#,
                                       headers: [HeaderOption(name: "apns-push-type", value: "voip", option: "--push-type")])
        #expect(definition.pushType?.type == .voip)
        #expect(definition.pushType?.isInferred == false)
    }

    @Test func alertShowsContent() throws {
        for (text, shows) in [(#""Hi""#, true), (#""""#, false), (#"{"title": "T"}"#, true), (#"{"loc-key": "K"}"#, true),
                              (#"{"launch-image": "x"}"#, false), (#"{"body": ""}"#, false)] {
            let (definition, _) = try bind(#"{"aps": {"alert": "# + text + "}}")
            #expect(definition.payload?.aps?.alert?.showsContent == shows, "\(text)")
        }
    }
}
