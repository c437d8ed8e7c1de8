import APNSLintRules
import APNSLintSyntax

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

/// The output formats of `apns-lint check --format`.
public enum ReportFormat: String, Sendable, CaseIterable {
    /// `path:line:col: severity: message [rule]`, the source line underlined, notes, help; then the summary line.
    case full
    /// One `path:line:col: severity: message [rule]` line per diagnostic (Xcode and editors parse it); then
    /// the summary line.
    case concise
    /// An object: the report format's version, the tool, the diagnostics in a stable schema and the summary (see
    /// `JSONReporter`).
    case json
    /// The bare array of diagnostics that `json` printed before its report format's version 2; kept for one release.
    case jsonArray = "json-array"
    /// SARIF 2.1.0, for GitHub code scanning and other SARIF viewers.
    case sarif
    /// GitHub Actions workflow commands (`::error file=…::message`), shown as pull-request annotations.
    case github
    /// JUnit XML: a test suite per file, a failing test case per diagnostic.
    case junit
    /// Checkstyle XML 4.3.
    case checkstyle
    /// GitLab Code Quality JSON.
    case gitlab

    /// The reporter for this format. Colour applies to `full` only; `quiet` leaves out the summary line of
    /// `full` and `concise` (`json` always has its summary; the other formats have none). `failLevel` is the lowest
    /// severity that fails the run: JUnit's failures are the findings at or above it.
    public func reporter(useColor: Bool = false, quiet: Bool = false, failLevel: Severity = .error) -> any Reporter {
        switch self {
        case .full: FullReporter(useColor: useColor, includeSummary: !quiet)
        case .concise: ConciseReporter(includeSummary: !quiet)
        case .json: JSONReporter()
        case .jsonArray: JSONReporter(layout: .bareArray)
        case .sarif: SARIFReporter()
        case .github: GitHubReporter()
        case .junit: JUnitReporter(failLevel: failLevel)
        case .checkstyle: CheckstyleReporter()
        case .gitlab: GitLabReporter()
        }
    }
}

extension ReportFormat {
    /// Whether the report lists the rules with their documentation (SARIF's `tool.driver.rules`). The other formats'
    /// reporters read nothing of the rules they are given.
    public var listsRules: Bool { self == .sarif }

    /// The documented rules that reports in `formats` need: every rule when one of them lists the rules, else none.
    /// Building every rule's documentation (its texts and examples) costs more than linting a file (about 1 ms of a
    /// 10 ms one-file run), so a run that writes no such report builds none.
    public static func documentedRules(for formats: [ReportFormat]) -> [DocumentedRule] {
        formats.contains { $0.listsRules } ? RuleRegistry.all.map { $0.documented } : []
    }
}

/// Names and addresses the machine-readable formats carry.
public enum APNSLintTool {
    public static let name = "apns-lint"
    public static let version = "0.1.0"
    public static let informationURI = "https://github.com/apns-lint/apns-lint"
    /// A rule's page is this followed by `<id>.md`.
    public static let ruleDocumentationBaseURL = "https://github.com/apns-lint/apns-lint/blob/main/Rules/"

    public static func documentationURL(forRule id: String) -> String {
        ruleDocumentationBaseURL + id + ".md"
    }
}

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

/// A JSON value with object keys in the order written, so output is byte-for-byte stable.
enum JSONOutput {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([JSONOutput])
    case object([(String, JSONOutput)])

    static func optional(_ value: String?) -> JSONOutput { value.map(JSONOutput.string) ?? .null }

    /// Compact when `indent` is nil; otherwise pretty with that many spaces per level, starting at `level`.
    func serialized(indent: Int? = 2, level: Int = 0) -> String {
        var out = ""
        write(to: &out, indent: indent, level: level)
        return out
    }

    private func write(to out: inout String, indent: Int?, level: Int) {
        func newline(_ level: Int) {
            guard let indent else { return }
            out += "\n" + String(repeating: " ", count: indent * level)
        }
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .int(let value): out += String(value)
        case .string(let value): out += JSONOutput.quoted(value)
        case .array(let items):
            guard !items.isEmpty else { out += "[]"; return }
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                newline(level + 1)
                item.write(to: &out, indent: indent, level: level + 1)
            }
            newline(level)
            out += "]"
        case .object(let members):
            guard !members.isEmpty else { out += "{}"; return }
            out += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { out += "," }
                newline(level + 1)
                out += JSONOutput.quoted(key) + (indent == nil ? ":" : ": ")
                value.write(to: &out, indent: indent, level: level + 1)
            }
            newline(level)
            out += "}"
        }
    }

    /// A JSON string literal (RFC 8259): `"` and `\` escaped, control characters as `\n`, `\t`… or `\u00XX`, and
    /// U+2028 and U+2029 as `\u2028` and `\u2029`. Byte by byte over the UTF-8, where every character escaped is one
    /// byte or (U+2028, U+2029) one fixed sequence: appending scalar by scalar to a `String` made SARIF's rule list
    /// (its help texts) cost more than half of a one-file `--format sarif` run.
    static func quoted(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 2)
            out.append(UInt8(ascii: "\""))
            func escape(_ letter: Unicode.Scalar) { out += [UInt8(ascii: "\\"), UInt8(ascii: letter)] }
            func escape(hex value: Int) {
                out += [UInt8(ascii: "\\"), UInt8(ascii: "u")]
                for shift in stride(from: 12, through: 0, by: -4) { out.append(hexDigits[(value >> shift) & 0xF]) }
            }
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): escape(Unicode.Scalar(byte))
                case 0x0A: escape("n")
                case 0x0D: escape("r")
                case 0x09: escape("t")
                case 0x08: escape("b")
                case 0x0C: escape("f")
                case 0x00..<0x20, 0x7F: escape(hex: Int(byte))
                // U+2028 and U+2029 (E2 80 A8, E2 80 A9): line breaks to JavaScript.
                case 0xE2 where index + 1 < bytes.count && bytes[index] == 0x80 && (bytes[index + 1] == 0xA8 || bytes[index + 1] == 0xA9):
                    escape(hex: bytes[index + 1] == 0xA8 ? 0x2028 : 0x2029)
                    index += 2
                default: out.append(byte)
                }
            }
            out.append(UInt8(ascii: "\""))
            return String(decoding: out, as: UTF8.self)
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}

enum XMLText {
    /// Escaped for XML 1.0 text and attribute values. Characters XML 1.0 cannot hold at all (most control
    /// characters) become U+FFFD; line breaks and tabs become character references so attributes keep them.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            case "\t": out += "&#9;"
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
