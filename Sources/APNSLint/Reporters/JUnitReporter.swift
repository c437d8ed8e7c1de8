import APNSLintRules
import APNSLintSyntax

/// `junit`: JUnit XML as CI servers read it. `<testsuites>` holds a `<testsuite>` per file (named by its path; all the
/// records of a JSON Lines file are one suite);
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
        let files = FileReports.grouped(reports)
        let total = files.reduce(0) { $0 + max(1, $1.diagnosticCount) }
        let failures = files.reduce(0) { $0 + failureCount($1) }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"\(APNSLintTool.name)\" tests=\"\(total)\" failures=\"\(failures)\" errors=\"0\">\n"
        for file in files {
            let name = XMLText.escaped(file.fileName)
            out += "  <testsuite name=\"\(name)\" tests=\"\(max(1, file.diagnosticCount))\" failures=\"\(failureCount(file))\" errors=\"0\">\n"
            if file.diagnosticCount == 0 {
                out += "    <testcase name=\"\(APNSLintTool.name)\" classname=\"\(name)\"/>\n"
            }
            for (report, diagnostic) in file.diagnostics {
                let place = diagnostic.range.map { " at \(report.source.position(of: $0.start))" }
                    ?? diagnostic.externalLocation.map { " at \($0)" } ?? ""
                var text = concise.line(for: diagnostic, in: report)
                for note in diagnostic.notes { text += "\nnote: \(note.message)" + (note.location.map { " (\($0))" } ?? "") }
                if let help = diagnostic.help { text += "\nhelp: \(help)" }
                out += "    <testcase name=\"\(XMLText.escaped(diagnostic.ruleID + place))\" classname=\"\(name)\">\n"
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

    private func failureCount(_ file: FileReports) -> Int { file.diagnostics.reduce(0) { $0 + (fails($1.diagnostic) ? 1 : 0) } }
}
