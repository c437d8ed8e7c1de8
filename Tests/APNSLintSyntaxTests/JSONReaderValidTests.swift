import APNSLintSyntax
import APNSLintTestSupport
import Testing

/// Documents RFC 8259 accepts: each must read without a problem, into exactly the expected tree.
@Suite("JSONReader: valid documents")
struct JSONReaderValidTests {
    /// Reads `text`, expects no problem, and returns the tree's dump.
    func tree(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
        let result = readJSON(text)
        #expect(result.problems.isEmpty, "unexpected problems: \(result.problems.map(\.message))", sourceLocation: sourceLocation)
        guard let document = result.document else {
            Issue.record("no document", sourceLocation: sourceLocation)
            return nil
        }
        return dumpTree(document)
    }

    // MARK: Top level

    struct TopLevel: Sendable, CustomTestStringConvertible {
        let text: String
        let dump: String
        let kind: DocumentNode.Kind
        var testDescription: String { String(reflecting: text) }
    }

    @Test("every kind of value is a document on its own (RFC 8259 §2)", arguments: [
        TopLevel(text: "1", dump: "i:1@0..<1", kind: .integer),
        TopLevel(text: "-12.5", dump: "n:-12.5@0..<5", kind: .number),
        TopLevel(text: #""x""#, dump: #""x"@0..<3"#, kind: .string),
        TopLevel(text: #""""#, dump: #"""@0..<2"#, kind: .string),
        TopLevel(text: "true", dump: "true@0..<4", kind: .bool),
        TopLevel(text: "false", dump: "false@0..<5", kind: .bool),
        TopLevel(text: "null", dump: "null@0..<4", kind: .null),
        TopLevel(text: "{}", dump: "{}@0..<2", kind: .object),
        TopLevel(text: "[]", dump: "[]@0..<2", kind: .array),
        TopLevel(text: "{ }", dump: "{}@0..<3", kind: .object),
        TopLevel(text: "[ \n\t\r ]", dump: "[]@0..<7", kind: .array),
        TopLevel(text: " \t\n\r 7 \r\n", dump: "i:7@5..<6", kind: .integer),
        TopLevel(text: "\n\nnull\n", dump: "null@2..<6", kind: .null),
    ])
    func topLevel(_ c: TopLevel) {
        #expect(tree(c.text) == c.dump)
        #expect(readJSON(c.text).document?.kind == c.kind)
    }

    @Test("nested containers keep every range")
    func nested() {
        let text = #"{"a":{"b":[1,{"c":null}],"d":[]},"e":[[],[{}]]}"#
        #expect(text.utf8.count == 47)
        #expect(tree(text) == #"""
            {"a"@1..<4: {"b"@6..<9: [i:1@11..<12, {"c"@14..<17: null@18..<22}@13..<23]@10..<24, "d"@25..<28: []@29..<31}@5..<32, \#
            "e"@33..<36: [[]@38..<40, [{}@42..<44]@41..<45]@37..<46}@0..<47
            """#)
    }

    @Test("strings are scanned eight bytes at a time: a quote, an escape, a non-ASCII or a control byte is found wherever it falls in a word",
          arguments: 0..<18)
    func specialByteAtEveryOffset(_ offset: Int) {
        let plain = String(repeating: "a", count: offset)
        #expect(readJSON("\"\(plain)\"").document?.string == plain)
        #expect(readJSON("\"\(plain)\\n\(plain)\"").document?.string == plain + "\n" + plain)
        #expect(readJSON("\"\(plain)é\(plain)\"").document?.string == plain + "é" + plain)
        #expect(readJSON("\"\(plain)~\u{7F}\(plain)\"").document?.string == plain + "~\u{7F}" + plain)
        // A control character is reported where it is.
        let problems = readJSON("\"\(plain)\u{01}\(plain)\"").problems
        #expect(problems.map(\.range.start) == [offset + 1])
    }

    @Test("long keys and values (kept on the heap) are whole after their containers close")
    func longStringsInNestedContainers() throws {
        let long = String(repeating: "k", count: 20)
        let text = #"{"\#(long)":{"\#(long)2":"\#(long)v","x":["\#(long)e",{"\#(long)":"z"},[]]},"after":"\#(long)w"}"#
        let root = try #require(readJSON(text).document)
        let inner = try #require(root.member(long)?.value)
        #expect(inner.member(long + "2")?.value.string == long + "v")
        let elements = try #require(inner.member("x")?.value.elements)
        #expect(elements.count == 3)
        #expect(elements[0].string == long + "e")
        #expect(elements[1].member(long)?.value.string == "z")
        #expect(elements[2].elements?.isEmpty == true)
        #expect(root.member("after")?.value.string == long + "w")
        #expect(root.members?.map(\.key) == [long, "after"])
    }

    @Test("all four whitespace characters are accepted around every token (RFC 8259 §2)")
    func whitespace() {
        let text = "\t\n\r {\t\"a\"\r:\n[ 1 ,\t2 ]\r\n} \t"
        #expect(tree(text) == #"{"a"@6..<9: [i:1@14..<15, i:2@18..<19]@12..<21}@4..<24"#)
        let source = SourceText(text)
        #expect(source.lineStarts == [0, 2, 3, 10, 12, 23])
        #expect(source.position(of: 6).description == "3:4")
        #expect(source.position(of: 18).description == "5:7")
        #expect(source.position(of: 23).description == "6:1")
    }

    // MARK: Objects

    @Test("members keep source order; duplicate keys are all kept, in order")
    func memberOrderAndDuplicates() throws {
        let document = try #require(readJSON(#"{"b":1,"a":2,"b":3,"c":4,"a":5}"#).document)
        let members = try #require(document.members)
        #expect(members.map(\.key) == ["b", "a", "b", "c", "a"])
        #expect(members.map { $0.value.number?.text } == ["1", "2", "3", "4", "5"])
        #expect(members.map(\.keyRange) == [
            SourceRange(1..<4), SourceRange(7..<10), SourceRange(13..<16), SourceRange(19..<22), SourceRange(25..<28),
        ])
        // The lookup helper returns the last occurrence, as a dictionary-based parser would keep.
        #expect(document.member("a")?.value.number?.text == "5")
        #expect(document.member("b")?.value.number?.text == "3")
        #expect(document.member("z") == nil)
    }

    @Test("key ranges include the quotes; value and member ranges are exact")
    func keyAndValueRanges() throws {
        let text = #"{ "key" : "value" , "k2":[ true ] }"#
        #expect(tree(text) == #"{"key"@2..<7: "value"@10..<17, "k2"@20..<24: [true@27..<31]@25..<33}@0..<35"#)
        let members = try #require(readJSON(text).document?.members)
        #expect(members[0].range == SourceRange(2..<17))
        #expect(members[1].range == SourceRange(20..<33))
        let source = SourceText(text)
        #expect(source.text(members[0].keyRange) == #""key""#)
        #expect(source.text(members[0].value.range) == #""value""#)
        #expect(source.text(members[1].value.range) == "[ true ]")
    }

    @Test("keys are decoded like any string; their range covers the escaped source text")
    func escapedKeys() {
        #expect(tree(#"{"\"q\"":1}"#) == #"{"\"q\""@1..<8: i:1@9..<10}@0..<11"#)
        #expect(tree(#"{"\u0061\n":1}"#) == #"{"a\n"@1..<11: i:1@12..<13}@0..<14"#)
        #expect(tree(#"{"":""}"#) == #"{""@1..<3: ""@4..<6}@0..<7"#)
    }

    // MARK: Strings

    struct Escape: Sendable, CustomTestStringConvertible {
        let source: String
        let decoded: String
        var testDescription: String { source }
    }

    @Test("every escape of RFC 8259 §7 decodes", arguments: [
        Escape(source: #""\"""#, decoded: "\""),
        Escape(source: #""\\""#, decoded: "\\"),
        Escape(source: #""\/""#, decoded: "/"),
        Escape(source: #""\b""#, decoded: "\u{08}"),
        Escape(source: #""\f""#, decoded: "\u{0C}"),
        Escape(source: #""\n""#, decoded: "\n"),
        Escape(source: #""\r""#, decoded: "\r"),
        Escape(source: #""\t""#, decoded: "\t"),
        Escape(source: #""\u0041""#, decoded: "A"),
        Escape(source: #""\u00e9""#, decoded: "é"),
        Escape(source: #""\u00E9""#, decoded: "é"),
        Escape(source: #""\u20AC""#, decoded: "€"),
        Escape(source: #""\u0000""#, decoded: "\u{0}"),
        Escape(source: #""\u001f""#, decoded: "\u{1F}"),
        Escape(source: #""\uFFFF""#, decoded: "\u{FFFF}"),
        Escape(source: #""\ud83d\ude00""#, decoded: "😀"),
        Escape(source: #""\uD834\uDD1E""#, decoded: "𝄞"),
        Escape(source: #""\uD800\uDC00""#, decoded: "\u{10000}"),
        Escape(source: #""\uDBFF\uDFFF""#, decoded: "\u{10FFFF}"),
        Escape(source: #""a\"b\\c\/d\be\ff\ng\rh\ti\u0041j""#, decoded: "a\"b\\c/d\u{08}e\u{0C}f\ng\rh\tiAj"),
        Escape(source: #""é\n😀\u00e9x""#, decoded: "é\n😀éx"),
    ])
    func escape(_ c: Escape) throws {
        let result = readJSON(c.source)
        #expect(result.problems.isEmpty)
        let document = try #require(result.document)
        #expect(document.string == c.decoded)
        #expect(document.string.map { Array($0.unicodeScalars) } == Array(c.decoded.unicodeScalars))
        #expect(document.range == SourceRange(start: 0, end: c.source.utf8.count))
    }

    @Test("a surrogate pair is one scalar, and the string's range covers both escapes")
    func surrogatePairRange() {
        #expect(tree(#"["\ud83d\ude00"]"#) == #"["😀"@1..<15]@0..<16"#)
        #expect(readJSON(#""\ud83d\ude00""#).document?.string?.unicodeScalars.map(\.value) == [0x1F600])
    }

    @Test("strings with and without escapes in one document decode independently")
    func mixedStrings() {
        #expect(tree(#"["a\nb","c","\td",{"k\"":"v"},"plain"]"#)
            == #"["a\nb"@1..<7, "c"@8..<11, "\td"@12..<17, {"k\""@19..<24: "v"@25..<28}@18..<29, "plain"@30..<37]@0..<38"#)
    }

    @Test("raw non-ASCII UTF-8 of 2, 3 and 4 bytes is kept as is, with byte ranges")
    func rawUTF8() throws {
        let text = #"{"é":"中","😀":["ü€𐍈"]}"#
        #expect(text.utf8.count == 33)
        #expect(tree(text) == #"{"é"@1..<5: "中"@6..<11, "😀"@12..<18: ["ü€𐍈"@20..<31]@19..<32}@0..<33"#)
        let members = try #require(readJSON(text).document?.members)
        #expect(members[1].value.elements?.first?.string?.unicodeScalars.map(\.value) == [0xFC, 0x20AC, 0x10348])
    }

    @Test("U+007F and other non-control ASCII need no escape")
    func delIsAllowed() {
        let result = readJSON("\"a\u{7F}b ~\"")
        #expect(result.problems.isEmpty)
        #expect(result.document?.string.map { Array($0.unicodeScalars) } == Array("a\u{7F}b ~".unicodeScalars))
        #expect(result.document?.range == SourceRange(0..<7))
    }

    @Test("a long string with an escape far from its start decodes completely")
    func longStringWithEscapes() throws {
        let run = String(repeating: "abcdefgh", count: 1000)
        let text = "\"" + run + "\\n" + run + "\\u00e9\""
        let document = try #require(readJSON(text).document)
        #expect(document.string == run + "\n" + run + "é")
        #expect(document.range == SourceRange(start: 0, end: text.utf8.count))
    }

    // MARK: Numbers

    struct Number: Sendable, CustomTestStringConvertible {
        let text: String
        let isInteger: Bool
        var testDescription: String { text }
    }

    @Test("numbers keep their source text and know whether they are integers (RFC 8259 §6)", arguments: [
        Number(text: "0", isInteger: true),
        Number(text: "-0", isInteger: true),
        Number(text: "12", isInteger: true),
        Number(text: "-12", isInteger: true),
        Number(text: "-12.5", isInteger: false),
        Number(text: "1e10", isInteger: false),
        Number(text: "1E+2", isInteger: false),
        Number(text: "1e-2", isInteger: false),
        Number(text: "0.5", isInteger: false),
        Number(text: "-0.0", isInteger: false),
        Number(text: "0e0", isInteger: false),
        Number(text: "1.0", isInteger: false),
        Number(text: "1.5E-3", isInteger: false),
        Number(text: "-0.25e+07", isInteger: false),
        Number(text: "1234567890", isInteger: true),
        Number(text: "123456789012345678901234567890", isInteger: true),
    ])
    func number(_ c: Number) throws {
        let count = c.text.utf8.count
        let top = readJSON(c.text)
        #expect(top.problems.isEmpty)
        let number = try #require(top.document?.number)
        #expect(number.text == c.text)
        #expect(number.isInteger == c.isInteger)
        #expect(top.document?.range == SourceRange(start: 0, end: count))
        #expect(top.document?.kind == (c.isInteger ? .integer : .number))

        // The same number inside containers, next to every delimiter that may follow it.
        #expect(tree("[\(c.text)]") == "[\(c.isInteger ? "i" : "n"):\(c.text)@1..<\(count + 1)]@0..<\(count + 2)")
        #expect(tree("{\"n\":\(c.text)}") == "{\"n\"@1..<4: \(c.isInteger ? "i" : "n"):\(c.text)@5..<\(count + 5)}@0..<\(count + 6)")
        let p = c.isInteger ? "i:\(c.text)" : "n:\(c.text)"
        #expect(tree("[\(c.text),\(c.text)\n]") == "[\(p)@1..<\(count + 1), \(p)@\(count + 2)..<\(2 * count + 2)]@0..<\(2 * count + 4)")
    }

    @Test("integer and double values of number literals")
    func numberValues() throws {
        let elements = try #require(readJSON("[-9223372036854775808, 9223372036854775808, 1e2, -0, 2.5]").document?.elements)
        let numbers = elements.compactMap(\.number)
        #expect(numbers.map(\.intValue) == [Int.min, nil, nil, 0, nil])
        #expect(numbers.map(\.doubleValue) == [-9223372036854775808.0, 9223372036854775808.0, 100, -0.0, 2.5])
    }

    // MARK: Literals

    @Test("literals inside containers, next to delimiters")
    func literals() {
        #expect(tree("[true,false,null]") == "[true@1..<5, false@6..<11, null@12..<16]@0..<17")
        #expect(tree(#"{"t":true,"f":false,"n":null}"#)
            == #"{"t"@1..<4: true@5..<9, "f"@10..<13: false@14..<19, "n"@20..<23: null@24..<28}@0..<29"#)
    }
}
