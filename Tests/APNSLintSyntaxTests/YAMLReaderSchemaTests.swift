import APNSLintSyntax
import APNSLintTestSupport
import Testing

/// YAML 1.2 core schema resolution of plain scalars, quoted scalars, and the standard and unknown tags.
@Suite("YAMLReader: core schema and tags")
struct YAMLReaderSchemaTests {
    struct Scalar: Sendable, CustomTestStringConvertible {
        let text: String
        /// `valueDump` of the result.
        let value: String
        let problems: [SyntaxProblem.Kind]
        init(_ text: String, _ value: String, _ problems: [SyntaxProblem.Kind] = []) {
            self.text = text
            self.value = value
            self.problems = problems
        }
        var testDescription: String { String(reflecting: text) }
    }

    /// Reads `v: <text>` and checks the value, its range (the scalar as written) and the problem kinds.
    func check(_ c: Scalar, sourceLocation: SourceLocation = #_sourceLocation) {
        let read = YAMLRead("v: \(c.text)\n")
        guard let value = read.documents.first?.members?.first?.value else {
            Issue.record("no value: \(read.problemLines)", sourceLocation: sourceLocation)
            return
        }
        #expect(valueDump(value) == c.value, sourceLocation: sourceLocation)
        #expect(read.source.text(value.range) == c.text, sourceLocation: sourceLocation)
        #expect(read.problems.map(\.kind) == c.problems, "\(read.problemLines)", sourceLocation: sourceLocation)
        #expect(read.problems.allSatisfy { $0.range == value.range }, sourceLocation: sourceLocation)
        if let number = value.number {
            #expect(isJSONNumberText(number.text), "\(number.text) is not JSON", sourceLocation: sourceLocation)
        }
    }

    @Test("null: ~, null, Null, NULL", arguments: [
        Scalar("~", "null"), Scalar("null", "null"), Scalar("Null", "null"), Scalar("NULL", "null"),
        Scalar("nULL", #""nULL""#), Scalar("nil", #""nil""#), Scalar("None", #""None""#),
    ])
    func nulls(_ c: Scalar) { check(c) }

    @Test("an empty value is null, at the point after the colon")
    func emptyValue() {
        #expect(yamlTree("a:\nb: ~") == #"{"a"@0..<1: null@2..<2, "b"@3..<4: null@6..<7}@0..<7"#)
        #expect(yamlTree("a: # comment only\n") == #"{"a"@0..<1: null@2..<2}@0..<2"#)
    }

    @Test("booleans: true/false in three spellings only", arguments: [
        Scalar("true", "true"), Scalar("True", "true"), Scalar("TRUE", "true"),
        Scalar("false", "false"), Scalar("False", "false"), Scalar("FALSE", "false"),
        Scalar("tRUE", #""tRUE""#), Scalar("fALSE", #""fALSE""#), Scalar("t", #""t""#),
    ])
    func bools(_ c: Scalar) { check(c) }

    @Test("integers: decimal, octal 0o, hex 0x, always written back as JSON integers", arguments: [
        Scalar("0", "i:0"), Scalar("-12", "i:-12"), Scalar("+12", "i:12"), Scalar("007", "i:7"), Scalar("00", "i:0"),
        Scalar("-0", "i:-0"), Scalar("+0", "i:0"), Scalar("-007", "i:-7"),
        Scalar("0o17", "i:15", [.ambiguousScalar]), Scalar("0o0", "i:0", [.ambiguousScalar]),
        Scalar("0x1F", "i:31"), Scalar("0xff", "i:255"), Scalar("0x0", "i:0"), Scalar("0x00FF", "i:255"),
        Scalar("010", "i:10", [.ambiguousScalar]),
        Scalar("99999999999999999999999", "i:99999999999999999999999"),
        Scalar("0xFFFFFFFFFFFFFFFF", "i:18446744073709551615"),
    ])
    func integers(_ c: Scalar) throws {
        check(c)
        let value = try #require(YAMLRead("v: \(c.text)").documents.first?.members?.first?.value)
        #expect(value.kind == .integer)
        #expect(value.number?.isInteger == true)
    }

    @Test("floats: a dot or an exponent, written back as JSON numbers", arguments: [
        Scalar("1.5", "n:1.5"), Scalar(".5", "n:0.5"), Scalar("-.5", "n:-0.5"), Scalar("+.5", "n:0.5"),
        Scalar("1.", "n:1.0"), Scalar("10.", "n:10.0"), Scalar("-1.", "n:-1.0"),
        // No dot, but an exponent: the core schema's float pattern takes it, so it is a non-integer number.
        // YAML 1.1 (PyYAML's `[-+]?([0-9][0-9_]*)?\.[0-9_]*([eE][-+][0-9]+)?`) needs a dot and a signed exponent,
        // so every float without both is also .ambiguousScalar; `+1.5e-3` has both.
        Scalar("1e3", "n:1e3", [.ambiguousScalar]), Scalar("1E3", "n:1e3", [.ambiguousScalar]),
        Scalar("1e03", "n:1e03", [.ambiguousScalar]), Scalar("0e0", "n:0e0", [.ambiguousScalar]),
        Scalar("+1.5e-3", "n:1.5e-3"), Scalar("-1E+2", "n:-1e2", [.ambiguousScalar]), Scalar("12e+03", "n:12e03", [.ambiguousScalar]),
        Scalar("1.e5", "n:1.0e5", [.ambiguousScalar]), Scalar("1.0e3", "n:1.0e3", [.ambiguousScalar]), Scalar("1.5E+3", "n:1.5e3"),
        Scalar(".5e1", "n:0.5e1", [.ambiguousScalar]), Scalar("0.0", "n:0.0"), Scalar("-0.0", "n:-0.0"), Scalar("00.5", "n:0.5"),
        Scalar("007.5", "n:7.5"), Scalar("1.50", "n:1.50"),
    ])
    func floats(_ c: Scalar) throws {
        check(c)
        let value = try #require(YAMLRead("v: \(c.text)").documents.first?.members?.first?.value)
        #expect(value.kind == .number)
        #expect(value.number?.isInteger == false)
        #expect(value.number?.doubleValue == Double(c.value.dropFirst(2)))
    }

    @Test("infinities and NaN: a string value plus a .nonJSONValue problem", arguments: [
        ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF", ".nan", ".NaN", ".NAN",
    ])
    func nonFinite(_ text: String) throws {
        check(Scalar(text, String(reflecting: text), [.nonJSONValue]))
        let problem = try #require(YAMLRead("v: \(text)").problems.first)
        #expect(problem.message == "\(text) is a YAML float that JSON cannot carry (JSON numbers are finite); it is read as the string \"\(text)\"")
        #expect(problem.help == "use a finite number, or quote it if you mean the text")
        #expect(problem.range == SourceRange(3..<(3 + text.utf8.count)))
    }

    @Test("everything else plain is a string", arguments: [
        Scalar("hello", #""hello""#), Scalar("0x", #""0x""#), Scalar("0o", #""0o""#), Scalar("0o8", #""0o8""#),
        Scalar("0xG", #""0xG""#), Scalar("0x+1F", #""0x+1F""#), Scalar("0x-1", #""0x-1""#), Scalar("0o+7", #""0o+7""#), Scalar("0X1F", #""0X1F""#), Scalar("-0x1F", #""-0x1F""#), Scalar("+0o7", #""+0o7""#),
        Scalar("1e", #""1e""#), Scalar("1e+", #""1e+""#), Scalar("e3", #""e3""#), Scalar(".", #"".""#), Scalar("+", #""+""#),
        Scalar("1.2.3", #""1.2.3""#), Scalar("1,5", #""1,5""#), Scalar("inf", #""inf""#), Scalar("nan", #""nan""#),
        Scalar(".infinity", #"".infinity""#), Scalar("12abc", #""12abc""#), Scalar("1 2", #""1 2""#),
        Scalar("1_0", #""1_0""#, [.ambiguousScalar]), Scalar("0b1", #""0b1""#, [.ambiguousScalar]),
        Scalar("tru e", #""tru e""#), Scalar("é", #""é""#),
    ])
    func strings(_ c: Scalar) { check(c) }

    @Test("quoted scalars are always strings", arguments: [
        Scalar(#""true""#, #""true""#), Scalar("'10'", #""10""#), Scalar(#""null""#, #""null""#), Scalar("'~'", #""~""#),
        Scalar(#""1.5""#, #""1.5""#), Scalar("'.inf'", #"".inf""#), Scalar(#""0x1F""#, #""0x1F""#), Scalar(#""""#, #""""#),
        Scalar("''", #""""#), Scalar(#""yes""#, #""yes""#), Scalar("'010'", #""010""#),
    ])
    func quoted(_ c: Scalar) { check(c) }

    @Test("block scalars are strings too, whatever their text")
    func blockScalarsAreStrings() {
        #expect(yamlTree("a: |-\n  10\nb: >-\n  true\n") == #"{"a"@0..<1: "10"@3..<11, "b"@11..<12: "true"@14..<24}@0..<24"#)
    }

    @Test("every number the reader produces is JSON number text, and agrees with the core schema patterns")
    func numberTextIsJSON() throws {
        // Every plain scalar of up to four characters over a numeric alphabet.
        let alphabet = Array("019+-.eEox_")
        let intPattern = try Regex("[-+]?[0-9]+")
        let octalPattern = try Regex("0o[0-7]+")
        let hexPattern = try Regex("0x[0-9a-fA-F]+")
        let floatPattern = try Regex(#"[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?"#)
        var texts = [""]
        var checked = 0
        for _ in 1...4 {
            texts = texts.flatMap { prefix in alphabet.map { prefix + String($0) } }
            for text in texts {
                let read = YAMLRead("[\(text)]")
                // Some of these are YAML syntax (`[-]`, `[.]` are fine; a lone `-` is an entry); skip unreadable ones.
                guard let value = read.documents.first?.elements?.first, read.documents.first?.elements?.count == 1 else { continue }
                checked += 1
                let isInteger = text.wholeMatch(of: intPattern) != nil || text.wholeMatch(of: octalPattern) != nil
                    || text.wholeMatch(of: hexPattern) != nil
                let isFloat = !isInteger && text.wholeMatch(of: floatPattern) != nil
                switch value.value {
                case .number(let number):
                    #expect(isJSONNumberText(number.text), "\(text) → \(number.text)")
                    #expect(number.isInteger == isInteger, "\(text) → \(number.text)")
                    #expect(isInteger || isFloat, "\(text) is not a core schema number")
                    if !text.hasPrefix("0o"), !text.hasPrefix("0x"), let expected = Double(text) {
                        #expect(Double(number.text) == expected, "\(text) → \(number.text)")
                    }
                default:
                    #expect(!isInteger && !isFloat, "\(text) matches a core schema number but reads as \(valueDump(value))")
                }
            }
        }
        #expect(checked > 10_000)
    }

    // MARK: Tags

    struct Tagged: Sendable, CustomTestStringConvertible {
        /// Where a problem points: from the tag to the node's end (problems about the tag), or at the node.
        enum Place: Sendable { case tag, node }
        let text: String
        let value: String
        let problem: String?
        let place: Place
        var testDescription: String { String(reflecting: text) }
        init(_ text: String, _ value: String, _ problem: String? = nil, at place: Place = .tag) {
            self.text = text
            self.value = value
            self.problem = problem
            self.place = place
        }
        /// The node's text: what follows the tag and its blank, or, for an empty node, the tag itself.
        var content: String {
            let parts = text.split(separator: " ", maxSplits: 1)
            return parts.count == 2 ? String(parts[1]) : text
        }
    }

    @Test("the standard tags convert or check the scalar", arguments: [
        Tagged("!!str 10", #""10""#), Tagged("!!str yes", #""yes""#), Tagged("!!str", #""""#), Tagged("!!str ~", #""~""#),
        Tagged("! 10", #""10""#), Tagged("!<tag:yaml.org,2002:str> 10", #""10""#),
        Tagged(#"!!int "10""#, "i:10"), Tagged("!!int 0x1F", "i:31"), Tagged("!!int -007", "i:-7"),
        Tagged("!!float 1", "n:1"), Tagged(#"!!float "1.5""#, "n:1.5"), Tagged("!!float 1e3", "n:1e3"), Tagged("!!float 0x10", "n:16"),
        Tagged("!!bool true", "true"), Tagged("!!bool 'False'", "false"),
        Tagged("!!null ~", "null"), Tagged("!!null", "null"), Tagged(#"!!null """#, "null"), Tagged("!!null NULL", "null"),
        Tagged("!!int five", #""five""#, #"invalidSyntax "five" is not a valid !!int value"#),
        Tagged("!!int 1.5", #""1.5""#, #"invalidSyntax "1.5" is not a valid !!int value"#),
        Tagged("!!float abc", #""abc""#, #"invalidSyntax "abc" is not a valid !!float value"#),
        Tagged(#"!!bool "yes""#, #""yes""#, #"invalidSyntax "yes" is not a valid !!bool value"#),
        Tagged("!!null x", #""x""#, #"invalidSyntax "x" is not a valid !!null value"#),
        // `.inf` is a valid !!float, only not a JSON one: that problem is about the value, so it points at the node.
        Tagged("!!float .inf", #"".inf""#,
               #"nonJSONValue .inf is a YAML float that JSON cannot carry (JSON numbers are finite); it is read as the string ".inf""#,
               at: .node),
        Tagged("!custom x", #""x""#, #"nonJSONValue the tag !custom has no meaning in JSON; the value is read as the string "x""#),
        Tagged("!!binary aGVsbG8=", #""aGVsbG8=""#,
               #"nonJSONValue the tag !!binary has no meaning in JSON; the value is read as the string "aGVsbG8=""#),
        Tagged("!!timestamp 2001-12-14", #""2001-12-14""#,
               #"nonJSONValue the tag !!timestamp has no meaning in JSON; the value is read as the string "2001-12-14""#),
        Tagged("!!set x", #""x""#, #"nonJSONValue the tag !!set has no meaning in JSON; the value is read as the string "x""#),
    ])
    func scalarTags(_ c: Tagged) throws {
        let read = YAMLRead("v: \(c.text)\nnext: 1\n")
        let root = try #require(read.documents.first)
        let value = try #require(root.member("v")?.value)
        #expect(valueDump(value) == c.value)
        // The node starts at its content, after the tag (an empty node keeps the tag's range); it ends where it ends.
        #expect(read.source.text(value.range) == c.content)
        #expect(value.range.end == 3 + c.text.utf8.count)
        #expect(read.problems.map { "\($0.kind) \($0.message)" } == (c.problem.map { [$0] } ?? []))
        // A problem about the tag covers the tag and the node; any other problem, the node.
        let expected = c.place == .tag ? SourceRange(3..<(3 + c.text.utf8.count)) : value.range
        #expect(read.problems.allSatisfy { $0.range == expected }, "\(read.problemLines)")
        // None of these stops reading.
        #expect(root.member("next")?.value.number?.text == "1")
    }

    @Test("help for tag problems")
    func tagHelp() {
        #expect(YAMLRead("v: !!int five").problems.first?.help == "write a value of that type, or remove the tag")
        #expect(YAMLRead("v: !custom x").problems.first?.help == "remove the tag, or use one of !!str !!int !!float !!bool !!null")
        #expect(YAMLRead("v: !foo {a: 1}").problems.first?.help == "remove the tag")
    }

    @Test("a long scalar in a tag message is clipped to 40 characters")
    func clippedTagMessage() {
        let long = String(repeating: "abcdefghij", count: 5)
        #expect(YAMLRead("v: !custom \(long)").problems.map(\.message) == [
            "the tag !custom has no meaning in JSON; the value is read as the string \"\(long.prefix(40))…\"",
        ])
        #expect(YAMLRead("v: !!int \(long)").problems.map(\.message) == ["\"\(long.prefix(40))…\" is not a valid !!int value"])
    }

    @Test("a tag problem starts at the first property; the node starts after all of them and any comment")
    func scalarPropertiesAndComments() {
        // An anchor and a tag, in either order: the node is `five`, the problem covers `&a !!int five`.
        for text in ["v: &a !!int five\n", "v: !!int &a five\n"] {
            let read = YAMLRead(text)
            #expect(read.dumps == [#"{"v"@0..<1: "five"@12..<16}@0..<16"#])
            #expect(read.problemLines == [#"invalidSyntax 3..<16 1:4 "five" is not a valid !!int value"#])
        }
        // A comment and a line break after the tag are not part of the node; the tag problem runs over them to its end.
        let commented = YAMLRead("v: !!int # c\n  five\n")
        #expect(commented.dumps == [#"{"v"@0..<1: "five"@15..<19}@0..<19"#])
        #expect(commented.problemLines == [#"invalidSyntax 3..<19 1:4 "five" is not a valid !!int value"#])
        // On a key: a tag problem covers `!custom k`, the key itself is `k`.
        let customKey = YAMLRead("!custom k: v\n")
        #expect(customKey.documents.first?.members?.first?.keyRange == SourceRange(8..<9))
        #expect(customKey.problemLines == [
            #"nonJSONValue 0..<9 1:1 the tag !custom has no meaning in JSON; the value is read as the string "k""#,
        ])
        // A key that a standard tag makes a number: not being a string is about the key, so it points at the key.
        let intKey = YAMLRead("!!int 5: x\n")
        #expect(intKey.dumps == [#"{"5"@6..<7: "x"@9..<10}@0..<10"#])
        #expect(intKey.problemLines == [
            #"nonJSONValue 6..<7 1:7 the key 5 is an integer in YAML, but JSON keys are strings; it becomes "5""#,
        ])
    }

    @Test("!!map and !!seq on collections are fine")
    func collectionTags() {
        let read = YAMLRead("a: !!map {k: 1}\nb: !!seq [1]\nc: !!map\n  k: 2\nd: !!seq\n  - 3\n")
        #expect(read.problems.isEmpty)
        // Each collection starts at its first content character: `{`, `[`, the first key `k`, the first `-`.
        #expect(read.dumps == [#"""
            {"a"@0..<1: {"k"@10..<11: i:1@13..<14}@9..<15, "b"@16..<17: [i:1@26..<27]@25..<28, \#
            "c"@29..<30: {"k"@40..<41: i:2@43..<44}@40..<44, "d"@45..<46: [i:3@58..<59]@56..<59}@0..<59
            """#])
    }

    @Test("an unknown or mismatched tag on a collection: .nonJSONValue, the collection is read without it")
    func collectionTagProblems() {
        let read = YAMLRead("- !foo {a: 1}\n- !!map [1]\n- !!seq {b: 2}\n- !!set\n  ? x\n")
        // The collections start at their content (`{`, `[`, `{`, the `?` of the block mapping)...
        #expect(read.dumps == [#"""
            [{"a"@8..<9: i:1@11..<12}@7..<13, [i:1@23..<24]@22..<25, {"b"@35..<36: i:2@38..<39}@34..<40, \#
            {"x"@53..<54: null@54..<54}@51..<54]@0..<54
            """#])
        // ...and each tag problem runs from the tag through the collection's opening (reported when it opens).
        #expect(read.problemLines == [
            "nonJSONValue 2..<8 1:3 the tag !foo has no meaning in JSON; the mapping is read without it",
            "nonJSONValue 16..<23 2:3 the tag !!map has no meaning in JSON; the sequence is read without it",
            "nonJSONValue 28..<35 3:3 the tag !!seq has no meaning in JSON; the mapping is read without it",
            "nonJSONValue 43..<51 4:3 the tag !!set has no meaning in JSON; the mapping is read without it",
        ])
    }

    @Test("a %TAG handle is expanded before the tag is judged")
    func tagDirective() {
        let read = YAMLRead("%TAG !e! tag:example.com,2026:\n---\nv: !e!thing x\n")
        #expect(read.problems.map(\.message) == [
            "the tag tag:example.com,2026:thing has no meaning in JSON; the value is read as the string \"x\"",
        ])
        #expect(read.documents.first?.member("v")?.value.string == "x")
    }
}
