import APNSLintModel
import APNSLintSyntax

struct SubtitleLocArgsWithoutSubtitleLocKeyRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "subtitle-loc-args-without-subtitle-loc-key", severity: .error, category: .payload,
        subscriptions: [.alert(.subtitleLocArgs)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "`subtitle-loc-args` without `subtitle-loc-key` in the alert.",
            rationale: """
                `subtitle-loc-args` are the values for the `%@` placeholders of the localized string named by \
                `subtitle-loc-key`. Without the key there is no format string, so the arguments are never shown: \
                the alert appears without the text you meant, and Firebase's SDKs refuse to build such an alert.
                """,
            severity: .certain("without the key there is no format string, so the arguments are never shown and the alert lacks the text meant (the Firebase SDKs refuse to build it)", source: Reference.generatingNotification),
            references: [Reference.generatingNotification],
            triggering: [
                Example(#"{"aps": {"alert": {↓"subtitle-loc-args": ["Bob"]}}}"#),
            ],
            nonTriggering: [
                Example(#"{"aps": {"alert": {"subtitle-loc-key": "FROM_SUBTITLE", "subtitle-loc-args": ["Bob"]}}}"#),
                Example(#"{"aps": {"alert": {"subtitle": "From Bob"}}}"#),
            ],
            enforces: [.alert(.subtitleLocArgs), .alert(.subtitleLocKey)])
    }

    static func check(_ context: inout RuleContext) {
        reportArgsWithoutKey(args: .subtitleLocArgs, key: .subtitleLocKey, shownInstead: .subtitle, into: &context)
    }
}
