import APNSLintSyntax
import APNSLintTestSupport
import Testing

/// Erlang term syntax: atoms, binaries, strings, numbers, tuples, lists, maps, escapes.
@Suite("ErlangReader: terms")
struct ErlangReaderTermTests {
    struct Term: Sendable, CustomTestStringConvertible {
        let text: String
        let dump: String
        init(_ text: String, _ dump: String) {
            self.text = text
            self.dump = dump
        }
        var testDescription: String { String(reflecting: text) }
    }

    // MARK: Atoms

    @Test("atoms: true, false and null are JSON literals; every other atom is a string", arguments: [
        Term("alert.", #""alert"@0..<5"#),
        Term("content_available.", #""content_available"@0..<17"#),
        Term("a@b.", #""a@b"@0..<3"#),
        Term("aB9_@x.", #""aB9_@x"@0..<6"#),
        Term("'content-available'.", #""content-available"@0..<19"#),
        Term("'Hello World'.", #""Hello World"@0..<13"#),
        Term("''.", "\"\"@0..<2"),
        Term(#"'it\'s'."#, #""it\'s"@0..<7"#),
        Term("'café 😀'.", #""café 😀"@0..<12"#),
        Term("'line\nbreak'.", #""line\nbreak"@0..<12"#),
        Term("true.", "true@0..<4"),
        Term("false.", "false@0..<5"),
        Term("null.", "null@0..<4"),
        Term("'true'.", "true@0..<6"),
        Term("'null'.", "null@0..<6"),
        Term("undefined.", #""undefined"@0..<9"#),
        Term("nil.", #""nil"@0..<3"#),
        Term("  alert  .", #""alert"@2..<7"#),
        // Latin-1 lowercase letters start an atom, as in erl_scan (uppercase ones a variable).
        Term("é.", #""é"@0..<2"#),
        Term("über_Ä.", #""über_Ä"@0..<8"#),
        // A reserved word is an atom only when quoted.
        Term("'end'.", #""end"@0..<5"#),
    ])
    func atoms(_ c: Term) {
        #expect(erlangTree(c.text) == c.dump)
    }

    // MARK: Binaries

    @Test("binaries of string segments are strings", arguments: [
        Term(#"<<"Hi">>."#, #""Hi"@0..<8"#),
        Term(#"<<"Hi"/utf8>>."#, #""Hi"@0..<13"#),
        Term(#"<<"a", "b">>."#, #""ab"@0..<12"#),
        // (A string segment typed /binary or /bytes cannot be built: see ErlangReaderErrorTests.)
        Term(#"<<"a"/utf8, "b"/integer, "c">>."#, #""abc"@0..<30"#),
        Term("<<>>.", "\"\"@0..<4"),
        Term("<< >>.", "\"\"@0..<5"),
        Term(#"<< "x" >>."#, #""x"@0..<9"#),
        Term(#"<<"café 😀"/utf8>>."#, #""café 😀"@0..<21"#),
        Term(#"<<"a\"b">>."#, #""a\"b"@0..<10"#),
        Term(#"<<"">>."#, "\"\"@0..<6"),
        Term("<<\"two\nlines\">>.", #""two\nlines"@0..<15"#),
        Term(#"<<"a" "b">>."#, #""ab"@0..<11"#),
        Term(#"<<"a" "b"/utf8, "c">>."#, #""abc"@0..<21"#),
    ])
    func binaries(_ c: Term) {
        #expect(erlangTree(c.text) == c.dump)
    }

    // MARK: Strings (character lists)

    struct Charlist: Sendable, CustomTestStringConvertible {
        let text: String
        let dump: String
        let range: SourceRange
        let shown: String
        var testDescription: String { String(reflecting: text) }
    }

    /// A character list is a term problem: reported only where the term is read as JSON, not by the apns-json dialect.
    @Test("a \"...\" string is a character list: a string, with a charlistString term problem", arguments: [
        Charlist(text: #""abc"."#, dump: #""abc"@0..<5"#, range: SourceRange(0..<5), shown: "abc"),
        Charlist(text: #""a" "b"."#, dump: #""ab"@0..<7"#, range: SourceRange(0..<7), shown: "ab"),
        Charlist(text: "\"a\" % c\n \"b\".", dump: #""ab"@0..<12"#, range: SourceRange(0..<12), shown: "ab"),
        Charlist(text: "\"\".", dump: "\"\"@0..<2", range: SourceRange(0..<2), shown: ""),
        Charlist(text: #""tab\there"."#, dump: #""tab\there"@0..<11"#, range: SourceRange(0..<11), shown: "tab\there"),
        Charlist(text: "\"\(String(repeating: "x", count: 45))\".", dump: "\"\(String(repeating: "x", count: 45))\"@0..<47",
                 range: SourceRange(0..<47), shown: String(repeating: "x", count: 40) + "…"),
    ])
    func charlists(_ c: Charlist) {
        let read = ErlangRead(c.text)
        #expect(read.dumps == [c.dump])
        #expect(read.problems.isEmpty, "\(read.problemLines)")
        #expect(read.termProblems.count == 1)
        let problem = read.termProblems.first
        #expect(problem?.kind == .charlistString)
        #expect(problem?.range == c.range)
        #expect(problem?.message == "\"\(c.shown)\" is a character list (a string in double quotes), read here as a string; jsx writes it as an array of numbers")
        #expect(problem?.help == "write it as a binary: <<\"\(c.shown)\"/utf8>>")
        #expect(problem?.fix == nil)
    }

    @Test("each character list in a term is reported at its own range")
    func charlistsInsideTerms() {
        let read = ErlangRead(#"[{sound, "wopr"}, {alert, <<"ok">>}, {list, ["a", <<"b">>, "c"]}]."#)
        #expect(read.dumps == [
            #"{"sound"@2..<7: "wopr"@9..<15, "alert"@19..<24: "ok"@26..<34, "list"@38..<42: ["a"@45..<48, "b"@50..<57, "c"@59..<62]@44..<63}@0..<65"#,
        ])
        #expect(read.problems.isEmpty)
        #expect(read.termProblems.map(\.kind) == [.charlistString, .charlistString, .charlistString])
        #expect(read.termProblems.map(\.range) == [SourceRange(9..<15), SourceRange(45..<48), SourceRange(59..<62)])
    }

    // MARK: Numbers

    @Test("integers: JSON text, whatever the Erlang notation", arguments: [
        Term("12.", "i:12@0..<2"),
        Term("0.", "i:0@0..<1"),
        Term("-3.", "i:-3@0..<2"),
        Term("- 3.", "i:-3@0..<3"),
        Term("+3.", "i:3@0..<2"),
        Term("-0.", "i:0@0..<2"),
        Term("007.", "i:7@0..<3"),
        Term("000.", "i:0@0..<3"),
        Term("1_000.", "i:1000@0..<5"),
        Term("1_000_000.", "i:1000000@0..<9"),
        Term("16#FF.", "i:255@0..<5"),
        Term("16#ff.", "i:255@0..<5"),
        Term("16#F_F.", "i:255@0..<6"),
        Term("2#1010.", "i:10@0..<6"),
        Term("8#777.", "i:511@0..<5"),
        Term("36#Zz.", "i:1295@0..<5"),
        Term("10#007.", "i:7@0..<6"),
        Term("-16#10.", "i:-16@0..<6"),
        Term("16#FFFFFFFFFFFFFFFF.", "i:18446744073709551615@0..<19"),
        // Erlang integers are bignums, in any base.
        Term("16#FFFFFFFFFFFFFFFFF.", "i:295147905179352825855@0..<20"),
        Term("123456789012345678901234567890.", "i:123456789012345678901234567890@0..<30"),
        Term("$a.", "i:97@0..<2"),
        Term(#"$\n."#, "i:10@0..<3"),
        Term("$ .", "i:32@0..<2"),
        Term("$%.", "i:37@0..<2"),
        Term("$..", "i:46@0..<2"),
        Term("$é.", "i:233@0..<3"),
        Term("$😀.", "i:128512@0..<5"),
        Term(#"$\x{1F600}."#, "i:128512@0..<10"),
        Term(#"$\\."#, "i:92@0..<3"),
        Term(#"$\101."#, "i:65@0..<5"),
        Term("-$a.", "i:-97@0..<3"),
    ])
    func integers(_ c: Term) {
        #expect(erlangTree(c.text) == c.dump)
    }

    /// A float's text is the one jsx writes (io_lib's ~p: the shortest digits that read back, plain unless the
    /// exponent form is shorter), not the text as written.
    @Test("floats: JSON text as Erlang writes the value, with the exponent as 'e'", arguments: [
        Term("1.5.", "n:1.5@0..<3"),
        Term("-2.0e-3.", "n:-0.002@0..<7"),
        Term("1.0E3.", "n:1.0e3@0..<5"),
        Term("2.5e+2.", "n:250.0@0..<6"),
        Term("1.5e10.", "n:1.5e10@0..<6"),
        Term("007.50.", "n:7.5@0..<6"),
        Term("0.0.", "n:0.0@0..<3"),
        Term("-0.0.", "n:-0.0@0..<4"),
        Term("+1.5.", "n:1.5@0..<4"),
        Term("1_0.0_1.", "n:10.01@0..<7"),
    ])
    func floats(_ c: Term) {
        #expect(erlangTree(c.text) == c.dump)
    }

    @Test("a number right before the term-ending '.' stays a number; the '.' ends the term")
    func numberBeforeDot() {
        #expect(erlangTree("[1].") == "[i:1@1..<2]@0..<3")
        #expect(erlangTree("1.") == "i:1@0..<1")
        #expect(erlangTree("[1.5].") == "[n:1.5@1..<4]@0..<5")
        #expect(erlangTree("16#1F.") == "i:31@0..<5")
        #expect(erlangTree("[{badge, 1}].") == #"{"badge"@2..<7: i:1@9..<10}@0..<12"#)
        let read = ErlangRead("1.\n2.5.\n-3.\n")
        #expect(read.problems.isEmpty)
        #expect(read.dumps == ["i:1@0..<1", "n:2.5@3..<6", "i:-3@8..<10"])
        // A '.' followed by a letter is neither a fraction nor a term's end (erl_scan): `1.e3` is an error after the term 1.
        let strict = ErlangRead("1.e3.")
        #expect(strict.problemLines == ["invalidSyntax 1..<2 1:2 a '.' ends a term only when whitespace, a '%' comment or the end of the file follows it"])
        #expect(strict.dumps == ["i:1@0..<1"])
    }

    // MARK: Containers

    @Test("lists of values are arrays; every value keeps its range")
    func lists() {
        #expect(erlangTree(#"[a, <<"b">>, 1, 2.5, true, null, [], [{}], #{}, 'Q']."#) == #"""
            ["a"@1..<2, "b"@4..<11, i:1@13..<14, n:2.5@16..<19, true@21..<25, null@27..<31, []@33..<35, {}@37..<41, \#
            {}@43..<46, "Q"@48..<51]@0..<52
            """#)
        #expect(erlangTree("[ ].") == "[]@0..<3")
        #expect(erlangTree("[[[]]].") == "[[[]@2..<4]@1..<5]@0..<6")
    }

    @Test("maps are objects: keys as atoms, binaries or integers; ':=' is refused (file:consult/1: bad term)")
    func maps() {
        #expect(erlangTree("#{k => v}.") == #"{"k"@2..<3: "v"@7..<8}@0..<9"#)
        let update = ErlangRead("#{k := v}.")
        #expect(update.dumps == [])
        #expect(update.problemLines == [
            "invalidSyntax 4..<6 1:5 'Key := Value' updates a map that exists; a map written in a term takes 'Key => Value' (file:consult/1: bad term)",
        ])
        #expect(update.problems.first?.help == "write Key => Value")
        #expect(erlangTree("#{}.") == "{}@0..<3")
        #expect(erlangTree("#{ }.") == "{}@0..<4")
        #expect(erlangTree(#"#{<<"k">> => 1, 2 => [a], 'q-q' => #{}}."#)
                == #"{"k"@2..<9: i:1@13..<14, "2"@16..<17: ["a"@22..<23]@21..<24, "q-q"@26..<31: {}@35..<38}@0..<39"#)
        // Duplicate keys are all kept, in order.
        #expect(erlangTree("#{a => 1, a => 2}.") == #"{"a"@2..<3: i:1@7..<8, "a"@10..<11: i:2@15..<16}@0..<17"#)
        #expect(erlangTree("[#{a => 1}, #{}].") == #"[{"a"@3..<4: i:1@8..<9}@1..<10, {}@12..<15]@0..<16"#)
        // A map value may be a proplist; a map inside a proplist is an object too.
        #expect(erlangTree("#{a => [{b, 1}]}.") == #"{"a"@2..<3: {"b"@9..<10: i:1@12..<13}@7..<15}@0..<16"#)
        #expect(erlangTree("[{m, #{x => y}}].") == #"{"m"@2..<3: {"x"@7..<8: "y"@12..<13}@5..<14}@0..<16"#)
    }

    // MARK: Escapes

    struct Escape: Sendable, CustomTestStringConvertible {
        let source: String
        let decoded: String
        /// The text of `<<"source">>` without `/utf8`: each character is one byte, its code cut to 8 bits, so a
        /// character above 127 is not its UTF-8 encoding (bytes that are not UTF-8 read as U+FFFD, as jsx writes them).
        let binary: String
        init(_ source: String, _ decoded: String, binary: String? = nil) {
            self.source = source
            self.decoded = decoded
            self.binary = binary ?? decoded
        }
        var testDescription: String { source }
    }

    static let escapes: [Escape] = [
        Escape(#"\n"#, "\n"),
        Escape(#"\t"#, "\t"),
        Escape(#"\\"#, "\\"),
        Escape(#"\""#, "\""),
        Escape(#"\'"#, "'"),
        Escape(#"\b"#, "\u{08}"),
        Escape(#"\d"#, "\u{7F}"),
        Escape(#"\e"#, "\u{1B}"),
        Escape(#"\f"#, "\u{0C}"),
        Escape(#"\r"#, "\r"),
        Escape(#"\s"#, " "),
        Escape(#"\v"#, "\u{0B}"),
        Escape(#"\^A"#, "\u{01}"),
        Escape(#"\^a"#, "\u{01}"),
        Escape(#"\^Z"#, "\u{1A}"),
        Escape(#"\^["#, "\u{1B}"),
        Escape(#"\^@"#, "\u{00}"),
        Escape(#"\^?"#, "\u{7F}"),
        Escape(#"\101"#, "A"),
        Escape(#"\0"#, "\u{00}"),
        Escape(#"\12"#, "\n"),
        Escape(#"\377"#, "ÿ", binary: "\u{FFFD}"),
        Escape(#"\1011"#, "A1"),
        Escape(#"\8"#, "8"),
        Escape(#"\x41"#, "A"),
        Escape(#"\x4a"#, "J"),
        Escape(#"\x{1F600}"#, "😀", binary: "\u{00}"),
        Escape(#"\x{e9}"#, "é", binary: "\u{FFFD}"),
        Escape(#"\x{0000041}"#, "A"),
        Escape(#"\q"#, "q"),
        Escape(#"\é"#, "é", binary: "\u{FFFD}"),
        Escape(#"\%"#, "%"),
        Escape(#"\\n"#, "\\n"),
        Escape(#"a\tb\x{263A}c"#, "a\tb☺c", binary: "a\tb:c"),
    ]

    @Test("escapes decode the same in /utf8 binaries, quoted atoms and character lists; a binary without /utf8 keeps 8 bits a character",
          arguments: escapes)
    func escape(_ c: Escape) {
        let length = c.source.utf8.count
        let shown = String(reflecting: c.decoded)
        #expect(erlangTree("<<\"\(c.source)\"/utf8>>.") == "\(shown)@0..<\(length + 11)")
        #expect(erlangTree("<<\"\(c.source)\">>.") == "\(String(reflecting: c.binary))@0..<\(length + 6)")
        #expect(erlangTree("'\(c.source)'.") == "\(shown)@0..<\(length + 2)")
        let charlist = ErlangRead("\"\(c.source)\".")
        #expect(charlist.dumps == ["\(shown)@0..<\(length + 2)"])
        #expect(charlist.problems.isEmpty)
        #expect(charlist.termProblems.map(\.kind) == [.charlistString])
        // As a key, too.
        #expect(erlangTree("[{'\(c.source)', 1}].") == "{\(shown)@2..<\(length + 4): i:1@\(length + 6)..<\(length + 7)}@0..<\(length + 9)")
    }

    @Test("$ followed by an escape is the code of the escaped character", arguments: escapes.filter { $0.decoded.unicodeScalars.count == 1 })
    func characterEscape(_ c: Escape) {
        let code = c.decoded.unicodeScalars.first!.value
        #expect(erlangTree("$\(c.source).") == "i:\(code)@0..<\(c.source.utf8.count + 1)")
    }
}
