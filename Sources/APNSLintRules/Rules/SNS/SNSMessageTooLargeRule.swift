/// Reported while an SNS message is turned into its requests; this rule carries the docs and examples.
struct SNSMessageTooLargeRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "sns-message-too-large", severity: .error, category: .sns,
        finds: [.dialect(.serviceMessageTooLarge)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "An SNS message over SNS's 256 KB (262,144-byte) limit.",
            rationale: """
                SNS refuses a Publish whose message, with its attributes, is over 262,144 bytes ("Invalid parameter: \
                Message too long"); a topic's larger limit applies to Firehose, SQS and Lambda subscribers only. Each \
                APNs payload inside is checked against APNs's own limit (4096 bytes, 5120 for VoIP) by \
                `payload-too-large`.
                """,
            severity: .rejected(
                "InvalidParameter", "SNS refuses the Publish call (\"Message too long\") and nothing is sent",
                source: Reference.snsPublish),
            references: [Reference.snsPublish, Reference.snsLargePayloads],
            triggering: [],
            nonTriggering: [
                Example(#"{"default": "Hi", "APNS": "{\"aps\":{\"alert\":\"Hi\"}}"}"#),
            ])
    }
}
