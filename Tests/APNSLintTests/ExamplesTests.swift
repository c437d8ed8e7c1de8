import APNSLint
import Foundation
import Testing

/// The definitions in Examples/: every good one is clean, every bad one shows exactly its rule at a pinned place,
/// and each JSON definition written in YAML gives the same findings.
@Suite("Examples/")
struct ExamplesTests {
    /// One folder per format, and one per system format (a `.apns-lint.yml` there names the dialect).
    static let formats = ["json", "yaml", "erlang", "node-apn", "adck", "skygear"]

    /// `json/good/alert.json`-style paths under Examples/.
    static func files(_ directory: String) -> [String] {
        let url = packageRoot.appendingPathComponent("Examples/\(directory)")
        return ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? [])
            .filter { InputFormat.detect(fileName: $0) != nil }.sorted().map { "\(directory)/\($0)" }
    }

    /// Lints an example as `apns-lint check Examples/` does: with the configuration of its folder.
    static func lintExample(_ path: String) throws -> FileReport {
        let url = packageRoot.appendingPathComponent("Examples/\(path)")
        let bytes = try [UInt8](Data(contentsOf: url))
        return try Workspace().linter(for: url.path)
            .lint(SourceText(bytes: bytes), fileName: path, format: InputFormat.detect(fileName: path)!, path: url.path)
    }

    /// A bad example is named after its rule; `rule--variant.yaml` shows another case of the same rule.
    static func ruleID(of path: String) -> String {
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        return name.components(separatedBy: "--")[0]
    }

    @Test("good examples are clean", arguments: formats.flatMap { files("\($0)/good") })
    func goodExampleIsClean(_ path: String) throws {
        let report = try Self.lintExample(path)
        #expect(report.diagnostics.isEmpty, "\(report.summary)")
        #expect(!report.definitions.isEmpty)
    }

    /// Where each bad example must report. Its rule id is its file name.
    static let expectedPositions: [String: String] = [
        "json/bad/invalid-json.json": "5:49",
        "json/bad/byte-order-mark.json": "1:1",
        "json/bad/duplicate-key.json": "4:5",
        "json/bad/payload-not-object.json": "1:1",
        "json/bad/missing-aps.json": "1:1",
        "json/bad/aps-not-object.json": "2:10",
        "json/bad/unknown-aps-key.json": "4:5",
        "json/bad/unknown-alert-key.json": "5:7",
        "json/bad/unknown-definition-key.json": "2:3",
        "json/bad/invalid-value-type.json": "4:18",
        "json/bad/content-available-not-1.json": "7:35",
        "json/bad/mutable-content-not-1.json": "4:24",
        "json/bad/loc-args-without-loc-key.json": "5:7",
        "json/bad/title-loc-args-without-title-loc-key.json": "4:7",
        "json/bad/subtitle-loc-args-without-subtitle-loc-key.json": "5:7",
        "json/bad/mutable-content-without-alert.json": "4:5",
        "json/bad/background-priority-10.json": "4:22",
        "json/bad/background-with-alert.json": "10:7",
        "json/bad/unknown-header.json": "4:5",
        "json/bad/collapse-id-too-long.json": "4:25",
        "json/bad/payload-too-large.json": "1:1",
        "yaml/bad/aps-not-object.yaml": "1:6",
        "yaml/bad/unused-suppression.yaml": "3:34",
        "yaml/bad/invalid-suppression.yaml": "3:16",
        "yaml/bad/background-priority-10.yaml": "3:18",
        "yaml/bad/background-with-alert.yaml": "8:5",
        "yaml/bad/collapse-id-too-long.yaml": "3:21",
        "yaml/bad/content-available-not-1.yaml": "6:24",
        "yaml/bad/duplicate-key.yaml": "3:3",
        "yaml/bad/invalid-value-type.yaml": "3:14",
        "yaml/bad/invalid-yaml.yaml": "4:11",
        "yaml/bad/loc-args-without-loc-key.yaml": "4:5",
        "yaml/bad/missing-aps.yaml": "1:1",
        "yaml/bad/mutable-content-not-1.yaml": "5:20",
        "yaml/bad/mutable-content-without-alert.yaml": "3:3",
        "yaml/bad/payload-not-object.yaml": "1:1",
        "yaml/bad/payload-too-large.yaml": "1:1",
        "yaml/bad/subtitle-loc-args-without-subtitle-loc-key.yaml": "4:5",
        "yaml/bad/title-loc-args-without-title-loc-key.yaml": "3:5",
        "yaml/bad/unknown-alert-key.yaml": "4:5",
        "yaml/bad/unknown-aps-key.yaml": "3:3",
        "yaml/bad/unknown-definition-key.yaml": "1:1",
        "yaml/bad/unknown-header.yaml": "3:3",
        "yaml/bad/yaml-alias-limit.yaml": "7:8",
        "yaml/bad/yaml-ambiguous-scalar.yaml": "5:12",
        "yaml/bad/yaml-non-json-value.yaml": "3:14",
        "json/bad/proplist-object.json": "3:14",
        "json/bad/nested-payload.json": "5:3",
        "yaml/bad/nested-payload.yaml": "3:1",
        "yaml/bad/proplist-object.yaml": "3:5",
        // Payload values, custom data and size (RuleRegistry+PayloadValues.swift).
        "json/bad/custom-key-in-aps.json": "4:5",
        "json/bad/reserved-custom-key.json": "7:5",
        "json/bad/badge-invalid.json": "4:14",
        "json/bad/sound-invalid.json": "4:14",
        "json/bad/critical-alert-entitlement.json": "13:18",
        "json/bad/interruption-level-invalid.json": "7:27",
        "json/bad/relevance-score-range.json": "5:24",
        "json/bad/loc-args-not-strings.json": "5:27",
        "json/bad/url-args-invalid.json": "8:17",
        "json/bad/alert-empty.json": "3:5",
        "json/bad/summary-arg-ignored.json": "6:7",
        "json/bad/payload-near-limit.json": "1:1",
        "yaml/bad/custom-key-in-aps.yaml": "3:3",
        "yaml/bad/reserved-custom-key.yaml": "5:3",
        "yaml/bad/badge-invalid.yaml": "3:10",
        "yaml/bad/sound-invalid.yaml": "3:10",
        "yaml/bad/critical-alert-entitlement.yaml": "12:7",
        "yaml/bad/interruption-level-invalid.yaml": "5:23",
        "yaml/bad/relevance-score-range.yaml": "4:20",
        "yaml/bad/loc-args-not-strings.yaml": "6:7",
        "yaml/bad/url-args-invalid.yaml": "6:13",
        "yaml/bad/alert-empty.yaml": "2:3",
        "yaml/bad/summary-arg-ignored.yaml": "5:5",
        "yaml/bad/payload-near-limit.yaml": "1:1",
        // Push types and request headers (RuleRegistry+Headers.swift).
        "json/bad/apns-id-invalid.json": "4:16",
        "json/bad/device-token-invalid.json": "6:19",
        "json/bad/duplicate-header.json": "3:5",
        "json/bad/expiration-invalid.json": "5:24",
        "json/bad/priority-invalid.json": "4:22",
        "json/bad/push-type-invalid.json": "3:23",
        "json/bad/push-type-mismatch.json": "3:23",
        "json/bad/push-type-missing.json": "2:3",
        "json/bad/pushtotalk-priority.json": "5:22",
        "json/bad/topic-invalid.json": "4:19",
        "json/bad/topic-suffix-mismatch.json": "5:19",
        "yaml/bad/apns-id-invalid.yaml": "3:12",
        "yaml/bad/device-token-invalid.yaml": "4:15",
        "yaml/bad/duplicate-header.yaml": "2:3",
        "yaml/bad/expiration-invalid.yaml": "4:20",
        "yaml/bad/priority-invalid.yaml": "3:18",
        "yaml/bad/push-type-invalid.yaml": "2:19",
        "yaml/bad/push-type-mismatch.yaml": "2:19",
        "yaml/bad/push-type-missing.yaml": "1:1",
        "yaml/bad/pushtotalk-priority.yaml": "4:18",
        "yaml/bad/topic-invalid.yaml": "3:15",
        "yaml/bad/topic-suffix-mismatch.yaml": "4:15",
        // Live Activities (RuleRegistry+LiveActivity.swift).
        "json/bad/liveactivity-missing-field.json": "9:5",
        "json/bad/liveactivity-event-invalid.json": "11:16",
        "json/bad/liveactivity-timestamp-unit.json": "10:20",
        "json/bad/dismissal-date-without-end.json": "16:7",
        "json/bad/stale-date-before-timestamp.json": "16:21",
        "json/bad/liveactivity-sound-placement.json": "20:7",
        "json/bad/input-push-token-invalid.json": "16:7",
        "yaml/bad/liveactivity-missing-field.yaml": "7:3",
        "yaml/bad/liveactivity-event-invalid.yaml": "9:12",
        "yaml/bad/liveactivity-timestamp-unit.yaml": "8:16",
        "yaml/bad/dismissal-date-without-end.yaml": "13:5",
        "yaml/bad/stale-date-before-timestamp.yaml": "13:17",
        "yaml/bad/liveactivity-sound-placement.yaml": "16:5",
        "yaml/bad/input-push-token-invalid.yaml": "13:5",
        "erlang/bad/background-priority-10.config": "5:16",
        "erlang/bad/content-available-not-1.eterm": "2:41",
        "erlang/bad/duplicate-key.erl": "4:6",
        "erlang/bad/erlang-charlist-string.erl": "3:15",
        "erlang/bad/erlang-non-json-value.erl": "3:30",
        "erlang/bad/invalid-erlang-term.erl": "4:5",
        "erlang/bad/invalid-value-type.erl": "3:18",
        "erlang/bad/loc-args-without-loc-key.erl": "3:17",
        "erlang/bad/unknown-alert-key.erl": "2:17",
        "erlang/bad/unknown-aps-key.erl": "3:6",
        "erlang/bad/unused-suppression.erl": "3:36",
        "erlang/bad/nested-payload.erl": "4:15",
        "yaml/bad/nested-payload--voip.yaml": "7:3",
        "json/bad/dialect-unclear.json": "2:14",
        "yaml/bad/dialect-unclear.yaml": "1:10",
        "node-apn/bad/background-priority-10.yaml": "5:11",
        "node-apn/bad/collapse-id-too-long.json": "4:17",
        "node-apn/bad/dialect-dropped-key.json": "9:3",
        "node-apn/bad/loc-args-without-loc-key.json": "5:3",
        "adck/bad/dialect-dropped-key.yaml": "2:1",
        "adck/bad/dialect-missing-key.json": "2:3",
        "adck/bad/dialect-truncated.json": "3:11",
        "adck/bad/payload-too-large.json": "1:1",
        "skygear/bad/dialect-dropped-key.json": "7:5",
        "skygear/bad/fcm-data-not-string.json": "8:15",
        "skygear/bad/fcm-message-too-large.json": "1:1",
        "skygear/bad/fcm-priority-invalid.yaml": "6:13",
        "skygear/bad/fcm-reserved-data-key.json": "7:5",
        "skygear/bad/fcm-ttl-invalid.json": "5:12",
        "skygear/bad/skygear-not-sent.yaml": "8:3",
    ]

    @Test("each bad example reports exactly its rule, at the expected line and column",
          arguments: formats.flatMap { files("\($0)/bad") })
    func badExampleShowsItsRule(_ path: String) throws {
        let position = try #require(Self.expectedPositions[path], "no expected position for \(path)")
        let report = try Self.lintExample(path)
        #expect(report.summary == ["\(Self.ruleID(of: path))@\(position)"])
    }

    /// Rules a file in Examples/ cannot show alone; their own examples in the rule file cover them.
    static let rulesWithoutBadExample: [String: String] = [
        "liveactivity-timestamp-future": "needs a fixed 'now', and Examples/ are linted without one",
        "content-state-too-large": "a content-state over 4 KB also puts the payload over its limit",
        "legacy-binary-interface": "fires on every ADCK definition, so Examples/adck turns it off in its .apns-lint.yml",
    ]

    @Test func everyRuleHasABadExample() {
        let bad = Self.formats.flatMap { Self.files("\($0)/bad") }
        #expect(Set(bad.map(Self.ruleID(of:))) == Set(RuleRegistry.ids).subtracting(Self.rulesWithoutBadExample.keys))
        #expect(Set(Self.expectedPositions.keys) == Set(bad))
    }

    /// Each JSON example that has a YAML twin (same name) must give the same rule ids on the same JSON Pointers,
    /// and the same payload size.
    static let twins: [(json: String, yaml: String)] = ["good", "bad"].flatMap { kind in
        files("json/\(kind)").compactMap { json in
            let yaml = "yaml/\(kind)/\(ruleID(of: json)).yaml"
            return FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent("Examples/\(yaml)").path) ? (json, yaml) : nil
        }
    }

    @Test("JSON and YAML twins give the same findings on the same pointers, and the same payload size",
          arguments: twins.map { "\($0.json) = \($0.yaml)" })
    func parity(_ pair: String) throws {
        let paths = pair.components(separatedBy: " = ")
        let json = try Self.lintExample(paths[0]), yaml = try Self.lintExample(paths[1])
        let findings = { (report: FileReport) in report.diagnostics.map { "\($0.ruleID) \($0.pointer)" } }
        #expect(findings(json) == findings(yaml))
        let size = { (report: FileReport) in report.definition?.payloadBytes }
        #expect(size(json) == size(yaml))
        #expect(size(json) != nil)
    }

    @Test func everyJSONExampleExceptSyntaxOnesHasAYAMLTwin() {
        let jsonOnly: Set = ["invalid-json", "byte-order-mark"]
        let names = Set(Self.twins.map { Self.ruleID(of: $0.json) })
        for json in ["good", "bad"].flatMap({ Self.files("json/\($0)") }) where !jsonOnly.contains(Self.ruleID(of: json)) {
            #expect(names.contains(Self.ruleID(of: json)), "\(json) has no YAML twin")
        }
    }

    @Test func multiDocumentYAMLGivesOneDefinitionPerDocument() throws {
        let report = try Self.lintExample("yaml/good/campaign.yaml")
        #expect(report.documentCount == 3)
        #expect(report.definitions.map { $0.headers.pushType } == [.alert, .alert, .background])
        let body = report.definitions[1].payload?.aps.flatMap { aps -> String? in
            guard case .dictionary(let alert, _) = aps.alert else { return nil }
            return alert["body"]?.string
        }
        #expect(body == "Your cart still has 2 items.\nThe discount ends at midnight.\n")
    }

    /// The Erlang examples are linted as the request apns_json / apns_erlv3 would send.
    @Test("Erlang examples lint the request the library builds", arguments: [
        ("erlang/good/simplest-alert.erl", #"{"aps":{"alert":"Would you like to play a game?","content-available":1}}"#),
        ("erlang/good/alert-sound-badge.erl", #"{"aps":{"alert":"Would you like to play a game?","content-available":1,"badge":1,"sound":"wopr"}}"#),
        ("erlang/good/localized-alert.erl", #"{"aps":{"alert":{"title":"Game invite","action-loc-key":null,"loc-key":"GAME_PLAY_REQUEST_FORMAT","loc-args":["Jenna","Frank"]},"content-available":1,"sound":"chime"}}"#),
        ("erlang/good/custom-data.eterm", #"{"aps":{"alert":"Would you like to play a game?","content-available":1},"meta":{"movie":"War Games","released":"1983-06-03T00:00:00Z","cast":["Matthew Broderick","Ally Sheedy"],"rating":7.1,"sequel":null,"tags":{}}}"#),
        ("erlang/good/send-with-aps.term", #"{"aps":{"content-available":1},"mailbox":"inbox"}"#),
        ("erlang/good/jsx-payload.eterm", #"{"aps":{"alert":{"title":"Order shipped","body":"Two items arrive on Tuesday."},"thread-id":"orders","sound":"default"},"order":{"id":10452,"express":true}}"#),
    ])
    func erlangRequest(_ path: String, _ wire: String) throws {
        let report = try Self.lintExample(path)
        #expect(report.definition?.payloadBytes.map { String(decoding: $0, as: UTF8.self) } == wire)
    }

    @Test func erlangSendStyleRoutingBecomesHeadersAndToken() throws {
        let definition = try #require(try Self.lintExample("erlang/good/send-with-routing.config").definition)
        #expect(definition.shape == .envelope)
        #expect(definition.deviceToken?.string == "00fc13adff785122b4ad28809a3420982341241421348097878e577c991de8f0")
        #expect(definition.headers.pushType == .alert)
        #expect(definition.headers.priority == 10)
        #expect(definition.headers.expirationField?.integer == 2_147_483_647)
        #expect(definition.headers.collapseIDField?.string == "game-invite-4471")
        #expect(definition.headers.idField?.string == "6f1c1c3e-52a8-4b59-9a0c-0d2f5c1b9e77")
        #expect(definition.headers.topicField?.string == "com.example.games")
        let source = try Self.lintExample("erlang/good/send-with-routing.config").source
        #expect(source.position(of: try #require(definition.headers.priorityField?.keyRange).start).description == "6:6")
    }

    @Test func anchorsAndMergeKeysResolve() throws {
        let report = try Self.lintExample("yaml/good/order-shipped.yaml")
        let payload = try #require(report.definition?.payload)
        #expect(String(decoding: WireSerializer.serialize(payload.node), as: UTF8.self) == #"{"aps":{"alert":{"title":"Order 10452 shipped","body":"Two items arrive on Tuesday."},"thread-id":"orders-10452","sound":"default"},"order":{"id":10452,"thread":"orders-10452","title":"Order 10452 shipped"},"analytics":{"id":10452,"thread":"orders-10452","title":"Order 10452 shipped","event":"shipped"}}"#)
    }
}
