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
    /// Where the Erlang reader found source code instead of a term (`-module(courier).`, `init(Args) ->`): the file is
    /// code for the compiler, not terms. Nil for JSON and YAML.
    public var erlangSourceForm: ErlangSourceForm?
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
