import APNSLintSyntax
import APNSLintTestSupport
import Testing

@Suite("SourceText: lines, columns and offsets")
struct SourcePositionTests {
    /// "line:column" for every byte offset 0...count.
    func positions(_ text: String) -> [String] {
        let source = SourceText(text)
        return (0...source.count).map { source.position(of: $0).description }
    }

    // MARK: Line breaks

    @Test("LF line endings")
    func lf() {
        let source = SourceText("ab\ncd\n\nef")
        #expect(source.lineStarts == [0, 3, 6, 7])
        #expect(source.lineCount == 4)
        #expect(positions("ab\ncd\n\nef") == ["1:1", "1:2", "1:3", "2:1", "2:2", "2:3", "3:1", "4:1", "4:2", "4:3"])
    }

    @Test("CRLF counts as one line break; the LF belongs to the line it ends")
    func crlf() {
        let source = SourceText("ab\r\ncd\r\n")
        #expect(source.lineStarts == [0, 4, 8])
        #expect(source.lineCount == 3)
        #expect(positions("ab\r\ncd\r\n") == ["1:1", "1:2", "1:3", "1:4", "2:1", "2:2", "2:3", "2:4", "3:1"])
    }

    @Test("a lone CR is a line break")
    func loneCR() {
        let source = SourceText("ab\rcd\r")
        #expect(source.lineStarts == [0, 3, 6])
        #expect(positions("ab\rcd\r") == ["1:1", "1:2", "1:3", "2:1", "2:2", "2:3", "3:1"])
    }

    @Test("mixed line endings, including LF CR (two breaks) and CR CR LF", arguments: [
        ("a\n\r\nb\rc", [0, 2, 4, 6]),
        ("\n\r", [0, 1, 2]),
        ("\r\r\n", [0, 1, 3]),
        ("\r\n\r\n", [0, 2, 4]),
        ("\n", [0, 1]),
        ("x", [0]),
        ("", [0]),
    ] as [(String, [Int])])
    func mixed(_ text: String, _ starts: [Int]) {
        #expect(SourceText(text).lineStarts == starts)
    }

    @Test("empty text: one empty line")
    func empty() {
        let source = SourceText("")
        #expect(source.count == 0)
        #expect(source.lineCount == 1)
        #expect(source.position(of: 0) == SourcePosition(line: 1, column: 1, offset: 0))
        #expect(source.lineRange(1) == SourceRange(0..<0))
        #expect(source.offset(line: 1, column: 1) == 0)
    }

    @Test("position(of:) clamps offsets outside the text")
    func clamping() {
        let source = SourceText("ab\ncd")
        #expect(source.position(of: -5) == SourcePosition(line: 1, column: 1, offset: 0))
        #expect(source.position(of: 99) == SourcePosition(line: 2, column: 3, offset: 5))
        #expect(source.position(of: 5) == SourcePosition(line: 2, column: 3, offset: 5))
    }

    // MARK: Columns

    @Test("columns count Unicode scalars, not bytes or UTF-16 units")
    func scalarColumns() {
        // é (2 bytes), 😀 (4), 中 (3), x (1)
        let source = SourceText("é😀中x")
        #expect(source.position(of: 0).description == "1:1")
        #expect(source.position(of: 2).description == "1:2")
        #expect(source.position(of: 6).description == "1:3")
        #expect(source.position(of: 9).description == "1:4")
        #expect(source.position(of: 10).description == "1:5")
        // An offset inside a scalar belongs to that scalar's column.
        #expect(source.position(of: 1).description == "1:2")
        #expect(source.position(of: 4).description == "1:3")
        #expect(source.position(of: 8).description == "1:4")
    }

    @Test("each multi-byte scalar before an error moves its column by exactly one", arguments: ["é", "😀", "中", "\u{FEFF}", "a"])
    func columnPerScalar(_ character: String) {
        for count in 0...3 {
            let prefix = String(repeating: character, count: count)
            let text = "[\"\(prefix)\", tru]"
            let source = SourceText(text)
            let result = JSONReader.read(source)
            let offset = 5 + count * character.utf8.count
            expectSingleFatal(result, in: source, message: "unexpected word 'tru': strings must be in double quotes",
                              range: offset..<(offset + 3), at: "1:\(6 + count)")
        }
    }

    @Test("combining characters are separate scalars, so they are separate columns")
    func combining() {
        let source = SourceText("e\u{301}x") // e + COMBINING ACUTE ACCENT (2 bytes) + x
        #expect(source.position(of: 3).description == "1:3")
    }

    @Test("a problem after multi-byte characters and CRLF lines gets the right line:column")
    func problemAfterCRLFAndMultiByte() {
        let text = "{\r\n  \"é😀中\": 1,\r\n  \"b\": tru\r\n}"
        let source = SourceText(text)
        // Line 2 is `  "é😀中": 1,` = 2 + 1 + 9 + 1 + 1 + 1 + 1 + 1 = 17 bytes, then CRLF.
        #expect(source.lineStarts == [0, 3, 22, 34])
        expectSingleFatal(JSONReader.read(source), in: source,
                          message: "unexpected word 'tru': strings must be in double quotes", range: 29..<32, at: "3:8")
        // The key on line 2: its column counts each scalar once.
        let keyEnd = source.position(of: 3 + 12)
        #expect(keyEnd.description == "2:7")
    }

    @Test("a problem on a line ended by a lone CR")
    func problemAfterLoneCR() {
        let text = "[1,\r2,\r\r  x]"
        let source = SourceText(text)
        expectSingleFatal(JSONReader.read(source), in: source,
                          message: "unexpected word 'x': strings must be in double quotes", range: 10..<11, at: "4:3")
    }

    // MARK: Line ranges

    @Test("lineRange excludes the line break, whichever it is")
    func lineRanges() {
        let source = SourceText("ab\ncd\r\nef\rg\n")
        #expect(source.lineCount == 5)
        #expect((1...5).map { source.text(source.lineRange($0)) } == ["ab", "cd", "ef", "g", ""])
        #expect((1...5).map(source.lineRange) == [
            SourceRange(0..<2), SourceRange(3..<5), SourceRange(7..<9), SourceRange(10..<11), SourceRange(12..<12),
        ])
    }

    @Test("lineRange of empty lines and of a last line without a break")
    func lineRangesEdge() {
        let source = SourceText("\n\r\n\rlast")
        #expect((1...4).map(source.lineRange) == [SourceRange(0..<0), SourceRange(1..<1), SourceRange(3..<3), SourceRange(4..<8)])
    }

    // MARK: offset(line:column:)

    @Test("offset(line:column:) round-trips with position(of:) at every scalar boundary", arguments: [
        "ab\ncd\n\nef",
        "ab\r\ncd\r\n",
        "a\rb\r\rc",
        "é😀中x\r\n中\n😀😀\rz",
        "{\r\n  \"é\": [1, \"😀\"]\n}\n",
    ])
    func roundTrip(_ text: String) {
        let source = SourceText(text)
        let bytes = Array(text.utf8)
        var checked = 0
        for offset in 0...bytes.count {
            // Skip offsets inside a scalar and the LF of a CRLF: neither is a place a column can name.
            if offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { continue }
            if offset > 0, offset < bytes.count, bytes[offset] == 0x0A, bytes[offset - 1] == 0x0D { continue }
            let position = source.position(of: offset)
            #expect(position.offset == offset)
            #expect(source.offset(line: position.line, column: position.column) == offset, "offset \(offset) at \(position)")
            checked += 1
        }
        #expect(checked == text.unicodeScalars.count + 1 - crlfCount(bytes))
    }

    private func crlfCount(_ bytes: [UInt8]) -> Int {
        zip(bytes, bytes.dropFirst()).filter { $0 == 0x0D && $1 == 0x0A }.count
    }

    @Test("offset(line:column:) for lines that do not exist, and columns past the end of a line")
    func offsetEdges() {
        let source = SourceText("ab\r\ncd")
        #expect(source.offset(line: 0, column: 1) == nil)
        #expect(source.offset(line: 3, column: 1) == nil)
        #expect(source.offset(line: -1, column: 1) == nil)
        #expect(source.offset(line: 1, column: 1) == 0)
        #expect(source.offset(line: 1, column: 3) == 2)
        // Past the end of a line: the end of its content, never into its line break or the next line.
        #expect(source.offset(line: 1, column: 4) == 2)
        #expect(source.offset(line: 1, column: 100) == 2)
        #expect(source.offset(line: 2, column: 100) == 6)
        // Column 0 or less: the start of the line.
        #expect(source.offset(line: 2, column: 0) == 4)
        #expect(source.offset(line: 2, column: -3) == 4)
        #expect(SourceText("é😀").offset(line: 1, column: 3) == 6)
    }

    // MARK: Text and ranges

    @Test("text(_:) decodes a range; invalid UTF-8 becomes U+FFFD")
    func text() {
        let source = SourceText(bytes: Array("aé".utf8) + [0xFF] + Array("z".utf8))
        #expect(source.text(SourceRange(0..<3)) == "aé")
        #expect(source.text(SourceRange(3..<5)) == "\u{FFFD}z")
        #expect(source.text(SourceRange(2..<2)) == "")
        #expect(source.position(of: 4).description == "1:4")
    }

    @Test("SourceRange basics")
    func sourceRange() {
        let range = SourceRange(start: 3, end: 5)
        #expect(range == SourceRange(3..<5))
        #expect(range.length == 2)
        #expect(!range.isEmpty)
        #expect(SourceRange(4..<4).isEmpty)
        #expect(range.description == "3..<5")
        #expect(SourceRange(1..<9) < SourceRange(2..<3))
        #expect(SourceRange(2..<3) < SourceRange(2..<4))
        #expect(!(SourceRange(2..<4) < SourceRange(2..<4)))
        #expect(SourcePosition(line: 2, column: 7, offset: 30).description == "2:7")
    }

    @Test("many lines: the binary search finds every line")
    func manyLines() {
        let lines = (0..<2000).map { index in
            String(repeating: "é", count: index % 7) + (index % 3 == 0 ? "\r\n" : index % 3 == 1 ? "\n" : "\r")
        }
        let text = lines.joined()
        let source = SourceText(text)
        #expect(source.lineCount == 2001)
        var offset = 0
        for (index, line) in lines.enumerated() {
            let scalars = index % 7
            #expect(source.position(of: offset) == SourcePosition(line: index + 1, column: 1, offset: offset))
            let end = offset + 2 * scalars
            #expect(source.position(of: end) == SourcePosition(line: index + 1, column: scalars + 1, offset: end))
            #expect(source.lineRange(index + 1) == SourceRange(offset..<end))
            offset += line.utf8.count
        }
        #expect(source.position(of: offset).description == "2001:1")
    }
}

@Test func lineRangeOfAMissingLineIsEmptyAtTheEnd() {
    let source = SourceText("a\nb")
    #expect(source.lineRange(3) == SourceRange(start: 3, end: 3))
    #expect(source.lineRange(0) == SourceRange(start: 3, end: 3))
    #expect(source.lineRange(2) == SourceRange(start: 2, end: 3))
}

@Suite("SourceText: the line index of a large text")
struct SourceTextBlockIndexTests {
    /// Every line start and position, as a list of every line start gives them.
    private func expectSameAsLineStarts(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
        let source = SourceText(bytes: bytes)
        var starts = [0]
        for index in bytes.indices where bytes[index] == 0x0A || bytes[index] == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A) {
            starts.append(index + 1)
        }
        #expect(source.lineCount == starts.count, sourceLocation: sourceLocation)
        #expect(source.lineStarts == starts, sourceLocation: sourceLocation)
        for (line, start) in starts.enumerated() where line % 97 == 0 || line + 3 > starts.count {
            #expect(source.lineStart(line + 1) == start, sourceLocation: sourceLocation)
        }
        for offset in stride(from: 0, through: bytes.count, by: 53) + [bytes.count] {
            let line = starts.lastIndex { $0 <= offset }!
            var column = 1
            for index in starts[line]..<offset where bytes[index] & 0xC0 != 0x80 { column += 1 }
            #expect(source.position(of: offset) == SourcePosition(line: line + 1, column: column, offset: offset), sourceLocation: sourceLocation)
        }
    }

    @Test("lines across blocks of 4 KiB, with \\r\\n split between two blocks")
    func acrossBlocks() {
        var generator = SplitMix64(seed: 0x11AE_5EED)
        for size in [4095, 4096, 4097, 8192, 8193, 50_000] {
            var bytes = (0..<size).map { _ in [UInt8]("ab\u{e9}\n\r x".utf8).randomElement(using: &generator)! }
            if size > 4097 { bytes[4095] = 0x0D; bytes[4096] = 0x0A }
            expectSameAsLineStarts(bytes)
        }
        expectSameAsLineStarts(Array(repeating: 0x0A, count: 9000))
        expectSameAsLineStarts(Array(repeating: 0x0D, count: 9000))
        expectSameAsLineStarts(Array(repeating: UInt8(ascii: "x"), count: 9000) + [0x0A])
    }
}
