/// Reads RFC 8259 JSON into a positioned `DocumentNode` tree.
///
/// - Accepts exactly the documents RFC 8259 accepts; everything else is a `SyntaxProblem` with the byte
///   range where it went wrong and a message that names the problem.
/// - Recovers from trailing commas, comments and data after the top-level value (reported, with a fix where
///   one is obvious), so the rules still see the document. Any other error stops reading.
/// - Nesting is limited to `maxDepth` levels (default 512), so recursion is bounded.
/// - Time is linear in the input: every byte is looked at a bounded number of times.
/// - With a `retentionLimit`, memory is bounded too: no container keeps more than about that many bytes of its text
///   in nodes; a container that would is elided (see `ElidedContainer`), its text still read and checked whole.
public enum JSONReader {
    public static let defaultMaxDepth = 512
    /// The retention limit the linter reads with: 1 MiB, 200 times the largest APNs payload (5120 bytes), so no
    /// container a rule reads is ever elided in a definition APNs could accept.
    public static let defaultRetentionLimit = 1 << 20

    /// - Parameter retentionLimit: nil keeps every node (what `render` and `--fix`, which write the document back,
    ///   need); a number bounds the nodes kept for each container to about that many bytes of text, eliding the
    ///   rest (`ParseResult.hasElidedContent` says whether anything was). Problems, ranges, `textIsCompact` and every
    ///   kept node are the same either way.
    public static func read(_ source: SourceText, maxDepth: Int = defaultMaxDepth, retentionLimit: Int? = nil,
                            vocabulary: KeyVocabulary = .none) -> ParseResult {
        source.bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(buffer: buffer, source: source, maxDepth: maxDepth, retentionLimit: retentionLimit.map { max($0, 0) } ?? .max,
                                    vocabulary: vocabulary)
            return parser.parseDocument()
        }
    }
}

struct FatalSyntaxError: Error {
    let problem: SyntaxProblem
}

struct JSONParser {
    let bytes: UnsafeBufferPointer<UInt8>
    let source: SourceText
    let maxDepth: Int
    /// At most this many bytes of a container's text are kept in nodes (`Int.max`: everything); see `retain`.
    let retentionLimit: Int
    /// Keys handed out as they are (`KeyVocabulary`).
    let vocabulary: KeyVocabulary
    /// How many bytes of the text read so far are held only by elided nodes' summaries: a container keeps the text
    /// from its opening bracket on, less what was elided inside it (`retained(_:)`).
    var elidedBytes = 0
    var hasElidedContent = false
    /// For the containers being elided (`skim`): each object's keys as `start, end` pairs of their ranges while it
    /// has few and they are plain ASCII, then a table (`KeyTable`).
    var skimKeys: [Int] = []
    var skimTables: [KeyTable] = []
    /// The first duplicate key found in the container being elided.
    var skimDuplicate: ElidedContainer.DuplicateKey?
    /// Whether the last string `skimString` read has neither an escape nor a byte outside ASCII.
    var lastStringIsPlain = true
    var index = 0
    var depth = 0
    var problems: [SyntaxProblem] = []
    /// Reused for strings with escapes.
    var scratch: [UInt8] = []
    /// The members and elements read so far of every open container, innermost last: each array is built at
    /// its exact size when its container closes, instead of growing (and over-allocating) as it is read.
    var openMembers: [Member] = []
    var openElements: [DocumentNode] = []
    /// Whether the text read so far is what a compact serializer writes back (see `ParseResult.textIsCompact`).
    var textIsCompact = true

    init(buffer: UnsafeBufferPointer<UInt8>, source: SourceText, maxDepth: Int, retentionLimit: Int, vocabulary: KeyVocabulary) {
        self.bytes = buffer
        self.source = source
        self.maxDepth = maxDepth
        self.retentionLimit = retentionLimit
        self.vocabulary = vocabulary
        // Room for a typical payload's members at once, rather than growing from empty step by step. Most payloads
        // have no array: room for elements is made when the first one is read.
        openMembers.reserveCapacity(16)
    }

    // MARK: Document

    mutating func parseDocument() -> ParseResult {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            let range = SourceRange(start: 0, end: 3)
            problems.append(SyntaxProblem(
                .byteOrderMark,
                "the file starts with a UTF-8 byte order mark (U+FEFF); JSON text must not begin with one (RFC 8259 §8.1), and some senders pass it on to APNs",
                help: "save the file as UTF-8 without a BOM",
                range: range,
                fix: Fix("remove the byte order mark", edits: [.delete(range)], applicability: .safe)))
            index = 3
        }
        do {
            try skipWhitespace()
            guard index < bytes.count else {
                throw fatal("empty input: expected a JSON value", at: index, length: 0,
                            help: "a notification definition is a JSON object such as {\"aps\": {…}}")
            }
            // A text no longer than the retention limit cannot take a container over it: read without looking.
            let root = bytes.count - index > retentionLimit ? try parseValue(RetainingWithinLimit.self) : try parseValue(KeepingEverything.self)
            try skipWhitespace()
            if index < bytes.count {
                let start = index
                problems.append(SyntaxProblem(
                    .invalidSyntax,
                    "unexpected data after the top-level value: a JSON document holds exactly one value",
                    help: "remove everything after the value that ends at \(source.position(of: root.range.end))",
                    range: SourceRange(start: start, end: bytes.count),
                    fix: Fix("remove the trailing data", edits: [.delete(SourceRange(start: root.range.end, end: bytes.count))], applicability: .unsafe)))
            }
            var result = ParseResult(document: root, problems: problems)
            result.textIsCompact = textIsCompact && problems.isEmpty
            result.hasElidedContent = hasElidedContent
            return result
        } catch let error as FatalSyntaxError {
            problems.append(error.problem)
            return ParseResult(document: nil, problems: problems)
        } catch {
            preconditionFailure("unexpected error \(error)")
        }
    }

    // MARK: Values

    /// A container being read: its opening bracket, where its entries start in `openMembers` or `openElements`,
    /// and the key whose value comes next.
    ///
    /// As small as it was before it had `elidedBefore` (which kind it is is the sign of `entries`): one word more and
    /// `parseValue` copies it instead of moving it, which callgrind counts on every lint (about 600 instructions).
    struct OpenContainer {
        let opener: Int
        /// `firstEntry` for an object, its complement (negative) for an array.
        private let entries: Int
        /// `elidedBytes` when it opened.
        let elidedBefore: Int
        var key = ""
        var keyRange = SourceRange(start: 0, end: 0)

        init(opener: Int, isObject: Bool, firstEntry: Int, elidedBefore: Int) {
            self.opener = opener
            entries = isObject ? firstEntry : ~firstEntry
            self.elidedBefore = elidedBefore
        }

        var isObject: Bool { entries >= 0 }
        var firstEntry: Int { entries >= 0 ? entries : ~entries }

        var closer: UInt8 { isObject ? UInt8(ascii: "}") : UInt8(ascii: "]") }
        var openerText: String { isObject ? "{" : "[" }
    }

    private func openContainer(at opener: Int) -> OpenContainer {
        let isObject = bytes[opener] == UInt8(ascii: "{")
        return OpenContainer(opener: opener, isObject: isObject, firstEntry: isObject ? openMembers.count : openElements.count,
                             elidedBefore: elidedBytes)
    }

    /// The node of a container that closes at `end`, its entries taken off the open stacks.
    private mutating func close(_ container: OpenContainer, endingAt end: Int, isOutermost: Bool) -> DocumentNode {
        let value: DocumentNode.Value
        if container.isObject {
            let members = Self.take(from: &openMembers, from: container.firstEntry, all: isOutermost)
            // A serializer writes a key once.
            if textIsCompact && members.hasDuplicateKeys { textIsCompact = false }
            value = .object(members)
        } else {
            value = .array(Self.take(from: &openElements, from: container.firstEntry, all: isOutermost))
        }
        return DocumentNode(value, range: SourceRange(start: container.opener, end: end))
    }

    /// The entries from `start` on; with `all` (the outermost container, whose entries are the whole stack), the
    /// stack itself, so a large document is not copied.
    private static func take<Entry>(from stack: inout [Entry], from start: Int, all: Bool) -> [Entry] {
        if all {
            defer { stack = [] }
            return stack
        }
        // Copied into an array of exactly this size (`Array(stack[start...])` could keep the stack's buffer), then
        // removed from the stack: a retain and a release for each key and value. Cheaper than moving them (callgrind,
        // instructions a lint: 39,857 against 41,153 for placeholders made by a generic `append(contentsOf:)` and
        // exchanged for the entries, 40,037 with `init(unsafeUninitializedCapacity:)`, 40,469 popped and reversed).
        let count = stack.count - start
        guard count > 0 else { return [] }
        let entries = stack.withUnsafeBufferPointer { stack in Array(UnsafeBufferPointer(rebasing: stack[start...])) }
        stack.removeSubrange(start...)
        return entries
    }

    /// Reads one value. Containers are kept on an explicit stack rather than the call stack, so the stack a
    /// thread needs does not grow with the nesting (a 512 KB thread reads 512 levels like 1).
    ///
    /// `Retention` says whether to keep the open containers within the retention limit: a specialization that does
    /// not has no call out of the loop in it, so the optimizer keeps the stacks' buffers as it would without a limit
    /// (a call that may change the parser makes it check every append: callgrind counted 600 instructions a lint).
    mutating func parseValue<Retention: RetentionPolicy>(_: Retention.Type) throws -> DocumentNode {
        var open: [OpenContainer] = []
        open.reserveCapacity(8)
        while true {
            // Read the start of a value: a scalar completes at once, a container opens.
            guard index < bytes.count else {
                throw fatal("unexpected end of input: expected a value", at: index, length: 0,
                            help: "complete the value (the file may be truncated)")
            }
            var node: DocumentNode
            switch bytes[index] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var container = openContainer(at: index)
                try enterContainer(index)
                index += 1
                try skipWhitespace()
                if index < bytes.count, bytes[index] == container.closer {
                    index += 1
                    depth -= 1
                    node = close(container, endingAt: index, isOutermost: open.isEmpty)
                } else {
                    try beginEntry(of: &container)
                    open.append(container)
                    continue
                }
            case UInt8(ascii: "\""):
                let start = index
                let string = try parseString()
                node = DocumentNode(.string(string), range: SourceRange(start: start, end: index))
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                node = try parseNumber()
            default:
                node = try parseLiteralOrFail()
            }

            // Attach the finished value to its container; close every container that ends here.
            while true {
                guard var container = open.popLast() else { return node }
                if container.isObject {
                    // The key is moved out of the container, not copied: the next entry's key replaces it anyway.
                    let key = container.key
                    container.key = ""
                    openMembers.append(Member(key: key, keyRange: container.keyRange, value: consume node))
                } else {
                    if openElements.capacity == 0 { openElements.reserveCapacity(8) }
                    openElements.append(consume node)
                }
                // No container keeps more than the retention limit; the outermost keeps the most, and only text read
                // since the last elision can take it over.
                if Retention.isChecked, index &- elidedBytes > retentionLimit, let elided = try retain(&open, innermost: &container) {
                    node = elided
                    continue
                }
                try skipWhitespace()
                guard index < bytes.count else { throw unclosed(container.openerText, opener: container.opener) }
                let byte = bytes[index]
                if byte == container.closer {
                    index += 1
                    depth -= 1
                    node = close(container, endingAt: index, isOutermost: open.isEmpty)
                    continue
                }
                guard byte == UInt8(ascii: ",") else { throw missingSeparator(inObject: container.isObject) }
                let comma = index
                index += 1
                try skipWhitespace()
                if index < bytes.count, bytes[index] == container.closer {
                    trailingComma(at: comma, before: container.isObject ? "}" : "]")
                    index += 1
                    depth -= 1
                    node = close(container, endingAt: index, isOutermost: open.isEmpty)
                    continue
                }
                try beginEntry(of: &container)
                open.append(container)
                break
            }
        }
    }

    /// The error for what stands at `index` after an entry, where a ',' or the closing bracket should.
    func missingSeparator(inObject isObject: Bool) -> FatalSyntaxError {
        if isObject {
            let hint = bytes[index] == UInt8(ascii: "\"") ? " (is a ',' missing between two members?)" : ""
            return unexpected("expected ',' or '}' after an object member, found \(describe(at: index))\(hint)", at: index,
                              help: "separate members with ',' and close the object with '}'")
        }
        return unexpected("expected ',' or ']' after an array element, found \(describe(at: index))", at: index,
                          help: "separate elements with ',' and close the array with ']'")
    }

    /// The error for a ',' where an array element should be.
    func missingElement() -> FatalSyntaxError {
        fatal("unexpected ',': an array element is missing", at: index, length: 1, help: "remove the extra ',' or put a value before it")
    }

    /// The error for what stands at `index` after the key `key`, where its ':' should.
    func missingColon(after key: String) -> FatalSyntaxError {
        unexpected("expected ':' after the key \"\(clip(key))\", found \(describe(at: index))", at: index,
                   help: "write ':' between a key and its value")
    }

    mutating func enterContainer(_ opener: Int) throws {
        depth += 1
        if depth > maxDepth {
            throw fatal("nesting is deeper than \(maxDepth) levels; apns-lint stops here to stay within bounded memory and stack",
                        at: opener, length: 1,
                        help: "an APNs payload is at most 5120 bytes and never needs this depth; check that the file is a notification definition")
        }
    }

    /// Before the next entry of an open container: for an object, reads the key and its ':'; for an array,
    /// checks that an element follows. Leaves `index` at the start of the value.
    private mutating func beginEntry(of container: inout OpenContainer) throws {
        guard index < bytes.count else { throw unclosed(container.openerText, opener: container.opener) }
        guard container.isObject else {
            if bytes[index] == UInt8(ascii: ",") { throw missingElement() }
            return
        }
        let keyStart = index
        guard bytes[index] == UInt8(ascii: "\"") else { throw badKey() }
        container.key = try parseKey()
        container.keyRange = SourceRange(start: keyStart, end: index)
        try skipWhitespace()
        guard index < bytes.count else { throw unclosed("{", opener: container.opener) }
        guard bytes[index] == UInt8(ascii: ":") else { throw missingColon(after: container.key) }
        index += 1
        try skipWhitespace()
    }

    mutating func trailingComma(at comma: Int, before closer: String) {
        let range = SourceRange(start: comma, end: comma + 1)
        problems.append(SyntaxProblem(
            .trailingComma, "trailing comma before '\(closer)': JSON (RFC 8259) does not allow a comma after the last element, and APNs and strict readers (Go's encoding/json, Python's json, JavaScript's JSON.parse) refuse it",
            help: "remove the comma", range: range,
            fix: Fix("remove the trailing comma", edits: [.delete(range)], applicability: .safe)))
    }

    // MARK: Whitespace and comments

    /// Moves past whitespace and comments (reported). Inlined for the usual case, a token right here: compact JSON
    /// has no whitespace at all.
    @inline(__always) mutating func skipWhitespace() throws {
        // Above ' ' and not '/': no whitespace, no comment.
        guard index < bytes.count, bytes[index] <= 0x20 || bytes[index] == UInt8(ascii: "/") else { return }
        try skipWhitespaceAndComments()
    }

    @inline(never) mutating func skipWhitespaceAndComments() throws {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09:
                textIsCompact = false
                index += 1
            case UInt8(ascii: "/"):
                // A '/' that starts no comment is not whitespace: the caller reports it where it stands.
                guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "*") else {
                    return
                }
                try skipComment()
            default:
                return
            }
        }
    }

    /// Comments are not JSON; read past them so the rest is still checked, and report each one.
    /// Called at "//" or "/*".
    mutating func skipComment() throws {
        let start = index
        if bytes[index + 1] == UInt8(ascii: "/") {
            index += 2
            while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
        } else {
            index += 2
            var closed = false
            while index + 1 < bytes.count {
                if bytes[index] == UInt8(ascii: "*"), bytes[index + 1] == UInt8(ascii: "/") {
                    index += 2
                    closed = true
                    break
                }
                index += 1
            }
            if !closed {
                throw fatal("unterminated comment: '/*' has no closing '*/' (and comments are not allowed in JSON)", at: start, length: 2,
                            help: "remove the comment")
            }
        }
        let range = SourceRange(start: start, end: index)
        problems.append(SyntaxProblem(
            .invalidSyntax, "comments are not allowed in JSON",
            help: "remove the comment, or write the definition in YAML, which has comments", range: range,
            fix: Fix("remove the comment", edits: [.delete(range)], applicability: .unsafe)))
    }

    // MARK: Helpers

    func fatal(_ message: String, at start: Int, length: Int, help: String? = nil) -> FatalSyntaxError {
        let start = min(start, bytes.count)
        let end = min(start + length, bytes.count)
        return FatalSyntaxError(problem: SyntaxProblem(.invalidSyntax, message, help: help, range: SourceRange(start: start, end: end)))
    }

    let valueHelp = "write a value here: a string in double quotes, a number, an object, an array, true, false or null"

    /// "'x'", "end of input", or "U+00E9 'é'" for messages.
    func describe(at position: Int) -> String {
        guard position < bytes.count else { return "end of input" }
        let byte = bytes[position]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte < 0x80 { return scalarName(UInt32(byte)) }
        let length = bytes.utf8SequenceLength(at: position)
        guard length > 0 else { return "byte \(hexByte(byte))" }
        let text = source.text(SourceRange(start: position, end: position + length))
        let scalar = text.unicodeScalars.first!.value
        return "\(scalarName(scalar)) '\(text)'"
    }

    func clip(_ text: String) -> String {
        text.count > 40 ? String(text.prefix(40)) + "…" : text
    }
}

/// Whether `parseValue` keeps the open containers within the retention limit.
protocol RetentionPolicy {
    static var isChecked: Bool { get }
}

enum RetainingWithinLimit: RetentionPolicy {
    static var isChecked: Bool { true }
}

enum KeepingEverything: RetentionPolicy {
    static var isChecked: Bool { false }
}

private let hexDigits = Array("0123456789ABCDEF")

func hexByte(_ byte: UInt8) -> String {
    "0x" + String(hexDigits[Int(byte >> 4)]) + String(hexDigits[Int(byte & 0xF)])
}

/// "U+0009" style name of a scalar.
func scalarName(_ scalar: UInt32) -> String {
    var digits = ""
    var value = scalar
    repeat {
        digits = String(hexDigits[Int(value & 0xF)]) + digits
        value >>= 4
    } while value > 0
    while digits.count < 4 { digits = "0" + digits }
    return "U+" + digits
}
