import APNSLintSyntax
import APNSLintTestSupport
import Testing

/// Alias expansion budget, nesting depth and size.
@Suite("YAMLReader: limits")
struct YAMLReaderLimitsTests {
    static let depthHelp = "an APNs payload is at most 5120 bytes and never needs this depth"

    static func depthMessage(_ depth: Int) -> String {
        "nesting is deeper than \(depth) levels; apns-lint stops here to stay within bounded memory and stack"
    }

    static func aliasMessage(_ budget: Int) -> String {
        "aliases expand to more than \(budget) values; apns-lint stops here instead of expanding them (a \"billion laughs\" file can exhaust any reader's memory)"
    }


    // MARK: Aliases

    static let laughs = """
        a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
        b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
        c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
        d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
        e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
        f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]
        g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]
        h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]
        i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]

        """

    @Test("a billion-laughs document ends with exactly one .aliasLimit problem; finished documents are kept")
    func billionLaughs() {
        let text = "x: 1\n---\n" + Self.laughs + "---\ny: 2\n"
        let read = YAMLRead(text)
        // Only the document before the bomb; reading stops, so the one after it is not read either.
        #expect(read.dumps == [#"{"x"@0..<1: i:1@3..<4}@0..<4"#])
        // a holds 10 values, b 91, c 820, d 7,381, e 66,430: the first *e takes the total past 100,000.
        let firstE = byteOffset(of: "*e", in: text)
        #expect(read.problemLines == ["aliasLimit \(SourceRange(firstE..<(firstE + 2))) 8:8 \(Self.aliasMessage(100_000))"])
        #expect(read.problems.first?.help == "a notification definition needs only a few aliases; expand this structure by hand or reduce the nesting of aliases")
    }

    @Test("a billion-laughs file on its own: one .aliasLimit problem, no document, no 'no document' problem")
    func billionLaughsAlone() {
        let read = YAMLRead(Self.laughs)
        #expect(read.documents.isEmpty)
        #expect(read.problems.map(\.kind) == [.aliasLimit])
    }

    @Test("a budget counts every value an alias adds: exactly at the budget is fine, one more is not")
    func aliasBudget() {
        // `&a [1, 2]` is three values (the sequence and its two items); three aliases add nine.
        let text = "a: &a [1, 2]\nb: [*a, *a, *a]\n"
        let fits = YAMLRead(text, aliasBudget: 9)
        #expect(fits.problems.isEmpty)
        #expect(fits.dumps == [#"""
            {"a"@0..<1: [i:1@7..<8, i:2@10..<11]@6..<12, "b"@13..<14: [[i:1@7..<8, i:2@10..<11]@6..<12, \#
            [i:1@7..<8, i:2@10..<11]@6..<12, [i:1@7..<8, i:2@10..<11]@6..<12]@16..<28}@0..<28
            """#])
        let over = YAMLRead(text, aliasBudget: 8)
        #expect(over.documents.isEmpty)
        #expect(over.problemLines == ["aliasLimit 25..<27 2:13 \(Self.aliasMessage(8))"])
    }

    @Test("aliases of aliases count their whole expansion")
    func nestedAliasBudget() {
        // a = 2 values; b = 1 + 2 + 2 = 5 (4 added); *b adds 5 more: 9 in all.
        let text = "a: &a [1]\nb: &b [*a, *a]\nc: [*b]\n"
        #expect(YAMLRead(text, aliasBudget: 9).problems.isEmpty)
        #expect(YAMLRead(text, aliasBudget: 9).documents.first?.member("c")?.value.elements?.first?.elements?.count == 2)
        let over = YAMLRead(text, aliasBudget: 8)
        #expect(over.problemLines == ["aliasLimit 29..<31 3:5 \(Self.aliasMessage(8))"])
    }

    @Test("scalar aliases count one each, and the budget starts again in every document")
    func budgetPerDocument() {
        #expect(YAMLRead("a: &a 1\nb: [*a, *a, *a]\n", aliasBudget: 3).problems.isEmpty)
        #expect(YAMLRead("a: &a 1\nb: [*a, *a, *a]\n", aliasBudget: 2).problemLines == [
            "aliasLimit 20..<22 2:13 \(Self.aliasMessage(2))",
        ])
        let twice = YAMLRead("a: &a 1\nb: [*a, *a]\n---\na: &a 1\nb: [*a, *a]\n", aliasBudget: 2)
        #expect(twice.problems.isEmpty)
        #expect(twice.documents.count == 2)
    }

    @Test("the default budget allows 100,000 alias values")
    func defaultBudget() {
        #expect(YAMLReader.defaultAliasBudget == 100_000)
        let text = "a: &a x\nb: [" + Array(repeating: "*a", count: 100_000).joined(separator: ",") + "]\n"
        let read = YAMLRead(text)
        #expect(read.problems.isEmpty)
        #expect(read.documents.first?.member("b")?.value.elements?.count == 100_000)
        let over = YAMLRead("a: &a x\nb: [" + Array(repeating: "*a", count: 100_001).joined(separator: ",") + "]\n")
        #expect(over.problems.map(\.kind) == [.aliasLimit])
        #expect(over.problems.first?.range.start == 12 + 100_000 * 3)
    }

    // MARK: Nesting

    @Test("512 nested flow sequences parse; 513 give .invalidSyntax at the 513th '['")
    func flow512() throws {
        #expect(YAMLReader.defaultMaxDepth == 512)
        let read = YAMLRead(String(repeating: "[", count: 512) + String(repeating: "]", count: 512))
        #expect(read.problems.isEmpty)
        let root = try #require(read.documents.first)
        #expect(containerDepth(root) == 512)
        #expect(root.range == SourceRange(0..<1024))
        var innermost = root
        while let first = innermost.elements?.first { innermost = first }
        #expect(innermost.range == SourceRange(511..<513))

        let deeper = YAMLRead(String(repeating: "[", count: 513) + String(repeating: "]", count: 513))
        #expect(deeper.documents.isEmpty)
        #expect(deeper.problemLines == ["invalidSyntax 512..<513 1:513 \(Self.depthMessage(512))"])
        #expect(deeper.problems.first?.help == Self.depthHelp)
    }

    @Test("512 nested block mappings parse; the 513th level is reported at its key")
    func block512() throws {
        func nested(_ levels: Int) -> String {
            (0..<levels).map { String(repeating: " ", count: $0) + "k:\n" }.joined()
        }
        // 512 mappings: the innermost `k:` holds null.
        let read = YAMLRead(nested(512))
        #expect(read.problems.isEmpty)
        #expect(try containerDepth(#require(read.documents.first)) == 512)

        let text = nested(513)
        let deeper = YAMLRead(text)
        #expect(deeper.documents.isEmpty)
        let lastKey = text.utf8.count - 3
        // A block mapping starts with no text of its own: the range is empty, at the first key.
        #expect(deeper.problemLines == ["invalidSyntax \(SourceRange(lastKey..<lastKey)) 513:513 \(Self.depthMessage(512))"])
    }

    @Test("100,000 '[' deep: the depth problem at the 513th, no crash", arguments: [false, true])
    func flow100k(_ closed: Bool) {
        let text = String(repeating: "[", count: 100_000) + (closed ? String(repeating: "]", count: 100_000) : "")
        let read = YAMLRead(text)
        #expect(read.documents.isEmpty)
        #expect(read.problemLines == ["invalidSyntax 512..<513 1:513 \(Self.depthMessage(512))"])
    }

    @Test("100,000 nested '- ' entries on one line, and 100,000 nested '{a: ': the depth problem, no crash")
    func other100k() {
        let dashes = YAMLRead(String(repeating: "- ", count: 100_000) + "x\n")
        #expect(dashes.documents.isEmpty)
        #expect(dashes.problems.map(\.message) == [Self.depthMessage(512)])
        #expect(dashes.problems.first?.range.start == 1024)
        let maps = YAMLRead(String(repeating: "{a: ", count: 100_000))
        #expect(maps.documents.isEmpty)
        #expect(maps.problemLines == ["invalidSyntax 2048..<2049 1:2049 \(Self.depthMessage(512))"])
    }

    @Test("maxDepth is configurable, and a scalar needs no depth")
    func customDepth() {
        #expect(YAMLRead("a: {b: [c]}", maxDepth: 3).problems.isEmpty)
        #expect(YAMLRead("a: {b: [c]}", maxDepth: 2).problemLines == ["invalidSyntax 7..<8 1:8 \(Self.depthMessage(2))"])
        #expect(YAMLRead("plain", maxDepth: 0).dumps == [#""plain"@0..<5"#])
        #expect(YAMLRead("[]", maxDepth: 0).problemLines == ["invalidSyntax 0..<1 1:1 \(Self.depthMessage(0))"])
        // Collections used as keys count towards the depth as well.
        #expect(YAMLRead("? [[x]]\n: v", maxDepth: 2).problemLines == ["invalidSyntax 3..<4 1:4 \(Self.depthMessage(2))"])
    }

    // MARK: Size

    // Inputs of many megabytes: Tests/StressTests/ReaderStressTests.swift (`swift test --filter StressTests`).

    @Test("a 1 MB sequence of small mappings: every element, the last one exactly placed")
    func manySmallMappings() throws {
        var text = ""
        text.reserveCapacity(1_100_000)
        var index = 0
        while text.utf8.count < 1_000_000 {
            text += "- {id: \(index), ok: true, name: é\(index)}\n"
            index += 1
        }
        let read = YAMLRead(text)
        #expect(read.problems.isEmpty)
        let elements = try #require(read.documents.first?.elements)
        #expect(elements.count == index)
        let last = try #require(elements.last)
        #expect(read.source.text(last.range) == "{id: \(index - 1), ok: true, name: é\(index - 1)}")
        #expect(read.at(last.range.start) == "\(index):3")
        #expect(last.members?.map(\.key) == ["id", "ok", "name"])
        #expect(last.member("id")?.value.number?.text == String(index - 1))
        #expect(elements[1234].member("name")?.value.string == "é1234")
    }
}
