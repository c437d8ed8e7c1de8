import APNSLintSyntax
import APNSLintTestSupport
import Testing

/// The term as Erlang prints it, for comparing trees: atoms bare, binaries as byte lists, strings quoted.
private func show(_ term: ErlangTerm) -> String {
    switch term.value {
    case .atom(let name): return ErlangTerm.atomText(name)
    case .integer(let text): return text
    case .float(let value): return ErlangFloat.text(value)
    case .binary(let bytes, let utf8, let bits):
        return "<<" + bytes.map(String.init).joined(separator: ",") + ">>" + (utf8 ? "" : "!utf8") + (bits.map { ":\($0)" } ?? "")
    case .string(let text): return "\"\(text)\""
    case .list(let elements, let tail): return "[" + elements.map(show).joined(separator: ",") + (tail.map { "|" + show($0) } ?? "") + "]"
    case .tuple(let elements): return "{" + elements.map(show).joined(separator: ",") + "}"
    case .map(let entries): return "#{" + entries.map { show($0.key) + "=>" + show($0.value) }.joined(separator: ",") + "}"
    }
}

@Suite("ErlangReader: terms as file:consult/1 reads them")
struct ErlangReaderConsultTests {
    @Test("terms file:consult/1 reads, as Erlang builds them", arguments: [
        ("[{alert, <<104,105>>}].", "[{alert,<<104,105>>}]"),
        ("[{alert, <<65:8, 66:16>>}].", "[{alert,<<65,0,66>>}]"),
        ("[{alert, <<\"hi\"/utf16>>}].", "[{alert,<<0,104,0,105>>}]"),
        ("[{alert, <<\"é\">>}].", "[{alert,<<233>>!utf8}]"),
        ("[{alert, <<\"é\"/utf8, \"b\">>}].", "[{alert,<<195,169,98>>}]"),
        ("[{alert, <<$h,$i>>}].", "[{alert,<<104,105>>}]"),
        ("[{alert, <<\"x\":8>>}].", "[{alert,<<120>>}]"),
        ("[{alert, <<1:4>>}].", "[{alert,<<16>>:4}]"),
        ("[{a, 1}|[{b, 2}]].", "[{a,1},{b,2}]"),
        ("[{m, [a|b]}].", "[{m,[a|b]}]"),
        ("[{aleräßt, x}].", "[{'aleräßt',x}]"),
        ("[{alert,\u{A0}x}].", "[{alert,x}]"),
        ("[{badge, 16#ff}, {b, 36#Z}, {c, 1_000}, {d, $\\x{41}}, {e, - 1}, {f, +1}].", "[{badge,255},{b,35},{c,1000},{d,65},{e,-1},{f,1}]"),
        ("[{n, 123456789012345678901234567890}, {m, -16#FFFFFFFFFFFFFFFFFF}].", "[{n,123456789012345678901234567890},{m,-4722366482869645213695}]"),
        ("[{f, 1_0.0_1}, {g, 1.0e3}, {h, 1.5E-3}].", "[{f,10.01},{g,1.0e3},{h,0.0015}]"),
        ("[{m, #{{1,2} => 3, a => #{}}}].", "[{m,#{{1,2}=>3,a=>#{}}}]"),
        ("[{alert, 'end'}, {s, \"ab\" \"cd\"}].", "[{alert,'end'},{s,\"abcd\"}]"),
        ("{}.", "{}"),
    ])
    func reads(text: String, expected: String) {
        let read = ErlangRead(text)
        #expect(read.problems.isEmpty, "\(read.problemLines)")
        #expect(read.result.erlangTerms.map(show) == [expected])
        expectErlangWellFormed(read)
    }

    @Test("what file:consult/1 rejects, with its position", arguments: [
        ("[{alert, end}].", "'end' is a reserved word, not an atom (file:consult/1: syntax error before 'end')", 9..<12),
        ("[{badge, 1.0e400}].", "the float 1.0e400 is out of range (file:consult/1: illegal float)", 9..<16),
        ("[{m, #{a := 1}}].", "'Key := Value' updates a map that exists; a map written in a term takes 'Key => Value' (file:consult/1: bad term)", 9..<11),
        ("[{alert, <<\"x\">>}].[{badge, 1}].", "a '.' ends a term only when whitespace, a '%' comment or the end of the file follows it", 18..<19),
        ("[{badge, - -1}].", "expected a number after '-', found '-' (file:consult/1: bad term)", 11..<12),
        ("[{badge, 1.e3}].", "expected ',' or '}' in the tuple, found '.'", 10..<11),
        ("[{badge, 37#1}].", "the base of 37#… must be between 2 and 36 (file:consult/1: {base, …})", 9..<12),
        ("[{alert, #r{a=1}}].", "a record (#name{…}) is not a term file:consult/1 reads (bad term)", 9..<11),
        ("[{Älert, x}].", "the variable Älert cannot stand in a term: file:consult/1 reads literal values only (bad term)", 2..<8),
        ("[{alert, <<\"x\">>},].", "a trailing ',' before ']' (file:consult/1: syntax error before ']')", 18..<19),
        ("\u{FEFF}[{alert, x}].", "unexpected character a byte order mark (U+FEFF) in an Erlang term (file:consult/1: illegal character or syntax error)", 0..<3),
    ])
    func rejects(text: String, message: String, range: Range<Int>) {
        let read = ErlangRead(text)
        let problem = read.problems.last
        #expect(problem?.kind == .invalidSyntax)
        #expect(problem?.message == message)
        #expect(problem?.range == SourceRange(range))
        #expect(problem?.fix == nil)
        expectErlangWellFormed(read)
    }

    @Test func anEmptyFileIsNoTerm() {
        for text in ["", "%% nothing\n\n", "  \n"] {
            let read = ErlangRead(text)
            #expect(read.problems.isEmpty && read.documents.isEmpty && read.result.erlangTerms.isEmpty)
        }
    }

    @Test func aBindingIsRejectedWithAFixAndTheTermIsStillRead() throws {
        let read = ErlangRead("Notification = [{alert, <<\"Hi\">>}].\n")
        let problem = try #require(read.problems.first)
        #expect(read.problems.count == 1)
        #expect(problem.kind == .invalidSyntax)
        #expect(problem.range == SourceRange(start: 0, end: 12))
        #expect(problem.message == "file:consult/1 cannot read a binding ('Notification = …' is an expression, not a term: bad term); a file meant for file:consult/1 must drop it")
        #expect(problem.fix?.applicability == .safe)
        #expect(problem.fix?.edits == [TextEdit.delete(SourceRange(start: 0, end: 15))])
        #expect(read.result.erlangTerms.map(show) == ["[{alert,<<72,105>>}]"])
        #expect(read.documents.first?.range == SourceRange(start: 15, end: 34))
    }

    @Test func termRangesPointAtTheSource() throws {
        let read = ErlangRead("[{alert, <<\"Hi\"/utf8>>}, {badge, 16#0A}].")
        let term = try #require(read.result.erlangTerms.first)
        guard case .list(let elements, nil) = term.value, let (key, value) = elements[1].pair else {
            Issue.record("not a proplist: \(show(term))")
            return
        }
        #expect(key.range == SourceRange(start: 26, end: 31))
        #expect(value.range == SourceRange(start: 33, end: 38))
        #expect(value.integerText == "10")
        #expect(elements[0].pair?.1.range == SourceRange(start: 9, end: 22))
    }

    @Test func tuplesAndCharacterListsAreReportedOnlyForTheJSONDocument() {
        let read = ErlangRead("[{a, {1, 2, 3}}, {b, \"hi\"}].")
        #expect(read.problems.isEmpty)
        #expect(read.result.termProblems.map(\.kind) == [.nonJSONValue, .charlistString])
        #expect(read.result.termProblems.map(\.range) == [SourceRange(start: 5, end: 14), SourceRange(start: 21, end: 25)])
        #expect(read.dumps.first?.contains("null") == true)
    }

    @Test("Erlang's float text (io_lib_format:fwrite_g/1)", arguments: [
        (1500.0, "1.5e3"), (100.0, "100.0"), (1000.0, "1.0e3"), (0.001, "0.001"), (0.0001, "0.0001"), (0.00001, "1.0e-5"),
        (0.5, "0.5"), (1.5, "1.5"), (123456789.123, "123456789.123"), (-2.5, "-2.5"), (0.1, "0.1"), (1e22, "1.0e22"), (0.0, "0.0"),
    ])
    func floatText(value: Double, text: String) {
        #expect(ErlangFloat.text(value) == text)
    }

    @Test func deepNestingStopsAtTheLimit() {
        let depth = 600
        let read = ErlangRead(String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + ".")
        #expect(read.problems.last?.message.hasPrefix("nesting is deeper than 512 levels") == true)
        let deep = ErlangRead(String(repeating: "[", count: 500) + String(repeating: "]", count: 500) + ".")
        #expect(deep.problems.isEmpty)
        #expect(deep.documents.count == 1)
    }
}
