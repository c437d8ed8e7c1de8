import APNSLintRules
import APNSLintSyntax

/// `concise`: one line per diagnostic, `path:line:col: severity: message [rule]` (the form Xcode, Vim's
/// quickfix and most editors parse), or `path: severity: message [rule]` for a diagnostic with no place in the
/// file (a header from the command line). A finding about a header the configuration gives is at its line in the
/// configuration file, and says which file's request it is about. No excerpt, notes or help. It ends with the same summary line as
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
        // One line each: a line break in a message would start a new, unparseable entry.
        var message = diagnostic.message.replacingLineBreaks()
        // A finding placed in the configuration file says which file's request it is about.
        if diagnostic.externalLocation != nil, let part = report.partName(of: diagnostic) { message += " (\(part))" }
        return "\(report.place(of: diagnostic)): \(diagnostic.severity.rawValue): \(message) [\(diagnostic.ruleID)]"
    }
}

extension String {
    func replacingLineBreaks() -> String {
        guard contains(where: \.isNewline) else { return self }
        return String(map { $0.isNewline ? " " : $0 })
    }
}
