import APNSLintModel
import APNSLintSyntax

struct TitleLocArgsWithoutTitleLocKeyRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "title-loc-args-without-title-loc-key", severity: .error, category: .payload,
        subscriptions: [.alert(.titleLocArgs)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "`title-loc-args` without `title-loc-key` in the alert.",
            rationale: """
                `title-loc-args` are the values for the `%@` placeholders of the localized string named by \
                `title-loc-key`. Without the key there is no format string, so the arguments are never shown: \
                the alert appears without the text you meant, and Firebase's SDKs refuse to build such an alert.
                """,
            severity: .certain("without the key there is no format string, so the arguments are never shown and the alert lacks the text meant (the Firebase SDKs refuse to build it)", source: Reference.generatingNotification),
            references: [Reference.generatingNotification],
            triggering: [
                Example(#"{"aps": {"alert": {↓"title-loc-args": ["Bob"]}}}"#),
            ],
            nonTriggering: [
                Example(#"{"aps": {"alert": {"title-loc-key": "GREETING_TITLE", "title-loc-args": ["Bob"]}}}"#),
                Example(#"{"aps": {"alert": {"title": "Hi Bob"}}}"#),
            ],
            enforces: [.alert(.titleLocArgs), .alert(.titleLocKey)])
    }

    static func check(_ context: inout RuleContext) {
        reportArgsWithoutKey(args: .titleLocArgs, key: .titleLocKey, shownInstead: .title, into: &context)
    }
}
