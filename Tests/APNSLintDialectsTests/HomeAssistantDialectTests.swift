@testable import APNSLintDialects
import APNSLintModel
import APNSLintSyntax
import Testing

/// A YAML definition read, its dialect chosen with `registry`, and the request built.
private struct ReadYAML {
    let source: SourceText
    let document: DocumentNode
    let choice: DialectChoice
    let translation: DialectTranslation

    init(_ yaml: String, registry: DialectRegistry = .standard, sourceLocation: SourceLocation = #_sourceLocation) throws {
        source = SourceText(yaml)
        let read = YAMLReader.read(source)
        #expect(read.problems.isEmpty, sourceLocation: sourceLocation)
        document = try #require(read.documents.first, sourceLocation: sourceLocation)
        choice = DialectChoice.resolve(document, configured: nil, isErlang: false, registry: registry)
        translation = choice.dialect.translate(choice.document)
    }

    var json: String { String(decoding: WireSerializer.serialize(translation.request), as: UTF8.self) }
    var headers: [String: String] {
        Dictionary(uniqueKeysWithValues: (translation.request.members?.last { $0.key == "headers" }?.value.members ?? []).map { ($0.key, $0.value.string ?? "") })
    }
    var payload: String {
        guard let payload = translation.request.members?.last(where: { $0.key == "payload" })?.value else { return json }
        return String(decoding: WireSerializer.serialize(payload), as: UTF8.self)
    }
    var notes: [String] {
        translation.notes.map { "\(ruleID(of: $0)) \(source.position(of: $0.range.start)) \($0.severity.map { "\($0)" } ?? "-")" }
    }
}

@Suite("Dialects: the Home Assistant companion app")
struct HomeAssistantDialectTests {
    @Test func anActionCallingTheAppIsReadAsHomeAssistantAndSkygearIsWeighed() throws {
        let read = try ReadYAML("""
            action: notify.mobile_app_iphone
            data:
              title: Door
              message: Front door opened
              data: {subtitle: Hall, group: doors, tag: front, push: {badge: 1, interruption-level: time-sensitive}}
            """)
        #expect(read.choice.dialect.rawValue == "home-assistant")
        #expect(read.choice.reading.weighed.map(\.rawValue) == ["skygear"])
        #expect(read.choice.reading.explanation.contains("notify.mobile_app_iphone"))
        #expect(read.headers == ["apns-push-type": "alert", "apns-priority": "10", "apns-collapse-id": "front"])
        #expect(read.payload == #"{"aps":{"alert":{"body":"Front door opened","title":"Door","subtitle":"Hall"},"thread-id":"doors","badge":1,"interruption-level":"time-sensitive","sound":"default","mutable-content":1}}"#)
        #expect(read.notes.isEmpty)
    }

    @Test func serviceDataAloneIsReadByItsShapeAndSkygearKeepsItsMessages() throws {
        let data = try ReadYAML("message: Hi\ndata:\n  apns_headers:\n    apns-priority: '5'\n")
        #expect(data.choice.dialect.rawValue == "home-assistant")
        #expect(data.headers["apns-priority"] == "5")
        // A Skygear message (an object) is still Skygear's.
        let skygear = try ReadYAML("message: {title: Hi, body: there}\ndata: {push: 1}\n")
        #expect(skygear.choice.dialect.rawValue == "skygear")
    }

    @Test func anAutomationsActionsAreEachARequest() throws {
        let read = try ReadYAML("""
            alias: Leak
            triggers: [{trigger: state, entity_id: binary_sensor.leak, to: "on"}]
            actions:
              - action: light.turn_on
                target: {entity_id: light.hall}
              - action: notify.mobile_app_iphone
                data: {message: Leak, data: {actions: [{action: SHUT_VALVE, title: Shut the valve}]}}
              - action: notify.mobile_app_ipad
                data: {message: Leak, data: {push: {category: alarm}}}
            """)
        #expect(read.choice.dialect.rawValue == "home-assistant")
        #expect(read.translation.additionalRequests.count == 1)
        // Actions without a category get DYNAMIC; a category is upper-cased.
        #expect(read.payload.contains(#""category":"DYNAMIC""#))
        #expect(read.payload.contains(#""actions":[{"action":"SHUT_VALVE","title":"Shut the valve"}]"#))
        let second = String(decoding: WireSerializer.serialize(read.translation.additionalRequests[0]), as: UTF8.self)
        #expect(second.contains(#""category":"ALARM""#))
    }

    @Test func aListOfActionsAndANotifyGroupWithTheAppsOptionsAreRead() throws {
        let list = try ReadYAML("""
            - action: notify.mobile_app_iphone
              data: {message: One}
            - service: notify.all_phones
              data: {message: Two, data: {push: {sound: bell.wav}}}
            - action: notify.telegram
              data: {message: Three}
            """)
        #expect(list.choice.dialect.rawValue == "home-assistant")
        #expect(list.choice.reading.explanation.contains("a list of actions calling notify.mobile_app_iphone"))
        #expect(list.translation.additionalRequests.count == 1)
        let second = String(decoding: WireSerializer.serialize(list.translation.additionalRequests[0]), as: UTF8.self)
        #expect(second.contains(#""alert":{"body":"Two"},"sound":"bell.wav""#))
        // Another notify service without the app's options is not the app's.
        let other = try ReadYAML("action: notify.telegram\ndata: {message: Hi}\n")
        #expect(other.choice.dialect.rawValue != "home-assistant")
    }

    @Test func templatesAreNotJudgedAndTypedOnesAreLeftOut() throws {
        let read = try ReadYAML("""
            action: notify.mobile_app_iphone
            data:
              message: "{{ states('sensor.washer') }} done"
              data: {push: {badge: "{{ states('sensor.count') | int }}", interruption-level: "{{ 'critical' if x else 'active' }}"}}
            """)
        #expect(read.payload == #"{"aps":{"alert":{"body":"{{ states('sensor.washer') }} done"},"sound":"default","mutable-content":1}}"#)
        #expect(read.notes.isEmpty)
    }

    @Test func aQuotedIntegerBadgeIsReportedAsAWarningAndSentAsTheNumberTheRelayMakes() throws {
        let read = try ReadYAML("message: Hi\ndata:\n  push:\n    badge: '7'\n")
        #expect(read.notes == ["invalid-value-type 4:12 warning"])
        #expect(read.payload.contains(#""badge":7"#))
        // A badge that is no number stays a string, for badge-invalid.
        let word = try ReadYAML("message: Hi\ndata:\n  push:\n    badge: seven\n")
        #expect(word.notes.isEmpty)
        #expect(word.payload.contains(#""badge":"seven""#))
    }

    @Test func whatHomeAssistantRefusesIsAnError() throws {
        let missing = try ReadYAML("action: notify.mobile_app_iphone\ndata:\n  title: Hi\n  data: {push: {badge: 1}}\n")
        #expect(missing.notes == ["dialect-missing-key 3:3 -"])
        let extra = try ReadYAML("action: notify.mobile_app_iphone\ndata:\n  message: Hi\n  subtitle: There\n  data: {push: {badge: 1}}\n")
        #expect(extra.notes == ["dialect-dropped-key 4:3 error"])
        let twice = try ReadYAML("message: Hi\ndata:\n  push:\n    mutable-content: 1\n")
        #expect(twice.notes == ["dialect-library-error 4:5 -"])
    }

    @Test func commandsAreBackgroundPushesAndSoundsFollowTheRelay() throws {
        let command = try ReadYAML("message: request_location_update\ndata: {push: {badge: 2}}\n")
        #expect(command.headers["apns-push-type"] == "background")
        #expect(command.payload == #"{"aps":{"content-available":1,"badge":2},"homeassistant":{"command":"request_location_update"}}"#)
        let sounds = try ReadYAML("message: Hi\ndata: {sound: none, push: {sound: {name: alarm.wav, critical: '1', volume: '0.5'}}}\n")
        #expect(!sounds.payload.contains("sound"))
        let critical = try ReadYAML("message: Hi\ndata: {push: {sound: {name: alarm.wav, critical: '1', volume: '0.5'}}}\n")
        #expect(critical.payload.contains(#""sound":{"name":"alarm.wav","critical":1,"volume":0.5}"#))
        let background = try ReadYAML("message: Sync\ndata: {push: {contentAvailable: true}}\n")
        #expect(background.headers["apns-push-type"] == "background")
        #expect(background.payload.contains(#""content-available":1"#) && !background.payload.contains("mutable-content"))
    }

    /// The registry without a system: detection, the walk's marks, the CLI's names and the docs' table lose it
    /// together, and the standard registry has it.
    @Test func removingASystemFromTheRegistryRemovesItEverywhere() throws {
        let name = HomeAssistantDialect.name
        let without = DialectRegistry.standard.removing(name)
        let yaml = "action: notify.mobile_app_iphone\ndata: {message: Hi, data: {push: {badge: 1}}}\n"
        let walked = "message: Hi\ndata: {apns_headers: {apns-priority: '5'}}\n"

        #expect(try ReadYAML(yaml).choice.dialect.rawValue == name)
        #expect(try ReadYAML(yaml, registry: without).choice.dialect.rawValue == "skygear")

        let document = try #require(YAMLReader.read(SourceText(walked)).documents.first)
        #expect(DialectRegistry.standard.marks.marksDefinition(document))
        #expect(!without.marks.marksDefinition(document))
        #expect(DialectRegistry.standard.marks.textKeys.contains("apns_headers"))
        #expect(!without.marks.textKeys.contains("apns_headers"))

        #expect(DialectRegistry.standard.names.contains(name))
        #expect(!without.names.contains(name))
        #expect(without.dialect(named: name) == nil)
        #expect(DialectRegistry.standard.docsTable.contains("| `\(name)` |"))
        #expect(!without.docsTable.contains("| `\(name)` |"))
        #expect(without.names.count == DialectRegistry.standard.names.count - 1)
    }
}
