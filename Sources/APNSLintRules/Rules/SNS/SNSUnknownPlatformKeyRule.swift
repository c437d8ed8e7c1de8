/// Reported while an SNS message is turned into its requests; this rule carries the docs and examples.
struct SNSUnknownPlatformKeyRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "sns-unknown-platform-key", severity: .warning, category: .sns,
        finds: [.dialect(.unknownPlatformKey)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "A key of an SNS message that is not a platform or protocol SNS knows: `apns` for `APNS`, `aps` written beside `default`, a misspelling.",
            rationale: """
                SNS reads a platform's payload only under its own key (`APNS`, `APNS_SANDBOX`, `APNS_VOIP`, \
                `APNS_VOIP_SANDBOX`, `MACOS`, `MACOS_SANDBOX`, `GCM`, …) and ignores other keys: a payload written \
                under `aps` or `payload` never reaches the device, which shows only the `default` text \
                (aws-sdk-ruby #359: "On the device all I get is the default message"). AWS's pages spell every \
                key in upper case but do not say that a lower-case `apns` is ignored, so this is a warning.
                """,
            severity: .undocumented(
                "the key's payload is ignored and Apple devices get the default text; that a key in another case is ignored is not documented",
                source: Reference.snsApsKeyIssue),
            references: [Reference.snsPlatformPayloads, Reference.snsApsKeyIssue],
            triggering: [
                Example(#"{"default": "Hi", ↓"apns": "{\"aps\":{\"alert\":\"Hi\"}}"}"#),
                Example(#"{"default": "Workout", ↓"aps": {"alert": "Workout", "sound": "default"}}"#),
            ],
            nonTriggering: [
                Example(#"{"default": "Hi", "APNS": "{\"aps\":{\"alert\":\"Hi\"}}", "email": "Hi by mail"}"#),
            ])
    }
}
