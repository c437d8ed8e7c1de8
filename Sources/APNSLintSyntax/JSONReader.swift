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
    public static func read(_ source: SourceText, maxDepth: Int = defaultMaxDepth, retentionLimit: Int? = nil) -> ParseResult {
        source.bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(buffer: buffer, source: source, maxDepth: maxDepth, retentionLimit: retentionLimit.map { max($0, 0) } ?? .max)
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

    init(buffer: UnsafeBufferPointer<UInt8>, source: SourceText, maxDepth: Int, retentionLimit: Int) {
        self.bytes = buffer
        self.source = source
        self.maxDepth = maxDepth
        self.retentionLimit = retentionLimit
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
            let members = Self.take(from: &openMembers, from: container.firstEntry, all: isOutermost, placeholder: Self.placeholderMember)
            // A serializer writes a key once.
            if textIsCompact && members.hasDuplicateKeys { textIsCompact = false }
            value = .object(members)
        } else {
            value = .array(Self.take(from: &openElements, from: container.firstEntry, all: isOutermost, placeholder: Self.placeholderNode))
        }
        return DocumentNode(value, range: SourceRange(start: container.opener, end: end))
    }

    /// The entries from `start` on; with `all` (the outermost container, whose entries are the whole stack), the
    /// stack itself, so a large document is not copied.
    private static func take<Entry>(from stack: inout [Entry], from start: Int, all: Bool, placeholder: Entry) -> [Entry] {
        if all {
            defer { stack = [] }
            return stack
        }
        // Moved into an array of exactly this size (`Array(stack[start...])` could keep the stack's buffer), and not
        // copied: a copy would retain every key and value, and removing them from the stack release them again. The
        // slots moved from hold a placeholder that owns nothing until they are removed.
        let count = stack.count - start
        guard count > 0 else { return [] }
        // Placeholders first (see `init(specializedRepeating:count:)`), then exchanged for the entries.
        var entries = [Entry](specializedRepeating: placeholder, count: count)
        entries.withUnsafeMutableBufferPointer { buffer in
            stack.withUnsafeMutableBufferPointer { stack in
                let moved = stack.baseAddress! + start
                buffer.baseAddress!.moveUpdate(from: moved, count: count)
                moved.initialize(repeating: placeholder, count: count)
            }
        }
        stack.removeSubrange(start...)
        return entries
    }

    static let placeholderNode = DocumentNode(.null, range: SourceRange(start: 0, end: 0))
    private static let placeholderMember = Member(key: "", keyRange: SourceRange(start: 0, end: 0), value: placeholderNode)

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
        container.key = try parseString()
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
            .invalidSyntax, "trailing comma before '\(closer)': JSON does not allow a comma after the last element",
            help: "remove the comma", range: range,
            fix: Fix("remove the trailing comma", edits: [.delete(range)], applicability: .safe)))
    }

    // MARK: Strings

    /// Moves `index` past whole 8-byte words of string content with no quote, backslash, control character or
    /// non-ASCII byte (the bytes that need a look), so long strings are scanned a word at a time.
    mutating func skipPlainASCII() {
        guard let base = bytes.baseAddress else { return }
        let raw = UnsafeRawPointer(base)
        while index + 8 <= bytes.count {
            if raw.loadUnaligned(fromByteOffset: index, as: UInt64.self).needsALookInAString { return }
            index += 8
        }
    }

    /// Parses a string starting at the opening quote; leaves `index` after the closing quote.
    mutating func parseString() throws -> String {
        let quote = index
        index += 1
        let contentStart = index
        var hasEscapes = false
        var runStart = index
        while true {
            // Fast path: plain ASCII, eight bytes at a time while none of them needs a look.
            skipPlainASCII()
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
                index += 1
            }
            guard index < bytes.count else {
                throw fatal("unterminated string: the string that starts here has no closing '\"'", at: quote, length: 1,
                            help: "close the string with '\"' (the file may be truncated)")
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                if hasEscapes {
                    scratch.append(contentsOf: bytes[runStart..<index])
                    index += 1
                    return String(decoding: scratch, as: UTF8.self)
                }
                let string = String(decoding: UnsafeBufferPointer(rebasing: bytes[contentStart..<index]), as: UTF8.self)
                index += 1
                return string
            } else if byte == UInt8(ascii: "\\") {
                if !hasEscapes {
                    // Most strings have no escape: the scratch buffer is only cleared for one that has.
                    hasEscapes = true
                    scratch.removeAll(keepingCapacity: true)
                }
                scratch.append(contentsOf: bytes[runStart..<index])
                try parseEscape()
                runStart = index
            } else if byte < 0x20 {
                throw controlCharacter(in: quote)
            } else {
                try validateUTF8Sequence()
            }
        }
    }

    /// Parses a string as `parseString` does, without making it: returns its length as the compact serializer writes
    /// it (`ElidedContainer.compactLength`), and sets `lastStringIsPlain`.
    mutating func skimString() throws -> Int {
        let quote = index
        index += 1
        var length = 2
        var plain = true
        while true {
            let runStart = index
            skipPlainASCII()
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
                index += 1
            }
            length += index - runStart
            guard index < bytes.count else {
                throw fatal("unterminated string: the string that starts here has no closing '\"'", at: quote, length: 1,
                            help: "close the string with '\"' (the file may be truncated)")
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                lastStringIsPlain = plain
                return length
            } else if byte == UInt8(ascii: "\\") {
                plain = false
                scratch.removeAll(keepingCapacity: true)
                try parseEscape()
                for unescaped in scratch { length += compactByteLength(unescaped) }
            } else if byte < 0x20 {
                throw controlCharacter(in: quote)
            } else {
                plain = false
                let start = index
                try validateUTF8Sequence()
                length += index - start
            }
        }
    }

    /// The error for the control character at `index`, in the string that starts at `quote`.
    func controlCharacter(in quote: Int) -> FatalSyntaxError {
        let byte = bytes[index]
        if byte == 0x0A || byte == 0x0D {
            return FatalSyntaxError(problem: SyntaxProblem(
                .invalidSyntax,
                "unterminated string: a line break cannot appear inside a JSON string",
                help: "close the string with '\"' on the same line, or write the line break as \\n",
                range: SourceRange(start: quote, end: index)))
        }
        return fatal("control character \(scalarName(UInt32(byte))) in string: JSON requires it to be escaped",
                     at: index, length: 1, help: "write it as \(escapeSuggestion(byte))")
    }

    /// At a backslash: appends the unescaped bytes to `scratch`.
    mutating func parseEscape() throws {
        let start = index
        index += 1
        guard index < bytes.count else {
            throw fatal("unterminated string: the input ends inside an escape sequence", at: start, length: 1,
                        help: "complete the escape and close the string (the file may be truncated)")
        }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): scratch.append(0x22)
        case UInt8(ascii: "\\"): scratch.append(0x5C)
        case UInt8(ascii: "/"):
            // A serializer writes '/' itself (the compact one does).
            textIsCompact = false
            scratch.append(0x2F)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            let first = try parseHex4(escapeStart: start)
            var scalar = first
            if (0xD800...0xDBFF).contains(first) {
                // A high surrogate must be followed by an escaped low surrogate.
                if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                    let secondStart = index
                    index += 2
                    let second = try parseHex4(escapeStart: secondStart)
                    guard (0xDC00...0xDFFF).contains(second) else {
                        throw loneSurrogate(start: start, length: 6)
                    }
                    scalar = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
                } else {
                    throw loneSurrogate(start: start, length: 6)
                }
            } else if (0xDC00...0xDFFF).contains(first) {
                throw loneSurrogate(start: start, length: 6)
            }
            if textIsCompact && !isCompactUnicodeEscape(scalar, at: start) { textIsCompact = false }
            appendUTF8(scalar)
        default:
            var length = 2
            if byte >= 0x80 {
                let scalarLength = bytes.utf8SequenceLength(at: index - 1)
                guard scalarLength > 0 else { throw invalidUTF8(at: index - 1) }
                length = scalarLength + 1
            }
            let written = source.text(SourceRange(start: start, end: min(start + length, bytes.count)))
            throw fatal("invalid escape \(written): JSON escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX",
                        at: start, length: length, help: "to write a backslash itself, double it: \\\\")
        }
    }

    /// Whether the `\uXXXX` escape at `start` is how a compact serializer writes `scalar`: a control character
    /// that has no two-letter escape, in lowercase hex (`\u001f`). Anything else it writes as itself or as `\n`.
    func isCompactUnicodeEscape(_ scalar: UInt32, at start: Int) -> Bool {
        switch scalar {
        case 0x08, 0x09, 0x0A, 0x0C, 0x0D: return false
        case 0..<0x20: break
        default: return false
        }
        return !bytes[(start + 2)..<(start + 6)].contains { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "F") }
    }

    mutating func parseHex4(escapeStart: Int) throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = hexValue(bytes[index]) else {
                // Show the offending character whole; a byte that is not UTF-8 is reported as such.
                var end = index
                if index < bytes.count {
                    let scalarLength = bytes.utf8SequenceLength(at: index)
                    guard scalarLength > 0 else { throw invalidUTF8(at: index) }
                    end = index + scalarLength
                }
                let written = source.text(SourceRange(start: escapeStart, end: end))
                throw fatal("invalid escape \(written): \\u must be followed by four hex digits", at: escapeStart, length: end - escapeStart,
                        help: "write \\u and four hex digits, e.g. \\u00e9")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    func loneSurrogate(start: Int, length: Int) -> FatalSyntaxError {
        let written = source.text(SourceRange(start: start, end: min(start + length, bytes.count)))
        return fatal("lone surrogate \(written): a UTF-16 surrogate must come as a high/low pair",
                     at: start, length: length,
                     help: "write the character itself, or both halves of its surrogate pair")
    }

    mutating func appendUTF8(_ scalar: UInt32) {
        switch scalar {
        case 0..<0x80:
            scratch.append(UInt8(scalar))
        case 0x80..<0x800:
            scratch.append(UInt8(0xC0 | (scalar >> 6)))
            scratch.append(UInt8(0x80 | (scalar & 0x3F)))
        case 0x800..<0x10000:
            scratch.append(UInt8(0xE0 | (scalar >> 12)))
            scratch.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            scratch.append(UInt8(0x80 | (scalar & 0x3F)))
        default:
            scratch.append(UInt8(0xF0 | (scalar >> 18)))
            scratch.append(UInt8(0x80 | ((scalar >> 12) & 0x3F)))
            scratch.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            scratch.append(UInt8(0x80 | (scalar & 0x3F)))
        }
    }

    /// Validates one multi-byte UTF-8 sequence at `index` and moves past it.
    mutating func validateUTF8Sequence() throws {
        let length = bytes.utf8SequenceLength(at: index)
        guard length > 0 else { throw invalidUTF8(at: index) }
        index += length
    }

    func invalidUTF8(at position: Int) -> FatalSyntaxError {
        // Report the byte that starts the broken sequence, as Python's and ICU's decoders do.
        let byte = bytes[position]
        let reason: String
        switch byte {
        case 0x80...0xBF: reason = "a continuation byte with no lead byte"
        case 0xC0, 0xC1, 0xF5...0xFF: reason = "never valid in UTF-8"
        default:
            reason = bytes.utf8SequenceLength(at: position, pastEnd: true) > 0
                ? "starts a sequence the input cuts off" : "starts a sequence that is broken or overlong"
        }
        return fatal("invalid UTF-8: byte \(hexByte(byte)) at byte offset \(position) \(reason)",
                     at: position, length: 1, help: "JSON text must be UTF-8 (RFC 8259 §8.1); re-save the file as UTF-8")
    }

    // MARK: Numbers

    mutating func parseNumber() throws -> DocumentNode {
        let start = index
        let isInteger = try scanNumber()
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        return DocumentNode(.number(NumberLiteral(text: text, isInteger: isInteger)), range: SourceRange(start: start, end: index))
    }

    /// Moves past the number at `index`, checking it; returns whether it is an integer.
    mutating func scanNumber() throws -> Bool {
        let start = index
        var isInteger = true
        if bytes[index] == UInt8(ascii: "-") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else {
                if matchesWord("Infinity", at: index) {
                    throw fatal("-Infinity is not JSON: JSON numbers must be finite", at: start, length: 9, help: "use a finite number, or null")
                }
                throw fatal("invalid number: '-' must be followed by a digit", at: start, length: index - start,
                            help: "write a digit after '-', e.g. -1")
            }
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) {
                while index < bytes.count, isDigit(bytes[index]) { index += 1 }
                throw fatal("leading zeros are not allowed in JSON numbers (\(source.text(SourceRange(start: start, end: index))))",
                            at: start, length: index - start, help: "remove the leading zeros, or quote the value if it is an identifier")
            }
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw fatal("invalid number: a decimal point must be followed by a digit", at: start, length: index - start,
                            help: "write a digit after the point, e.g. 1.0")
            }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw fatal("invalid number: an exponent must have digits", at: start, length: index - start,
                            help: "write digits after the exponent, e.g. 1e3")
            }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, isWordByte(bytes[index]) || bytes[index] == UInt8(ascii: ".") {
            var end = index
            while end < bytes.count, isWordByte(bytes[end]) || bytes[end] == UInt8(ascii: ".") { end += 1 }
            let text = source.text(SourceRange(start: start, end: end))
            let what = text.hasPrefix("0x") || text.hasPrefix("0X") || text.hasPrefix("-0x") ? "hexadecimal numbers are not JSON" : "JSON numbers are written as -12.5e3"
            throw fatal("invalid number '\(text)': \(what)", at: start, length: end - start,
                        help: "write the number in decimal, or quote it if it is text")
        }
        return isInteger
    }

    // MARK: Literals and errors at the start of a value

    mutating func parseLiteralOrFail() throws -> DocumentNode {
        let start = index
        let value: DocumentNode.Value
        switch try scanLiteral() {
        case 4 where bytes[start] == UInt8(ascii: "t"): value = .bool(true)
        case 5: value = .bool(false)
        default: value = .null
        }
        return DocumentNode(value, range: SourceRange(start: start, end: index))
    }

    /// Moves past `true`, `false` or `null` at `index` and returns its length; anything else is the error it is.
    mutating func scanLiteral() throws -> Int {
        // The literal's first four bytes as one word, then the byte after it.
        if index + 4 <= bytes.count {
            let word = UInt32(littleEndian: UnsafeRawPointer(bytes.baseAddress!).loadUnaligned(fromByteOffset: index, as: UInt32.self))
            let length = word == 0x6575_7274 || word == 0x6C6C_756E ? 4 // "true", "null"
                : word == 0x736C_6166 && index + 4 < bytes.count && bytes[index + 4] == UInt8(ascii: "e") ? 5 : 0 // "false"
            if length > 0, index + length == bytes.count || !isWordByte(bytes[index + length]) {
                index += length
                return length
            }
        }
        let length: Int
        if matchesWord("true", at: index) {
            length = 4
        } else if matchesWord("false", at: index) {
            length = 5
        } else if matchesWord("null", at: index) {
            length = 4
        } else {
            throw notAValue()
        }
        index += length
        return length
    }

    /// The error for what stands at `index` where a value should start (and is no `true`, `false` or `null`).
    func notAValue() -> FatalSyntaxError {
        let start = index
        let byte = bytes[index]
        if isWordByte(byte) {
            var end = index
            while end < bytes.count, isWordByte(bytes[end]) { end += 1 }
            let word = source.text(SourceRange(start: start, end: end))
            let message: String, help: String
            switch word {
            case "NaN", "Infinity":
                (message, help) = ("\(word) is not JSON: JSON numbers must be finite", "use a finite number, or null")
            case "undefined":
                (message, help) = ("undefined is not JSON: use null or leave the key out", "write null, or remove the member")
            case "True", "TRUE", "False", "FALSE", "Null", "NULL", "None", "nil":
                (message, help) = ("'\(word)' is not JSON: the literals are lowercase true, false and null", "write true, false or null")
            default:
                (message, help) = ("unexpected word '\(clip(word))': strings must be in double quotes", "put the text in double quotes: \"\(clip(word))\"")
            }
            return fatal(message, at: start, length: end - start, help: help)
        }
        switch byte {
        case UInt8(ascii: "'"):
            return fatal("strings must be in double quotes, not single quotes", at: start, length: 1, help: "use double quotes: \"…\"")
        case UInt8(ascii: "+"):
            return fatal("invalid number: JSON numbers cannot start with '+'", at: start, length: 1, help: "remove the '+'")
        case UInt8(ascii: "."):
            return fatal("invalid number: JSON numbers need a digit before the decimal point", at: start, length: 1,
                         help: "write a 0 before the point, e.g. 0.5")
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
            return fatal("expected a value, found \(describe(at: start))", at: start, length: 1, help: valueHelp)
        case UInt8(ascii: ","):
            return fatal("expected a value, found ','", at: start, length: 1, help: valueHelp)
        default:
            if byte >= 0x80, bytes.utf8SequenceLength(at: start) == 0 { return invalidUTF8(at: start) }
            return fatal("expected a value, found \(describe(at: start))", at: start, length: max(1, bytes.utf8SequenceLength(at: start)),
                         help: valueHelp)
        }
    }

    func badKey() -> FatalSyntaxError {
        let start = index
        let byte = bytes[index]
        if byte == UInt8(ascii: "'") {
            return fatal("object keys must be strings in double quotes, not single quotes", at: start, length: 1,
                         help: "use double quotes around the key")
        }
        if byte == UInt8(ascii: "}") || byte == UInt8(ascii: ",") {
            return fatal("expected a key in double quotes, found \(describe(at: start))", at: start, length: 1,
                         help: "write a key in double quotes, or remove the extra ','")
        }
        if isWordByte(byte) {
            var end = index
            while end < bytes.count, isWordByte(bytes[end]) || bytes[end] == UInt8(ascii: "-") { end += 1 }
            let word = source.text(SourceRange(start: start, end: end))
            return fatal("object keys must be strings in double quotes: write \"\(clip(word))\"", at: start, length: end - start,
                         help: "put the key in double quotes")
        }
        return unexpected("expected a key in double quotes, found \(describe(at: start))", at: start, help: "write the key in double quotes")
    }

    /// `message` over the whole character at `position`, or the invalid UTF-8 there if it is not a character.
    func unexpected(_ message: String, at position: Int, help: String) -> FatalSyntaxError {
        let length = bytes.utf8SequenceLength(at: position)
        guard length > 0 else { return invalidUTF8(at: position) }
        return fatal(message, at: position, length: length, help: help)
    }

    func unclosed(_ opener: String, opener position: Int) -> FatalSyntaxError {
        let closer = opener == "{" ? "}" : "]"
        return fatal("unexpected end of input: the '\(opener)' opened at \(source.position(of: position)) is never closed",
                     at: index, length: 0, help: "add the missing '\(closer)' (the file may be truncated)")
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

    func matchesWord(_ word: StaticString, at position: Int) -> Bool {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[position + offset] != word.utf8Start[offset] { return false }
        let end = position + count
        return end >= bytes.count || !isWordByte(bytes[end])
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

private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

private func isWordByte(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
        || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
}

private func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case 0x30...0x39: byte - 0x30
    case 0x41...0x46: byte - 0x41 + 10
    case 0x61...0x66: byte - 0x61 + 10
    default: nil
    }
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

private func escapeSuggestion(_ byte: UInt8) -> String {
    switch byte {
    case 0x08: return "\\b"
    case 0x09: return "\\t"
    case 0x0C: return "\\f"
    default: return "\\u" + scalarName(UInt32(byte)).dropFirst(2)
    }
}
