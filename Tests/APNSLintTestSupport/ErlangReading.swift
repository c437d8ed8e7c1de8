import APNSLintSyntax
import Testing

// What the Erlang reader tests share. Trees are compared through `dumpTree` (SyntaxReading.swift).

/// One read of an Erlang text: the source (for positions) and the result.
public struct ErlangRead: ReadOutcome {
    public let source: SourceText
    public let result: ParseResult

    public init(_ text: String, maxDepth: Int = ErlangReader.defaultMaxDepth) {
        self.init(bytes: Array(text.utf8), maxDepth: maxDepth)
    }

    public init(bytes: [UInt8], maxDepth: Int = ErlangReader.defaultMaxDepth) {
        source = SourceText(bytes: bytes)
        result = ErlangReader.read(source, maxDepth: maxDepth)
    }

    /// What has no JSON form, found while deriving the documents from the terms (reported only where a term is
    /// read as JSON).
    public var termProblems: [SyntaxProblem] { result.termProblems }

    /// Every term problem as `kind range line:col message`.
    public var termProblemLines: [String] {
        result.termProblems.map { "\($0.kind) \($0.range) \(source.position(of: $0.range.start)) \($0.message)" }
    }
}

/// Reads `text`, expects exactly one document and no problem (neither a syntax problem nor a term problem), and
/// returns its dump.
public func erlangTree(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
    let read = ErlangRead(text)
    #expect(read.problems.isEmpty, "unexpected problems: \(read.problemLines)", sourceLocation: sourceLocation)
    #expect(read.termProblems.isEmpty, "unexpected term problems: \(read.termProblemLines)", sourceLocation: sourceLocation)
    #expect(read.documents.count == 1, "documents: \(read.dumps)", sourceLocation: sourceLocation)
    #expect(read.result.firstDuplicateWins, sourceLocation: sourceLocation)
    return read.documents.first.map(dumpTree)
}

/// One input the Erlang reader must reject: the documents it still returns and its single fatal problem.
public struct ErlangFatalCase: Sendable, CustomTestStringConvertible {
    public let bytes: [UInt8]
    public let message: String
    public let range: Range<Int>
    public let position: String
    public let help: String?
    /// Dumps of the documents read before the error.
    public let documents: [String]

    public init(_ text: String, _ message: String, _ range: Range<Int>, _ position: String, help: String? = nil, documents: [String] = []) {
        self.init(bytes: Array(text.utf8), message, range, position, help: help, documents: documents)
    }

    public init(bytes: [UInt8], _ message: String, _ range: Range<Int>, _ position: String, help: String? = nil, documents: [String] = []) {
        self.bytes = bytes
        self.message = message
        self.range = range
        self.position = position
        self.help = help
        self.documents = documents
    }

    public var testDescription: String { String(reflecting: String(decoding: bytes, as: UTF8.self)) }

    public func check(sourceLocation: SourceLocation = #_sourceLocation) {
        let read = ErlangRead(bytes: bytes)
        #expect(read.dumps == documents, sourceLocation: sourceLocation)
        #expect(read.problems.count == 1, "problems: \(read.problemLines)", sourceLocation: sourceLocation)
        #expect(read.result.firstDuplicateWins, sourceLocation: sourceLocation)
        guard let problem = read.problems.last else { return }
        #expect(problem.kind == .invalidSyntax, sourceLocation: sourceLocation)
        #expect(problem.message == message, sourceLocation: sourceLocation)
        #expect(problem.range == SourceRange(range), sourceLocation: sourceLocation)
        #expect(read.at(problem.range.start) == position, sourceLocation: sourceLocation)
        #expect(problem.fix == nil, sourceLocation: sourceLocation)
        #expect(problem.help?.isEmpty == false, "every reader error says how to fix it", sourceLocation: sourceLocation)
        if let help {
            #expect(problem.help == help, sourceLocation: sourceLocation)
        }
    }
}

/// Properties every Erlang read must have, whatever the input: ranges inside the text, a problem when there is
/// no document, JSON number text everywhere, at most one (fatal) syntax error and it comes last.
public func expectErlangWellFormed(_ read: ErlangRead, sourceLocation: SourceLocation = #_sourceLocation) {
    let count = read.source.count
    #expect(read.result.firstDuplicateWins, sourceLocation: sourceLocation)
    for problem in read.problems {
        #expect(problem.range.start >= 0 && problem.range.end <= count, "\(problem.message) at \(problem.range) outside 0..<\(count)",
                sourceLocation: sourceLocation)
        #expect(!problem.message.isEmpty && problem.help?.isEmpty == false, sourceLocation: sourceLocation)
    }
    // Term problems are never syntax errors, and each lies inside one of the terms.
    for problem in read.termProblems {
        #expect(problem.kind != .invalidSyntax, "\(problem.message) is a term problem", sourceLocation: sourceLocation)
        #expect(read.result.erlangTerms.contains { $0.range.start <= problem.range.start && problem.range.end <= $0.range.end },
                "\(problem.message) at \(problem.range) is inside no term", sourceLocation: sourceLocation)
        #expect(!problem.message.isEmpty && problem.help?.isEmpty == false, sourceLocation: sourceLocation)
    }
    // A binding (`Name =`) is reported with a fix and reading goes on; any other syntax error stops the reader.
    let fatal = read.problems.indices.filter { read.problems[$0].kind == .invalidSyntax && read.problems[$0].fix == nil }
    #expect(fatal.count <= 1, "more than one syntax error: \(read.problemLines)", sourceLocation: sourceLocation)
    if let index = fatal.first {
        #expect(index == read.problems.count - 1, "reading must stop at a syntax error: \(read.problemLines)", sourceLocation: sourceLocation)
    }
    #expect(read.result.erlangTerms.count == read.documents.count, "one term per document", sourceLocation: sourceLocation)
    for (term, document) in zip(read.result.erlangTerms, read.documents) {
        #expect(term.range == document.range, sourceLocation: sourceLocation)
    }
    var previousEnd = 0
    for document in read.documents {
        #expect(document.range.start >= previousEnd, "documents overlap or are out of order", sourceLocation: sourceLocation)
        previousEnd = document.range.end
        var nodes: [DocumentNode] = []
        document.walk { node, _ in nodes.append(node) }
        for node in nodes {
            #expect(node.range.start >= document.range.start && node.range.end <= document.range.end,
                    "node range \(node.range) outside its document \(document.range)", sourceLocation: sourceLocation)
            if let number = node.number {
                #expect(isJSONNumberText(number.text), "\(number.text) is not JSON number text", sourceLocation: sourceLocation)
                #expect(number.isInteger == !number.text.contains(where: { $0 == "." || $0 == "e" }), sourceLocation: sourceLocation)
            }
            for member in node.members ?? [] {
                #expect(member.keyRange.start >= document.range.start && member.keyRange.end <= document.range.end,
                        sourceLocation: sourceLocation)
            }
        }
    }
}

