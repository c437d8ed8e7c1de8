import APNSLintDialects
import APNSLintModel
import APNSLintSyntax

/// Whether a file found while walking a directory is a notification definition, judged from what its reader read
/// (the parse that linting then uses, so the file is read and parsed once):
///
/// - a Simulator notification file (`.apns`) always is;
/// - an Erlang term file (`.erl`, `.eterm`, `.term`, `.config`) is when `DefinitionMarks` marks one of its terms, with
///   apns_json's and apns_erlv3's words (`extra`, `token`) marking too; an Erlang project's modules and its build and
///   release configuration are skipped, each said for what it is (`ErlangProjectFile`);
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
        if fileName.flatMap(registry.implied(byFileName:)) != nil { return nil }
        if format == .erlang { return erlangSkipReason(parsed, source: source, fileName: fileName, registry: registry) }
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

    /// The same for an Erlang text: source code is skipped first (a module that builds a notification holds its keys),
    /// then what holds a definition's key at the top of a term is linted, and other terms are said for what they are.
    private static func erlangSkipReason(_ parsed: ParseResult, source: SourceText, fileName: String?, registry: DialectRegistry) -> String? {
        if let form = parsed.erlangSourceForm { return ErlangProjectFile.reason(for: form, in: source) }
        if parsed.documents.contains(where: registry.marks.marksErlangDefinition) { return nil }
        if let problem = parsed.problems.first(where: { $0.kind == .invalidSyntax }) {
            if mentionsErlangKey(in: source.bytes, from: registry.marks.erlangTextKeys) { return nil }
            return "not a valid Erlang term (\(source.position(of: problem.range.start)): \(problem.message)), and no notification-definition key appears in it"
        }
        if parsed.erlangTerms.isEmpty { return "it holds no Erlang term" }
        if let kind = ErlangProjectFile.kind(of: parsed.erlangTerms, fileName: fileName) { return "\(kind), not notification terms" }
        return "no notification-definition key at the top level of its terms (aps, alert, badge, sound, extra, token, headers, payload, mdm, dialect, …)"
    }

    /// Whether one of `keys` is written in an Erlang text as a proplist's or a map's key: an atom, a quoted atom, a
    /// binary or a string after `{` and before `,` (`{alert, `, `{'loc-key',`, `{<<"aps">>,`), or before `=>`.
    static func mentionsErlangKey(in bytes: [UInt8], from keys: Set<String>) -> Bool {
        func skipBlanks(_ index: inout Int) {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D { index += 1 }
        }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            guard byte == UInt8(ascii: "{") || byte == UInt8(ascii: ",") else { continue }
            var start = index
            skipBlanks(&start)
            var end = start
            if bytes[start...].starts(with: Array("<<\"".utf8)) {
                start += 3
                end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: "\"") { end += 1 }
                guard bytes[end...].starts(with: Array("\">>".utf8)) else { continue }
                end += 3
            } else if start < bytes.count, bytes[start] == UInt8(ascii: "'") || bytes[start] == UInt8(ascii: "\"") {
                let quote = bytes[start]
                start += 1
                end = start
                while end < bytes.count, bytes[end] != quote { end += 1 }
                guard end < bytes.count else { continue }
                end += 1
            } else {
                while end < bytes.count, isWordByte(bytes[end]) { end += 1 }
            }
            let word = bytes[start..<min(end, bytes.count)].prefix { $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "'") }
            var after = end
            skipBlanks(&after)
            let isKey = after < bytes.count
                && (byte == UInt8(ascii: "{") && bytes[after] == UInt8(ascii: ",")
                    || bytes[after...].starts(with: Array("=>".utf8)))
            if isKey, !word.isEmpty, keys.contains(String(decoding: word, as: UTF8.self)) { return true }
        }
        return false
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
