/// `full`: the `TextReporter`'s output for every report, then the summary line (when any file was checked).
public struct FullReporter: StreamingReporter {
    public var useColor: Bool
    public var includeSummary: Bool

    public init(useColor: Bool = false, includeSummary: Bool = true) {
        self.useColor = useColor
        self.includeSummary = includeSummary
    }

    public func fragment(_ report: FileReport) -> String {
        TextReporter(useColor: useColor).render(report)
    }

    public func closing(_ summary: Summary, wroteFragments: Bool) -> String {
        includeSummary && summary.checkedAny ? summary.line + "\n" : ""
    }
}
