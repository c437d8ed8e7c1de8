import APNSLintSyntax

/// What the reporters ask of a report: where a range is, and what an edit writes.
extension FileReport {
    /// The start and end positions of a range (1-based line, 1-based scalar column, byte offset).
    func positions(_ range: SourceRange) -> (start: SourcePosition, end: SourcePosition) {
        (source.position(of: range.start), source.position(of: max(range.start, range.end)))
    }

    /// An edit as the bytes the fixer writes (see `ScalarSpelling.literal`), at the file's offsets (a stream's record
    /// starts where it does in its file).
    public func literal(_ edit: TextEdit) -> TextEdit {
        let literal = ScalarSpelling.literal(edit, in: source, format: format)
        guard source.origin.offset != 0 else { return literal }
        let range = SourceRange(start: literal.range.start + source.origin.offset, end: literal.range.end + source.origin.offset)
        return TextEdit(range: range, replacement: literal.replacement)
    }
}

/// The reports of one file: a file's own report, or the consecutive records of one stream (a JSON Lines file's
/// findings arrive a record at a time). Formats whose unit is the file (JUnit's test suite, Checkstyle's `<file>`)
/// write one unit for each.
struct FileReports {
    let fileName: String
    let records: ArraySlice<FileReport>

    var diagnostics: some Sequence<(report: FileReport, diagnostic: Diagnostic)> {
        records.lazy.flatMap { report in report.diagnostics.lazy.map { (report, $0) } }
    }
    var diagnosticCount: Int { records.reduce(0) { $0 + $1.diagnostics.count } }

    /// `reports` grouped by file, in order.
    static func grouped(_ reports: [FileReport]) -> [FileReports] {
        var groups: [FileReports] = []
        var start = reports.startIndex
        while start < reports.endIndex {
            var end = start + 1
            if reports[start].streamKind != nil {
                while end < reports.endIndex, reports[end].streamKind != nil, reports[end].fileName == reports[start].fileName { end += 1 }
            }
            groups.append(FileReports(fileName: reports[start].fileName, records: reports[start..<end]))
            start = end
        }
        return groups
    }
}

extension FileReport {
    /// The report of a stream none of whose records has a finding: what a format that lists every file checked
    /// writes for it (the records themselves are counted, not kept).
    static func cleanStream(named name: String, kind: StreamKind) -> FileReport {
        var report = FileReport(fileName: name, source: SourceText(bytes: []), format: kind.recordFormat, diagnostics: [],
                                firstDocument: nil, laterDocuments: [])
        report.streamKind = kind
        return report
    }
}
