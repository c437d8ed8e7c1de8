import APNSLintSyntax
import APNSLintTestSupport
import Testing

// The readers on inputs of many megabytes (moved from the APNSLintSyntaxTests suites named below, assertions
// unchanged).

@Suite("JSONReader: limits and hostile input, big inputs")
struct JSONReaderLimitsTests {
    @Test("a large valid document: an array of 200,000 small objects")
    func largeDocument() throws {
        var text = "["
        text.reserveCapacity(5_000_000)
        for index in 0..<200_000 {
            if index > 0 { text += ",\n" }
            text += #"{"id":\#(index),"ok":true}"#
        }
        text += "]"
        let result = readJSON(text)
        #expect(result.problems.isEmpty)
        let elements = try #require(result.document?.elements)
        #expect(elements.count == 200_000)
        #expect(elements.last?.members?.first?.value.number?.text == "199999")
        #expect(elements[1234].members?.map(\.key) == ["id", "ok"])
        #expect(elements[1234].members?.last?.value.bool == true)
        let last = try #require(elements.last)
        let source = SourceText(text)
        #expect(source.text(last.range) == #"{"id":199999,"ok":true}"#)
        #expect(source.position(of: last.range.start).description == "200000:1")
        #expect(result.document?.range == SourceRange(start: 0, end: text.utf8.count))
    }

    @Test("20 MB of random bytes ends with a problem, without crashing")
    func randomBytes() {
        var generator = SplitMix64(seed: 0x5EED_0001)
        let input = generator.bytes(20 * 1024 * 1024)
        let result = readJSON(bytes: input)
        #expect(!result.problems.isEmpty)
        expectWellFormed(result, count: input.count)
        // The same bytes after an opening quote: still a problem, at a sensible place.
        let quoted = readJSON(bytes: [0x22] + input)
        #expect(quoted.document == nil)
        expectWellFormed(quoted, count: input.count + 1)
    }

    @Test("a 20 MB string with no closing quote is read to its end and reported at its opening quote")
    func hugeUnterminatedString() {
        let chunk = "The quick brown fox jumps over the lazy dog 0123456789 é中😀 "
        let body = String(repeating: chunk, count: 20 * 1024 * 1024 / chunk.utf8.count)
        let source = SourceText("{\"alert\": \"" + body)
        expectSingleFatal(JSONReader.read(source), in: source,
                          message: #"unterminated string: the string that starts here has no closing '"'"#, range: 10..<11, at: "1:11")
    }

    @Test("a 4 MB string with escapes and multi-byte characters decodes completely")
    func hugeString() throws {
        let chunk = #"line\n\"quoted\" é中😀 \u00e9\ud83d\ude00 "#
        let decodedChunk = "line\n\"quoted\" é中😀 é😀 "
        let repeats = 4 * 1024 * 1024 / chunk.utf8.count
        let text = "\"" + String(repeating: chunk, count: repeats) + "\""
        let result = readJSON(text)
        #expect(result.problems.isEmpty)
        let string = try #require(result.document?.string)
        #expect(string.utf8.count == decodedChunk.utf8.count * repeats)
        #expect(string.hasPrefix(decodedChunk + decodedChunk))
        #expect(string.hasSuffix(decodedChunk))
    }
}

@Suite("ErlangReader: limits and robustness, big inputs")
struct ErlangReaderRobustnessTests {
    @Test("a ~20 MB term (a long list of small proplists) reads, with exact ranges at both ends", .timeLimit(.minutes(2)))
    func twentyMegabytes() throws {
        let element = Array(#"[{alert, <<"Hi">>}, {badge, 12}]"#.utf8) + Array(",\n".utf8)
        let count = 20_000_000 / element.count + 1
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        bytes.reserveCapacity(count * element.count + 8)
        for _ in 0..<count { bytes += element }
        bytes += Array("[{}]].\n".utf8)
        #expect(bytes.count > 20_000_000)

        let read = ErlangRead(bytes: bytes)
        #expect(read.problems.isEmpty)
        let root = try #require(read.documents.first)
        #expect(root.range == SourceRange(start: 0, end: bytes.count - 2))
        let elements = try #require(root.elements)
        #expect(elements.count == count + 1)
        #expect(dumpTree(elements[0]) == #"{"alert"@3..<8: "Hi"@10..<18, "badge"@22..<27: i:12@29..<31}@1..<33"#)
        let lastStart = 1 + (count - 1) * element.count
        #expect(dumpTree(elements[count - 1]) == #"{"alert"@\#(lastStart + 2)..<\#(lastStart + 7): "Hi"@\#(lastStart + 9)..<\#(lastStart + 17), "badge"@\#(lastStart + 21)..<\#(lastStart + 26): i:12@\#(lastStart + 28)..<\#(lastStart + 30)}@\#(lastStart)..<\#(lastStart + 32)"#)
        #expect(dumpTree(elements[count]) == "{}@\(bytes.count - 7)..<\(bytes.count - 3)")
        #expect(read.source.position(of: elements[count].range.start).description == "\(count + 1):1")
    }

    /// Reading a long string used to take time quadratic in its length (over six minutes for these 4 MB in a debug build).
    @Test("a 4 MB binary reads as one string, in linear time", .timeLimit(.minutes(1)))
    func longBinary() throws {
        let text = "<<\"" + String(repeating: "é😀x", count: 4_000_000 / 7) + "\">>."
        let read = ErlangRead(text)
        #expect(read.problems.isEmpty)
        let string = try #require(read.documents.first?.string)
        #expect(string.unicodeScalars.count == 3 * (4_000_000 / 7))
        #expect(read.documents.first?.range == SourceRange(start: 0, end: text.utf8.count - 1))
    }
}

@Suite("YAMLReader: limits, big inputs")
struct YAMLReaderLimitsTests {
    @Test("a ~50 MB file: one block scalar read completely")
    func fiftyMegabytes() throws {
        let line = "  The quick brown fox jumps over the lazy dog 0123456789 é中😀\n"
        let count = 50 * 1024 * 1024 / line.utf8.count
        var text = "aps:\n  alert: hi\nbody: |\n"
        text.reserveCapacity(50 * 1024 * 1024 + 100)
        for _ in 0..<count { text += line }
        text += "tail: end\n"
        let read = YAMLRead(text)
        #expect(read.problems.isEmpty)
        let root = try #require(read.documents.first)
        #expect(root.members?.map(\.key) == ["aps", "body", "tail"])
        let body = try #require(root.member("body")?.value)
        #expect(body.string?.utf8.count == (line.utf8.count - 2) * count)
        #expect(body.string?.hasSuffix("é中😀\n") == true)
        let tail = try #require(root.member("tail"))
        #expect(tail.keyRange.start == text.utf8.count - 10)
        #expect(read.at(tail.keyRange.start) == "\(count + 4):1")
        #expect(tail.value.range == SourceRange((text.utf8.count - 4)..<(text.utf8.count - 1)))
    }
}
