import APNSLintRules
import APNSLintSyntax

/// `json`: every diagnostic of the run as one JSON array, pretty-printed with 2 spaces, UTF-8, ending with a
/// newline. Files come in the order given, diagnostics in each file's order (by position, then rule id).
/// Keys are always present, in this order (absent values are `null`, never left out):
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
/// | `start`, `end` | object or null | `{"line", "column", "offset"}`: 1-based line, 1-based column in Unicode scalars, 0-based byte offset (`end` is exclusive); null when the finding has no place in the file (a header from the command line) |
/// | `url` | string | the rule's documentation page |
/// | `notes` | array | `{"message", "start"}` with `start` as above or null |
/// | `fix` | object or null | `{"title", "applicability" ("safe" or "unsafe"), "edits": [{"start", "end", "replacement"}]}` with byte offsets into the original file and the exact replacement text |
public struct JSONReporter: StreamingReporter {
    public init() {}

    // The array written a report at a time, as `JSONOutput.array(items).serialized()` writes it whole.
    public func opening() -> String { "[" }

    public func fragment(_ report: FileReport) -> String {
        report.diagnostics.map { "\n  " + object(for: $0, in: report).serialized(level: 1) }.joined(separator: ",")
    }

    public var separator: String { "," }

    public func closing(_ summary: Summary, wroteFragments: Bool) -> String {
        wroteFragments ? "\n]\n" : "]\n"
    }

    func object(for diagnostic: Diagnostic, in report: FileReport) -> JSONOutput {
        func position(_ position: SourcePosition) -> JSONOutput {
            .object([("line", .int(position.line)), ("column", .int(position.column)), ("offset", .int(position.offset))])
        }
        let positions = diagnostic.range.map { report.positions($0) }
        let fix: JSONOutput = diagnostic.fix.map { fix in
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
        return .object([
            ("rule", .string(diagnostic.ruleID)),
            ("severity", .string(diagnostic.severity.rawValue)),
            ("message", .string(diagnostic.message)),
            ("help", .optional(diagnostic.help)),
            ("file", .string(report.fileName)),
            ("pointer", .string(diagnostic.pointer.description)),
            ("document", diagnostic.document.map(JSONOutput.int) ?? .null),
            ("start", positions.map { position($0.start) } ?? .null),
            ("end", positions.map { position($0.end) } ?? .null),
            ("url", .string(APNSLintTool.documentationURL(forRule: diagnostic.ruleID))),
            ("notes", .array(diagnostic.notes.map { note in
                .object([("message", .string(note.message)),
                         ("start", note.range.map { position(report.source.position(of: $0.start)) } ?? .null)])
            })),
            ("fix", fix),
        ])
    }
}
