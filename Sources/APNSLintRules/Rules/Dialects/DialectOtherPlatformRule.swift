/// Reported while a request for several platforms is turned into its APNs requests; this rule carries the docs and
/// examples.
struct DialectOtherPlatformRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "dialect-other-platform", severity: .info, category: .dialect,
        finds: [.dialect(.otherPlatform)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "A notification in the request is for a platform that is not Apple's (gorush's Android and Huawei entries): it is left to the system, and not checked.",
            rationale: """
                A gorush request may hold notifications for several platforms: `platform` 2 goes through Firebase \
                Cloud Messaging and 3 through Huawei Push Kit, with their own fields and rules. apns-lint checks \
                what reaches APNs; this finding says which entries it did not check, so a clean report is not \
                read as covering them.
                """,
            severity: .advice("nothing is wrong with the entry as far as APNs goes; it is simply not checked"),
            references: [Reference.gorushAPNs],
            triggering: [
                Example(#"{"notifications": [{"platform": 1, "tokens": ["…"], "message": "Hi"}, {"platform": ↓2, "tokens": ["…"], "message": "Hi"}]}"#),
            ],
            nonTriggering: [
                Example(#"{"notifications": [{"platform": 1, "tokens": ["…"], "message": "Hi", "topic": "com.example.app"}]}"#),
            ])
    }
}
