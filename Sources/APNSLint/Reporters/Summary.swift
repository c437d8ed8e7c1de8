import APNSLintDialects
/// Totals over a run, and the closing line.
public struct Summary: Sendable {
    /// Files of one definition (or a YAML stream), and how many of them have findings.
    public var files = 0
    public var filesWithProblems = 0
    /// Stream files (JSON Lines, large YAML streams), their records, and how many records have findings.
    public var streams = 0
    /// The kinds of the streams counted: the summary calls their records "documents" when all are YAML streams.
    public var streamKinds: Set<StreamKind> = []
    public var records = 0
    public var recordsWithProblems = 0
    /// Stream files with a record that has findings.
    public var streamsWithProblems = 0
    /// `recordsWithProblems` when the last stream was counted: a stream's records are added before the stream itself.
    private var recordsWithProblemsBeforeStream = 0
    public var errors = 0
    public var warnings = 0
    public var infos = 0
    /// Paths named or found that could not be read (missing, permission denied, a symbolic link loop): the run exits 2
    /// for them, and the summary says so.
    public var unreadablePaths = 0
    /// Findings left out because the baseline holds them (`check --baseline`); the counts above leave them out.
    public var baselined = 0
    /// The fixes `--fix` applied; nil when the run fixes nothing.
    public var fixesApplied: Int?
    /// How many definitions were read as each system.
    private var definitionsByDialect: [Dialect: Int] = [:]

    /// How many definitions were read as each system, in the registry's order, leaving out those none was read as.
    public var dialectCounts: [(dialect: Dialect, count: Int)] {
        Dialect.allCases.compactMap { dialect in definitionsByDialect[dialect].map { (dialect, $0) } }
    }

    public init() {}

    /// Counts a report: a file, or a record of a stream.
    public mutating func add(_ report: FileReport) {
        for reading in report.readings { definitionsByDialect[reading.dialect, default: 0] += 1 }
        if report.streamRecord != nil {
            records += 1
            if !report.diagnostics.isEmpty { recordsWithProblems += 1 }
        } else {
            files += 1
            if !report.diagnostics.isEmpty { filesWithProblems += 1 }
        }
        for diagnostic in report.diagnostics {
            switch diagnostic.severity {
            case .error: errors += 1
            case .warning: warnings += 1
            case .info: infos += 1
            }
        }
    }

    /// Counts a record of a stream that has no finding, and the system its definition was read as.
    public mutating func addCleanRecord(readAs dialect: Dialect? = nil) {
        records += 1
        if let dialect { definitionsByDialect[dialect, default: 0] += 1 }
    }

    /// Counts a stream file (its records are counted as they are added).
    public mutating func addStream(_ kind: StreamKind) {
        streams += 1
        streamKinds.insert(kind)
        if recordsWithProblems > recordsWithProblemsBeforeStream { streamsWithProblems += 1 }
        recordsWithProblemsBeforeStream = recordsWithProblems
    }

    /// Whether anything was checked (the summary line is written only then).
    public var checkedAny: Bool { files + streams > 0 }

    public var line: String {
        var checked: [String] = []
        var withProblems: [String] = []
        let streamPart = " in \(Self.count(streams, "file"))"
        if files > 0 || streams == 0 {
            checked.append(Self.count(files, "file"))
            withProblems.append("\(Self.grouped(filesWithProblems)) of \(Self.count(files, "file"))")
        }
        if streams > 0 {
            // What each kind calls a record when all the streams are of one kind ("documents"); else "records".
            let noun = streamKinds.count == 1 ? streamKinds.first!.recordNoun : StreamKind.jsonLines.recordNoun
            checked.append(Self.count(records, noun) + streamPart)
            withProblems.append("\(Self.grouped(recordsWithProblems)) of \(Self.count(records, noun))" + streamPart)
        }
        var unreadable = unreadablePaths == 0 ? "" : "; \(Self.count(unreadablePaths, "path")) could not be read"
        if baselined > 0 { unreadable += "; \(Self.count(baselined, "finding")) in the baseline" }
        guard errors + warnings + infos > 0 else { return "No problems found in \(checked.joined(separator: " and "))\(unreadable)." }
        var parts: [String] = []
        if errors > 0 { parts.append(errors == 1 ? "1 error" : "\(Self.grouped(errors)) errors") }
        if warnings > 0 { parts.append(warnings == 1 ? "1 warning" : "\(Self.grouped(warnings)) warnings") }
        if infos > 0 { parts.append("\(Self.grouped(infos)) info") }
        return "Found \(parts.spokenList("and")) in \(withProblems.joined(separator: " and "))\(unreadable)."
    }

    /// "1 file", "12 files", "1,000,000 records".
    private static func count(_ number: Int, _ noun: String) -> String {
        number == 1 ? "1 \(noun)" : "\(grouped(number)) \(noun)s"
    }

    private static func grouped(_ number: Int) -> String { FileReport.grouped(number) }
}
