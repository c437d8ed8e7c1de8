import APNSLintRules
import APNSLintSyntax

/// `checkstyle`: Checkstyle XML 4.3, a `<file>` per file checked (empty when it has no findings; a JSON Lines file is
/// one, whatever its records) and an
/// `<error line column severity message source="apns-lint.RULE"/>` per diagnostic. Severity is `error`,
/// `warning` or `info`. A diagnostic with no place in the file has `line="1"` and no column (the format
/// requires a line); one about a header the configuration gives is in a `<file>` of the configuration file.
public struct CheckstyleReporter: Reporter, Sendable {
    public init() {}

    public func report(_ reports: [FileReport], rules: [DocumentedRule]) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n"
        for file in FileReports.grouped(reports) {
            out += "  <file name=\"\(XMLText.escaped(file.fileName))\">\n"
            for (report, diagnostic) in file.diagnostics where diagnostic.externalLocation == nil {
                var place = "line=\"1\""
                if let range = diagnostic.range {
                    let start = report.source.position(of: range.start)
                    place = "line=\"\(start.line)\" column=\"\(start.column)\""
                }
                out += "    <error \(place) severity=\"\(diagnostic.severity.rawValue)\" message=\"\(XMLText.escaped(diagnostic.message))\" source=\"\(APNSLintTool.name).\(XMLText.escaped(diagnostic.ruleID))\"/>\n"
            }
            out += "  </file>\n"
            // A finding about a header the configuration gives is in the configuration file.
            for (report, diagnostic) in file.diagnostics {
                guard let external = diagnostic.externalLocation else { continue }
                let message = diagnostic.message + (report.partName(of: diagnostic).map { " (\($0))" } ?? "")
                out += "  <file name=\"\(XMLText.escaped(external.path))\">\n"
                out += "    <error line=\"\(external.line)\" column=\"\(external.column)\" severity=\"\(diagnostic.severity.rawValue)\" message=\"\(XMLText.escaped(message))\" source=\"\(APNSLintTool.name).\(XMLText.escaped(diagnostic.ruleID))\"/>\n"
                out += "  </file>\n"
            }
        }
        out += "</checkstyle>\n"
        return out
    }
}
