import APNSLintRules
import APNSLintSyntax

/// `concise`: one line per diagnostic, `path:line:col: severity: message [rule]` (the form Xcode, Vim's
/// quickfix and most editors parse), or `path: severity: message [rule]` for a diagnostic with no place in the
/// file (a header from the command line). No excerpt, notes or help. It ends with the same summary line as
/// `full`, which matches no diagnostic pattern.
public struct ConciseReporter: Reporter, Sendable {
    public var includeSummary: Bool

    public init(includeSummary: Bool = true) {
        self.includeSummary = includeSummary
    }

    public func report(_ reports: [FileReport], rules: [DocumentedRule]) -> String {
        var summary = Summary()
        var out = ""
        for report in reports {
            summary.add(report)
            for diagnostic in report.diagnostics {
                out += line(for: diagnostic, in: report) + "\n"
            }
        }
        if includeSummary, summary.files > 0 { out += summary.line + "\n" }
        return out
    }

    public func line(for diagnostic: Diagnostic, in report: FileReport) -> String {
        var location = report.fileName
        if let range = diagnostic.range {
            location += ":\(report.source.position(of: range.start))"
        }
        // One line each: a line break in a message would start a new, unparseable entry.
        let message = diagnostic.message.replacingLineBreaks()
        return "\(location): \(diagnostic.severity.rawValue): \(message) [\(diagnostic.ruleID)]"
    }
}

extension String {
    func replacingLineBreaks() -> String {
        guard contains(where: \.isNewline) else { return self }
        return String(map { $0.isNewline ? " " : $0 })
    }
}
