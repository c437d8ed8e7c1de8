import APNSLintSyntax

/// Reported by the Erlang term reader; this rule carries the docs and examples.
struct InvalidErlangTermRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "invalid-erlang-term", severity: .error, category: .syntax, fix: .sometimes,
        finds: [.syntax(.invalidSyntax, in: .erlang)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "The file is not a sequence of Erlang terms, each ended by a period.",
            rationale: """
                Erlang definition files (`.erl`, `.eterm`, `.term`, `.config`) are read exactly as Erlang/OTP's \
                `file:consult/1` reads them: terms ended by a `.` followed by whitespace, `%` comments. What it \
                rejects is reported here with its position: a variable, a reserved word as an atom (`end`), a float \
                out of range (`1.0e400`), `#{K := V}`, a record, a `fun`, a `.` not followed by whitespace. A \
                leading `Name =` binding, as apns_json's documentation writes its examples, is reported too: \
                `file:consult/1` cannot read it (`bad term`); its fix removes the binding, and the term after it is \
                still checked.
                """,
            severity: .certain(
                "`file:consult/1` returns an error instead of the terms, so a sender that reads the file has nothing to send",
                source: Reference.erlangConsult),
            references: ["https://www.erlang.org/doc/apps/kernel/file.html#consult/1", "https://www.erlang.org/doc/system/data_types.html"],
            triggering: [
                Example("[{alert, <<\"Hi\">>}, {badge, 1}]↓", fileExtension: "erl"),
                Example("[{alert, <<\"Hi\">>} ↓{badge, 1}].", fileExtension: "erl"),
                Example("[{alert, <<↓\"Hi>>}].", fileExtension: "erl"),
                Example("[{badge, ↓Count}].", fileExtension: "erl"),
                Example("↓Notification = [{alert, <<\"Hi\">>}].", fileExtension: "erl"),
                Example("[{alert, ↓end}].", fileExtension: "erl"),
            ],
            nonTriggering: [
                Example("% The simplest alert\n[{alert, <<\"Would you like to play a game?\">>}].\n", fileExtension: "erl"),
                Example("[{alert, <<104, 105>>}, {badge, 16#0A}, {extra, [{<<\"tags\">>, [a | [b]]}]}].\n", fileExtension: "erl"),
            ])
    }

}
