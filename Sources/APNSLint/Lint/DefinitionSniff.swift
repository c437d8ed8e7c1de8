import APNSLintDialects
import APNSLintModel
import APNSLintSyntax

/// Whether a file found while walking a directory is a notification definition, judged from what its reader read
/// (the parse that linting then uses, so the file is read and parsed once):
///
/// - an Erlang term file (`.erl`, `.eterm`, `.term`, `.config`) and a Simulator notification file (`.apns`) always
///   are;
/// - a JSON or YAML document is when `DefinitionMarks` marks it: `aps`, the `headers`/`payload` envelope, `mdm`,
///   a dialect's fields or a `dialect` key at its top level, or a top-level list holding such an object (in a
///   YAML stream, any of its documents);
/// - a file the reader could not read whole is one when a definition's key appears anywhere in its text (a broken
///   definition is reported, not skipped, while a `tsconfig.json` with comments is still skipped), and when the
///   reader refused to expand its aliases (a "billion laughs" file is a hazard worth reporting whatever it holds).
public enum DefinitionSniff {
    /// Why the file is not linted, or nil when it looks like a definition.
    public static func skipReason(_ parsed: ParseResult, source: SourceText, format: InputFormat, fileName: String?,
                                  registry: DialectRegistry = .standard) -> String? {
        if format == .erlang || fileName.flatMap(registry.implied(byFileName:)) != nil { return nil }
        if parsed.documents.contains(where: registry.marks.marksDefinition) { return nil }
        if parsed.problems.contains(where: { $0.kind == .aliasLimit }) { return nil }
        let formatName = format == .json ? "JSON" : "YAML"
        if let problem = parsed.problems.first(where: { $0.kind.isInvalidSyntax }) {
            if mentionsKey(in: source.bytes, from: registry.marks.textKeys) { return nil }
            return "not valid \(formatName) (\(source.position(of: problem.range.start)): \(problem.message)), and no notification-definition key appears in it"
        }
        guard let first = parsed.documents.first else { return "it holds no \(formatName) document" }
        // The reader kept no more of the document than its size (see `Linter.retentionLimit`), far beyond any
        // definition's.
        if parsed.documents.count == 1, let summary = first.elided {
            return "its top level is \(summary.isObject ? "an object" : "an array") of \(summary.count) \(summary.isObject ? "members" : "elements") and \(first.range.length) bytes, too large to look through for a notification definition (name the file to lint it)"
        }
        if parsed.documents.count == 1, first.members == nil {
            return first.elements != nil ? "its top level is an array with no notification definition in it"
                : "its top level is \(first.kind.phrase), not a notification definition"
        }
        return "no notification-definition key at its top level (aps, headers, payload, mdm, dialect, or a field of \(registry.fieldsPhrase))"
    }

    /// Whether one of `keys` is written anywhere in the text as a key: a word followed, after an optional closing
    /// quote and spaces, by a colon (`"aps":`, `aps:`, `'pushType' :`).
    static func mentionsKey(in bytes: [UInt8], from keys: Set<String>) -> Bool {
        let longest = keys.map(\.utf8.count).max() ?? 0
        var index = 0
        while index < bytes.count {
            guard isWordByte(bytes[index]) else {
                index += 1
                continue
            }
            let start = index
            while index < bytes.count, isWordByte(bytes[index]) { index += 1 }
            guard index - start <= longest else { continue }
            var next = index
            if next < bytes.count, bytes[next] == UInt8(ascii: "\"") || bytes[next] == UInt8(ascii: "'") { next += 1 }
            while next < bytes.count, bytes[next] == UInt8(ascii: " ") || bytes[next] == UInt8(ascii: "\t") { next += 1 }
            if next < bytes.count, bytes[next] == UInt8(ascii: ":"),
               keys.contains(String(decoding: bytes[start..<index], as: UTF8.self)) {
                return true
            }
        }
        return false
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), UInt8(ascii: "-"):
            true
        default:
            false
        }
    }
}
