import APNSLint
import APNSLintTestSupport
import Foundation
import Testing

/// The definitions in Examples/: every good one is clean, every bad one shows exactly its rule at a pinned place,
/// and each JSON definition written in YAML gives the same findings.
@Suite("Examples/")
struct ExamplesTests {
    /// One folder per format, and one per system format (a `.apns-lint.yml` there names the dialect).
    static let formats = ["json", "yaml", "erlang", "node-apn", "adck", "skygear", "fcm", "sns", "simulator", "expo", "onesignal", "gorush", "home-assistant", "app"]

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

    /// Where each bad example reports (`Examples/bad-findings.txt`, written by `scripts/generate`). Its rule id is its
    /// file name.
    static let expectedPositions: [String: String] = {
        let url = packageRoot.appendingPathComponent("Examples/\(ExampleFindings.fileName)")
        let lines = ((try? String(contentsOf: url, encoding: .utf8)) ?? "").split(separator: "\n")
        return Dictionary(lines.map { line in
            let fields = line.split(separator: " ")
            // The one finding's place: `rule@line:column`.
            let place = fields.count == 2 ? fields[1].split(separator: "@").last.map(String.init) ?? "" : "\(fields.count - 1) findings"
            return (String(fields[0]), place)
        }) { first, _ in first }
    }()

    @Test func theRecordedFindingsAreWhatTheLinterReports() throws {
        let committed = try String(contentsOf: packageRoot.appendingPathComponent("Examples/\(ExampleFindings.fileName)"), encoding: .utf8)
        #expect(committed == (try ExampleFindings.text(examples: packageRoot.appendingPathComponent("Examples"))),
                "Examples/\(ExampleFindings.fileName) is stale: run scripts/generate")
    }

    @Test("each bad example reports exactly its rule, at the expected line and column",
          arguments: formats.flatMap { files("\($0)/bad") })
    func badExampleShowsItsRule(_ path: String) throws {
        let position = try #require(Self.expectedPositions[path], "no expected position for \(path)")
        let report = try Self.lintExample(path)
        #expect(report.summary == ["\(Self.ruleID(of: path))@\(position)"])
    }

    /// A bad example shows a rule that exists; a rule needs none (its own examples are its tests).
    @Test func everyBadExampleIsNamedAfterARule() {
        let bad = Self.formats.flatMap { Self.files("\($0)/bad") }
        #expect(Set(bad.map(Self.ruleID(of:))).isSubset(of: RuleRegistry.ids))
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
        ("erlang/good/localized-alert.erl", #"{"aps":{"alert":{"body":"Jenna and Frank have invited you to play Monopoly","action-loc-key":null,"loc-key":"GAME_PLAY_REQUEST_FORMAT","loc-args":["Jenna","Frank"]},"content-available":1,"sound":"chime"}}"#),
        ("erlang/good/custom-data.eterm", #"{"aps":{"alert":"Would you like to play a game?","content-available":1},"meta":{"movie":"War Games","released":"1983-06-03T00:00:00Z","cast":["Matthew Broderick","Ally Sheedy"],"rating":7.1,"sequel":null,"tags":{}}}"#),
        ("erlang/good/send-with-aps.term", #"{"aps":{"content-available":1},"mailbox":"inbox"}"#),
        ("erlang/good/jsx-payload.eterm", #"{"aps":{"alert":{"title":"Order shipped","body":"Two items arrive on Tuesday."},"thread-id":"orders","sound":"default"},"order":{"express":true,"id":10452}}"#),
    ])
    func erlangRequest(_ path: String, _ wire: String) throws {
        let report = try Self.lintExample(path)
        #expect(report.definition?.payloadBytes.map { String(decoding: $0, as: UTF8.self) } == wire)
    }

    @Test func erlangSendStyleRoutingBecomesHeadersAndToken() throws {
        let definition = try #require(try Self.lintExample("erlang/good/send-with-routing.config").definition)
        #expect(definition.shape == .envelope)
        #expect(definition.deviceToken?.string == "00fc13adff785122b4ad28809a3420982341241421348097878e577c991de8f0")
        // apns_erlv3 1.3.3 sends no apns-push-type or apns-collapse-id header: it has no such property.
        #expect(definition.headers.pushTypeField == nil)
        #expect(definition.headers.priority == 10)
        #expect(definition.headers.expirationField?.string == "2147483647")
        #expect(definition.headers.collapseIDField == nil)
        #expect(definition.headers.idField?.string == "6f1c1c3e-52a8-4b59-9a0c-0d2f5c1b9e77")
        #expect(definition.headers.topicField?.string == "com.example.games")
        let source = try Self.lintExample("erlang/good/send-with-routing.config").source
        #expect(source.position(of: try #require(definition.headers.priorityField?.keyRange).start).description == "7:6")
    }

    @Test func anchorsAndMergeKeysResolve() throws {
        let report = try Self.lintExample("yaml/good/order-shipped.yaml")
        let payload = try #require(report.definition?.payload)
        #expect(String(decoding: WireSerializer.serialize(payload.node), as: UTF8.self) == #"{"aps":{"alert":{"title":"Order 10452 shipped","body":"Two items arrive on Tuesday."},"thread-id":"orders-10452","sound":"default"},"order":{"id":10452,"thread":"orders-10452","title":"Order 10452 shipped"},"analytics":{"id":10452,"thread":"orders-10452","title":"Order 10452 shipped","event":"shipped"}}"#)
    }
}
