import APNSLintRules

/// Turns the reports of a run into one document in some output format.
///
/// `rules` is every rule the run used, documented: SARIF lists them all; the other formats ignore them
/// (`ReportFormat.listsRules`), so they may be given none. The result is deterministic: reports in the order given,
/// diagnostics in each report's order.
public protocol Reporter {
    func report(_ reports: [FileReport], rules: [DocumentedRule]) -> String
    /// The same, closed with the run's `summary`, which counts what the reports alone do not tell: the paths that
    /// could not be read, a stream's records without findings, the fixes applied.
    func report(_ reports: [FileReport], rules: [DocumentedRule], summary: Summary) -> String
}

extension Reporter {
    /// A format without a summary ignores it.
    public func report(_ reports: [FileReport], rules: [DocumentedRule], summary: Summary) -> String {
        report(reports, rules: rules)
    }
}
