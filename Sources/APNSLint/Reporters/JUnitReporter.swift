import APNSLintRules
import APNSLintSyntax

/// `junit`: JUnit XML as CI servers read it. `<testsuites>` holds a `<testsuite>` per file (named by its path);
/// each diagnostic is a `<testcase>` named `rule at line:column`. A diagnostic at or above `failLevel` (the run's
/// fail level, so JUnit fails exactly when the exit code does) has a `<failure>` whose `message` is the diagnostic's
/// message, `type` its severity, and text the concise line plus notes and help. One below it passes, with that text
/// in `<system-out>`: it is reported, but does not fail the run. A file without findings has one passing test case
/// named `apns-lint`.
public struct JUnitReporter: Reporter, Sendable {
    /// The lowest severity that fails.
    public var failLevel: Severity

    public init(failLevel: Severity = .error) {
        self.failLevel = failLevel
    }

    public func report(_ reports: [FileReport], rules: [DocumentedRule]) -> String {
        let concise = ConciseReporter()
        let total = reports.reduce(0) { $0 + max(1, $1.diagnostics.count) }
        let failures = reports.reduce(0) { $0 + failureCount($1) }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"\(APNSLintTool.name)\" tests=\"\(total)\" failures=\"\(failures)\" errors=\"0\">\n"
        for report in reports {
            let file = XMLText.escaped(report.fileName)
            out += "  <testsuite name=\"\(file)\" tests=\"\(max(1, report.diagnostics.count))\" failures=\"\(failureCount(report))\" errors=\"0\">\n"
            if report.diagnostics.isEmpty {
                out += "    <testcase name=\"\(APNSLintTool.name)\" classname=\"\(file)\"/>\n"
            }
            for diagnostic in report.diagnostics {
                let place = diagnostic.range.map { " at \(report.source.position(of: $0.start))" }
                    ?? diagnostic.externalLocation.map { " at \($0)" } ?? ""
                var text = concise.line(for: diagnostic, in: report)
                for note in diagnostic.notes { text += "\nnote: \(note.message)" + (note.location.map { " (\($0))" } ?? "") }
                if let help = diagnostic.help { text += "\nhelp: \(help)" }
                out += "    <testcase name=\"\(XMLText.escaped(diagnostic.ruleID + place))\" classname=\"\(file)\">\n"
                if fails(diagnostic) {
                    out += "      <failure message=\"\(XMLText.escaped(diagnostic.message))\" type=\"\(diagnostic.severity.rawValue)\">"
                    out += XMLText.escaped(text) + "</failure>\n"
                } else {
                    out += "      <system-out>" + XMLText.escaped(text) + "</system-out>\n"
                }
                out += "    </testcase>\n"
            }
            out += "  </testsuite>\n"
        }
        out += "</testsuites>\n"
        return out
    }

    private func fails(_ diagnostic: Diagnostic) -> Bool { diagnostic.severity >= failLevel }

    private func failureCount(_ report: FileReport) -> Int { report.diagnostics.count { fails($0) } }
}
