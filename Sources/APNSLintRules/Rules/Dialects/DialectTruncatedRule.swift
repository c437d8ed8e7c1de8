/// Reported while a system's format is turned into the request; this rule carries the docs and examples.
struct DialectTruncatedRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "dialect-truncated", severity: .info, category: .dialect,
        finds: [.dialect(.truncated)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "The system shortens the alert body to fit the size limit (ADCK's `truncate: true`); says what is cut.",
            rationale: """
                With `truncate: true`, ADCK cuts the end of the body until the payload fits the limit instead of \
                failing. The notification is delivered, but the user reads a sentence that stops where the bytes ran \
                out, which may drop the part that matters. apns-lint shows the request with the cut body and says \
                how much is lost, so the text can be shortened on purpose.
                """,
            references: [Reference.adck, Reference.generatingNotification],
            triggering: [
                Example(#"{"dialect": "adck", "truncate": true, "body": ↓""# + String(repeating: "Long story. ", count: 180) + #""}"#),
            ],
            nonTriggering: [
                Example(#"{"dialect": "adck", "truncate": true, "body": "Short story."}"#),
            ])
    }

}
