import APNSLintRules

/// A format whose output is an opening, then a fragment per report, then a closing: it can be written as reports
/// arrive (a stream of a million records is never held), and its fragments rendered on any thread.
public protocol StreamingReporter: Reporter, Sendable {
    /// What comes before the first fragment.
    func opening() -> String
    /// The text for one report ("" when it has nothing to say); any thread may call it.
    func fragment(_ report: FileReport) -> String
    /// What goes between two fragments that are not empty.
    var separator: String { get }
    /// What comes after the last fragment: `summary` counts every report, `wroteFragments` says whether any fragment
    /// was not empty.
    func closing(_ summary: Summary, wroteFragments: Bool) -> String
}

extension StreamingReporter {
    public var separator: String { "" }
    public func opening() -> String { "" }

    public func report(_ reports: [FileReport], rules: [DocumentedRule]) -> String {
        var summary = Summary()
        for report in reports { summary.add(report) }
        return report(reports, rules: rules, summary: summary)
    }

    public func report(_ reports: [FileReport], rules: [DocumentedRule], summary: Summary) -> String {
        var out = opening()
        var wrote = false
        for report in reports {
            let fragment = fragment(report)
            guard !fragment.isEmpty else { continue }
            if wrote { out += separator }
            out += fragment
            wrote = true
        }
        return out + closing(summary, wroteFragments: wrote)
    }
}
