import APNSLintSyntax
import Testing

// What the reader tests (APNSLintSyntaxTests, StressTests) share: reading a text, a tree's dump, the checks every read
// must pass.

public func readJSON(_ text: String, maxDepth: Int = JSONReader.defaultMaxDepth) -> ParseResult {
    JSONReader.read(SourceText(text), maxDepth: maxDepth)
}

public func readJSON(bytes: [UInt8], maxDepth: Int = JSONReader.defaultMaxDepth) -> ParseResult {
    JSONReader.read(SourceText(bytes: bytes), maxDepth: maxDepth)
}

/// UTF-8 bytes of `text` with `bytes` spliced in wherever `text` contains "◊" (used for invalid UTF-8).
public func utf8Bytes(_ text: String, splicing inserted: [UInt8] = []) -> [UInt8] {
    var result: [UInt8] = []
    for scalar in text.unicodeScalars {
        if scalar == "◊" {
            result += inserted
        } else {
            result += Array(String(scalar).utf8)
        }
    }
    return result
}

/// A compact, exact rendering of a tree: every value with its byte range, every key with its key range.
///
/// `{"a":[1,2.5]}` renders as `{"a"@1..<4: [i:1@6..<7, n:2.5@8..<11]@5..<12}@0..<13`.
/// Strings use Swift's debug quoting, so escapes and control characters are visible.
public func dumpTree(_ node: DocumentNode) -> String {
    let at = "@\(node.range)"
    switch node.value {
    case .object(let members):
        return "{" + members.map { "\(String(reflecting: $0.key))@\($0.keyRange): \(dumpTree($0.value))" }
            .joined(separator: ", ") + "}" + at
    case .array(let elements):
        return "[" + elements.map(dumpTree).joined(separator: ", ") + "]" + at
    case .string(let string):
        return String(reflecting: string) + at
    case .number(let number):
        return (number.isInteger ? "i:" : "n:") + number.text + at
    case .bool(let bool):
        return "\(bool)" + at
    case .null:
        return "null" + at
    case .elided(let summary):
        return "elided(\(summary.isObject ? "object" : "array") of \(summary.count), \(summary.compactLength) bytes"
            + (summary.hasDuplicateKeys ? ", duplicate keys" : "") + ")" + at
    }
}

/// Applies the edits of a fix to `bytes` (edits must not overlap).
public func applying(_ fix: Fix, to bytes: [UInt8]) -> [UInt8] {
    var result = bytes
    for edit in fix.edits.sorted(by: { $0.range.start > $1.range.start }) {
        result.replaceSubrange(edit.range.start..<edit.range.end, with: Array(edit.replacement.utf8))
    }
    return result
}

/// Checks that a read failed with exactly one (fatal) problem, and returns it.
@discardableResult
public func expectSingleFatal(
    _ result: ParseResult,
    in source: SourceText,
    message: String,
    range: Range<Int>,
    at position: String,
    sourceLocation: SourceLocation = #_sourceLocation
) -> SyntaxProblem? {
    #expect(result.document == nil, "a fatal problem must leave no document", sourceLocation: sourceLocation)
    #expect(result.problems.count == 1, "problems: \(result.problems.map(\.message))", sourceLocation: sourceLocation)
    guard let problem = result.problems.last else { return nil }
    #expect(problem.kind == .invalidSyntax, sourceLocation: sourceLocation)
    #expect(problem.message == message, sourceLocation: sourceLocation)
    #expect(problem.range == SourceRange(range), sourceLocation: sourceLocation)
    #expect(source.position(of: problem.range.start).description == position, sourceLocation: sourceLocation)
    #expect(problem.fix == nil, "fatal problems carry no fix", sourceLocation: sourceLocation)
    return problem
}

/// Properties every read must have, whatever the input.
public func expectWellFormed(_ result: ParseResult, count: Int, sourceLocation: SourceLocation = #_sourceLocation) {
    for problem in result.problems {
        #expect(problem.range.start >= 0 && problem.range.end <= count, "\(problem.range) outside 0..<\(count)",
                sourceLocation: sourceLocation)
        for edit in problem.fix?.edits ?? [] {
            #expect(edit.range.start >= 0 && edit.range.end <= count, sourceLocation: sourceLocation)
        }
    }
    if result.document == nil {
        #expect(!result.problems.isEmpty, "no document and no problem", sourceLocation: sourceLocation)
    }
    if let document = result.document {
        #expect(document.range.start >= 0 && document.range.end <= count, sourceLocation: sourceLocation)
        // Recoverable problems only: none of them may be the fatal kind that ends reading.
        #expect(result.problems.allSatisfy { $0.kind == .byteOrderMark || $0.fix != nil },
                "a returned document comes only with recoverable problems", sourceLocation: sourceLocation)
    }
}

/// Depth of the deepest container (a lone scalar is 0), found without recursion.
public func containerDepth(_ root: DocumentNode) -> Int {
    var deepest = 0
    root.walk { node, path in
        if node.isContainer { deepest = max(deepest, path.count + 1) }
    }
    return deepest
}

/// JSON's number grammar (RFC 8259 §6), checked by hand so the test does not share code with the reader.
public func isJSONNumberText(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    var index = 0
    func digits() -> Int {
        let start = index
        while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
        return index - start
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
    guard index < bytes.count else { return false }
    if bytes[index] == UInt8(ascii: "0") {
        index += 1
    } else if digits() == 0 {
        return false
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
        index += 1
        guard digits() > 0 else { return false }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
        index += 1
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard digits() > 0 else { return false }
    }
    return index == bytes.count
}

/// One read of a text by a reader: the source (for positions) and the result, with views the suites compare.
public protocol ReadOutcome {
    var source: SourceText { get }
    var result: ParseResult { get }
}

extension ReadOutcome {
    public var documents: [DocumentNode] { result.documents }
    public var problems: [SyntaxProblem] { result.problems }

    /// Every document's dump, in order.
    public var dumps: [String] { result.documents.map(dumpTree) }

    /// Every problem as `kind range line:col message`.
    public var problemLines: [String] {
        result.problems.map { "\($0.kind) \($0.range) \(source.position(of: $0.range.start)) \($0.message)" }
    }

    /// The line:column of a byte offset.
    public func at(_ offset: Int) -> String { source.position(of: offset).description }

    /// Expects `read` documents read whole, and the one a syntax error cut short to begin at `unfinishedAt` (nil: none).
    public func expectDocuments(read: Int, unfinishedAt start: Int?, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.documents.count == read, sourceLocation: sourceLocation)
        #expect(result.unfinishedDocumentStart == start, sourceLocation: sourceLocation)
        #expect(result.documentCount == read + (start == nil ? 0 : 1), sourceLocation: sourceLocation)
    }
}
