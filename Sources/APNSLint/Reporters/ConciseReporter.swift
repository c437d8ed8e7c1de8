import APNSLintRules
import APNSLintSyntax

/// `concise`: one line per diagnostic, `path:line:col: severity: message [rule]` (the form Xcode, Vim's
/// quickfix and most editors parse), or `path: severity: message [rule]` for a diagnostic with no place in the
/// file (a header from the command line). No excerpt, notes or help. It ends with the same summary line as
/// `full`, which matches no diagnostic pattern.
public struct ConciseReporter: StreamingReporter {
    public var includeSummary: Bool

    public init(includeSummary: Bool = true) {
        self.includeSummary = includeSummary
    }

    public func fragment(_ report: FileReport) -> String {
        report.diagnostics.map { line(for: $0, in: report) + "\n" }.joined()
    }

    public func closing(_ summary: Summary, wroteFragments: Bool) -> String {
        includeSummary && summary.checkedAny ? summary.line + "\n" : ""
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
