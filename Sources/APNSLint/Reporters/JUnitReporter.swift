import APNSLintRules
import APNSLintSyntax

/// `junit`: JUnit XML as CI servers read it. `<testsuites>` holds a `<testsuite>` per file (named by its path);
/// each diagnostic is a `<testcase>` named `rule at line:column` with a `<failure>` whose `message` is the
/// diagnostic's message, `type` its severity, and text the concise line plus notes and help. A file without
/// findings has one passing test case named `apns-lint`.
public struct JUnitReporter: Reporter, Sendable {
    public init() {}

    public func report(_ reports: [FileReport], rules: [DocumentedRule]) -> String {
        let concise = ConciseReporter()
        let total = reports.reduce(0) { $0 + max(1, $1.diagnostics.count) }
        let failures = reports.reduce(0) { $0 + $1.diagnostics.count }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"\(APNSLintTool.name)\" tests=\"\(total)\" failures=\"\(failures)\" errors=\"0\">\n"
        for report in reports {
            let file = XMLText.escaped(report.fileName)
            out += "  <testsuite name=\"\(file)\" tests=\"\(max(1, report.diagnostics.count))\" failures=\"\(report.diagnostics.count)\" errors=\"0\">\n"
            if report.diagnostics.isEmpty {
                out += "    <testcase name=\"\(APNSLintTool.name)\" classname=\"\(file)\"/>\n"
            }
            for diagnostic in report.diagnostics {
                let place = diagnostic.range.map { " at \(report.source.position(of: $0.start))" } ?? ""
                var text = concise.line(for: diagnostic, in: report)
                for note in diagnostic.notes { text += "\nnote: \(note.message)" }
                if let help = diagnostic.help { text += "\nhelp: \(help)" }
                out += "    <testcase name=\"\(XMLText.escaped(diagnostic.ruleID + place))\" classname=\"\(file)\">\n"
                out += "      <failure message=\"\(XMLText.escaped(diagnostic.message))\" type=\"\(diagnostic.severity.rawValue)\">"
                out += XMLText.escaped(text) + "</failure>\n"
                out += "    </testcase>\n"
            }
            out += "  </testsuite>\n"
        }
        out += "</testsuites>\n"
        return out
    }
}
