/// Reported while a system's format is turned into the request; this rule carries the docs and examples.
struct DialectLibraryErrorRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "dialect-library-error", severity: .error, category: .dialect,
        finds: [.dialect(.libraryError)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "The library that sends the definition throws (or crashes) on it, so nothing is sent.",
            rationale: """
                A definition in a library's format is only as good as what the library does with it, and each \
                library refuses some values outright: node-apn 7.1.0 throws a `TypeError` when a setter writes into \
                an alert set to `null`; ADCK 0.2.0's `validate!` raises `InvalidAttribute` for a badge that is not a \
                number and, because of a bug in that version, for every string `action_loc_key`, and \
                `PayloadTooLarge` above its own 255-byte limit; apns_json and apns_erlv3 crash with `badarg`, \
                `function_clause` or `case_clause` on values they cannot convert, and apns_erlv3 refuses a \
                notification without a binary `token`. The message names the exception the library raises. \
                Severity: the library raises, so no request reaches APNs (the recorded behaviour of each library at \
                the pinned version: Tests/OracleTests/Corpora).
                """,
            severity: .certain(
                "the library raises at its pinned version (node-apn 7.1.0, ADCK 0.2.0, apns_json and apns_erlv3 1.3.3), so no request reaches APNs",
                source: Reference.nodeAPN710),
            references: [Reference.nodeAPN710, Reference.adck020, Reference.apnsJSON, Reference.apnsErlv3],
            triggering: [
                Example(#"{"dialect": "adck", "body": "Hi", ↓"badge": "5"}"#),
                Example(#"{"dialect": "node-apn", "alert": null, ↓"title": "Hi"}"#),
                Example("[{alert, <<\"Hi\">>}, {extra, [{<<\"scores\">>, ↓{3, 1, 0}}]}].", fileExtension: "erl"),
            ],
            nonTriggering: [
                Example(#"{"dialect": "adck", "body": "Hi", "badge": 5}"#),
                Example(#"{"dialect": "node-apn", "alert": "Hi", "title": "Greeting"}"#),
                Example("[{alert, <<\"Hi\">>}, {extra, [{<<\"scores\">>, [3, 1, 0]}]}].", fileExtension: "erl"),
            ])
    }
}
