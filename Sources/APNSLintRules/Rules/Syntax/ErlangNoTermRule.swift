import APNSLintSyntax

/// Reported by the linter when the Erlang reader finds no term; this rule carries the docs and examples.
struct ErlangNoTermRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "erlang-no-term", severity: .error, category: .syntax,
        // Only an Erlang text can be well formed and hold nothing: JSON's and YAML's readers call that invalid syntax.
        finds: [.syntax(.noTerm)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "An Erlang definition file holds no term.",
            rationale: """
                An Erlang file that is empty, or holds only `%` comments and whitespace (which, to `erl_scan`, includes \
                the control bytes 0 to 32), is read by `file:consult/1` as an empty list of terms: that is not a syntax \
                error, so `invalid-erlang-term` does not report it, but the file defines no notification. An empty JSON \
                or YAML file is an error too (`invalid-json`, `invalid-yaml`). A file of mostly control bytes is \
                reported by `invalid-erlang-term` as a binary file instead.
                """,
            severity: .certain(
                "a sender that consults the file gets no term, so there is no notification to send",
                source: Reference.erlangConsult),
            references: ["https://www.erlang.org/doc/apps/kernel/file.html#consult/1"],
            triggering: [
                Example("↓", fileExtension: "erl"),
                Example("% The welcome notification, to be written\n↓", fileExtension: "erl"),
            ],
            nonTriggering: [
                Example("% The simplest alert\n[{alert, <<\"Would you like to play a game?\">>}].\n", fileExtension: "erl"),
            ])
    }

}
