import APNSLintSyntax
import APNSLintTestSupport
import Testing

/// The `file:consult/1` layout: terms ended by `.`, `%` comments, an optional `Name =` binding.
@Suite("ErlangReader: file layout")
struct ErlangReaderLayoutTests {
    static let noDot = "the term is not ended by '.' (file:consult/1: syntax error at the end of the file)"

    @Test("several terms, each ended by '.', are read in order with exact ranges")
    func severalTerms() {
        let read = ErlangRead("[{a, 1}].\n%% comment\n[{b, <<\"x\">>}]. % trailing\n42.\n")
        #expect(read.problems.isEmpty, "\(read.problemLines)")
        #expect(read.dumps == [
            #"{"a"@2..<3: i:1@5..<6}@0..<8"#,
            #"{"b"@23..<24: "x"@26..<33}@21..<35"#,
            "i:42@48..<50",
        ])
        #expect(read.result.firstDuplicateWins)
        #expect(read.at(21) == "3:1")
        #expect(read.at(48) == "4:1")
    }

    @Test("'%' comments may stand anywhere whitespace may, up to the end of the line")
    func commentsAnywhere() {
        let text = "% header comment\n[ % open\n  {alert, % key\n   <<\"Hi\">> % value\n  } % close pair\n] % end\n. % dot\n"
        let read = ErlangRead(text)
        #expect(read.problems.isEmpty, "\(read.problemLines)")
        #expect(read.dumps == [#"{"alert"@29..<34: "Hi"@45..<53}@17..<80"#])
        #expect(read.at(17) == "2:1")
        #expect(read.at(29) == "3:4")
        #expect(read.at(45) == "4:4")
        // A '%' inside a binary or a quoted atom is text, not a comment.
        #expect(erlangTree("[{'100%', <<\"50% off\">>}]. % real comment") == #"{"100%"@2..<8: "50% off"@10..<23}@0..<25"#)
        // A comment ends at a lone CR as well as at LF.
        #expect(erlangTree("[a, % one\rb].") == #"["a"@1..<2, "b"@10..<11]@0..<12"#)
    }

    @Test("a leading 'Name =' binding is an error (file:consult/1: bad term) with a fix deleting it; the term after it is read")
    func binding() {
        let read = ErlangRead("Notification = [{alert, <<\"Hi\">>}].\nOther=[].\n")
        #expect(read.problemLines == [
            "invalidSyntax 0..<12 1:1 file:consult/1 cannot read a binding ('Notification = …' is an expression, not a term: bad term); a file meant for file:consult/1 must drop it",
            "invalidSyntax 36..<41 2:1 file:consult/1 cannot read a binding ('Other = …' is an expression, not a term: bad term); a file meant for file:consult/1 must drop it",
        ])
        #expect(read.problems.map(\.help) == ["remove 'Notification = ' and keep the term", "remove 'Other = ' and keep the term"])
        // The fix deletes the variable, the '=' and the whitespace up to the term.
        #expect(read.problems.map { $0.fix?.title } == ["Remove the binding 'Notification ='", "Remove the binding 'Other ='"])
        #expect(read.problems.map { $0.fix?.edits } == [[TextEdit.delete(SourceRange(start: 0, end: 15))], [TextEdit.delete(SourceRange(start: 36, end: 42))]])
        #expect(read.problems.allSatisfy { $0.fix?.applicability == .safe })
        #expect(read.dumps == [#"{"alert"@17..<22: "Hi"@24..<32}@15..<34"#, "[]@42..<44"])
        #expect(read.documents.map { read.at($0.range.start) } == ["1:16", "2:7"])
        let several = ErlangRead("A = [1].\nB = [2]. C = [3].\n% end\n")
        #expect(several.problems.map(\.range) == [SourceRange(start: 0, end: 1), SourceRange(start: 9, end: 10), SourceRange(start: 18, end: 19)])
        #expect(several.problems.allSatisfy { $0.kind == .invalidSyntax && $0.fix != nil })
        #expect(several.dumps == ["[i:1@5..<6]@4..<7", "[i:2@14..<15]@13..<16", "[i:3@23..<24]@22..<25"])
        let ignored = ErlangRead("_Ignored = [].")
        #expect(ignored.problems.map(\.range) == [SourceRange(start: 0, end: 8)])
        #expect(ignored.problems.first?.fix?.edits == [TextEdit.delete(SourceRange(start: 0, end: 11))])
        #expect(ignored.dumps == ["[]@11..<13"])
    }

    @Test("CRLF line breaks: ranges count bytes, positions count lines")
    func crlf() {
        let read = ErlangRead("[\r\n {a,\r\n  b}\r\n].\r\n[c].")
        #expect(read.problems.isEmpty)
        #expect(read.dumps == [#"{"a"@5..<6: "b"@11..<12}@0..<16"#, #"["c"@20..<21]@19..<22"#])
        #expect(read.at(5) == "2:3")
        #expect(read.at(11) == "3:3")
        #expect(read.at(15) == "4:1")
        #expect(read.at(19) == "5:1")
    }

    @Test("a term without its final '.' is still returned, with a problem at its end")
    func missingFinalDot() throws {
        let read = ErlangRead("[{a, 1}]")
        #expect(read.dumps == [#"{"a"@2..<3: i:1@5..<6}@0..<8"#])
        #expect(read.problemLines == ["invalidSyntax 8..<8 1:9 \(Self.noDot)"])
        #expect(read.problems.first?.help == "end each term with a period followed by a newline, as file:consult/1 expects")
        #expect(read.result.firstDuplicateWins)

        // The problem is at the end of the term, not at the end of the trailing whitespace and comments.
        let second = ErlangRead("[a].\n[b] % no dot\n\n")
        #expect(second.dumps == [#"["a"@1..<2]@0..<3"#, #"["b"@6..<7]@5..<8"#])
        #expect(second.problemLines == ["invalidSyntax 8..<8 2:4 \(Self.noDot)"])

        // After a binding (reported, with its fix), the term is read on and its missing '.' reported last.
        let bound = ErlangRead("X = <<\"x\">>")
        #expect(bound.dumps == [#""x"@4..<11"#])
        #expect(bound.problemLines == [
            "invalidSyntax 0..<1 1:1 file:consult/1 cannot read a binding ('X = …' is an expression, not a term: bad term); a file meant for file:consult/1 must drop it",
            "invalidSyntax 11..<11 1:12 \(Self.noDot)",
        ])
    }

    @Test("two terms without a '.' between them: the first is kept, the second is reported", arguments: [
        ("[a] [b].", #"["a"@1..<2]@0..<3"#, "invalidSyntax 4..<5 1:5 expected '.' after the term, found '['"),
        ("<<\"a\">>, <<\"b\">>.", #""a"@0..<7"#, "invalidSyntax 7..<8 1:8 expected '.' after the term, found ','"),
        ("1 2.", "i:1@0..<1", "invalidSyntax 2..<3 1:3 expected '.' after the term, found the number 2"),
        ("ok\nerror.", #""ok"@0..<2"#, "invalidSyntax 3..<8 2:1 expected '.' after the term, found the atom error"),
    ])
    func termsWithoutDot(_ text: String, _ dump: String, _ problem: String) {
        let read = ErlangRead(text)
        #expect(read.dumps == [dump])
        #expect(read.problemLines == [problem])
        #expect(read.problems.first?.help == "end each term with a period; separate elements inside a term with ','")
    }

    @Test("an empty or comment-only file holds no term, without error (file:consult/1 returns {ok, []})", arguments: [
        "", " ", " \n\t ", "% only a comment", "%% a\n%% b\n", "\r\n% x\r\n", "\u{0C}", "\u{A0}\n",
    ])
    func noTerm(_ text: String) {
        let read = ErlangRead(text)
        #expect(read.documents.isEmpty)
        #expect(read.result.erlangTerms.isEmpty)
        #expect(read.problemLines == [])
        #expect(read.termProblems.isEmpty)
    }

    @Test("documents before a syntax error in a later term are still returned")
    func documentsBeforeError() {
        let read = ErlangRead("[{a,1}].\n[{b,2}].\n[{c 3}].\n[{d,4}].\n")
        #expect(read.dumps == [#"{"a"@2..<3: i:1@4..<5}@0..<7"#, #"{"b"@11..<12: i:2@13..<14}@9..<16"#])
        #expect(read.problemLines == [
            "invalidSyntax 22..<23 3:5 expected ',' or '}' in the tuple, found the number 3 (is a ',' missing?)",
        ])

        // A non-fatal problem of an earlier term stays, followed by the fatal one.
        let mixed = ErlangRead("[{a, \"x\"}].\n[b c].")
        // (The character list is a term problem: it is reported where the term is read as JSON.)
        #expect(mixed.dumps == [#"{"a"@2..<3: "x"@5..<8}@0..<10"#])
        #expect(mixed.problemLines == ["invalidSyntax 15..<16 2:4 expected ',' or ']' in the list, found the atom c (is a ',' missing?)"])
        #expect(mixed.termProblemLines == [
            #"charlistString 5..<8 1:6 "x" is a character list (a string in double quotes), read here as a string; jsx writes it as an array of numbers"#,
        ])

        // Garbage after the last complete term.
        let trailing = ErlangRead("[ok]. ;")
        #expect(trailing.dumps == [#"["ok"@1..<3]@0..<4"#])
        #expect(trailing.problemLines == ["invalidSyntax 6..<7 1:7 unexpected character ';' in an Erlang term (file:consult/1: illegal character or syntax error)"])
    }

    @Test("a '.' ends a term only before whitespace, a '%' comment or the end (erl_scan); elsewhere it is an error")
    func dotWithoutWhitespace() {
        let read = ErlangRead("[a].[b].c.")
        #expect(read.dumps == [#"["a"@1..<2]@0..<3"#])
        #expect(read.problemLines == ["invalidSyntax 3..<4 1:4 a '.' ends a term only when whitespace, a '%' comment or the end of the file follows it"])
        #expect(read.problems.first?.help == "put a newline after the period")
        // Before a comment or at the very end, a '.' does end the term.
        let ended = ErlangRead("[a].%c\n[b].")
        #expect(ended.problems.isEmpty)
        #expect(ended.dumps == [#"["a"@1..<2]@0..<3"#, #"["b"@8..<9]@7..<10"#])
    }
}
