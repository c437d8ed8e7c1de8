import APNSLintSyntax
import APNSLintTestSupport
import Testing

/// Erlang source code where a term was expected (issue 51: a walk over an Erlang project read its modules as terms): an
/// attribute (`-module(…)`) or a function clause (`name(…) ->`) is said for what it is, at its name, and recorded in
/// `ParseResult.erlangSourceForm`. file:consult/1 rejects both, so the verdict is the one it always was.
@Suite("ErlangReader: source code is not a term")
struct ErlangSourceFormTests {
    static let help = "file:consult/1 reads only terms, each ended by '.', such as [{key, <<\"value\">>}]."
    static let module = "-module(…) is the attribute that begins an Erlang module: this file is source code for the compiler, not terms that file:consult/1 reads"

    @Test("an attribute or a function clause at the start of a term", arguments: [
        ErlangFatalCase("%%% Sends pushes.\n-module(courier_push).\n-export([start/0]).\n", module, 18..<25, "2:1", help: help),
        ErlangFatalCase("-module (courier).", module, 0..<7, "1:1"),
        ErlangFatalCase("-export([start/0]).",
                        "-export(…) is an attribute of Erlang source code: this file is code for the compiler, not terms that file:consult/1 reads",
                        0..<7, "1:1"),
        ErlangFatalCase("start(Args) ->\n    ok.\n",
                        "start(…) begins a function clause: this file is Erlang source code for the compiler, not terms that file:consult/1 reads",
                        0..<5, "1:1"),
        ErlangFatalCase("'Quoted'() -> ok.",
                        "'Quoted'(…) begins a function clause: this file is Erlang source code for the compiler, not terms that file:consult/1 reads",
                        0..<8, "1:1"),
        // After a term that was read: the term stays, the code is the fatal problem.
        ErlangFatalCase("[ok].\nmain() -> ok.\n",
                        "main(…) begins a function clause: this file is Erlang source code for the compiler, not terms that file:consult/1 reads",
                        6..<10, "2:1", documents: [#"["ok"@1..<3]@0..<4"#]),
    ])
    func sourceForm(_ c: ErlangFatalCase) { c.check() }

    @Test func theFormIsRecorded() {
        let attribute = ErlangReader.read(SourceText("%% x\n-module(courier).\n")).erlangSourceForm
        #expect(attribute == ErlangSourceForm(kind: .attribute("module"), range: SourceRange(start: 5, end: 12)))
        let clause = ErlangReader.read(SourceText("init([]) -> {ok, []}.\n")).erlangSourceForm
        #expect(clause == ErlangSourceForm(kind: .functionClause("init"), range: SourceRange(start: 0, end: 4)))
    }

    /// What only looks alike stays what it was: a signed number, a sign before an atom inside a term, an atom then
    /// something else, and terms.
    @Test("terms and other errors are not source forms", arguments: [
        ("-1.", nil),
        ("[-a].", "expected a number after '-', found the atom a (file:consult/1: bad term)"),
        ("-a.", "expected a number after '-', found the atom a (file:consult/1: bad term)"),
        ("ok [b].", "expected '.' after the term, found '['"),
        ("[{alert, <<\"Hi\">>}].", nil),
    ] as [(String, String?)])
    func notSourceForms(_ text: String, _ message: String?) {
        let read = ErlangReader.read(SourceText(text))
        #expect(read.erlangSourceForm == nil)
        #expect(read.problems.first?.message == message)
    }
}
