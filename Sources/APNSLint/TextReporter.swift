import APNSLintSyntax

/// The default human output: `path:line:col: severity: message [rule-id]`, the source line with the range
/// underlined, notes, and a `help:` line.
public struct TextReporter: Sendable {
    public var useColor: Bool
    /// Excerpts of longer lines are cut to a window around the range, so a one-line 100 MB file prints one
    /// short line.
    public var maxExcerptWidth = 120

    public init(useColor: Bool = false) {
        self.useColor = useColor
    }

    public func render(_ report: FileReport) -> String {
        report.diagnostics.map { render($0, in: report) }.joined()
    }

    public func render(_ diagnostic: Diagnostic, in report: FileReport) -> String {
        let source = report.source
        var out = ""
        let severity = paint(diagnostic.severity.rawValue, severityColor(diagnostic.severity), bold: true)
        let location = report.place(of: diagnostic)
        out += "\(paint(location, nil, bold: true)): \(severity): \(paint(diagnostic.message, nil, bold: true)) \(paint("[\(diagnostic.ruleID)]", "2"))\n"
        if let range = diagnostic.range {
            out += excerpt(range, in: source)
        }
        let gutterWidth = diagnostic.range.map { String(source.position(of: $0.start).line).count } ?? 0
        let pad = String(repeating: " ", count: gutterWidth + 1)
        if let part = report.partName(of: diagnostic) {
            out += "\(pad)\(paint("=", "34")) \(paint("note", nil, bold: true)): in \(part)\n"
        }
        for note in diagnostic.notes {
            let place = note.range.map { " (\(report.fileName):\(source.position(of: $0.start)))" } ?? ""
            out += "\(pad)\(paint("=", "34")) \(paint("note", nil, bold: true)): \(note.message)\(place)\n"
        }
        if let help = diagnostic.help {
            out += "\(pad)\(paint("=", "34")) \(paint("help", "36", bold: true)): \(help)\n"
        }
        out += "\n"
        return out
    }

    /// The line of `range.start`, with carets under the part of the range on that line. Only a window of
    /// `maxExcerptWidth` characters around the range is decoded, so a huge one-line file costs nothing extra.
    func excerpt(_ range: SourceRange, in source: SourceText) -> String {
        let bytes = source.bytes
        let start = source.position(of: range.start)
        let line = source.lineRange(start.line)
        let anchor = min(range.start, line.end)
        func isContinuation(_ offset: Int) -> Bool { offset < bytes.count && bytes[offset] & 0xC0 == 0x80 }

        // A short line is shown whole; a long one as a window with up to a third of it before the range.
        let lineScalars = line.length > 4 * maxExcerptWidth
            ? Int.max : bytes[line.start..<line.end].count { $0 & 0xC0 != 0x80 }
        let budgetBefore = lineScalars <= maxExcerptWidth ? maxExcerptWidth : maxExcerptWidth / 3
        var windowStart = anchor
        var before = 0
        while windowStart > line.start, before < budgetBefore {
            windowStart -= 1
            while windowStart > line.start, isContinuation(windowStart) { windowStart -= 1 }
            before += 1
        }
        var windowEnd = anchor
        var after = 0
        var caretEnd = anchor
        let rangeEnd = min(max(range.end, range.start), line.end)
        while windowEnd < line.end, before + after < max(maxExcerptWidth, lineScalars == Int.max ? 0 : lineScalars) {
            windowEnd += 1
            while windowEnd < line.end, isContinuation(windowEnd) { windowEnd += 1 }
            after += 1
            if windowEnd <= rangeEnd { caretEnd = windowEnd }
        }

        var shown = ""
        var caretIndent = 0
        var width = 0
        var offset = windowStart
        for scalar in String(decoding: bytes[windowStart..<windowEnd], as: UTF8.self).unicodeScalars {
            // Tabs become spaces so the carets line up; other control characters become U+FFFD.
            let rendered = scalar == "\t" ? "    " : (scalar.value < 0x20 || scalar.value == 0x7F ? "\u{FFFD}" : String(scalar))
            let columns = scalar == "\t" ? 4 : 1
            if offset < anchor { caretIndent += columns } else if offset < caretEnd { width += columns }
            shown += rendered
            offset += max(1, String(scalar).utf8.count)
        }
        width = max(1, width)
        if windowStart > line.start { shown = "…" + shown; caretIndent += 1 }
        if windowEnd < line.end { shown += "…" }

        let number = String(start.line)
        let gutter = String(repeating: " ", count: number.count)
        let bar = paint("|", "34")
        return "\(gutter) \(bar)\n"
            + "\(paint(number, "34")) \(bar) \(shown)\n"
            + "\(gutter) \(bar) \(String(repeating: " ", count: caretIndent))\(paint(String(repeating: "^", count: width), "31", bold: true))\n"
    }

    func severityColor(_ severity: Severity) -> String {
        switch severity {
        case .error: "31"
        case .warning: "33"
        case .info: "36"
        }
    }

    func paint(_ text: String, _ color: String?, bold: Bool = false) -> String {
        guard useColor else { return text }
        var codes: [String] = []
        if bold { codes.append("1") }
        if let color { codes.append(color) }
        guard !codes.isEmpty else { return text }
        return "\u{1B}[\(codes.joined(separator: ";"))m\(text)\u{1B}[0m"
    }
}

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
    /// The fixes `--fix` applied; nil when the run fixes nothing.
    public var fixesApplied: Int?

    public init() {}

    /// Counts a report: a file, or a record of a stream.
    public mutating func add(_ report: FileReport) {
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

    /// Counts a record of a stream that has no finding.
    public mutating func addCleanRecord() {
        records += 1
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
        let unreadable = unreadablePaths == 0 ? "" : "; \(Self.count(unreadablePaths, "path")) could not be read"
        guard errors + warnings + infos > 0 else { return "No problems found in \(checked.joined(separator: " and "))\(unreadable)." }
        var parts: [String] = []
        if errors > 0 { parts.append(errors == 1 ? "1 error" : "\(Self.grouped(errors)) errors") }
        if warnings > 0 { parts.append(warnings == 1 ? "1 warning" : "\(Self.grouped(warnings)) warnings") }
        if infos > 0 { parts.append("\(Self.grouped(infos)) info") }
        let list = parts.count > 1 ? parts.dropLast().joined(separator: ", ") + " and " + parts.last! : parts[0]
        return "Found \(list) in \(withProblems.joined(separator: " and "))\(unreadable)."
    }

    /// "1 file", "12 files", "1,000,000 records".
    private static func count(_ number: Int, _ noun: String) -> String {
        number == 1 ? "1 \(noun)" : "\(grouped(number)) \(noun)s"
    }

    private static func grouped(_ number: Int) -> String { FileReport.grouped(number) }
}
