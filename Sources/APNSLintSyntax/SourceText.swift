/// A half-open range of byte offsets into a `SourceText`: `start..<end`.
///
/// Byte offsets are what edits (fixes) need; lines and columns are derived from them on demand.
public struct SourceRange: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var start: Int
    public var end: Int

    public init(start: Int, end: Int) {
        precondition(start <= end, "a range cannot end before it starts")
        self.start = start
        self.end = end
    }

    public init(_ range: Range<Int>) {
        self.init(start: range.lowerBound, end: range.upperBound)
    }

    public var length: Int { end - start }

    /// Whether two ranges share a byte, or one is empty and both start at the same place (two edits there would
    /// conflict: which comes first is undefined).
    public func overlaps(_ other: SourceRange) -> Bool {
        start < other.end && other.start < end || (start == other.start && (isEmpty || other.isEmpty))
    }
    public var isEmpty: Bool { start == end }

    public static func < (lhs: SourceRange, rhs: SourceRange) -> Bool {
        (lhs.start, lhs.end) < (rhs.start, rhs.end)
    }

    public var description: String { "\(start)..<\(end)" }

    /// The place of a value the file does not hold, which the system a definition is written for adds (a header or
    /// default a dialect's builder adds, the empty `loc-args` apns_json writes): no text, at `offset` (where the
    /// definition starts), so a finding about it points at the definition. `Field.Placement` tells it from text.
    public static func added(at offset: Int) -> SourceRange { SourceRange(start: offset, end: offset) }
}

/// A human position in a source text.
///
/// `line` is 1-based. `column` is 1-based and counts Unicode scalars from the start of the line, so
/// `"é"` (two UTF-8 bytes) and `"😀"` (four) each advance the column by one. `offset` is the byte offset.
public struct SourcePosition: Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var offset: Int

    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    public var description: String { "\(line):\(column)" }
}

/// Where a text starts in the file it was taken from: the lines and bytes before it. A record of a stream (a line of
/// JSON Lines) is read as a text of its own, and its positions are still the file's.
public struct SourceOrigin: Sendable, Hashable {
    /// The number of lines before the text (0: it starts the file).
    public var line: Int
    /// The number of bytes before the text.
    public var offset: Int

    public init(line: Int, offset: Int) {
        self.line = line
        self.offset = offset
    }

    public static let start = SourceOrigin(line: 0, offset: 0)
}

/// The bytes of one input, with a line index.
///
/// Line breaks are `\n`, `\r\n` and a lone `\r`; `\r\n` counts as one break. Byte offsets and ranges are into
/// `bytes`; line numbers, and the positions `position(of:)` gives, are the file's (see `origin`).
///
/// The index holds, for each block of 4 KiB, how many line breaks come before it: a few bytes for each 4 KiB of text
/// whatever the number of lines, where a list of line starts takes 8 bytes a line (as much as the text itself for a
/// file of one short value a line). A position is then found by counting the breaks in at most one block. A text of
/// one block needs no index at all: nothing is counted until a position is asked for (most lints report nothing).
public struct SourceText: Sendable {
    public let bytes: [UInt8]
    /// Where `bytes` start in their file (`.start` unless the text is a part of a stream).
    public let origin: SourceOrigin
    /// The number of line breaks before each block after the first (`blockSize` bytes each); empty for one block.
    private let breaksBeforeBlock: [Int]
    /// The number of lines of a text of more than one block (counted with the index); -1 for one block.
    private let countedLines: Int

    public var lineCount: Int { countedLines >= 0 ? countedLines : breaks(before: bytes.count) + 1 }

    private static let blockShift = 12
    private static let blockSize = 1 << blockShift

    /// Byte offset at which each line starts; `lineStarts[0] == 0`. Made when asked for: an array of every line.
    public var lineStarts: [Int] {
        var starts = [0]
        starts.reserveCapacity(lineCount)
        for index in bytes.indices where isBreak(at: index) { starts.append(index + 1) }
        return starts
    }

    public init(bytes: [UInt8], origin: SourceOrigin = .start) {
        self.bytes = bytes
        self.origin = origin
        let count = bytes.count
        guard count > Self.blockSize else {
            breaksBeforeBlock = []
            countedLines = -1
            return
        }
        var blocks: [Int] = []
        var breaks = 0
        blocks.reserveCapacity(count >> Self.blockShift)
        bytes.withUnsafeBufferPointer { buffer in
            var start = 0
            while start < count {
                let end = min(start + Self.blockSize, count)
                breaks += Self.breaks(in: buffer, from: start, to: end)
                if end < count { blocks.append(breaks) }
                start = end
            }
        }
        breaksBeforeBlock = blocks
        countedLines = breaks + 1
    }

    /// The line breaks that end in `start..<end` of `buffer`.
    @inline(__always) private static func breaks(in buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        let raw = UnsafeRawPointer(buffer.baseAddress!)
        var breaks = 0
        var index = start
        while index < end {
            // Eight bytes at a time while none is below 0x0E (so none is a line break).
            if index + 8 <= end {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                if !word.hasByte(below: 0x0E) {
                    index += 8
                    continue
                }
            }
            let byte = buffer[index]
            index += 1
            if byte > 0x0D { continue }
            if byte == 0x0A || byte == 0x0D && (index == buffer.count || buffer[index] != 0x0A) { breaks += 1 }
        }
        return breaks
    }

    public init(_ string: String) {
        self.init(bytes: Array(string.utf8))
    }

    public var count: Int { bytes.count }
    /// The file's number of the text's first and last line.
    public var firstLine: Int { origin.line + 1 }
    public var lastLine: Int { origin.line + lineCount }

    /// Whether the byte at `index` ends a line: a `\n`, or a `\r` not followed by `\n`.
    private func isBreak(at index: Int) -> Bool {
        let byte = bytes[index]
        return byte == 0x0A || byte == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A)
    }

    /// The number of line breaks before `offset` (0...count).
    private func breaks(before offset: Int) -> Int {
        // (An offset at the very end of a text that fills its last block lies past every block.)
        let block = min(offset >> Self.blockShift, breaksBeforeBlock.count)
        var breaks = block == 0 ? 0 : breaksBeforeBlock[block - 1]
        for index in (block << Self.blockShift)..<offset where isBreak(at: index) { breaks += 1 }
        return breaks
    }

    /// The byte offset at which line `line` of the file starts (`firstLine` ... `lastLine`).
    public func lineStart(_ line: Int) -> Int {
        let local = line - origin.line
        guard local > 1 else { return 0 }
        // The break that ends the line before lies in the last block with fewer breaks before it.
        let wanted = local - 1
        let block = breaksBeforeBlock.partitioningIndex { $0 >= wanted }
        var breaks = block == 0 ? 0 : breaksBeforeBlock[block - 1]
        var index = block << Self.blockShift
        while index < bytes.count {
            if isBreak(at: index) {
                breaks += 1
                if breaks == wanted { return index + 1 }
            }
            index += 1
        }
        preconditionFailure("line \(line) of \(firstLine)...\(lastLine)")
    }

    /// The position of a byte offset (clamped to the text).
    public func position(of offset: Int) -> SourcePosition {
        let offset = min(max(offset, 0), bytes.count)
        let line = origin.line + breaks(before: offset) + 1
        let lineStart = lineStart(line)
        var column = 1
        var index = lineStart
        while index < offset {
            // Count scalars: every byte that is not a UTF-8 continuation byte starts one.
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return SourcePosition(line: line, column: column, offset: origin.offset + offset)
    }

    /// Byte range of line `line` of the file, without its line break; an empty range at the end for a line
    /// that is not in the text.
    public func lineRange(_ line: Int) -> SourceRange {
        guard line >= firstLine, line <= lastLine else { return SourceRange(start: bytes.count, end: bytes.count) }
        let start = lineStart(line)
        var end = line < lastLine ? lineStart(line + 1) : bytes.count
        if end > start, bytes[end - 1] == 0x0A { end -= 1 }
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        return SourceRange(start: start, end: end)
    }

    /// The text of a range, decoded leniently (invalid UTF-8 becomes U+FFFD).
    public func text(_ range: SourceRange) -> String {
        String(decoding: bytes[range.start..<range.end], as: UTF8.self)
    }

    /// The byte offset of a line of the file and a 1-based scalar column, or nil when the line is not in the text.
    public func offset(line: Int, column: Int) -> Int? {
        guard line >= firstLine, line <= lastLine else { return nil }
        let range = lineRange(line)
        var scalars = 1
        var index = range.start
        while index < range.end, scalars < column {
            index += 1
            while index < range.end, bytes[index] & 0xC0 == 0x80 { index += 1 }
            scalars += 1
        }
        return index
    }
}

extension RandomAccessCollection {
    /// The index of the first element for which `belongs` is true, in a collection where every such element comes after
    /// every other (a binary search); `endIndex` when there is none.
    public func partitioningIndex(where belongs: (Element) -> Bool) -> Index {
        var low = startIndex
        var count = self.count
        while count > 0 {
            let half = count / 2
            let middle = index(low, offsetBy: half)
            if belongs(self[middle]) {
                count = half
            } else {
                low = index(after: middle)
                count -= half + 1
            }
        }
        return low
    }
}

/// Tests on eight bytes at once, for scans that skip a word at a time while none of its bytes needs a look.
extension UInt64 {
    private static let ones: UInt64 = 0x0101_0101_0101_0101

    /// Whether any of the eight bytes is below `n` (at most 0x80): such a byte sets its high bit in
    /// `self - n·0x0101…` while its own high bit is clear. Exact for "any byte", which is all a scan asks.
    func hasByte(below n: UInt8) -> Bool {
        (self &- UInt64(n) &* Self.ones) & ~self & 0x8080_8080_8080_8080 != 0
    }

    /// Whether any of the eight bytes is `byte`.
    func hasByte(_ byte: UInt8) -> Bool { (self ^ UInt64(byte) &* Self.ones).hasByte(below: 1) }

    /// Whether any of the eight bytes is not ASCII.
    var hasNonASCIIByte: Bool { self & 0x8080_8080_8080_8080 != 0 }

    /// Whether any of the eight bytes is one a JSON string's content cannot hold as it stands: a quote, a backslash,
    /// a control character or a byte outside ASCII. One test for the four (`hasByte(below:)`'s, joined), so a scan
    /// through a long string branches once a word.
    var needsALookInAString: Bool {
        let quote = self ^ 0x2222_2222_2222_2222, backslash = self ^ 0x5C5C_5C5C_5C5C_5C5C
        let found = (quote &- Self.ones) & ~quote | (backslash &- Self.ones) & ~backslash | (self &- 0x20 &* Self.ones) & ~self | self
        return found & 0x8080_8080_8080_8080 != 0
    }
}
