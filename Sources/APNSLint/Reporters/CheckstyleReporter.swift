import APNSLintRules
import APNSLintSyntax

/// `checkstyle`: Checkstyle XML 4.3, a `<file>` per file checked (empty when it has no findings) and an
/// `<error line column severity message source="apns-lint.RULE"/>` per diagnostic. Severity is `error`,
/// `warning` or `info`. A diagnostic with no place in the file has `line="1"` and no column (the format
/// requires a line).
public struct CheckstyleReporter: Reporter, Sendable {
    public init() {}

    public func report(_ reports: [FileReport], rules: [DocumentedRule]) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n"
        for report in reports {
            out += "  <file name=\"\(XMLText.escaped(report.fileName))\">\n"
            for diagnostic in report.diagnostics {
                var place = "line=\"1\""
                if let range = diagnostic.range {
                    let start = report.source.position(of: range.start)
                    place = "line=\"\(start.line)\" column=\"\(start.column)\""
                }
                out += "    <error \(place) severity=\"\(diagnostic.severity.rawValue)\" message=\"\(XMLText.escaped(diagnostic.message))\" source=\"\(APNSLintTool.name).\(XMLText.escaped(diagnostic.ruleID))\"/>\n"
            }
            out += "  </file>\n"
        }
        out += "</checkstyle>\n"
        return out
    }
}
