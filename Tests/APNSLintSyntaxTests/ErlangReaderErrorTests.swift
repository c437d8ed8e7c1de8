import APNSLintSyntax
import APNSLintTestSupport
import Testing

/// Input the reader must reject: one invalidSyntax problem with an exact message, range and position.
@Suite("ErlangReader: syntax errors")
struct ErlangReaderErrorTests {
    static let termHelp = "write an atom, a binary <<\"…\">>, a number, a tuple {…}, a list […] or a map #{…}"
    static let strayHelp = termHelp + "; text outside ASCII and Latin-1 goes in quotes"
    static let variableMessage = "cannot stand in a term: file:consult/1 reads literal values only (bad term)"
    static let segmentMessage = "a binary segment must be a literal string, character, integer or float"

    static func stray(_ character: String) -> String {
        "unexpected character \(character) in an Erlang term (file:consult/1: illegal character or syntax error)"
    }

    // MARK: Unterminated text

    @Test("unterminated binaries, strings and quoted atoms", arguments: [
        ErlangFatalCase(#"<<"abc"#, #"unterminated string: no closing ""#, 2..<3, "1:3", help: "close it (the file may be truncated)"),
        ErlangFatalCase(#"<<"abc"#, #"unterminated string: no closing ""#, 2..<3, "1:3"),
        ErlangFatalCase(#"<<"abc""#, "expected ',' or '>>' in the binary, found the end of the input", 7..<7, "1:8",
                        help: "close the binary with '>>'"),
        ErlangFatalCase(#"<<"abc"."#, "expected ',' or '>>' in the binary, found '.'", 7..<8, "1:8"),
        ErlangFatalCase(#"<<"abc">"#, stray("'>'"), 7..<8, "1:8", help: strayHelp),
        ErlangFatalCase(#"<<"a", >>."#, "\(segmentMessage) (found '>>')", 7..<9, "1:8"),
        ErlangFatalCase(#"["abc]."#, #"unterminated string: no closing ""#, 1..<2, "1:2"),
        ErlangFatalCase("['abc].", "unterminated quoted atom: no closing '", 1..<2, "1:2", help: "close it (the file may be truncated)"),
        ErlangFatalCase("[{alert, <<\"Hi\">>},\n {sound, 'wopr}].\n", "unterminated quoted atom: no closing '", 29..<30, "2:10"),
        ErlangFatalCase("[a].\n'b", "unterminated quoted atom: no closing '", 5..<6, "2:1", documents: [#"["a"@1..<2]@0..<3"#]),
    ])
    func unterminated(_ c: ErlangFatalCase) { c.check() }

    // MARK: Separators

    @Test("a missing ',' between elements is named as such", arguments: [
        ErlangFatalCase(#"[{alert, <<"Hi">>} {badge, 1}]."#, "expected ',' or ']' in the list, found '{' (is a ',' missing?)", 19..<20, "1:20",
                        help: "separate elements with ',' and close the list with ']'"),
        ErlangFatalCase("{a b}.", "expected ',' or '}' in the tuple, found the atom b (is a ',' missing?)", 3..<4, "1:4",
                        help: "separate elements with ',' and close the tuple with '}'"),
        ErlangFatalCase("#{a => 1 b => 2}.", "expected ',' or '}' in the map, found the atom b (is a ',' missing?)", 9..<10, "1:10",
                        help: "separate elements with ',' and close the map with '}'"),
        ErlangFatalCase("[1 2].", "expected ',' or ']' in the list, found the number 2 (is a ',' missing?)", 3..<4, "1:4"),
        ErlangFatalCase("[1 2.5].", "expected ',' or ']' in the list, found the number 2.5 (is a ',' missing?)", 3..<6, "1:4"),
        ErlangFatalCase(#"[<<"a">> "b"]."#, "expected ',' or ']' in the list, found a string (is a ',' missing?)", 9..<12, "1:10"),
        ErlangFatalCase(#"[a <<"b">>]."#, "expected ',' or ']' in the list, found '<<' (is a ',' missing?)", 3..<5, "1:4"),
        ErlangFatalCase("[a #{}].", "expected ',' or ']' in the list, found '#' (is a ',' missing?)", 3..<4, "1:4"),
        ErlangFatalCase("[a [b]].", "expected ',' or ']' in the list, found '[' (is a ',' missing?)", 3..<4, "1:4"),
        ErlangFatalCase("[a 'b'].", "expected ',' or ']' in the list, found the atom b (is a ',' missing?)", 3..<6, "1:4"),
        ErlangFatalCase("[{badge, 1}\n {sound, x}].", "expected ',' or ']' in the list, found '{' (is a ',' missing?)", 13..<14, "2:2"),
    ])
    func missingComma(_ c: ErlangFatalCase) { c.check() }

    @Test("other misplaced tokens inside containers", arguments: [
        ErlangFatalCase("[a }].", "expected ',' or ']' in the list, found '}'", 3..<4, "1:4"),
        ErlangFatalCase("{a ]}.", "expected ',' or '}' in the tuple, found ']'", 3..<4, "1:4"),
        ErlangFatalCase("[a X].", "expected ',' or ']' in the list, found the variable X", 3..<4, "1:4"),
        ErlangFatalCase("[a = b].", "expected ',' or ']' in the list, found '='", 3..<4, "1:4"),
        ErlangFatalCase("{a | b}.", "expected ',' or '}' in the tuple, found '|'", 3..<4, "1:4"),
        ErlangFatalCase("#{a 1}.", "expected '=>' after a map key, found the number 1", 4..<5, "1:5", help: "write map entries as Key => Value"),
        ErlangFatalCase("#{a, b}.", "expected '=>' after a map key, found ','", 3..<4, "1:4"),
        ErlangFatalCase("#{a => }.", "expected a term, found '}'", 7..<8, "1:8", help: termHelp),
        ErlangFatalCase("#{a => 1,}.", "expected a term, found '}'", 9..<10, "1:10"),
        // erl_parse: "syntax error before: ']'".
        ErlangFatalCase("[a,].", "a trailing ',' before ']' (file:consult/1: syntax error before ']')", 3..<4, "1:4", help: "remove the last ','"),
        ErlangFatalCase("[,a].", "expected a term, found ','", 1..<2, "1:2"),
        ErlangFatalCase("{,}.", "expected a term, found ','", 1..<2, "1:2"),
        ErlangFatalCase("].", "expected a term, found ']'", 0..<1, "1:1"),
        ErlangFatalCase(".", "expected a term, found '.'", 0..<1, "1:1"),
        ErlangFatalCase("[a].\n.", "expected a term, found '.'", 5..<6, "2:1", documents: [#"["a"@1..<2]@0..<3"#]),
        ErlangFatalCase("= [a].", "expected a term, found '='", 0..<1, "1:1"),
        ErlangFatalCase("/.", "expected a term, found '/'", 0..<1, "1:1"),
        ErlangFatalCase("[a, >>].", "expected a term, found '>>'", 4..<6, "1:5"),
        ErlangFatalCase("[-a].", "expected a number after '-', found the atom a (file:consult/1: bad term)", 2..<3, "1:3", help: "write a number such as -1"),
        ErlangFatalCase("+x.", "expected a number after '+', found the atom x (file:consult/1: bad term)", 1..<2, "1:2"),
        ErlangFatalCase("[- <<\"1\">>].", "expected a number after '-', found '<<' (file:consult/1: bad term)", 3..<5, "1:4"),
    ])
    func misplaced(_ c: ErlangFatalCase) { c.check() }

    // MARK: Unclosed containers

    @Test("a container still open at the end names where it was opened", arguments: [
        ErlangFatalCase("[a, b", "the list opened at 1:1 is never closed", 5..<5, "1:6", help: "add the missing ']' (the file may be truncated)"),
        ErlangFatalCase("[{a, [1, 2", "the list opened at 1:6 is never closed", 10..<10, "1:11"),
        ErlangFatalCase("{a, b", "the tuple opened at 1:1 is never closed", 5..<5, "1:6", help: "add the missing '}' (the file may be truncated)"),
        ErlangFatalCase("#{a => 1", "the map opened at 1:1 is never closed", 8..<8, "1:9", help: "add the missing '}' (the file may be truncated)"),
        ErlangFatalCase("[a, b.", "the list opened at 1:1 is never closed", 5..<6, "1:6"),
        ErlangFatalCase("[{a, 1}.", "the list opened at 1:1 is never closed", 7..<8, "1:8"),
        ErlangFatalCase("[\n  {alert, <<\"x\">>}\n", "the list opened at 1:1 is never closed", 21..<21, "3:1"),
        ErlangFatalCase("[{badge, 1},\n {sound, <<\"x\">>}", "the list opened at 1:1 is never closed", 30..<30, "2:18"),
        ErlangFatalCase("[a].\n  [{b, #{c => [d]} % comment", "the tuple opened at 2:4 is never closed", 33..<33, "2:29",
                        documents: [#"["a"@1..<2]@0..<3"#]),
        ErlangFatalCase("[a,", "unexpected end of input: expected a term", 3..<3, "1:4", help: "complete the term (the file may be truncated)"),
        ErlangFatalCase("[", "unexpected end of input: expected a term", 1..<1, "1:2"),
        ErlangFatalCase("#{a =>", "unexpected end of input: expected a term", 6..<6, "1:7"),
        ErlangFatalCase("-", "expected a number after '-', found the end of the input (file:consult/1: bad term)", 1..<1, "1:2"),
    ])
    func unclosed(_ c: ErlangFatalCase) { c.check() }

    // MARK: What cannot become JSON at all

    @Test("variables cannot stand in a term", arguments: [
        ErlangFatalCase("[{alert, Msg}].", "the variable Msg \(variableMessage)", 9..<12, "1:10",
                        help: "write the value itself, or quote it as an atom: 'Msg'"),
        ErlangFatalCase("[_].", "the variable _ \(variableMessage)", 1..<2, "1:2"),
        ErlangFatalCase("[{alert, _Unused}].", "the variable _Unused \(variableMessage)", 9..<16, "1:10"),
        ErlangFatalCase("#{K => 1}.", "the variable K \(variableMessage)", 2..<3, "1:3"),
        ErlangFatalCase("[H | T].", "the variable H \(variableMessage)", 1..<2, "1:2"),
        // A variable at the start of a term that is not a binding: the range is the variable alone.
        ErlangFatalCase("X.", "the variable X \(variableMessage)", 0..<1, "1:1", help: "write the value itself, or quote it as an atom: 'X'"),
        ErlangFatalCase("Foo [a].", "the variable Foo \(variableMessage)", 0..<3, "1:1"),
        ErlangFatalCase("[ok].\nNotification", "the variable Notification \(variableMessage)", 6..<18, "2:1", documents: [#"["ok"@1..<3]@0..<4"#]),
    ])
    func variables(_ c: ErlangFatalCase) { c.check() }

    /// A binding is reported with a fix and the reading goes on, so a syntax error after it is a second problem.
    @Test("after a binding, a missing term or a second variable is the fatal problem", arguments: [
        ("X =", "X", 0..<1, 0..<3, "unexpected end of input: expected a term", 3..<3, "1:4"),
        ("A = B = [].", "A", 0..<1, 0..<4, "the variable B \(variableMessage)", 4..<5, "1:5"),
    ])
    func bindingThenError(_ text: String, _ name: String, _ variable: Range<Int>, _ deleted: Range<Int>,
                          _ message: String, _ range: Range<Int>, _ position: String) {
        let read = ErlangRead(text)
        #expect(read.dumps == [])
        #expect(read.problems.count == 2, "\(read.problemLines)")
        guard read.problems.count == 2 else { return }
        let binding = read.problems[0], fatal = read.problems[1]
        #expect(binding.kind == .invalidSyntax)
        #expect(binding.range == SourceRange(variable))
        #expect(binding.message.hasPrefix("file:consult/1 cannot read a binding ('\(name) = …'"))
        #expect(binding.fix?.edits == [TextEdit.delete(SourceRange(deleted))])
        #expect(fatal.kind == .invalidSyntax)
        #expect(fatal.message == message)
        #expect(fatal.range == SourceRange(range))
        #expect(read.at(fatal.range.start) == position)
        #expect(fatal.fix == nil)
        expectErlangWellFormed(read)
    }

    /// file:consult/1 reads `[H | T]`: a list tail that is a list joins the list, any other tail makes an improper
    /// list, which has no JSON form: a term problem at the tail (not a syntax error), and the tail is left out.
    @Test("list tails: a list tail joins the list; another tail is a term problem, left out of the document", arguments: [
        ("[a | b].", #"["a"@1..<2]@0..<7"#, ["nonJSONValue 5..<6 1:6 \(improperTail)"]),
        ("[a, b | []].", #"["a"@1..<2, "b"@4..<5]@0..<11"#, []),
        ("[{a, 1} | [{b, 2}]].", #"{"a"@2..<3: i:1@5..<6, "b"@12..<13: i:2@15..<16}@0..<19"#, []),
        ("[a | \"bc\"].", #"["a"@1..<2, i:98@5..<9, i:99@5..<9]@0..<10"#, []),
        ("[a, b | {c}].", #"["a"@1..<2, "b"@4..<5]@0..<12"#, ["nonJSONValue 8..<11 1:9 \(improperTail)"]),
    ])
    func listTails(_ text: String, _ dump: String, _ termProblems: [String]) {
        let read = ErlangRead(text)
        #expect(read.problems.isEmpty, "\(read.problemLines)")
        #expect(read.dumps == [dump])
        #expect(read.termProblemLines == termProblems)
        #expect(read.termProblems.allSatisfy { $0.help == "write the list out element by element: [A, B, C]" })
        expectErlangWellFormed(read)
    }

    static let improperTail = "an improper list's tail ('|' followed by a term that is not a list) cannot become JSON; it is left out"

    @Test("binary segments are literals with an optional size and type", arguments: [
        ErlangFatalCase("<<a>>.", "\(segmentMessage) (found the atom a)", 2..<3, "1:3", help: #"write <<"text"/utf8>> or <<104, 105>>"#),
        ErlangFatalCase(#"<<<<"a">>>>."#, "\(segmentMessage) (found '<<')", 2..<4, "1:3"),
        ErlangFatalCase(#"<<"a"/>>."#, "expected a type after '/' in a binary segment (utf8, integer, binary…), found '>>'", 6..<8, "1:7",
                        help: #"write <<"text"/utf8>>"#),
        ErlangFatalCase(#"<<"a"/latin1>>."#, "'latin1' is not a binary type specifier", 6..<12, "1:7",
                        help: "use utf8, utf16, utf32, integer, float, binary, signed, unsigned, big or little"),
        ErlangFatalCase(#"<<"a":>>."#, "expected a size (an integer) after ':' in a binary segment, found '>>'", 6..<8, "1:7", help: "write <<65:8>>"),
        ErlangFatalCase(#"<<"a"/binary>>."#, "this binary segment cannot be built (a literal is not a binary), so file:consult/1 fails on it", 2..<12, "1:3",
                        help: #"write <<"text"/utf8>> or <<104, 105>>"#),
        ErlangFatalCase(#"<<"a" 'b'>>."#, "expected ',' or '>>' in the binary, found the atom b", 6..<9, "1:7"),
    ])
    func binarySegments(_ c: ErlangFatalCase) { c.check() }

    /// What apns-lint used to refuse, file:consult/1 builds: integer segments, sizes, other types.
    @Test("integer, sized and typed segments build the binary as Erlang does", arguments: [
        ("<<1,2>>.", #""\u{01}\u{02}"@0..<7"#),
        (#"<<"a", 1>>."#, #""a\u{01}"@0..<10"#),
        (#"<<"a"/integer>>."#, #""a"@0..<15"#),
        (#"<<"a"/utf16>>."#, #""\0a"@0..<13"#),
        (#"<<"a":8>>."#, #""a"@0..<9"#),
        (#"<<"a":16>>."#, #""\0a"@0..<10"#),
    ])
    func binarySegmentsRead(_ text: String, _ dump: String) {
        let read = ErlangRead(text)
        #expect(read.problems.isEmpty, "\(read.problemLines)")
        #expect(read.termProblems.isEmpty)
        #expect(read.dumps == [dump])
    }

    @Test("'#' must open a map", arguments: [
        ErlangFatalCase("#[a].", "expected '{' after '#' (a map is written #{Key => Value})", 1..<2, "1:2", help: "write a map as #{key => value}"),
        ErlangFatalCase("#", "expected '{' after '#' (a map is written #{Key => Value})", 1..<1, "1:2"),
        // A record: the range covers '#' and the record name.
        ErlangFatalCase("#rec{a = 1}.", "a record (#name{…}) is not a term file:consult/1 reads (bad term)", 0..<4, "1:1",
                        help: "write the value as a tuple or a map #{key => value}"),
        ErlangFatalCase("[a, #].", "expected '{' after '#' (a map is written #{Key => Value})", 5..<6, "1:6"),
    ])
    func hashWithoutBrace(_ c: ErlangFatalCase) { c.check() }

    // MARK: Numbers

    @Test("bad radixes and based integers", arguments: [
        ErlangFatalCase("99#1.", "the base of 99#… must be between 2 and 36 (file:consult/1: {base, …})", 0..<3, "1:1", help: "write 16#FF"),
        ErlangFatalCase("1#0.", "the base of 1#… must be between 2 and 36 (file:consult/1: {base, …})", 0..<2, "1:1"),
        ErlangFatalCase("37#1.", "the base of 37#… must be between 2 and 36 (file:consult/1: {base, …})", 0..<3, "1:1"),
        ErlangFatalCase("[0#1].", "the base of 0#… must be between 2 and 36 (file:consult/1: {base, …})", 1..<3, "1:2"),
        ErlangFatalCase("[1, 99999999999999999999#1].", "the base of 99999999999999999999#… must be between 2 and 36 (file:consult/1: {base, …})",
                        4..<25, "1:5"),
        ErlangFatalCase("16#G.", "invalid number: 16# has no digits of base 16", 0..<3, "1:1", help: "write the number in decimal"),
        ErlangFatalCase("[2#].", "invalid number: 2# has no digits of base 2", 1..<3, "1:2"),
        // (16#FFFFFFFFFFFFFFFFF is no error: Erlang integers are bignums; see ErlangReaderTermTests.)
        // The digits of the radix end at the first digit that is not one: 2#102 is 2#10, then 2.
        ErlangFatalCase("2#102.", "expected '.' after the term, found the number 2", 4..<5, "1:5", documents: ["i:2@0..<4"]),
        // `_` separates digits only between digits.
        ErlangFatalCase("1_000_.", "expected '.' after the term, found the variable _", 5..<6, "1:6", documents: ["i:1000@0..<5"]),
        ErlangFatalCase("[1.5e].", "expected ',' or ']' in the list, found the atom e (is a ',' missing?)", 4..<5, "1:5"),
    ])
    func numbers(_ c: ErlangFatalCase) { c.check() }

    // MARK: Escapes

    @Test("invalid escapes", arguments: [
        ErlangFatalCase(#"<<"\x{}">>."#, #"invalid escape: \x{…} needs hex digits and a closing '}'"#, 3..<6, "1:4", help: #"write \x{E9}"#),
        ErlangFatalCase(#"<<"\x{41">>."#, #"invalid escape: \x{…} needs hex digits and a closing '}'"#, 3..<8, "1:4"),
        ErlangFatalCase(#"<<"\x{123456789}">>."#, #"invalid escape: \x{…} needs hex digits and a closing '}'"#, 3..<14, "1:4"),
        ErlangFatalCase(#"<<"\x{G}">>."#, #"invalid escape: \x{…} needs hex digits and a closing '}'"#, 3..<6, "1:4"),
        ErlangFatalCase(#"<<"\xZ1">>."#, #"invalid escape: \x needs two hex digits"#, 3..<5, "1:4", help: #"write \xE9 or \x{E9}"#),
        ErlangFatalCase(#"<<"\x4">>."#, #"invalid escape: \x needs two hex digits"#, 3..<6, "1:4"),
        ErlangFatalCase(#"<<"\x{D800}">>."#, "the escape does not name a Unicode character", 3..<11, "1:4",
                        help: "use a code below 0x110000, not a surrogate"),
        ErlangFatalCase(#"<<"\x{110000}">>."#, "the escape does not name a Unicode character", 3..<13, "1:4"),
        ErlangFatalCase(#"'a\x{DFFF}b'."#, "the escape does not name a Unicode character", 2..<10, "1:3"),
        ErlangFatalCase(#"<<"\"#, "unterminated escape sequence", 3..<4, "1:4", help: "complete the escape"),
        ErlangFatalCase(#"<<"\^"#, "unterminated escape sequence", 3..<5, "1:4", help: #"write \^A for control-A"#),
        ErlangFatalCase("$", "'$' must be followed by a character", 0..<1, "1:1", help: "write $a for the code of a"),
        ErlangFatalCase("[$", "'$' must be followed by a character", 1..<2, "1:2"),
        ErlangFatalCase(#"$\x{}."#, #"invalid escape: \x{…} needs hex digits and a closing '}'"#, 1..<4, "1:2"),
        ErlangFatalCase(#"$\"#, "unterminated escape sequence", 1..<2, "1:2"),
    ])
    func invalidEscapes(_ c: ErlangFatalCase) { c.check() }

    // MARK: Bytes that are not Erlang

    static func utf8Message(_ byte: String, at offset: Int) -> String {
        "invalid UTF-8: byte \(byte) at byte offset \(offset) is not part of a valid UTF-8 sequence"
    }

    @Test("invalid UTF-8 is reported at its byte offset; the column counts characters", arguments: [
        ErlangFatalCase(bytes: utf8Bytes(#"[<<"a◊b">>]."#, splicing: [0xFF]), utf8Message("0xFF", at: 5), 5..<6, "1:6",
                        help: "save the file as UTF-8"),
        ErlangFatalCase(bytes: utf8Bytes(#"<<"é◊">>."#, splicing: [0xFE]), utf8Message("0xFE", at: 5), 5..<6, "1:5"),
        ErlangFatalCase(bytes: utf8Bytes("◊.", splicing: [0xC3, 0x28]), utf8Message("0xC3", at: 0), 0..<1, "1:1"),
        ErlangFatalCase(bytes: utf8Bytes("'a◊", splicing: [0xE2, 0x82]), utf8Message("0xE2", at: 2), 2..<3, "1:3"),
        ErlangFatalCase(bytes: utf8Bytes(#""◊"."#, splicing: [0xED, 0xA0, 0x80]), utf8Message("0xED", at: 1), 1..<2, "1:2"),
        ErlangFatalCase(bytes: utf8Bytes(#"<<"◊">>."#, splicing: [0xC0, 0x80]), utf8Message("0xC0", at: 3), 3..<4, "1:4"),
        ErlangFatalCase(bytes: utf8Bytes(#"<<"◊">>."#, splicing: [0x80]), utf8Message("0x80", at: 3), 3..<4, "1:4"),
        ErlangFatalCase(bytes: utf8Bytes("$◊.", splicing: [0xFF]), utf8Message("0xFF", at: 1), 1..<2, "1:2"),
        ErlangFatalCase(bytes: utf8Bytes(#"<<"\◊">>."#, splicing: [0xFF]), utf8Message("0xFF", at: 4), 4..<5, "1:5"),
        ErlangFatalCase(bytes: utf8Bytes("[a]. ◊", splicing: [0xFE]), utf8Message("0xFE", at: 5), 5..<6, "1:6",
                        documents: [#"["a"@1..<2]@0..<3"#]),
        ErlangFatalCase(bytes: utf8Bytes("[a,\n ◊]", splicing: [0xF5, 0x80, 0x80, 0x80]), utf8Message("0xF5", at: 5), 5..<6, "2:2"),
    ])
    func invalidUTF8(_ c: ErlangFatalCase) { c.check() }

    @Test("stray characters", arguments: [
        ErlangFatalCase("[a; b].", stray("';'"), 2..<3, "1:3", help: strayHelp),
        ErlangFatalCase("[?MACRO].", stray("'?'"), 1..<2, "1:2"),
        ErlangFatalCase("[a < b].", stray("'<'"), 3..<4, "1:4"),
        ErlangFatalCase("[a > b].", stray("'>'"), 3..<4, "1:4"),
        // ':' is a token (a remote call's), so 'a' is a complete term that is not followed by '.'.
        ErlangFatalCase("a:b.", "expected '.' after the term, found ':'", 1..<2, "1:2",
                        help: "end each term with a period; separate elements inside a term with ','", documents: [#""a"@0..<1"#]),
        ErlangFatalCase("[a, !].", stray("'!'"), 4..<5, "1:5"),
        ErlangFatalCase(#"[a, \]."#, stray(#"'\'"#), 4..<5, "1:5"),
        ErlangFatalCase("[a, *].", stray("'*'"), 4..<5, "1:5"),
        // Letters outside Latin-1 cannot start an atom (é can: see ErlangReaderTermTests); the column counts characters.
        ErlangFatalCase("ā.", stray("'ā' (U+101)"), 0..<2, "1:1"),
        ErlangFatalCase("[a, 😀].", stray("'😀' (U+1F600)"), 4..<8, "1:5"),
        ErlangFatalCase("[ok,\n  é, ж, x].", stray("'ж' (U+436)"), 11..<13, "2:6"),
        ErlangFatalCase("[a]. ;", stray("';'"), 5..<6, "1:6", documents: [#"["a"@1..<2]@0..<3"#]),
        // × and ÷ are in Latin-1 but are not letters.
        ErlangFatalCase("[a, ×].", stray("'×' (U+D7)"), 4..<6, "1:5"),
    ])
    func strayCharacters(_ c: ErlangFatalCase) { c.check() }

    @Test("a term cut short by a fatal problem is told apart from the terms read whole", arguments: [
        // (text, terms read, where the unfinished term begins)
        ("[a].\n[b].\n", 2, nil),
        ("[a].\n[b].\n[c, {d.\n", 2, 10),
        // The first token after a '.' cannot be read: the next term begins after the '.'.
        ("[a]. ;", 1, 4),
        // The term is whole; what is missing is its '.'.
        ("[a].\n[b]", 2, nil),
        ("[a, {b].", 0, 0),
        ("X = [a", 0, 0),
    ] as [(String, Int, Int?)])
    func unfinishedTerm(_ text: String, _ read: Int, _ start: Int?) {
        ErlangRead(text).expectDocuments(read: read, unfinishedAt: start)
    }
}
