import APNSLintSyntax

/// Reported by the Erlang term reader; this rule carries the docs and examples.
struct ErlangNonJSONValueRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "erlang-non-json-value", severity: .error, category: .syntax,
        finds: [.syntax(.nonJSONValue, in: .erlang)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "An Erlang value that cannot become JSON: a tuple outside a proplist, a map key that is not an atom or binary.",
            rationale: """
                jsx turns proplists into objects, lists into arrays and atoms and binaries into strings, but JSON \
                has no tuples: a tuple that is not a `{Key, Value}` pair of a proplist (or a `{{Y,M,D},{H,Mi,S}}` \
                datetime) makes the encoder fail, and no notification is sent. apns-lint reads such a value as null \
                and reports it.
                """,
            references: ["https://github.com/talentdeficit/jsx#json---erlang-mapping"],
            triggering: [
                Example("[{alert, <<\"Hi\">>}, {extra, [{<<\"scores\">>, [↓{3, 1, 0}]}]}].", fileExtension: "erl"),
                Example("↓{alert, <<\"Hi\">>}.", fileExtension: "erl"),
            ],
            nonTriggering: [
                Example("[{alert, <<\"Hi\">>}, {extra, [{<<\"sent\">>, {{2026,11,21},{10,0,0}}}, {<<\"scores\">>, [3, 1]}]}].", fileExtension: "erl"),
            ])
    }

}
