import APNSLintModel
import APNSLintSyntax

struct UnknownDefinitionKeyRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "unknown-definition-key", severity: .warning, category: .structure,
        fix: .sometimes)

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "A key in a definition envelope other than `payload`, `headers` and `device-token`.",
            rationale: """
                A definition envelope `{"headers": {…}, "device-token": "…", "payload": {…}}` describes one request. \
                Any other key is not sent anywhere; a misspelled `header` or `deviceToken` means the request goes out \
                without the headers or token you wrote.
                """,
            severity: .likelyMistake("no key but payload, headers and device-token is sent; a near-miss of one of them is a typo"),
            references: [Reference.sendingRequests],
            triggering: [
                Example(#"{↓"header": {"apns-push-type": "alert"}, "payload": {"aps": {"alert": "Hi"}}}"#),
                Example(#"{↓"deviceToken": "00fc13adff785122b4ad28809a3420982341241421348097878e577c991de8f0", "payload": {"aps": {"alert": "Hi"}}}"#),
            ],
            nonTriggering: [
                Example(#"{"headers": {"apns-push-type": "alert"}, "device-token": "00fc13adff785122b4ad28809a3420982341241421348097878e577c991de8f0", "payload": {"aps": {"alert": "Hi"}}}"#),
            ])
    }

    static func check(_ context: inout RuleContext) {
        guard let envelope = context.definition.envelope else { return }
        reportUnknownKeys(
            in: envelope, known: Schema.envelope, describe: "a definition envelope",
            consequence: "it is not part of the request", otherwise: "a definition envelope holds only payload, headers and device-token",
            into: &context)
    }
}
