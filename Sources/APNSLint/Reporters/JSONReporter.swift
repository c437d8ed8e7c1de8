import APNSLintRules
import APNSLintSyntax

/// `json`: the run's report as one JSON object, pretty-printed with 2 spaces, UTF-8, ending with a newline:
///
/// | key | type | meaning |
/// |---|---|---|
/// | `version` | integer | the report format's version, `reportVersion` (2; version 1 was the bare array) |
/// | `tool` | object | `{"name", "version"}`: `apns-lint` and its version |
/// | `diagnostics` | array | every diagnostic of the run, as below |
/// | `summary` | object | `{"files", "filesWithFindings", "records", "recordsWithFindings", "errors", "warnings", "info", "unreadablePaths", "fixesApplied", "dialects"}`: files checked (a stream counts as one), stream records, findings by severity, paths that could not be read, the fixes `--fix` applied (null without `--fix`), and how many definitions were read as each system (`{"apns": 12, "fcm": 2}`, the registry's order) |
///
/// The summary comes last, so that a stream's diagnostics are written as they are found. `json-array`
/// (`Layout.bareArray`) is the diagnostics array alone, as `json` printed it before version 2. `json-lines`
/// (`Layout.lines`) is one diagnostic a line, each the object below written compactly (no spaces, no line breaks
/// inside; keys in the same order) with one more key at its end, `record`, and nothing else: no opening, no summary
/// (a run without findings writes nothing; the exit status tells whether the run failed), so a pipe reads diagnostics
/// alone, as they are found.
///
/// Files come in the order given, diagnostics in each file's order (by position, then rule id). A diagnostic's keys
/// are always present, in this order (absent values are `null`, never left out):
///
/// | key | type | meaning |
/// |---|---|---|
/// | `rule` | string | the rule id (`badge-invalid`) |
/// | `severity` | string | `error`, `warning` or `info` |
/// | `message` | string | what is wrong |
/// | `help` | string or null | how to fix it |
/// | `file` | string | the path as given (or `--stdin-filename`) |
/// | `pointer` | string | RFC 6901 JSON Pointer of the value in the definition (`""` is the whole document) |
/// | `document` | integer or null | which document of a multi-document YAML stream, from 0; null for one document |
/// | `start`, `end` | object or null | `{"line", "column", "offset"}`: 1-based line, 1-based column in Unicode scalars, 0-based byte offset (`end` is exclusive); null when the finding has no place in the file (a header from the command line or the configuration) |
/// | `externalLocation` | object or null | `{"file", "line", "column"}`: where the finding is when that is another file: a header the configuration gives, at its line in the configuration file (`file` as shown, relative to the working directory); null otherwise |
/// | `url` | string | the rule's documentation page |
/// | `notes` | array | `{"message", "start", "location"}` with `start` as above or null, and `location` a place in another file (`{"file", "line", "column"}`: the app's Info.plist a finding contradicts) or null |
/// | `fix` | object or null | `{"title", "applicability" ("safe" or "unsafe"), "edits": [{"start", "end", "replacement"}]}` with byte offsets into the original file and the exact replacement text |
/// | `dialect` | object or null | how the definition the finding is about was read: `{"name", "title", "because", "weighed", "certain"}`, the system's `--dialect` name and title, why (`its top level has "aps"`), the other systems whose keys it also holds (names), and false when the reading could be another; null when no definition was read (the text could not be) |
/// | `record` | integer or null | `json-lines` only: the 1-based number of the stream record the finding is in (a JSON Lines file's), null outside a stream |
public struct JSONReporter: StreamingReporter {
    /// The version of the report's layout; a consumer checks it before reading the rest.
    public static let reportVersion = 2

    public enum Layout: Sendable {
        /// The versioned object (`json`).
        case report
        /// The diagnostics array alone (`json-array`), the layout before version 2.
        case bareArray
        /// One compact diagnostic a line, with its `record` (`json-lines`), and nothing else.
        case lines
    }

    public var layout: Layout

    public init(layout: Layout = .report) {
        self.layout = layout
    }

    /// How deep a diagnostic object stands: in the array at the top, or in the report's `diagnostics`.
    private var diagnosticLevel: Int { layout == .report ? 2 : 1 }

    // Written a report at a time, as `JSONValue.serialized()` writes the whole value.
    public func opening() -> String {
        switch layout {
        case .lines: return ""
        case .bareArray: return "["
        case .report:
            let tool = JSONValue.object([("name", .string(APNSLintTool.name)), ("version", .string(APNSLintTool.version))])
            return "{\n  \"version\": \(Self.reportVersion),\n  \"tool\": \(tool.serialized(level: 1)),\n  \"diagnostics\": ["
        }
    }

    public func fragment(_ report: FileReport) -> String {
        if layout == .lines {
            return report.diagnostics.map { object(for: $0, in: report).serialized(.compact) + "\n" }.joined()
        }
        let indent = "\n" + String(repeating: " ", count: 2 * diagnosticLevel)
        return report.diagnostics.map { indent + object(for: $0, in: report).serialized(level: diagnosticLevel) }.joined(separator: ",")
    }

    public var separator: String { layout == .lines ? "" : "," }

    public func closing(_ summary: Summary, wroteFragments: Bool) -> String {
        switch layout {
        case .lines: return ""
        case .bareArray: return wroteFragments ? "\n]\n" : "]\n"
        case .report: return (wroteFragments ? "\n  ]" : "]") + ",\n  \"summary\": \(Self.object(for: summary).serialized(level: 1))\n}\n"
        }
    }

    static func object(for summary: Summary) -> JSONValue {
        .object([
            ("files", .int(summary.files + summary.streams)),
            ("filesWithFindings", .int(summary.filesWithProblems + summary.streamsWithProblems)),
            ("records", .int(summary.records)),
            ("recordsWithFindings", .int(summary.recordsWithProblems)),
            ("errors", .int(summary.errors)),
            ("warnings", .int(summary.warnings)),
            ("info", .int(summary.infos)),
            ("unreadablePaths", .int(summary.unreadablePaths)),
            ("fixesApplied", summary.fixesApplied.map(JSONValue.int) ?? .null),
            ("dialects", .object(summary.dialectCounts.map { ($0.dialect.rawValue, .int($0.count)) })),
        ])
    }

    func object(for diagnostic: Diagnostic, in report: FileReport) -> JSONValue {
        func position(_ position: SourcePosition) -> JSONValue {
            .object([("line", .int(position.line)), ("column", .int(position.column)), ("offset", .int(position.offset))])
        }
        let positions = diagnostic.range.map { report.positions($0) }
        let fix: JSONValue = diagnostic.fix.map { fix in
            .object([
                ("title", .string(fix.title)),
                ("applicability", .string(fix.applicability.rawValue)),
                ("edits", .array(fix.edits.map { edit in
                    let edit = report.literal(edit)
                    return .object([("start", .int(edit.range.start)), ("end", .int(edit.range.end)),
                                    ("replacement", .string(edit.replacement))])
                })),
            ])
        } ?? .null
        // The bare array keeps the layout it had before version 2, which has no `externalLocation` nor `dialect`.
        let dialect: [(String, JSONValue)] = layout == .bareArray ? [] : [("dialect", report.reading(of: diagnostic).map(Self.object(for:)) ?? .null)]
        let external: [(String, JSONValue)] = layout == .bareArray ? [] : [("externalLocation", diagnostic.externalLocation.map(Self.object(for:)) ?? .null)]
        return .object([
            ("rule", .string(diagnostic.ruleID)),
            ("severity", .string(diagnostic.severity.rawValue)),
            ("message", .string(diagnostic.message)),
            ("help", .optional(diagnostic.help)),
            ("file", .string(report.fileName)),
            ("pointer", .string(diagnostic.pointer.description)),
            ("document", diagnostic.document.map(JSONValue.int) ?? .null),
            ("start", positions.map { position($0.start) } ?? .null),
            ("end", positions.map { position($0.end) } ?? .null),
        ] + external + [
            ("url", .string(APNSLintTool.documentationURL(forRule: diagnostic.ruleID))),
            ("notes", .array(diagnostic.notes.map { note in
                .object([("message", .string(note.message)),
                         ("start", note.range.map { position(report.source.position(of: $0.start)) } ?? .null)]
                        + (layout == .bareArray ? [] : [("location", note.location.map(Self.object(for:)) ?? .null)]))
            })),
            ("fix", fix),
        ] + dialect + (layout == .lines ? [("record", report.streamRecord.map(JSONValue.int) ?? .null)] : []))
    }

    /// `{"file", "line", "column"}`: a place in another file than the one linted.
    static func object(for location: ExternalLocation) -> JSONValue {
        .object([("file", .string(location.path)), ("line", .int(location.line)), ("column", .int(location.column))])
    }

    static func object(for reading: DialectReading) -> JSONValue {
        .object([
            ("name", .string(reading.dialect.rawValue)),
            ("title", .string(reading.dialect.title)),
            ("because", .string(reading.because)),
            ("weighed", .array(reading.weighed.map { .string($0.rawValue) })),
            ("certain", .bool(reading.isCertain)),
        ])
    }
}
