import APNSLintSyntax
import APNSLintTestSupport
import Testing

/// Hostile and damaged input: deep nesting, truncation at every byte, random garbage, very large terms.
@Suite("ErlangReader: limits and robustness")
struct ErlangReaderRobustnessTests {
    static let depthHelp = "an APNs payload is at most 5120 bytes and never needs this depth"

    static func depthMessage(_ depth: Int) -> String {
        "nesting is deeper than \(depth) levels; apns-lint stops here to stay within bounded memory and stack"
    }


    // MARK: Nesting

    @Test("512 nested lists, tuples-in-proplists and maps read; the 513th level is refused")
    func depthLimit() throws {
        let lists = ErlangRead(String(repeating: "[", count: 512) + String(repeating: "]", count: 512) + ".")
        #expect(lists.problems.isEmpty)
        #expect(try containerDepth(#require(lists.documents.first)) == 512)
        #expect(lists.documents.first?.range == SourceRange(0..<1024))

        let maps = ErlangRead(String(repeating: "#{a => ", count: 512) + "1" + String(repeating: "}", count: 512) + ".")
        #expect(maps.problems.isEmpty)
        var node = try #require(maps.documents.first)
        #expect(containerDepth(node) == 512)
        while let member = node.members?.first { node = member.value }
        #expect(dumpTree(node) == "i:1@3584..<3585")

        let tooDeep = ErlangRead(String(repeating: "[", count: 513) + String(repeating: "]", count: 513) + ".")
        #expect(tooDeep.documents.isEmpty)
        #expect(tooDeep.problemLines == ["invalidSyntax 512..<513 1:513 \(Self.depthMessage(512))"])
        #expect(tooDeep.problems.first?.help == Self.depthHelp)

        let deepMaps = ErlangRead(String(repeating: "#{a => ", count: 513) + "1" + String(repeating: "}", count: 513) + ".")
        #expect(deepMaps.problemLines == ["invalidSyntax 3584..<3585 1:3585 \(Self.depthMessage(512))"])

        // A proplist pair is a tuple inside a list: two levels per step.
        let pairs = ErlangRead(String(repeating: "[{a, ", count: 257) + "1" + String(repeating: "}]", count: 257) + ".")
        #expect(pairs.problemLines == ["invalidSyntax 1280..<1281 1:1281 \(Self.depthMessage(512))"])
        let tuples = ErlangRead(String(repeating: "{", count: 513) + String(repeating: "}", count: 513) + ".")
        #expect(tuples.problemLines == ["invalidSyntax 512..<513 1:513 \(Self.depthMessage(512))"])
    }

    @Test("a binary is a string, not a nesting level: 512 lists around a binary read")
    func binaryAtMaximumDepth() throws {
        let read = ErlangRead(String(repeating: "[", count: 512) + #"<<"a">>"# + String(repeating: "]", count: 512) + ".")
        #expect(read.problems.isEmpty, "\(read.problemLines)")
        var node = try #require(read.documents.first)
        #expect(containerDepth(node) == 512)
        while let first = node.elements?.first { node = first }
        #expect(dumpTree(node) == #""a"@512..<519"#)
    }

    @Test("the limit is a parameter")
    func customDepth() {
        #expect(ErlangRead("[[[a]]].", maxDepth: 3).dumps == [#"[[["a"@3..<4]@2..<5]@1..<6]@0..<7"#])
        #expect(ErlangRead("[[[[a]]]].", maxDepth: 3).problemLines == ["invalidSyntax 3..<4 1:4 \(Self.depthMessage(3))"])
        #expect(ErlangRead("[#{a => {b, c}}].", maxDepth: 2).problemLines == ["invalidSyntax 8..<9 1:9 \(Self.depthMessage(2))"])
        #expect(ErlangRead("a.", maxDepth: 0).dumps == [#""a"@0..<1"#])
        #expect(ErlangRead("<<\"a\">>.", maxDepth: 0).dumps == [#""a"@0..<7"#])
        #expect(ErlangRead("[].", maxDepth: 0).problemLines == ["invalidSyntax 0..<1 1:1 \(Self.depthMessage(0))"])
    }

    @Test("100,000 open brackets: a positioned problem, no crash", arguments: ["[", "{", "#{a=>", "[{a,"])
    func veryDeep(_ opener: String) {
        let text = "[ok].\n" + String(repeating: opener, count: 100_000)
        let read = ErlangRead(text)
        #expect(read.dumps == [#"["ok"@1..<3]@0..<4"#])
        let offset = 6 + (opener == "[{a," ? 256 * 4 : 512 * opener.utf8.count)
        #expect(read.problemLines == ["invalidSyntax \(offset)..<\(offset + 1) 2:\(offset - 5) \(Self.depthMessage(512))"])
    }

    // MARK: Truncation

    /// A realistic file: comments, every kind of term, several terms on a line, a '.' on its own line.
    static let terms: [(lead: String, term: String)] = [
        ("%% Notifications for the game service.\n", "[\n    {'alert', <<\"Would you like to play a game?\">>}\n]"),
        ("\n\n% Alert with sound and badge, in hex, with a char code.\n",
         #"[{alert, <<"Caf\x{e9} \"ok\""/utf8>>}, {badge, 16#1F}, {sound, <<"wopr">>},"# + "\n"
            + #" {extra, [{<<"meta">>, [{<<"movie">>, <<"War Games">>}]}, {<<"n">>, -2.5e-1}, {<<"list">>, [1, 2_000, $a, 'x y']}]}]"#),
        ("\n\n", "#{aps => #{alert => <<\"hi\">>, 'content-available' => 1}, sent => {{2026,11,21},{10,0,0}}}"),
        ("\n", "[{}]"),
        (" ", "[]"),
        ("\n", "[{<<\"a\">>, [{}]}, {<<\"b\">>, [[], [true, false, null]]}] % last\n"),
    ]

    /// The file and the offset of each term's ending '.'.
    static var realisticFile: (bytes: [UInt8], dots: [Int]) {
        var bytes: [UInt8] = []
        var dots: [Int] = []
        for (lead, term) in terms {
            bytes += Array(lead.utf8) + Array(term.utf8)
            dots.append(bytes.count)
            bytes.append(UInt8(ascii: "."))
        }
        bytes += Array("\n".utf8)
        return (bytes, dots)
    }

    /// True when `bytes` holds nothing but whitespace and comments.
    static func isBlank(_ bytes: ArraySlice<UInt8>) -> Bool {
        var inComment = false
        for byte in bytes {
            if inComment {
                if byte == 0x0A || byte == 0x0D { inComment = false }
            } else if byte == UInt8(ascii: "%") {
                inComment = true
            } else if ![0x20, 0x09, 0x0A, 0x0D, 0x0C].contains(byte) {
                return false
            }
        }
        return true
    }

    @Test("the realistic file reads without a problem")
    func realisticFileReads() {
        let (bytes, dots) = Self.realisticFile
        let read = ErlangRead(bytes: bytes)
        #expect(read.problems.isEmpty, "\(read.problemLines)")
        #expect(read.termProblems.isEmpty, "\(read.termProblemLines)")
        #expect(dots.count == 6)
        #expect(read.documents.count == 6)
        #expect(read.documents.map(\.kind) == [.object, .object, .object, .object, .array, .object])
        #expect(read.documents.first.map(dumpTree) == #"{"alert"@46..<53: "Would you like to play a game?"@55..<91}@39..<94"#)
        #expect(read.documents[1].members?.map(\.key) == ["alert", "badge", "sound", "extra"])
        #expect(read.documents[1].members?.first?.value.string == "Café \"ok\"")
        #expect(read.documents[1].members?[1].value.number?.text == "31")
        let list = read.documents[1].members?[3].value.members?[2].value.elements
        #expect(list?.map { $0.number?.text ?? $0.string ?? "?" } == ["1", "2000", "97", "x y"])
        #expect(read.documents[2].members?[1].value.string == "2026-11-21T10:00:00Z")
        #expect(read.documents[4].range == SourceRange(start: dots[3] + 2, end: dots[4]))
    }

    @Test("every prefix of a realistic file: the complete terms, then a positioned problem, never a crash")
    func everyPrefix() {
        let (bytes, dots) = Self.realisticFile
        let full = ErlangRead(bytes: bytes).dumps
        for cut in 0...bytes.count {
            let read = ErlangRead(bytes: Array(bytes[0..<cut]))
            expectErlangWellFormed(read)
            let complete = dots.filter { $0 < cut }.count
            let tailStart = complete == 0 ? 0 : dots[complete - 1] + 1
            let context = "cut at \(cut): \(read.problemLines)"
            if Self.isBlank(bytes[tailStart..<cut]) {
                if complete == 0 {
                    #expect(read.documents.isEmpty, "\(context)")
                    #expect(read.problems.isEmpty, "file:consult/1 reads no term and no error: \(context)")
                } else {
                    #expect(read.problems.isEmpty, "\(context)")
                    #expect(read.dumps == Array(full[0..<complete]), "\(context)")
                }
                continue
            }
            #expect(read.problems.count == 1, "\(context)")
            guard let problem = read.problems.last else { continue }
            #expect(problem.kind == .invalidSyntax, "\(context)")
            #expect(problem.range.start >= tailStart && problem.range.end <= cut, "\(context)")
            #expect(Array(read.dumps.prefix(complete)) == Array(full[0..<complete]), "\(context)")
            if read.documents.count == complete + 1 {
                // The whole of the next term, without its '.'.
                #expect(read.dumps.last == full[complete], "\(context)")
                #expect(problem.message == "the term is not ended by '.' (file:consult/1: syntax error at the end of the file)", "\(context)")
                #expect(problem.range == SourceRange(start: read.documents[complete].range.end, end: read.documents[complete].range.end))
            } else {
                #expect(read.documents.count == complete, "\(context)")
            }
        }
    }

    // MARK: Garbage

    @Test("seeded random bytes: a well-formed result, the same on every read")
    func randomBytes() {
        var random = SplitMix64(seed: 0xE41A_1A06)
        for _ in 0..<3000 {
            let count = Int(random.next() % 120)
            let bytes = random.bytes(count)
            let read = ErlangRead(bytes: bytes)
            expectErlangWellFormed(read)
            let again = ErlangRead(bytes: bytes)
            #expect(again.dumps == read.dumps && again.problemLines == read.problemLines)
        }
    }

    static let fragments = [
        "[", "]", "{", "}", "#{", "#", "<<", ">>", ",", ".", ". ", "=>", ":=", "|", "-", "+", "'a'", "'", "\"", "\"s\"",
        "<<\"b\">>", "/utf8", "alert", "true", "null", "X", "_", "1", "007", "16#FF", "99#1", "2.5e-3", "1.", "$a", "$",
        "$\\n", "\\", "\\x{41}", "\\x{", "%c\n", "% x", " ", "\n", "\r\n", "\t", "é", "😀", "[{}]", "{k, v}", "{{2026,1,2},{3,4,5}}",
        "Name = ", "=", ";", "?", "<", ":",
    ]

    @Test("seeded random token soup: a well-formed result, never a crash")
    func tokenSoup() {
        var random = SplitMix64(seed: 20_261_121)
        var documents = 0
        for _ in 0..<4000 {
            let count = Int(random.next() % 40)
            var text = ""
            for _ in 0..<count { text += Self.fragments[Int(random.next() % UInt64(Self.fragments.count))] }
            let read = ErlangRead(text)
            expectErlangWellFormed(read)
            documents += read.documents.count
        }
        // The soup is not all rejected: some of it reads as terms.
        #expect(documents > 100)
    }

    @Test("seeded single-byte mutations of a realistic file: a well-formed result")
    func mutations() {
        let (original, _) = Self.realisticFile
        var random = SplitMix64(seed: 7)
        let interesting: [UInt8] = Array("[]{}<>#,.'\"$%\\|=:-+ \n".utf8) + [0x00, 0x80, 0xC3, 0xFF]
        for _ in 0..<2000 {
            var bytes = original
            let position = Int(random.next() % UInt64(bytes.count))
            bytes[position] = random.next() % 2 == 0 ? interesting[Int(random.next() % UInt64(interesting.count))] : UInt8(truncatingIfNeeded: random.next())
            expectErlangWellFormed(ErlangRead(bytes: bytes))
        }
    }

    // MARK: Size

    // Inputs of many megabytes: Tests/StressTests/ReaderStressTests.swift (`swift test --filter StressTests`).
}
