import APNSLintModel
import APNSLintSyntax

struct LocArgsWithoutLocKeyRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "loc-args-without-loc-key", severity: .error, category: .payload,
        subscriptions: [.alert(.locArgs)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "`loc-args` without `loc-key` in the alert.",
            rationale: """
                `loc-args` are the values for the `%@` placeholders of the localized string named by \
                `loc-key`. Without the key there is no format string, so the arguments are never shown: \
                the alert appears without the text you meant, and Firebase's SDKs refuse to build such an alert.
                """,
            severity: .certain("without the key there is no format string, so the arguments are never shown and the alert lacks the text meant (the Firebase SDKs refuse to build it)", source: Reference.generatingNotification),
            references: [Reference.generatingNotification],
            triggering: [
                Example(#"{"aps": {"alert": {↓"loc-args": ["Bob"]}}}"#),
            ],
            nonTriggering: [
                Example(#"{"aps": {"alert": {"loc-key": "GREETING", "loc-args": ["Bob"]}}}"#),
                Example(#"{"aps": {"alert": {"body": "Hello Bob"}}}"#),
            ],
            enforces: [.alert(.locArgs), .alert(.locKey)])
    }

    static func check(_ context: inout RuleContext) {
        reportArgsWithoutKey(args: .locArgs, key: .locKey, shownInstead: .body, into: &context)
    }
}
