/// Text written inside a string value of a document: an Amazon SNS message keeps the APNs payload as JSON inside a
/// JSON string (`"APNS": "{\"aps\":{\"badge\":1}}"`), and a `Publish` request keeps that message inside another.
///
/// The string's characters, as UTF-8 bytes, with the file offset each came from: a reader reads `bytes` as a text of
/// its own, and `fileRange(of:)` turns every range it reports back into the range of the escapes that wrote it, so a
/// finding inside the string points at that exact line and column of the file. Text inside text inside a file (two
/// levels of escapes) maps through both.
public struct EmbeddedText: Sendable {
    /// How a string is written in its file, which says how a replacement must be written back into it.
    public enum Quoting: Sendable, Hashable {
        /// A JSON string, or a YAML double-quoted scalar: `"` and `\` and control characters are escaped.
        case doubleQuoted
        /// A YAML single-quoted scalar: `'` is written twice.
        case singleQuoted
        /// A YAML plain scalar on one line, or a literal block scalar (`|`): characters stand as they are.
        case verbatim
    }

    /// The string's characters.
    public let bytes: [UInt8]
    /// `offsets[i]`: where the escape that wrote `bytes[i]` starts in the file; `offsets[bytes.count]`: where the
    /// string's content ends. A character of several bytes has the offset of its escape for each of them.
    private let offsets: [Int]
    /// How each level of the string is written, the file's first (what a replacement must pass through, innermost
    /// last); nil when some level could not be mapped character by character (a folded YAML scalar): then every
    /// range maps to the string's start in the file, and nothing may be written into it.
    public let quotings: [Quoting]?
    /// The string value's range in the file, quotes included.
    public let fileRange: SourceRange

    /// The text of the string `node`, whose range is in `text` (a file's bytes, or the bytes of `outer` when the
    /// string is itself inside embedded text). Nil when `node` is not a string.
    public init?(string node: DocumentNode, in text: [UInt8], within outer: EmbeddedText? = nil) {
        guard let value = node.string else { return nil }
        let decoded = Self.decode(text, range: node.range) ?? (bytes: Array(value.utf8), offsets: [], quoting: nil)
        bytes = Array(value.utf8)
        let mapped = decoded.quoting != nil && decoded.bytes == bytes
        // Offsets in `text`, then in the file.
        let local = mapped ? decoded.offsets : Array(repeating: node.range.start, count: bytes.count + 1)
        offsets = outer.map { outer in local.map { outer.fileOffset($0) } } ?? local
        let quoting = mapped ? decoded.quoting : nil
        if let outer {
            quotings = outer.quotings.flatMap { levels in quoting.map { levels + [$0] } }
        } else {
            quotings = quoting.map { [$0] }
        }
        fileRange = outer?.fileRange(of: node.range) ?? node.range
    }

    /// Where offset `inner` of `bytes` is in the file.
    public func fileOffset(_ inner: Int) -> Int {
        offsets[min(max(inner, 0), offsets.count - 1)]
    }

    /// The file range of the escapes that wrote `bytes[range]`.
    public func fileRange(of range: SourceRange) -> SourceRange {
        let start = fileOffset(range.start)
        return SourceRange(start: start, end: max(start, fileOffset(range.end)))
    }

    /// `node` with every range in the file's offsets.
    public func inFile(_ node: DocumentNode) -> DocumentNode {
        node.mappingRanges(fileRange(of:))
    }

    /// `problem` with its range, and its fix's edits, at the file's offsets. The edits' replacements stay as the text
    /// inside writes them: whoever applies them to the file escapes them for the string (`escaped(_:for:)`), once.
    public func inFile(_ problem: SyntaxProblem) -> SyntaxProblem {
        var problem = problem
        problem.range = fileRange(of: problem.range)
        if var fix = problem.fix {
            fix.edits = fix.edits.map { TextEdit(range: fileRange(of: $0.range), replacement: $0.replacement, content: $0.content) }
            problem.fix = fix
        }
        return problem
    }

    /// `text` as it is written inside strings quoted as `quotings` (the file's level first).
    public static func escaped(_ text: String, for quotings: [Quoting]) -> String {
        var text = text
        for quoting in quotings.reversed() {
            switch quoting {
            case .doubleQuoted:
                text = JSONString.escaped(text)
            case .singleQuoted:
                text = text.replacing("'", with: "''")
            case .verbatim:
                break
            }
        }
        return text
    }

    // MARK: - Decoding with offsets

    private typealias Decoded = (bytes: [UInt8], offsets: [Int], quoting: Quoting?)

    /// The characters of the string written at `range` of `text`, each with the offset of its escape; nil for a
    /// string written in a way this does not map (the caller then maps everything to the string's start).
    private static func decode(_ text: [UInt8], range: SourceRange) -> Decoded? {
        guard range.start < range.end, range.end <= text.count else { return nil }
        switch text[range.start] {
        case UInt8(ascii: "\""): return decodeDoubleQuoted(text, range: range)
        case UInt8(ascii: "'"): return decodeSingleQuoted(text, range: range)
        case UInt8(ascii: "|"): return decodeLiteralBlock(text, range: range)
        case UInt8(ascii: ">"): return nil
        default:
            // A plain scalar on one line stands as it is.
            let slice = text[range.start..<range.end]
            guard !slice.contains(0x0A) else { return nil }
            return (Array(slice), Array(range.start...range.end), .verbatim)
        }
    }

    private static func decodeDoubleQuoted(_ text: [UInt8], range: SourceRange) -> Decoded? {
        var bytes: [UInt8] = [], offsets: [Int] = []
        var index = range.start + 1
        let end = range.end - 1
        guard end >= index, text[end] == UInt8(ascii: "\"") else { return nil }
        while index < end {
            let byte = text[index]
            if byte == 0x0A || byte == 0x0D { return nil }  // a YAML scalar folded over lines
            guard byte == UInt8(ascii: "\\") else {
                bytes.append(byte)
                offsets.append(index)
                index += 1
                continue
            }
            guard index + 1 < end else { return nil }
            let start = index
            let escape = text[index + 1]
            index += 2
            let simple: UInt8? = switch escape {
            case UInt8(ascii: "\""): 0x22
            case UInt8(ascii: "\\"): 0x5C
            case UInt8(ascii: "/"): 0x2F
            case UInt8(ascii: "b"): 0x08
            case UInt8(ascii: "f"): 0x0C
            case UInt8(ascii: "n"): 0x0A
            case UInt8(ascii: "r"): 0x0D
            case UInt8(ascii: "t"): 0x09
            default: nil
            }
            if let simple {
                bytes.append(simple)
                offsets.append(start)
                continue
            }
            guard escape == UInt8(ascii: "u"), var scalar = hex4(text, at: index, end: end) else { return nil }
            index += 4
            if (0xD800..<0xDC00).contains(scalar), index + 6 <= end, text[index] == UInt8(ascii: "\\"),
               text[index + 1] == UInt8(ascii: "u"), let low = hex4(text, at: index + 2, end: end), (0xDC00..<0xE000).contains(low) {
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                index += 6
            }
            guard let unicode = Unicode.Scalar(scalar) else { return nil }
            for byte in String(Character(unicode)).utf8 {
                bytes.append(byte)
                offsets.append(start)
            }
        }
        offsets.append(end)
        return (bytes, offsets, .doubleQuoted)
    }

    private static func hex4(_ text: [UInt8], at index: Int, end: Int) -> UInt32? {
        guard index + 4 <= end else { return nil }
        var value: UInt32 = 0
        for byte in text[index..<index + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    private static func decodeSingleQuoted(_ text: [UInt8], range: SourceRange) -> Decoded? {
        var bytes: [UInt8] = [], offsets: [Int] = []
        var index = range.start + 1
        let end = range.end - 1
        guard end >= index, text[end] == UInt8(ascii: "'") else { return nil }
        while index < end {
            let byte = text[index]
            if byte == 0x0A || byte == 0x0D { return nil }
            bytes.append(byte)
            offsets.append(index)
            index += byte == UInt8(ascii: "'") ? 2 : 1
        }
        offsets.append(end)
        return (bytes, offsets, .singleQuoted)
    }

    /// `|` (optionally with `-`, `+` or an indentation digit, which the comparison with the value read catches):
    /// each line less its indentation, and the line break.
    private static func decodeLiteralBlock(_ text: [UInt8], range: SourceRange) -> Decoded? {
        var index = range.start
        while index < range.end, text[index] != 0x0A { index += 1 }
        index += 1
        var bytes: [UInt8] = [], offsets: [Int] = []
        var indentation: Int?
        while index < range.end {
            var lineStart = index
            var spaces = 0
            while lineStart < range.end, text[lineStart] == 0x20, spaces < (indentation ?? Int.max) {
                lineStart += 1
                spaces += 1
            }
            if indentation == nil, lineStart < range.end, text[lineStart] != 0x0A { indentation = spaces }
            var cursor = lineStart
            while cursor < range.end, text[cursor] != 0x0A {
                bytes.append(text[cursor])
                offsets.append(cursor)
                cursor += 1
            }
            if cursor < range.end {
                bytes.append(0x0A)
                offsets.append(cursor)
            }
            index = cursor + 1
        }
        // Trailing blank lines are not part of a clipped block: the comparison with the value read decides.
        while let last = bytes.last, last == 0x0A, bytes.count >= 2, bytes[bytes.count - 2] == 0x0A {
            bytes.removeLast()
            offsets.removeLast()
        }
        offsets.append(offsets.last.map { $0 + 1 } ?? range.end)
        return (bytes, offsets, .verbatim)
    }
}

extension DocumentNode {
    /// The same tree with every range (of values, keys, and members' leading text) transformed.
    public func mappingRanges(_ transform: (SourceRange) -> SourceRange) -> DocumentNode {
        var node = self
        node.range = transform(range)
        switch value {
        case .object(let members):
            node.value = .object(members.map { member in
                var member = member
                member.keyRange = transform(member.keyRange)
                member.value = member.value.mappingRanges(transform)
                return member
            })
        case .array(let elements):
            node.value = .array(elements.map { $0.mappingRanges(transform) })
        default:
            break
        }
        return node
    }
}
