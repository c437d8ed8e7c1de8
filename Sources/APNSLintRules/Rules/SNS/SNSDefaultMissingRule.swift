/// Reported while an SNS message is turned into its requests; this rule carries the docs and examples.
struct SNSDefaultMissingRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "sns-default-missing", severity: .error, category: .sns,
        finds: [.dialect(.defaultEntryMissing)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "An SNS message with `MessageStructure` json that has no `default` string.",
            rationale: """
                A message published to a topic must have a `default` string (the text for every protocol without a \
                key of its own): without it SNS answers "Invalid parameter: Message Structure - No default entry in \
                JSON message body". Published to one endpoint, it needs `default` or that endpoint's own key; an \
                `APNS_SANDBOX` endpoint does not read `APNS` ("JSON must contain an entry for 'default' or \
                'APNS'"). It is an error when the request names a topic (`TopicArn`) or the message has no APNs \
                payload at all, and a warning otherwise (one for a single production endpoint may do without it).
                """,
            severity: .rejected(
                byService: "InvalidParameter", "SNS refuses the Publish call (\"No default entry in JSON message body\") and nothing is sent",
                source: Reference.snsPublish),
            references: [Reference.snsPublish, Reference.snsDefaultOrAPNSIssue],
            triggering: [
                Example(#"{"TopicArn": "arn:aws:sns:us-east-1:123456789012:news", ↓"Message": "{\"APNS\": \"{\\\"aps\\\":{\\\"alert\\\":\\\"Hi\\\"}}\"}", "MessageStructure": "json"}"#),
                Example(#"↓{"GCM": "{\"notification\":{\"title\":\"Hi\"}}", "email": "Hi"}"#),
            ],
            nonTriggering: [
                Example(#"{"default": "Hi", "APNS": "{\"aps\":{\"alert\":\"Hi\"}}"}"#),
            ])
    }
}
