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
                Where an Erlang term is read as JSON (a term declared `{dialect, <<"apns">>}`, or an Erlang file \
                linted with `--dialect apns`), apns-lint turns it into JSON by jsx's conventions: proplists become \
                objects, lists arrays, atoms and binaries strings. JSON has no tuples: a tuple that is not a \
                `{Key, Value}` pair of a proplist (or a `{{Y,M,D},{H,Mi,S}}` datetime) makes jsx fail, and no \
                notification is sent. apns-lint reads such a value as null and reports it. (A term for apns_json, the \
                default for Erlang files, is read as the library reads it: what jsx raises on there is \
                `dialect-library-error`.)
                """,
            severity: .certain(
                "jsx raises on a value that has no JSON form (a tuple that is not a proplist pair or a datetime), so the term is not encoded and nothing is sent",
                source: Reference.jsx280),
            references: ["https://github.com/talentdeficit/jsx#json---erlang-mapping"],
            triggering: [
                Example("[{dialect, <<\"apns\">>}, {aps, [{alert, <<\"Hi\">>}]}, {scores, [↓{3, 1, 0}]}].", fileExtension: "erl"),
                Example("[{dialect, <<\"apns\">>}, {aps, [{alert, <<\"Hi\">>}]}, {ids, [1, ↓{kind, 2}]}].", fileExtension: "erl"),
            ],
            nonTriggering: [
                Example("[{dialect, <<\"apns\">>}, {aps, [{alert, <<\"Hi\">>}]}, {sent, {{2026,11,21},{10,0,0}}}, {scores, [3, 1]}].", fileExtension: "erl"),
            ])
    }

}
