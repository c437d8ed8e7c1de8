import APNSLintRules
import APNSLintSyntax

/// `github`: GitHub Actions workflow commands, which the runner turns into annotations on the pull request:
///
///     ::error file=PATH,line=L,col=C,endLine=L2,endColumn=C2,title=apns-lint (RULE)::MESSAGE
///
/// `warning` is `::warning`, `info` is `::notice`. `col` and `endColumn` are given when the range is on one
/// line (GitHub ignores columns otherwise); a diagnostic with no place in the file has `file` and `title` only.
/// The help follows the message on a line of its own. Values are escaped as the runner expects: `%` → `%25`,
/// CR → `%0D`, LF → `%0A`, and in properties also `:` → `%3A` and `,` → `%2C`.
public struct GitHubReporter: StreamingReporter {
    public init() {}

    public func fragment(_ report: FileReport) -> String {
        report.diagnostics.map { command(for: $0, in: report) + "\n" }.joined()
    }

    public func closing(_ summary: Summary, wroteFragments: Bool) -> String { "" }

    public func command(for diagnostic: Diagnostic, in report: FileReport) -> String {
        let name = switch diagnostic.severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "notice"
        }
        var properties = [("file", diagnostic.externalLocation?.path ?? report.fileName)]
        if let external = diagnostic.externalLocation {
            properties += [("line", String(external.line)), ("col", String(external.column))]
        } else if let range = diagnostic.range {
            let (start, end) = report.positions(range)
            properties.append(("line", String(start.line)))
            if start.line == end.line { properties.append(("col", String(start.column))) }
            properties.append(("endLine", String(end.line)))
            if start.line == end.line { properties.append(("endColumn", String(end.column))) }
        }
        properties.append(("title", "\(APNSLintTool.name) (\(diagnostic.ruleID))"))
        var message = diagnostic.message
        if let part = report.partName(of: diagnostic) { message += " (\(part))" }
        if let help = diagnostic.help { message += "\nhelp: \(help)" }
        let list = properties.map { "\($0.0)=\(Self.escapeProperty($0.1))" }.joined(separator: ",")
        return "::\(name) \(list)::\(Self.escapeData(message))"
    }

    /// The escaping of a command's message.
    public static func escapeData(_ text: String) -> String {
        ScalarEscaping.escaped(text) { scalar in
            switch scalar {
            case "%": "%25"
            case "\r": "%0D"
            case "\n": "%0A"
            default: nil
            }
        }
    }

    /// The escaping of a command's property values.
    public static func escapeProperty(_ text: String) -> String {
        ScalarEscaping.escaped(escapeData(text)) { scalar in
            switch scalar {
            case ":": "%3A"
            case ",": "%2C"
            default: nil
            }
        }
    }
}
