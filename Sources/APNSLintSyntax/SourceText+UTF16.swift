/// Columns in UTF-16 code units, as SARIF (`columnKind: utf16CodeUnits`) and the Language Server Protocol count them:
/// each scalar counts 1, or 2 from U+10000 on (a four-byte UTF-8 sequence, `😀`). Bytes that are not UTF-8 count as
/// the scalar columns do (one for each byte that is not a continuation byte).
extension SourceText {
    /// The 1-based column of a position in UTF-16 code units.
    public func utf16Column(_ position: SourcePosition) -> Int {
        let lineStart = lineStart(position.line)
        var column = 1
        for byte in bytes[lineStart..<position.offset - origin.offset] where byte & 0xC0 != 0x80 {
            column += Self.utf16Width(leadByte: byte)
        }
        return column
    }

    /// The byte offset of a 0-based line of the text and a 0-based UTF-16 column, as the Language Server Protocol
    /// gives positions. Clamped as the protocol asks: a line past the last is the end of the text, a column past the
    /// end of its line is the line's end (before its break), and a column inside a character (between the two halves
    /// of a surrogate pair) is that character's start.
    public func offset(line: Int, utf16Column column: Int) -> Int {
        guard line < lineCount else { return bytes.count }
        let fileLine = firstLine + max(line, 0)
        let range = lineRange(fileLine)
        var units = 0
        var index = range.start
        while index < range.end {
            let width = Self.utf16Width(leadByte: bytes[index])
            if units + width > column { break }
            units += width
            index += 1
            while index < range.end, bytes[index] & 0xC0 == 0x80 { index += 1 }
        }
        return index
    }

    /// How many UTF-16 code units the scalar a UTF-8 lead byte starts takes.
    @inline(__always) private static func utf16Width(leadByte byte: UInt8) -> Int {
        (0xF0...0xF4).contains(byte) ? 2 : 1
    }
}
