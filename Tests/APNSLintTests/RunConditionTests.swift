@testable import APNSLint
import APNSLintTestSupport
import Foundation
import Testing

/// A rule's subscriptions (`RuleDescriptor.subscriptions`) only spare the linter work: they never change a report.
@Suite("Run conditions")
struct RunConditionTests {
    /// The report with and without skipping rules whose conditions do not hold, as `rule@line:column message` lines.
    static func bothWays(_ lint: (Linter) -> FileReport, linter: Linter) -> (skipping: [String], runningAll: [String]) {
        var runningAll = linter
        runningAll.skipsRulesByCondition = false
        func lines(_ report: FileReport) -> [String] {
            zip(report.summary, report.diagnostics).map { "\($0) \($1.message)" }
        }
        return (lines(lint(linter)), lines(lint(runningAll)))
    }

    static func headerOptions(_ headers: [String: String]) -> [HeaderOption] {
        headers.sorted { $0.key < $1.key }.map { HeaderOption(name: $0.key, value: $0.value, option: "--header \($0.key)") }
    }

    @Test("every rule example gives the same report with and without run conditions",
          arguments: RuleExample.triggering + RuleExample.nonTriggering)
    func ruleExample(_ case_: RuleExample) {
        let (text, _) = case_.example.unmarked
        let fileName = "test.\(case_.example.fileExtension)"
        let (skipping, runningAll) = Self.bothWays({ linter in
            linter.lint(text, fileName: fileName, format: InputFormat.detect(fileName: fileName)!,
                        headers: Self.headerOptions(case_.example.headers))
        }, linter: Linter(options: case_.example.options))
        #expect(skipping == runningAll, sourceLocation: case_.location)
        guard case_.example.fileExtension == "json" else { return }
        // The same text as a request body, with the example's headers as request headers.
        let (bodySkipping, bodyRunningAll) = Self.bothWays({ linter in
            linter.lint(payload: Data(text.utf8), headers: case_.example.headers)
        }, linter: Linter(options: case_.example.options))
        #expect(bodySkipping == bodyRunningAll, sourceLocation: case_.location)
    }

    static let exampleFiles: [String] = {
        let root = packageRoot.appendingPathComponent("Examples")
        let paths = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        return paths.filter { !$0.contains(".build") && InputFormat.detect(fileName: $0) != nil }.sorted()
    }()

    @Test("every file under Examples/ gives the same report with and without run conditions")
    func exampleFiles() throws {
        #expect(Self.exampleFiles.count > 100)
        for path in Self.exampleFiles {
            let url = packageRoot.appendingPathComponent("Examples/\(path)")
            let source = SourceText(bytes: try [UInt8](Data(contentsOf: url)))
            let (skipping, runningAll) = Self.bothWays({ linter in
                linter.lint(source, fileName: path, format: InputFormat.detect(fileName: path)!, path: url.path)
            }, linter: try Workspace().linter(for: url.path))
            #expect(skipping == runningAll, "\(path)")
        }
    }

    /// A rule that reports the root on every definition it is run on.
    struct EveryDefinitionRule: ModelRule {
        static let descriptor = RuleDescriptor(
            id: "every-definition", severity: .info, category: .payload,
            subscriptions: [.aps(.badge), .alert(.locArgs), .header(.priority), .pushType(.liveactivity), .unknownKey(in: .alert)])
        static var documentation: RuleDocs { RuleDocs(summary: "s", rationale: "r", severity: .advice("Test."), references: [], triggering: [], nonTriggering: []) }

        static func check(_ context: inout RuleContext) {
            context.report("ran", pointer: .root, range: nil, help: "h")
        }
    }

    @Test("a rule runs only on definitions that hold one of its conditions", arguments: [
        (#"{"aps": {"alert": "Hi"}}"#, [:], false),
        (#"{"aps": {"alert": "Hi", "badge": 1}}"#, [:], true),
        // A key is held wherever it is written, and whatever its value: the rule decides what the value means.
        (#"{"aps": {"alert": "Hi"}, "badge": 1}"#, [:], false),
        (#"{"aps": {"alert": "Hi", "badge": "one"}}"#, [:], true),
        (#"{"aps": [["badge", 1]]}"#, [:], true),
        (#"{"aps": {"alert": {"body": "Hi"}}}"#, [:], false),
        (#"{"aps": {"alert": {"loc-key": "K", "loc-args": ["a"]}}}"#, [:], true),
        (#"{"aps": {"loc-args": ["a"]}}"#, [:], false),
        (#"{"aps": {"alert": "Hi"}}"#, ["APNS-Priority": "10"], true),
        (#"{"headers": {"apns-priority": "5"}, "payload": {"aps": {"alert": "Hi"}}}"#, [:], true),
        (#"{"aps": {"alert": "Hi"}}"#, ["apns-topic": "com.example.app"], false),
        (#"{"aps": {"timestamp": 1, "event": "update", "content-state": {}}}"#, [:], true),
        (#"{"aps": {"alert": "Hi"}}"#, ["apns-push-type": "liveactivity"], true),
        (#"{"aps": {"alert": "Hi"}}"#, ["apns-push-type": "alert"], false),
        // A key the alert's schema does not know; one in aps or the headers is not the alert's.
        (#"{"aps": {"alert": {"body": "Hi", "mood": "calm"}}}"#, [:], true),
        (#"{"aps": {"alert": {"body": "Hi"}, "mood": "calm"}}"#, ["x-custom": "1"], false),
    ] as [(String, [String: String], Bool)])
    func runsOnlyWhereConditionsHold(_ text: String, _ headers: [String: String], _ runs: Bool) {
        let report = Linter(configuration: Configuration(), rules: [EveryDefinitionRule.self])
            .lint(text, format: .json, headers: Self.headerOptions(headers))
        #expect(report.ruleIDs == (runs ? ["every-definition"] : []))
    }

    /// A rule that reports the root on every definition with a wrongly typed value.
    struct WronglyTypedRule: ModelRule {
        static let descriptor = RuleDescriptor(id: "wrongly-typed", severity: .info, category: .payload, subscriptions: [.wronglyTypedValue])
        static var documentation: RuleDocs { RuleDocs(summary: "s", rationale: "r", severity: .advice("Test."), references: [], triggering: [], nonTriggering: []) }

        static func check(_ context: inout RuleContext) {
            context.report("ran", pointer: .root, range: nil, help: "h")
        }
    }

    @Test("a rule about wrongly typed values runs where any bound set holds one", arguments: [
        (#"{"aps": {"alert": {"title": "Hi"}, "badge": 1, "sound": "a"}, "custom": 5}"#, false),
        (#"{"aps": {"alert": "Hi", "badge": "one"}}"#, true),
        (#"{"aps": {"alert": {"title": 5}}}"#, true),
        (#"{"aps": {"sound": {"critical": 1, "name": "a", "volume": "1"}}}"#, true),
        (#"{"aps": {"sound": {"critical": 1, "name": "a", "volume": 1}}}"#, false),
        (#"{"headers": {"apns-collapse-id": 4471}, "payload": {"aps": {"alert": "Hi"}}}"#, true),
        (#"{"headers": {"apns-priority": 10}, "payload": {"aps": {"alert": "Hi"}}}"#, false),
        (#"{"device-token": 5, "payload": {"aps": {"alert": "Hi"}}}"#, true),
        (#"{"mdm": 5}"#, true),
        (#"{"mdm": "5"}"#, false),
        // A custom key has no schema type, so no value of it is wrongly typed.
        (#"{"aps": {"alert": "Hi"}, "thread-id": 5}"#, false),
    ] as [(String, Bool)])
    func wronglyTypedValues(_ text: String, _ runs: Bool) {
        let report = Linter(configuration: Configuration(), rules: [WronglyTypedRule.self]).lint(text, format: .json)
        #expect(report.ruleIDs == (runs ? ["wrongly-typed"] : []), "\(text)")
    }

    @Test("a definition's facts are the schema keys of its aps, alert and headers, and its push type")
    func facts() {
        let definition = Binder.bind(
            JSONReader.read(SourceText(#"{"aps": {"alert": {"loc-key": "K", "title": "T"}, "sound": "a", "x": 1}}"#)).documents[0],
            headerOptions: [HeaderOption(name: "Apns-Topic", value: "com.example.app", option: "--topic")])
        #expect(definition.apsKeys == [.alert, .sound])
        #expect(definition.alertKeys == [.locKey, .title])
        #expect(definition.headerKeys == [.topic])
        #expect(definition.pushType?.type == .alert)
        #expect(definition.hasWronglyTypedValues == false)
    }
}
