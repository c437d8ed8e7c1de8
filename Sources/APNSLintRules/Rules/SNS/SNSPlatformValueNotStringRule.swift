/// Reported while an SNS message is turned into its requests; this rule carries the docs and examples.
struct SNSPlatformValueNotStringRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "sns-platform-value-not-string", severity: .error, category: .sns,
        finds: [.dialect(.platformValueNotString)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "An SNS platform's payload (`APNS`, `APNS_SANDBOX`, …) written as a JSON object instead of a JSON string, or a `Message` that is not a string.",
            rationale: """
                With `MessageStructure` json, SNS reads each platform's payload from a string: "Keys in the JSON \
                object that correspond to supported transport protocols must have simple JSON string values", and \
                "non-string values will cause the key to be ignored". An `APNS` object is dropped without a word, and \
                Apple devices get only the `default` text (aws-sdk-ruby #1418), or SNS refuses the message when \
                nothing else is left ("JSON must contain an entry for 'default' or 'APNS'", aws-sdk-kotlin #426). \
                Encode the payload: `"APNS": "{\\"aps\\":{\\"alert\\":\\"Hi\\"}}"` (`JSON.stringify`, \
                `json.dumps`). The object is still checked as the payload it becomes once encoded, so a fault one \
                layer down is reported too: an `aps` encoded on its own, as a string inside the object (the Ruby \
                `to_json` called on the wrong hash, aws-sdk-ruby #1299), gets `aps-not-object` at its place.
                """,
            severity: .certain(
                "the payload is ignored: the device shows only the default text, or nothing is sent",
                source: Reference.snsPublish),
            references: [Reference.snsPublish, Reference.snsObjectValueIssue, Reference.snsDefaultOrAPNSIssue],
            triggering: [
                Example(#"{"default": "Hi", ↓"APNS": {"aps": {"alert": "Hi", "badge": 1}}}"#),
            ],
            nonTriggering: [
                Example(#"{"default": "Hi", "APNS": "{\"aps\":{\"alert\":\"Hi\",\"badge\":1}}"}"#),
            ])
    }
}
