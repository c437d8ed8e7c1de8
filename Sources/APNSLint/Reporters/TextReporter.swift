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
            let place = note.range.map { " (\(report.fileName):\(source.position(of: $0.start)))" } ?? note.location.map { " (\($0))" } ?? ""
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
            let columns = scalar == "\t" ? 4 : Self.terminalColumns(of: scalar)
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

    /// The cells a terminal gives a scalar, so the carets stay under what they mark after a wide character: two for
    /// an emoji shown as one (`😀`) and for East Asian wide and fullwidth characters, none for combining marks, zero
    /// width characters and variation selectors, one for the rest. (A variation selector 16 turning a text symbol such as
    /// `❤` into an emoji counts none: terminals differ on it.)
    static func terminalColumns(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x300 { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if (0xFE00...0xFE0F).contains(value) { return 0 }
        if scalar.properties.isEmojiPresentation { return 2 }
        return wideRanges.contains { $0.contains(value) } ? 2 : 1
    }

    /// East Asian wide and fullwidth blocks, made once rather than on every scalar of an excerpt.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
        0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD,
    ]

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
