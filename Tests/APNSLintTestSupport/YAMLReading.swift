import APNSLintSyntax
import Testing

// What the YAML reader tests share. Trees are compared through `dumpTree` (SyntaxReading.swift).

/// One read of a YAML text: the source (for positions) and the result.
public struct YAMLRead: ReadOutcome {
    public let source: SourceText
    public let result: ParseResult

    public init(_ text: String, maxDepth: Int = YAMLReader.defaultMaxDepth, aliasBudget: Int = YAMLReader.defaultAliasBudget) {
        self.init(bytes: Array(text.utf8), maxDepth: maxDepth, aliasBudget: aliasBudget)
    }

    public init(bytes: [UInt8], maxDepth: Int = YAMLReader.defaultMaxDepth, aliasBudget: Int = YAMLReader.defaultAliasBudget) {
        source = SourceText(bytes: bytes)
        result = YAMLReader.read(source, maxDepth: maxDepth, aliasBudget: aliasBudget)
    }

}

/// Reads `text`, expects exactly one document and no problem, and returns its dump.
public func yamlTree(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
    let read = YAMLRead(text)
    #expect(read.problems.isEmpty, "unexpected problems: \(read.problemLines)", sourceLocation: sourceLocation)
    #expect(read.documents.count == 1, "documents: \(read.dumps)", sourceLocation: sourceLocation)
    return read.documents.first.map(dumpTree)
}

/// A value's dump without ranges: `i:12`, `n:0.5`, `"abc"`, `true`, `null`, `{…}`, `[…]`.
public func valueDump(_ node: DocumentNode) -> String {
    switch node.value {
    case .object: "{…}"
    case .array: "[…]"
    case .string(let string): String(reflecting: string)
    case .number(let number): (number.isInteger ? "i:" : "n:") + number.text
    case .bool(let bool): "\(bool)"
    case .null: "null"
    case .elided(let summary): summary.isObject ? "{…}" : "[…]"
    }
}

/// The byte offset of the `occurrence`-th (0-based) appearance of `needle` in `text`.
public func byteOffset(of needle: String, in text: String, occurrence: Int = 0) -> Int {
    let haystack = Array(text.utf8)
    let pattern = Array(needle.utf8)
    var seen = 0
    var index = 0
    while index + pattern.count <= haystack.count {
        if haystack[index..<(index + pattern.count)].elementsEqual(pattern) {
            if seen == occurrence { return index }
            seen += 1
        }
        index += 1
    }
    preconditionFailure("\(needle) not found \(occurrence + 1) times")
}


/// Every node of a tree, depth first, without recursion.
public func allNodes(_ root: DocumentNode) -> [DocumentNode] {
    var nodes: [DocumentNode] = []
    root.walk { node, _ in nodes.append(node) }
    return nodes
}

/// Properties every YAML read must have, whatever the input: ranges inside the text, a problem when there is
/// no document, JSON number text everywhere.
public func expectYAMLWellFormed(_ read: YAMLRead, sourceLocation: SourceLocation = #_sourceLocation) {
    let count = read.source.count
    for problem in read.problems {
        #expect(problem.range.start >= 0 && problem.range.end <= count, "\(problem.message) at \(problem.range) outside 0..<\(count)",
                sourceLocation: sourceLocation)
    }
    if read.documents.isEmpty {
        #expect(!read.problems.isEmpty, "no document and no problem", sourceLocation: sourceLocation)
    }
    for document in read.documents {
        for node in allNodes(document) {
            #expect(node.range.start >= 0 && node.range.end <= count, "node range \(node.range) outside 0..<\(count)",
                    sourceLocation: sourceLocation)
            if let number = node.number {
                #expect(isJSONNumberText(number.text), "\(number.text) is not JSON number text", sourceLocation: sourceLocation)
            }
            for member in node.members ?? [] {
                #expect(member.keyRange.start >= 0 && member.keyRange.end <= count, sourceLocation: sourceLocation)
            }
        }
    }
}

/// What libyaml's reader says about the first byte sequence it refuses, worked out independently from the
/// bytes: (byte offset, libyaml's problem text), or nil when every character is acceptable.
///
/// libyaml decodes UTF-8 itself and refuses control characters other than tab, LF and CR (C0, DEL, and C1
/// except NEL), surrogates and non-characters U+FFFE/U+FFFF.
public func firstReaderError(_ bytes: [UInt8]) -> (offset: Int, problem: String)? {
    var offset = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
    while offset < bytes.count {
        let lead = bytes[offset]
        let width = lead & 0x80 == 0 ? 1 : lead & 0xE0 == 0xC0 ? 2 : lead & 0xF0 == 0xE0 ? 3 : lead & 0xF8 == 0xF0 ? 4 : 0
        guard width > 0 else { return (offset, "invalid leading UTF-8 octet") }
        guard offset + width <= bytes.count else { return (offset, "incomplete UTF-8 octet sequence") }
        var value = UInt32(width == 1 ? lead : width == 2 ? lead & 0x1F : width == 3 ? lead & 0x0F : lead & 0x07)
        for k in 1..<width {
            let octet = bytes[offset + k]
            guard octet & 0xC0 == 0x80 else { return (offset + k, "invalid trailing UTF-8 octet") }
            value = value << 6 + UInt32(octet & 0x3F)
        }
        let shortest = width == 1 || (width == 2 && value >= 0x80) || (width == 3 && value >= 0x800) || (width == 4 && value >= 0x10000)
        guard shortest else { return (offset, "invalid length of a UTF-8 sequence") }
        guard !(0xD800...0xDFFF).contains(value), value <= 0x10FFFF else { return (offset, "invalid Unicode character") }
        let allowed = value == 0x09 || value == 0x0A || value == 0x0D || (0x20...0x7E).contains(value) || value == 0x85
            || (0xA0...0xD7FF).contains(value) || (0xE000...0xFFFD).contains(value) || (0x10000...0x10FFFF).contains(value)
        guard allowed else { return (offset, "control characters are not allowed") }
        offset += width
    }
    return nil
}

/// The message the reader gives for a libyaml reader error.
public func readerErrorMessage(_ problem: String, at offset: Int) -> String {
    problem.contains("UTF-8") ? "invalid UTF-8: \(problem) at byte offset \(offset)" : problem
}
