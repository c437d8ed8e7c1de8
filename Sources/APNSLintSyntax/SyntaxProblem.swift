/// The languages the readers read.
public enum SourceLanguage: String, Sendable, Hashable, CaseIterable {
    case json, yaml, erlang
}

/// A problem a reader found in the text itself.
public struct SyntaxProblem: Hashable, Sendable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The text is not valid in its format.
        case invalidSyntax
        /// A comma after the last member or element of a JSON object or array: not JSON (RFC 8259), but some readers
        /// take it (Foundation's `JSONSerialization`), so the layers that know which reader reads the file judge it.
        /// The reader reads past it, as it does past a comment, and offers the fix.
        case trailingComma
        /// A UTF-8 byte order mark at the start of the text.
        case byteOrderMark
        /// YAML aliases expand beyond the budget (a "billion laughs" file).
        case aliasLimit
        /// A value JSON cannot carry: a non-string key, an unknown tag, `.inf`/`.nan`, an Erlang tuple.
        case nonJSONValue
        /// A YAML plain scalar that YAML 1.1 tools read differently (`yes`, `010`, `2026-11-21`).
        case ambiguousScalar
        /// An Erlang `"..."` character list where a binary is expected.
        case charlistString
        /// An Erlang text of no term (empty, or only comments and whitespace). `file:consult/1` reads it, as `[]`, so
        /// the reader, which agrees with it, does not report this: the linter does, since such a file defines nothing
        /// to send. (JSON's and YAML's readers report an empty text as invalid syntax.)
        case noTerm

        /// Whether the text is not valid in its format: a syntax error, or a trailing comma (which only a lenient
        /// reader takes).
        public var isInvalidSyntax: Bool { self == .invalidSyntax || self == .trailingComma }
    }

    public var kind: Kind
    public var message: String
    public var help: String?
    public var range: SourceRange
    public var fix: Fix?

    public init(_ kind: Kind, _ message: String, help: String? = nil, range: SourceRange, fix: Fix? = nil) {
        self.kind = kind
        self.message = message
        self.help = help
        self.range = range
        self.fix = fix
    }
}
