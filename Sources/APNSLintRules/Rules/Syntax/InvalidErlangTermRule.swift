import APNSLintSyntax

/// Reported by the Erlang term reader; this rule carries the docs and examples.
struct InvalidErlangTermRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "invalid-erlang-term", severity: .error, category: .syntax,
        finds: [.syntax(.invalidSyntax, in: .erlang)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "The file is not a sequence of Erlang terms, each ended by a period.",
            rationale: """
                Erlang definition files (`.erl`, `.eterm`, `.term`, `.config`) are read as `file:consult/1` reads \
                them: terms ended by `.`, `%` comments, and here also an optional `Name =` binding as in the \
                apns_json examples. A term apns-lint cannot read cannot be checked, and `file:consult/1` would \
                fail on it too. Variables, list tails (`[H | T]`) and binaries other than string segments cannot \
                become JSON and are reported here as well.
                """,
            references: ["https://www.erlang.org/doc/apps/kernel/file.html#consult/1", "https://www.erlang.org/doc/system/data_types.html"],
            triggering: [
                Example("[{alert, <<\"Hi\">>}, {badge, 1}]↓", fileExtension: "erl"),
                Example("[{alert, <<\"Hi\">>} ↓{badge, 1}].", fileExtension: "erl"),
                Example("[{alert, <<↓\"Hi>>}].", fileExtension: "erl"),
                Example("[{badge, ↓Count}].", fileExtension: "erl"),
            ],
            nonTriggering: [
                Example("% The simplest alert\nNotification = [{alert, <<\"Would you like to play a game?\">>}].\n", fileExtension: "erl"),
            ])
    }

}
