import APNSLintSyntax
import APNSLintTestSupport
import Testing

/// Collections, scalar styles, comments, and the byte ranges and line:column positions of every node.
@Suite("YAMLReader: structure, scalar styles and positions")
struct YAMLReaderStructureTests {
    // MARK: Collections

    @Test("block mapping with a block sequence and a nested flow mapping: every key and value range")
    func blockAndFlow() throws {
        let text = "a: 1\nb:\n  - x\n  - \"z\"\nc: {d: [1, 2], e: 'q'}"
        #expect(yamlTree(text) == #"""
            {"a"@0..<1: i:1@3..<4, "b"@5..<6: ["x"@12..<13, "z"@18..<21]@10..<21, \#
            "c"@22..<23: {"d"@26..<27: [i:1@30..<31, i:2@33..<34]@29..<35, "e"@37..<38: "q"@40..<43}@25..<44}@0..<44
            """#)
        let read = YAMLRead(text)
        let root = try #require(read.documents.first)
        let b = try #require(root.member("b")?.value)
        // A block sequence starts at its first `-` and ends where its last item ends.
        #expect(read.at(b.range.start) == "3:3")
        #expect(read.at(b.range.end) == "4:8")
        let z = try #require(b.elements?.last)
        // A quoted scalar's range includes its quotes.
        #expect(read.source.text(z.range) == "\"z\"")
        #expect(read.at(z.range.start) == "4:5")
        let c = try #require(root.member("c")?.value)
        // A flow collection runs from its opening to its closing bracket.
        #expect(read.source.text(c.range) == "{d: [1, 2], e: 'q'}")
        #expect(read.at(c.range.start) == "5:4")
        #expect(read.source.text(try #require(c.member("e")?.value).range) == "'q'")
    }

    @Test("a block mapping ends at its last child's end, not at the following comment or blank lines")
    func blockMappingEnd() {
        #expect(yamlTree("a:\n  b: 1\n  c: [x]\n\n# trailing comment\n\n") == #"""
            {"a"@0..<1: {"b"@5..<6: i:1@8..<9, "c"@12..<13: ["x"@16..<17]@15..<18}@5..<18}@0..<18
            """#)
        // An empty value (null) stands right after its colon (or its explicit key), and ends the mapping there, not at
        // the next token, where libyaml marks it: in the second text that is the key c, at 8, on the next line.
        #expect(yamlTree("a: 1\nb:\n") == #"{"a"@0..<1: i:1@3..<4, "b"@5..<6: null@7..<7}@0..<7"#)
        #expect(yamlTree("a:\n  b:\nc: 1\n") == #"{"a"@0..<1: {"b"@5..<6: null@7..<7}@5..<7, "c"@8..<9: i:1@11..<12}@0..<12"#)
        #expect(yamlTree("- ? k\n- x\n") == #"[{"k"@4..<5: null@5..<5}@2..<5, "x"@8..<9]@0..<9"#)
    }

    @Test("nested flow collections, empty ones, and flow entries with empty values or trailing commas")
    func flowCollections() {
        #expect(yamlTree("- [a, [b, {c: d}], {}]\n- {}\n- []\n- {a: }\n- [a, ]\n") == #"""
            [["a"@3..<4, ["b"@7..<8, {"c"@11..<12: "d"@14..<15}@10..<16]@6..<17, {}@19..<21]@2..<22, \#
            {}@25..<27, []@30..<32, {"a"@36..<37: null@38..<38}@35..<40, ["a"@44..<45]@43..<48]@0..<48
            """#)
        #expect(yamlTree("{a: [1, {b: null}], c: {}}") == #"""
            {"a"@1..<2: [i:1@5..<6, {"b"@9..<10: null@12..<16}@8..<17]@4..<18, "c"@20..<21: {}@23..<25}@0..<26
            """#)
    }

    @Test("a flow collection spread over several lines keeps its brackets' range")
    func multiLineFlow() {
        #expect(yamlTree("k: [\n  1,\n  {a: b},\n]\n") == #"""
            {"k"@0..<1: [i:1@7..<8, {"a"@13..<14: "b"@16..<17}@12..<18]@3..<21}@0..<21
            """#)
    }

    @Test("sequences of mappings, compact and indented")
    func sequencesOfMappings() {
        #expect(yamlTree("- a: 1\n  b: 2\n-\n  c: 3\n- - x\n  - w\n") == #"""
            [{"a"@2..<3: i:1@5..<6, "b"@9..<10: i:2@12..<13}@2..<13, {"c"@18..<19: i:3@21..<22}@18..<22, \#
            ["x"@27..<28, "w"@33..<34]@25..<34]@0..<34
            """#)
    }

    @Test("a scalar or a collection can be the whole document")
    func rootValues() {
        #expect(yamlTree("hello") == #""hello"@0..<5"#)
        #expect(yamlTree("  42  \n") == "i:42@2..<4")
        #expect(yamlTree("[1]") == "[i:1@1..<2]@0..<3")
        #expect(yamlTree("--- |\n  text\n") == #""text\n"@4..<13"#)
    }

    // MARK: Scalar styles

    struct Style: Sendable, CustomTestStringConvertible {
        let text: String
        let value: String
        /// The value's range as text.
        let slice: String
        var testDescription: String { String(reflecting: text) }
    }

    @Test("every scalar style decodes to its string, with the range of the scalar as written", arguments: [
        Style(text: "v: plain words  # comment\n", value: "plain words", slice: "plain words"),
        Style(text: "v: plain\n  continued\n   line\n", value: "plain continued line", slice: "plain\n  continued\n   line"),
        Style(text: "v: 'single ''quoted'' # not a comment'\n", value: "single 'quoted' # not a comment",
              slice: "'single ''quoted'' # not a comment'"),
        Style(text: "v: 'folded\n  single\n\n  quoted'\n", value: "folded single\nquoted", slice: "'folded\n  single\n\n  quoted'"),
        Style(text: #"v: "tab\tnl\nq\"bs\\sl\/e\u00e9x\x41U\U0001F600nul\0""# + "\n", value: "tab\tnl\nq\"bs\\sl/eéxAU😀nul\0",
              slice: #""tab\tnl\nq\"bs\\sl\/e\u00e9x\x41U\U0001F600nul\0""#),
        Style(text: "v: \"line\n  folded\n\n  para \\\n  joined\"\n", value: "line folded\npara joined",
              slice: "\"line\n  folded\n\n  para \\\n  joined\""),
        Style(text: "v: \"\"\n", value: "", slice: "\"\""),
        Style(text: "v: ''\n", value: "", slice: "''"),
        // Block scalars: libyaml ends them after their last line break (and any trailing blank lines).
        Style(text: "v: |\n  line1\n    indented\n  line3\n", value: "line1\n  indented\nline3\n", slice: "|\n  line1\n    indented\n  line3\n"),
        Style(text: "v: |-\n  strip\n\n", value: "strip", slice: "|-\n  strip\n\n"),
        Style(text: "v: |+\n  keep\n\n", value: "keep\n\n", slice: "|+\n  keep\n\n"),
        Style(text: "v: >\n  folded\n  text\n\n  para\n", value: "folded text\npara\n", slice: ">\n  folded\n  text\n\n  para\n"),
        Style(text: "v: >-\n  folded\n  strip\n", value: "folded strip", slice: ">-\n  folded\n  strip\n"),
        Style(text: "v: >+\n  folded\n  keep\n\n", value: "folded keep\n\n", slice: ">+\n  folded\n  keep\n\n"),
        Style(text: "v: |2\n    two extra\n", value: "  two extra\n", slice: "|2\n    two extra\n"),
        Style(text: "v: | # comment on the header\n  # not a comment\n", value: "# not a comment\n",
              slice: "| # comment on the header\n  # not a comment\n"),
        Style(text: "v: |\n  no final break", value: "no final break", slice: "|\n  no final break"),
    ])
    func styles(_ c: Style) throws {
        let read = YAMLRead(c.text)
        #expect(read.problems.isEmpty, "\(read.problemLines)")
        let member = try #require(read.documents.first?.members?.first)
        #expect(member.key == "v")
        #expect(member.keyRange == SourceRange(0..<1))
        #expect(member.value.string == c.value)
        #expect(read.source.text(member.value.range) == c.slice)
        #expect(member.value.range.start == 3)
    }

    @Test("block scalars in a mapping: the mapping ends where the last block scalar ends")
    func blockScalarsInMapping() {
        #expect(yamlTree("key: |\n  line1\n  line2\n\nk2: >-\n  folded\n  text\n\nk3: |+\n  keep\n\nk4: >+\n  x") == #"""
            {"key"@0..<3: "line1\nline2\n"@5..<24, "k2"@24..<26: "folded text"@28..<48, "k3"@48..<50: "keep\n\n"@52..<63, \#
            "k4"@63..<65: "x"@67..<73}@0..<73
            """#)
    }

    @Test("explicit keys, including a block scalar key")
    func explicitKeys() {
        #expect(yamlTree("? a\n: 1\n? |\n  block key\n: 2") == #"{"a"@2..<3: i:1@6..<7, "block key\n"@10..<24: i:2@26..<27}@0..<27"#)
    }

    // MARK: Comments

    @Test("comments before, between, inside and after nodes change no value and no range")
    func comments() {
        let text = "# head\n--- # after marker\na: # c1\n  # c2\n  - 1 # c3\n  # c4\n  - {p: 1, # c5\n     q: 2} # c6\n# c7\n"
        let shift = "# head\n--- # after marker\n".utf8.count
        #expect(shift == 26)
        #expect(yamlTree(text) == #"""
            {"a"@26..<27: [i:1@45..<46, {"p"@64..<65: i:1@67..<68, "q"@80..<81: i:2@83..<84}@63..<85]@43..<85}@26..<85
            """#)
        // The same document without its first two lines: every offset moves by exactly 26.
        #expect(yamlTree(String(text.dropFirst(shift))) == #"""
            {"a"@0..<1: [i:1@19..<20, {"p"@38..<39: i:1@41..<42, "q"@54..<55: i:2@57..<58}@37..<59]@17..<59}@0..<59
            """#)
        let read = YAMLRead(text)
        #expect(read.at(26) == "3:1")
        #expect(read.at(80) == "8:6")
    }

    @Test("'#' without a preceding space is part of a plain scalar")
    func hashInsideScalar() {
        #expect(yamlTree("a: b#c # real comment\nd: '#e'") == ##"{"a"@0..<1: "b#c"@3..<6, "d"@22..<23: "#e"@25..<29}@0..<29"##)
    }

    // MARK: Multi-byte characters, CRLF, BOM

    @Test("each multi-byte character before a node moves its column by one and its offset by its UTF-8 length",
          arguments: ["é", "😀", "中", "a"])
    func multiByteColumns(_ character: String) throws {
        let width = character.utf8.count
        // Three of them in a key, three in a value, then a flow sequence on the same line.
        let text = "k\(character)\(character)\(character): \(character)\(character)\(character) [x]\nz: [\(character), y]\n"
        let read = YAMLRead(text)
        let root = try #require(read.documents.first)
        let member = try #require(root.members?.first)
        #expect(member.key == "k" + String(repeating: character, count: 3))
        #expect(member.keyRange == SourceRange(0..<(1 + 3 * width)))
        #expect(member.value.string == String(repeating: character, count: 3) + " [x]")
        #expect(member.value.range == SourceRange((3 + 3 * width)..<(3 + 6 * width + 4)))
        #expect(read.at(member.value.range.start) == "1:7")
        #expect(read.at(member.value.range.end) == "1:14")
        let y = try #require(root.member("z")?.value.elements?.last)
        #expect(y.string == "y")
        #expect(read.at(y.range.start) == "2:8")
        #expect(read.source.text(y.range) == "y")
        let problems = read.problems.map(\.kind)
        // `y` is a YAML 1.1 boolean: the only problem, wherever it is.
        #expect(problems == [.ambiguousScalar])
    }

    @Test("multi-byte keys and values, across lines")
    func multiByteTree() {
        #expect(yamlTree("é: 😀x\n中文: [a]") == #"{"é"@0..<2: "😀x"@4..<9, "中文"@10..<16: ["a"@19..<20]@18..<21}@0..<21"#)
        #expect(yamlTree("- 😀: [x]\n- 中文中文: 'w'\n- é") == #"""
            [{"😀"@2..<6: ["x"@9..<10]@8..<11}@2..<11, {"中文中文"@14..<26: "w"@28..<31}@14..<31, "é"@34..<36]@0..<36
            """#)
        let read = YAMLRead("[é, 😀, 中, x]")
        #expect(read.documents.first?.elements?.last?.range == SourceRange(16..<17))
        #expect(read.at(16) == "1:11")
    }

    @Test("thousands of multi-byte characters before a node: offsets stay exact past every 1024-character checkpoint")
    func manyMultiByte() throws {
        let emoji = String(repeating: "😀", count: 3000)
        let read = YAMLRead("a: \(emoji)\nb: 1\n")
        #expect(read.problems.isEmpty)
        let root = try #require(read.documents.first)
        #expect(root.member("a")?.value.range == SourceRange(3..<12003))
        #expect(root.member("b")?.keyRange == SourceRange(12004..<12005))
        #expect(root.member("b")?.value.range == SourceRange(12007..<12008))
        #expect(read.at(12007) == "2:4")

        let flow = YAMLRead("[" + String(repeating: "é,", count: 1500) + "x]")
        let elements = try #require(flow.documents.first?.elements)
        #expect(elements.count == 1501)
        #expect(elements[1023].range == SourceRange((1 + 1023 * 3)..<(1 + 1023 * 3 + 2)))
        #expect(elements[1024].range == SourceRange((1 + 1024 * 3)..<(1 + 1024 * 3 + 2)))
        #expect(elements.last?.range == SourceRange(4501..<4502))
        #expect(flow.at(4501) == "1:3002")
        #expect(flow.documents.first?.range == SourceRange(0..<4503))
    }

    @Test("a syntax error after thousands of multi-byte characters is placed exactly")
    func errorAfterMultiByte() {
        let read = YAMLRead("x: \"" + String(repeating: "é", count: 2000) + "\"\nw: a: b")
        #expect(read.documents.isEmpty)
        #expect(read.problemLines == ["invalidSyntax 4010..<4011 2:5 mapping values are not allowed in this context"])
    }

    @Test("CRLF line endings: the same tree, offsets counting both bytes, line:column as for LF")
    func crlf() throws {
        let text = "a: 1\r\nb: [x, z]\r\nc: |\r\n  l1\r\n  l2\r\n"
        #expect(yamlTree(text) == #"""
            {"a"@0..<1: i:1@3..<4, "b"@6..<7: ["x"@10..<11, "z"@13..<14]@9..<15, "c"@17..<18: "l1\nl2\n"@20..<35}@0..<35
            """#)
        let read = YAMLRead(text)
        #expect(read.at(6) == "2:1")
        #expect(read.at(13) == "2:8")
        #expect(read.at(17) == "3:1")
        // A lone CR is a line break too.
        #expect(yamlTree("a: 1\rb: 2\r") == #"{"a"@0..<1: i:1@3..<4, "b"@5..<6: i:2@8..<9}@0..<9"#)
    }

    @Test("an error after CRLF lines is placed on the right line and column")
    func crlfError() {
        let read = YAMLRead("a: 1\r\nb: 2\r\n c: 3\r\n")
        #expect(read.problemLines == ["invalidSyntax 14..<15 3:3 mapping values are not allowed in this context"])
        let block = YAMLRead("a:\r\n  b: 1\r\n c: 2\r\n")
        #expect(block.problemLines == ["invalidSyntax 13..<14 3:2 did not find expected key while parsing a block mapping"])
    }

    @Test("a UTF-8 BOM is accepted without a problem; ranges are byte offsets after it, columns count it as one scalar")
    func byteOrderMark() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let read = YAMLRead(bytes: bom + Array("a: 1\nb: é\n".utf8))
        #expect(read.problems.isEmpty)
        #expect(read.dumps == [#"{"a"@3..<4: i:1@6..<7, "b"@8..<9: "é"@11..<13}@3..<13"#])
        #expect(read.at(3) == "1:2")
        #expect(read.at(8) == "2:1")
        #expect(read.at(11) == "2:4")
        // Errors after a BOM are placed on the same byte offsets.
        let error = YAMLRead(bytes: bom + Array("a: 1\n b: 2\n".utf8))
        // `1\n b` is one plain scalar; the colon after it is the error.
        #expect(error.problemLines == ["invalidSyntax 10..<11 2:3 mapping values are not allowed in this context"])
        let truncated = YAMLRead(bytes: bom + Array("a: [1\n".utf8))
        #expect(truncated.problemLines == [
            "invalidSyntax 6..<7 1:5 did not find expected ',' or ']' while parsing a flow sequence",
        ])
        // A BOM and nothing else is an empty file.
        #expect(YAMLRead(bytes: bom).problemLines == ["invalidSyntax 0..<0 1:1 the file holds no YAML document"])
    }

    @Test("a BOM in front of a later document is skipped like the first")
    func byteOrderMarkLaterDocument() {
        let bom = "\u{FEFF}"
        let read = YAMLRead("a: 1\n---\n\(bom)b: 2\n")
        #expect(read.problems.isEmpty)
        #expect(read.dumps == [#"{"a"@0..<1: i:1@3..<4}@0..<4"#, #"{"b"@12..<13: i:2@15..<16}@12..<16"#])
    }
}
