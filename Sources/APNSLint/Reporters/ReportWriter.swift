import APNSLintRules
import APNSLintSyntax

/// Writes a run's report as its results arrive: a `StreamingReporter`'s fragments go out (through `write`) as soon as
/// their reports are added, so a stream's records need not be kept; any other format, and the reports `keepReports`
/// asks for (for `--output` files), keep the reports that have findings until `finish`. Counts every report for the
/// summary, the per-rule statistics and the exit code.
public final class ReportWriter {
    public let reporter: any Reporter
    private let streaming: (any StreamingReporter)?
    private let keepsReports: Bool
    private let write: (String) -> Void
    private let jobs: Int?
    private var wroteFragments = false
    private var opened = false
    /// Every report counted.
    public private(set) var summary = Summary()
    /// Findings per rule id, with the rule's severity.
    public private(set) var ruleCounts: [String: (count: Int, severity: Severity)] = [:]
    /// The reports kept for `finish` and for other formats: those with findings (a file without any is kept too, since
    /// some formats list every file checked; a record without any is not).
    public private(set) var keptReports: [FileReport] = []

    /// `keepReports`: keep reports even when `reporter` streams (another format is written from them at the end).
    /// `jobs`: threads for rendering fragments (nil: one per core).
    public init(reporter: any Reporter, keepReports: Bool, jobs: Int? = nil, write: @escaping (String) -> Void) {
        self.reporter = reporter
        streaming = reporter as? any StreamingReporter
        keepsReports = keepReports || streaming == nil
        self.jobs = jobs
        self.write = write
    }

    /// A report made ready to add on the thread that linted it: its fragment rendered, and what is not written
    /// (the definitions) let go there.
    public struct Prepared: Sendable {
        /// Nil for a record of a stream without findings: nothing of it is written or kept.
        private let contents: Contents?
        /// For such a record, the system its definition was read as (the summary counts it).
        let cleanRecordDialect: Dialect?

        /// One reference to copy as a prepared report passes from the thread that linted it to the writer: copying a
        /// report's fields at each step was most of the serial end of a 10,000-file run (perf).
        private final class Contents: Sendable {
            let report: FileReport
            let fragment: String

            init(report: FileReport, fragment: String) {
                self.report = report
                self.fragment = fragment
            }
        }

        init(report: FileReport?, fragment: String, cleanRecordDialect: Dialect? = nil) {
            contents = report.map { Contents(report: $0, fragment: fragment) }
            self.cleanRecordDialect = cleanRecordDialect
        }

        var report: FileReport? { contents?.report }
        var fragment: String { contents?.fragment ?? "" }
    }

    /// Prepares a report on any thread: `add(_ prepared:)` then writes it.
    public var prepare: @Sendable (FileReport) -> Prepared {
        let streaming = streaming
        return { report in
            // A record without findings is counted, never kept, and has nothing to write.
            if report.streamRecord != nil, report.diagnostics.isEmpty {
                return Prepared(report: nil, fragment: "", cleanRecordDialect: report.firstDocument?.dialect)
            }
            return Prepared(report: report.withoutDefinitions, fragment: streaming?.fragment(report) ?? "")
        }
    }

    /// Counts and writes prepared reports, in order.
    public func add(_ prepared: [Prepared]) {
        var out = ""
        for entry in prepared {
            guard let report = entry.report else {
                summary.addCleanRecord(readAs: entry.cleanRecordDialect)
                continue
            }
            count(report)
            append(entry.fragment, to: &out)
        }
        flush(out)
    }

    /// Counts and writes reports, in order. `fragments` are theirs when already rendered; otherwise they are rendered
    /// here, in parallel.
    public func add(_ reports: [FileReport], fragments: [String]? = nil) {
        for report in reports { count(report) }
        guard let streaming else { return }
        var out = ""
        for fragment in fragments ?? Parallel.map(reports.indices, jobs: jobs, { streaming.fragment(reports[$0]) }) {
            append(fragment, to: &out)
        }
        flush(out)
    }

    /// Counts a report in the summary and the rule counts, and keeps it when the whole report is written at the end.
    private func count(_ report: FileReport) {
        summary.add(report)
        for diagnostic in report.diagnostics { ruleCounts[diagnostic.ruleID, default: (0, diagnostic.severity)].count += 1 }
        if keepsReports, report.streamRecord == nil || !report.diagnostics.isEmpty { keptReports.append(report.withoutDefinitions) }
    }

    /// Adds a report's fragment to the output, after the opening or a separator.
    private func append(_ fragment: String, to out: inout String) {
        guard let streaming, !fragment.isEmpty else { return }
        if !opened {
            out += streaming.opening()
            opened = true
        }
        if wroteFragments { out += streaming.separator }
        out += fragment
        wroteFragments = true
    }

    /// Writes what was gathered, if anything.
    private func flush(_ out: String) {
        if !out.isEmpty { write(out) }
    }

    /// Counts the stream file `name` of `kind`, whose records were added as they were linted. A kept report stands
    /// for it when none of its records was kept, so formats that list every file checked list it too.
    public func addStream(_ kind: StreamKind, name: String) {
        summary.addStream(kind)
        guard keepsReports else { return }
        if let last = keptReports.last, last.streamKind != nil, last.fileName == name { return }
        keptReports.append(.cleanStream(named: name, kind: kind))
    }

    /// Counts paths that could not be read, for the summary.
    public func addUnreadablePaths(_ count: Int) {
        summary.unreadablePaths += count
    }

    /// Counts findings the baseline left out, for the summary.
    public func addBaselined(_ count: Int) {
        summary.baselined += count
    }

    /// Records how many fixes `--fix` applied, for the summary.
    public func setFixesApplied(_ count: Int) {
        summary.fixesApplied = count
    }

    /// Writes the end of the report (or, for a format that does not stream, all of it).
    public func finish(rules: [DocumentedRule]) {
        if let streaming {
            write((opened ? "" : streaming.opening()) + streaming.closing(summary, wroteFragments: wroteFragments))
        } else {
            write(reporter.report(keptReports, rules: rules, summary: summary))
        }
    }
}

extension FileReport {
    /// The report without the definitions read (what reporters never look at), so a kept report holds little more than
    /// its findings and its text.
    var withoutDefinitions: FileReport {
        guard firstDocument != nil else { return self }
        var report = FileReport(fileName: fileName, source: source, format: format, diagnostics: diagnostics, firstDocument: nil,
                                laterDocuments: [], documentCount: documentCount)
        report.streamRecord = streamRecord
        report.streamKind = streamKind
        report.readingsKept = readings
        return report
    }
}
