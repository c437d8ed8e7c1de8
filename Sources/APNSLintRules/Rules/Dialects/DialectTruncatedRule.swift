/// Reported while a system's format is turned into the request; this rule carries the docs and examples.
struct DialectTruncatedRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "dialect-truncated", severity: .info, category: .dialect,
        finds: [.dialect(.truncated)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "The system shortens the alert body to fit the size limit (ADCK's `truncate`); says what is cut.",
            rationale: """
                With `truncate: true` (or a string to end the body with instead of `...`), ADCK 0.2.0 cuts the body \
                when it has more bytes than its own 255-byte limit leaves for it, keeping as many characters as that \
                budget has bytes, less the ending. The notification is sent, but the user reads a sentence that stops \
                where the budget ran out, which may drop the part that matters. apns-lint shows the request with the \
                cut body and says how much is lost, so the text can be shortened on purpose.
                """,
            severity: .advice(
                "ADCK cuts the body as `truncate` asks, and apns-lint says how much is lost so that the text can be shortened on purpose",
                source: Reference.adck020),
            references: [Reference.adck, Reference.adck020, Reference.generatingNotification],
            triggering: [
                Example(#"{"dialect": "adck", "truncate": true, "body": ↓""# + String(repeating: "Long story. ", count: 180) + #""}"#),
            ],
            nonTriggering: [
                Example(#"{"dialect": "adck", "truncate": true, "body": "Short story."}"#),
            ])
    }

}
