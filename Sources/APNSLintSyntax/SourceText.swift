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
public struct SourceText: Sendable {
    public let bytes: [UInt8]
    /// Where `bytes` start in their file (`.start` unless the text is a part of a stream).
    public let origin: SourceOrigin
    /// Byte offset at which each line after the first starts: a text of one line (a request body) needs no array.
    private let laterLineStarts: [Int]

    /// Byte offset at which each line starts; `lineStarts[0] == 0`.
    public var lineStarts: [Int] { [0] + laterLineStarts }

    public init(bytes: [UInt8], origin: SourceOrigin = .start) {
        self.bytes = bytes
        self.origin = origin
        var starts: [Int] = []
        var index = 0
        let count = bytes.count
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let raw = UnsafeRawPointer(base)
            while index < count {
                // Eight bytes at a time while none is below 0x0E (so none is a line break).
                if index + 8 <= count {
                    let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                    if !word.hasByte(below: 0x0E) {
                        index += 8
                        continue
                    }
                }
                let byte = buffer[index]
                if byte > 0x0D {
                    index += 1
                    continue
                }
                if byte == 0x0A {
                    starts.append(index + 1)
                } else if byte == 0x0D {
                    if index + 1 < count, buffer[index + 1] == 0x0A { index += 1 }
                    starts.append(index + 1)
                }
                index += 1
            }
        }
        laterLineStarts = starts
    }

    public init(_ string: String) {
        self.init(bytes: Array(string.utf8))
    }

    public var count: Int { bytes.count }
    /// The number of lines of the text (at least 1).
    public var lineCount: Int { laterLineStarts.count + 1 }
    /// The file's number of the text's first and last line.
    public var firstLine: Int { origin.line + 1 }
    public var lastLine: Int { origin.line + lineCount }

    /// The byte offset at which line `line` of the file starts (`firstLine` ... `lastLine`).
    public func lineStart(_ line: Int) -> Int {
        let local = line - origin.line
        return local == 1 ? 0 : laterLineStarts[local - 2]
    }

    /// The position of a byte offset (clamped to the text).
    public func position(of offset: Int) -> SourcePosition {
        let offset = min(max(offset, 0), bytes.count)
        // Binary search for the last line start <= offset (a 0-based line number; line 0 starts at 0).
        var low = 0
        var high = laterLineStarts.count
        while low < high {
            let mid = (low + high + 1) / 2
            if laterLineStarts[mid - 1] <= offset { low = mid } else { high = mid - 1 }
        }
        let lineStart = low == 0 ? 0 : laterLineStarts[low - 1]
        var column = 1
        var index = lineStart
        while index < offset {
            // Count scalars: every byte that is not a UTF-8 continuation byte starts one.
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return SourcePosition(line: origin.line + low + 1, column: column, offset: origin.offset + offset)
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
}
