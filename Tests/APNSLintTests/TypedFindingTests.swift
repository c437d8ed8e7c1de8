import APNSLint
import APNSLintSyntax
import Testing

/// Issue 40: a diagnostic carries its typed finding, and the fixer and the renderer ask the finding, not the rule's id
/// or the configuration: turning `invalid-json` off or re-grading it changes neither what is fixed nor what `render`
/// refuses.
@Suite("Typed findings: the fixer and the renderer go by what was found")
struct TypedFindingTests {
    /// The default, `invalid-json` off, and `invalid-json` a warning.
    private static let linters: [(String, Linter)] = ["default", "off", "warning"].map { name in
        var settings = Settings()
        if name == "off" { settings.rules["invalid-json"] = RuleSetting(level: .off) }
        if name == "warning" { settings.rules["invalid-json"] = RuleSetting(level: .warning) }
        return (name, Linter(configuration: Configuration(settings: settings)))
    }

    private func fixed(_ text: String, by linter: Linter) -> String {
        String(decoding: linter.fix(SourceText(text), fileName: "a.json", format: .json).fixed, as: UTF8.self)
    }

    @Test func aRepairedSlipIsFixedWhateverTheConfigurationSaysOfItsRule() {
        // A trailing comma the reader repaired, and a value a rule fixes.
        let text = #"{"aps": {"alert": "Hi", "content-available": true,}}"#
        for (name, linter) in Self.linters {
            #expect(fixed(text, by: linter) == #"{"aps": {"alert": "Hi", "content-available": 1}}"#, "\(name)")
        }
    }

    @Test func anUnreadableTextIsNotFixedWhateverTheConfigurationSaysOfItsRule() {
        // The reader stops at the missing brace: the tree is a guess, so the rule's fix is not applied.
        let text = #"{"aps": {"alert": "Hi", "content-available": true}"#
        for (name, linter) in Self.linters {
            #expect(fixed(text, by: linter) == text, "\(name)")
        }
    }

    @Test func renderRefusesAnUnreadableTextWhateverTheConfigurationSaysOfItsRule() throws {
        let broken = #"{"aps": {"alert": "Hi"}"#
        let good = #"{"aps": {"alert": "Hi"}}"#
        for (name, linter) in Self.linters {
            let refused = Renderer().render(linter.lint(broken, fileName: "a.json"))
            guard case .failure(let failure) = refused else {
                Issue.record("\(name): rendered a text its reader could not read")
                continue
            }
            #expect(failure.messages.count == 1 && failure.messages[0].hasPrefix("a.json:1:24: error: ") && failure.messages[0].hasSuffix("[invalid-json]"),
                    "\(name): \(failure.messages)")
            #expect(try Renderer().render(linter.lint(good, fileName: "a.json")).get() == Array((good.filter { $0 != " " } + "\n").utf8), "\(name)")
        }
    }

    @Test func diagnosticsCarryTheirFinding() {
        let report = Linter().lint(#"{"aps": {"alert": "Hi",}}"#, fileName: "a.json")
        // A trailing comma is a finding of its own kind (issue 51), judged with the system that reads the file.
        #expect(report.diagnostics.map(\.finding) == [.syntax(.trailingComma, in: .json)])
        let simulator = Linter().lint(#"{"Simulator Target Bundle": "com.example.app", "aps": {"alert": "Hi",}}"#, fileName: "a.apns")
        #expect(simulator.diagnostics.map(\.finding) == [.dialect(.simulatorTrailingComma)])
        #expect(simulator.diagnostics.map(\.ruleID) == ["invalid-json"] && simulator.diagnostics.map(\.severity) == [.warning])
        let rule = Linter().lint(#"{"aps": {"alert": "Hi", "badge": -1}}"#, fileName: "a.json")
        #expect(rule.diagnostics.map(\.ruleID) == ["badge-negative"] && rule.diagnostics.map(\.finding) == [nil])
    }
}
