/// How much a diagnostic matters. Ordered: `info < warning < error`.
public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable, Codable {
    case info, warning, error

    private var rank: Int {
        switch self {
        case .info: 0
        case .warning: 1
        case .error: 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// Replace the bytes of `range` in the original source with `replacement`.
public struct TextEdit: Hashable, Sendable {
    /// What the replacement is. Rules know nothing of file formats, so a rule that writes a key or a string says
    /// so, and the fixer writes it the way the input's format and the original text spell it (`"k"` in JSON,
    /// `k` or `"k"` in YAML, an atom or a binary in Erlang).
    public enum Content: Hashable, Sendable {
        /// `replacement` is written as it stands.
        case text
        /// `replacement` is a string value or key, to be written in the input's syntax.
        case string
        /// `replacement` is the JSON text of a whole value that replaces a node (JSON is also YAML flow syntax), to
        /// be placed where the input's format reads it as that node: a YAML flow collection cannot start a line at
        /// its key's own column, as a block sequence may (`aps:\n- alert: Hi`).
        case value
    }

    public var range: SourceRange
    public var replacement: String
    public var content: Content

    public init(range: SourceRange, replacement: String, content: Content = .text) {
        self.range = range
        self.replacement = replacement
        self.content = content
    }

    /// Replaces a string scalar (a key or a value) with `text`, spelled in the input's syntax.
    public static func string(_ range: SourceRange, _ text: String) -> TextEdit {
        TextEdit(range: range, replacement: text, content: .string)
    }

    public static func delete(_ range: SourceRange) -> TextEdit {
        TextEdit(range: range, replacement: "")
    }
}

/// A repair: byte-range edits on the original text, applied together or not at all.
///
/// `safe` never changes what the device shows or does beyond making a rejected or ignored request valid;
/// `unsafe` may (it removes text, or changes delivery). This is ruff's model.
public struct Fix: Hashable, Sendable {
    public enum Applicability: String, Sendable, Hashable, Codable {
        case safe, unsafe
    }

    public var title: String
    public var edits: [TextEdit]
    public var applicability: Applicability

    public init(_ title: String, edits: [TextEdit], applicability: Applicability) {
        self.title = title
        self.edits = edits
        self.applicability = applicability
    }
}

/// A secondary message, optionally with its own place in the source (e.g. where a duplicate key first appeared).
public struct Note: Hashable, Sendable {
    public var message: String
    public var range: SourceRange?

    public init(_ message: String, range: SourceRange? = nil) {
        self.message = message
        self.range = range
    }
}

/// A place in another file than the one a finding is about: where a configuration file gives a header. A class: every
/// header option carries one (nil for most), and a reference keeps `HeaderOption` small to move (callgrind: as a
/// struct of two strings it cost each lint of a request body 170 instructions).
public final class ExternalLocation: Hashable, Sendable, CustomStringConvertible {
    /// The file's path as messages show it (relative to the working directory, or absolute).
    public let path: String
    /// The same, absolute: for an editor, which names files by URI.
    public let absolutePath: String
    /// 1-based, as `SourcePosition`.
    public let line: Int
    public let column: Int

    public init(path: String, absolutePath: String, line: Int, column: Int) {
        self.path = path
        self.absolutePath = absolutePath
        self.line = line
        self.column = column
    }

    /// `path:line:column`.
    public var description: String { "\(path):\(line):\(column)" }

    public static func == (left: ExternalLocation, right: ExternalLocation) -> Bool {
        left.path == right.path && left.absolutePath == right.absolutePath && left.line == right.line && left.column == right.column
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(absolutePath)
        hasher.combine(line)
        hasher.combine(column)
    }
}

/// One finding, independent of how it is shown.
///
/// `range` is nil when the finding concerns something that has no place in the file, such as a header given
/// on the command line; `externalLocation` says where it is when that is another file (the configuration's
/// `headers`).
public struct Diagnostic: Hashable, Sendable {
    public var ruleID: String
    public var severity: Severity
    /// What is wrong, where, and why APNs cares.
    public var message: String
    /// How to fix it.
    public var help: String?
    public var pointer: JSONPointer
    public var range: SourceRange?
    public var notes: [Note]
    public var fix: Fix?
    /// Which document of a multi-document file (YAML `---`) this is about, counting from 0; nil when the file
    /// holds one document.
    public var document: Int?
    /// Where the finding is when it is not in the file linted (then `range` is nil): a header the configuration file
    /// gives is reported at its line there.
    public var externalLocation: ExternalLocation?

    public init(
        ruleID: String,
        severity: Severity,
        message: String,
        help: String? = nil,
        pointer: JSONPointer,
        range: SourceRange?,
        notes: [Note] = [],
        fix: Fix? = nil,
        document: Int? = nil,
        externalLocation: ExternalLocation? = nil
    ) {
        self.ruleID = ruleID
        self.severity = severity
        self.message = message
        self.help = help
        self.pointer = pointer
        self.range = range
        self.notes = notes
        self.fix = fix
        self.document = document
        self.externalLocation = externalLocation
    }
}

/// A problem a reader found in the text itself.
/// The languages the readers read.
public enum SourceLanguage: String, Sendable, Hashable, CaseIterable {
    case json, yaml, erlang
}

public struct SyntaxProblem: Hashable, Sendable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The text is not valid in its format.
        case invalidSyntax
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

/// What a reader returns: the documents it read and every problem.
///
/// A JSON file holds one document; a YAML stream may hold several (`---`). A reader recovers from slips that
/// leave the structure unambiguous (a trailing comma, a comment), so the rules still run on the document;
/// after any other error it stops, keeping the documents it had finished.
public struct ParseResult: Sendable {
    public var documents: [DocumentNode]
    public var problems: [SyntaxProblem]
    /// True when the format's readers keep the first of two equal keys (Erlang's `proplists:get_value/2`);
    /// JSON and YAML parsers keep the last.
    public var firstDuplicateWins = false
    /// True when the text is exactly what a compact JSON serializer writes for the document (only the JSON reader
    /// says so): no whitespace between tokens, no key twice in an object, and strings escaped only where JSON
    /// requires (`\"`, `\\`, `\b` `\f` `\n` `\r` `\t`, other control characters as lowercase `\u00XX`).
    /// Then a value's size on the wire is the length of its text, with no need to write it out again.
    public var textIsCompact = false
    /// The Erlang reader's terms, one per document, as `file:consult/1` reads them (empty for JSON and YAML): what a
    /// library's dialect (apns_json) reads, since the JSON model of `documents` loses what Erlang distinguishes (atom,
    /// binary or character list; integer or float; tuples).
    public var erlangTerms: [ErlangTerm] = []
    /// What has no JSON form in the Erlang terms (a tuple outside a proplist, a character list read as a string):
    /// found while deriving `documents` from `erlangTerms`, and reported only where a document is read as JSON (a
    /// library's dialect reads the term itself and says what it does with such a value).
    public var termProblems: [SyntaxProblem] = []
    /// Whether a document holds an elided container (`ElidedContainer`): only when the reader was given a retention
    /// limit (the JSON reader's `retentionLimit`), and the text held more than it.
    public var hasElidedContent = false
    /// Where a document begins that a syntax error cut short (YAML and Erlang read on from document to document): it
    /// is not in `documents`, yet it is one of the file's documents, and the problems after its start are in it.
    public var unfinishedDocumentStart: Int?

    public init(documents: [DocumentNode], problems: [SyntaxProblem]) {
        self.documents = documents
        self.problems = problems
    }

    public init(document: DocumentNode?, problems: [SyntaxProblem]) {
        self.init(documents: document.map { [$0] } ?? [], problems: problems)
    }

    /// The first document (the only one, for JSON).
    public var document: DocumentNode? { documents.first }

    /// How many documents the text holds: those read, and one that a syntax error cut short.
    public var documentCount: Int { documents.count + (unfinishedDocumentStart == nil ? 0 : 1) }

    /// The index of the document an offset is in: the last one starting at or before it (the first, for an offset
    /// before every document). The document cut short comes after all those read.
    public func documentIndex(at offset: Int) -> Int {
        if let unfinishedDocumentStart, unfinishedDocumentStart <= offset { return documents.count }
        return documents.lastIndex { $0.range.start <= offset } ?? 0
    }
}
