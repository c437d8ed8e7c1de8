import APNSLintSyntax
import APNSLintTestSupport
import Testing

@Suite("JSONReader: limits and hostile input")
struct JSONReaderLimitsTests {
    static let depthMessage = "nesting is deeper than 512 levels; apns-lint stops here to stay within bounded memory and stack"
    static let depthHelp = "an APNs payload is at most 5120 bytes and never needs this depth; check that the file is a notification definition"


    // MARK: Nesting

    @Test("512 nested arrays parse")
    func arrays512() throws {
        let text = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        let result = readJSON(text)
        #expect(result.problems.isEmpty)
        let root = try #require(result.document)
        #expect(containerDepth(root) == 512)
        #expect(root.range == SourceRange(0..<1024))
        var innermost = root
        while let first = innermost.elements?.first { innermost = first }
        #expect(innermost.range == SourceRange(511..<513))
    }

    @Test("512 nested objects parse")
    func objects512() throws {
        let text = String(repeating: #"{"a":"#, count: 512) + "1" + String(repeating: "}", count: 512)
        let result = readJSON(text)
        #expect(result.problems.isEmpty)
        let root = try #require(result.document)
        #expect(containerDepth(root) == 512)
        var node = root
        while let member = node.members?.first { node = member.value }
        #expect(node.number?.text == "1")
        #expect(node.range == SourceRange(2560..<2561))
    }

    @Test("the depth is released when a container closes: many siblings at the deepest level")
    func depthIsReleased() throws {
        let deep = String(repeating: "[", count: 510) + "[]" + String(repeating: "]", count: 510)
        let text = "[" + Array(repeating: deep, count: 20).joined(separator: ",") + "]"
        let result = readJSON(text)
        #expect(result.problems.isEmpty)
        #expect(try containerDepth(#require(result.document)) == 512)
        #expect(result.document?.elements?.count == 20)
    }

    @Test("513 nested arrays: a fatal problem at the 513th '['")
    func arrays513() {
        let text = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        let source = SourceText(text)
        let problem = expectSingleFatal(JSONReader.read(source), in: source, message: Self.depthMessage, range: 512..<513, at: "1:513")
        #expect(problem?.help == Self.depthHelp)
    }

    @Test("513 nested objects: a fatal problem at the 513th '{'")
    func objects513() {
        let text = String(repeating: #"{"a":"#, count: 513) + "1" + String(repeating: "}", count: 513)
        let source = SourceText(text)
        expectSingleFatal(JSONReader.read(source), in: source, message: Self.depthMessage, range: 2560..<2561, at: "1:2561")
    }

    @Test("mixed nesting over several lines: the 513th opener, whatever its kind, is reported")
    func mixed513() {
        var text = ""
        var opener513 = -1
        for level in 0..<513 {
            if level == 512 { opener513 = text.utf8.count }
            text += level % 2 == 0 ? "[\n" : "{\"k\": "
        }
        let source = SourceText(text)
        // Levels 0, 2, ..., 512 are arrays, each followed by a line break: the 513th opener is on line 257, after one `{"k": `.
        expectSingleFatal(JSONReader.read(source), in: source, message: Self.depthMessage,
                          range: opener513..<(opener513 + 1), at: "257:7")
    }

    @Test("100,000 '[' deep: the same error, reported at the 513th '['")
    func arrays100k() {
        let source = SourceText(String(repeating: "[", count: 100_000))
        expectSingleFatal(JSONReader.read(source), in: source, message: Self.depthMessage, range: 512..<513, at: "1:513")
        let closed = SourceText(String(repeating: "[", count: 100_000) + "1" + String(repeating: "]", count: 100_000))
        expectSingleFatal(JSONReader.read(closed), in: closed, message: Self.depthMessage, range: 512..<513, at: "1:513")
    }

    @Test("100,000 '{\"a\":' deep: the same error, reported at the 513th '{'")
    func objects100k() {
        let source = SourceText(String(repeating: #"{"a":"#, count: 100_000))
        expectSingleFatal(JSONReader.read(source), in: source, message: Self.depthMessage, range: 2560..<2561, at: "1:2561")
    }

    @Test("maxDepth is configurable")
    func customMaxDepth() {
        #expect(readJSON("[[[]]]", maxDepth: 3).problems.isEmpty)
        let source = SourceText("[[[{}]]]")
        let result = JSONReader.read(source, maxDepth: 3)
        #expect(result.document == nil)
        #expect(result.problems.map(\.message) == [
            "nesting is deeper than 3 levels; apns-lint stops here to stay within bounded memory and stack",
        ])
        #expect(result.problems.map(\.range) == [SourceRange(3..<4)])
        // With no containers allowed, scalars still read.
        #expect(readJSON("1", maxDepth: 0).document?.number?.text == "1")
        #expect(readJSON("[]", maxDepth: 0).problems.map(\.range) == [SourceRange(0..<1)])
    }

    // MARK: Size

    // Inputs of many megabytes: Tests/StressTests/ReaderStressTests.swift (`swift test --filter StressTests`).

    // MARK: Fuzzing

    @Test("short random inputs over a JSON alphabet: every result is well-formed")
    func randomShortInputs() {
        let alphabet = Array(#"{}[],:"\/ btnfru0123456789-+.eE'aé😀"#.utf8) + [0x0A, 0x0D, 0x09, 0xFF, 0x80, 0xC3, 0xED, 0xA0]
        var generator = SplitMix64(seed: 42)
        for _ in 0..<3000 {
            let length = Int(generator.next() % 40)
            let input = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            let result = readJSON(bytes: input)
            expectWellFormed(result, count: input.count)
            expectProblemRangesOnBoundaries(result, input)
        }
    }

    @Test("every single-byte mutation of a valid document: well-formed results, ranges on character boundaries")
    func mutations() {
        let original = Array("""
            {"aps": {"alert": {"title": "Caf\\u00e9 \\ud83d\\ude00", "body": "é中😀\\n", "loc-args": [1, -2.5e3, true, null]}, \
            "badge": 0}, "x": [{}, [], ""]}
            """.utf8)
        #expect(readJSON(bytes: original).problems.isEmpty)
        let replacements = Array(#"{}[],:"\/ 0-.eatn"#.utf8) + [0x0A, 0x09, 0x00, 0x80, 0xFF, 0xC3]
        for offset in 0..<original.count {
            var deleted = original
            deleted.remove(at: offset)
            check(deleted)
            for byte in replacements where byte != original[offset] {
                var replaced = original
                replaced[offset] = byte
                check(replaced)
            }
            var inserted = original
            inserted.insert(UInt8(ascii: ","), at: offset)
            check(inserted)
        }

        func check(_ input: [UInt8]) {
            let result = readJSON(bytes: input)
            expectWellFormed(result, count: input.count)
            expectProblemRangesOnBoundaries(result, input)
        }
    }

    /// Zero-length problem ranges only at the end of the input; in valid UTF-8, ranges never split a character.
    func expectProblemRangesOnBoundaries(_ result: ParseResult, _ input: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
        let validUTF8 = String(validating: input, as: UTF8.self) != nil
        for problem in result.problems {
            if problem.range.isEmpty {
                #expect(problem.range.start == input.count, "empty range \(problem.range) in \(input)", sourceLocation: sourceLocation)
            }
            guard validUTF8 else { continue }
            for offset in [problem.range.start, problem.range.end] where offset < input.count {
                #expect(input[offset] & 0xC0 != 0x80, "\(problem.message) at \(problem.range) splits a character",
                        sourceLocation: sourceLocation)
            }
        }
    }
}
