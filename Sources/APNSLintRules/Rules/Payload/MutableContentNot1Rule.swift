import APNSLintModel
import APNSLintSyntax

struct MutableContentNot1Rule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "mutable-content-not-1", severity: .error, category: .payload,
        fix: .sometimes,
        subscriptions: [.aps(.mutableContent)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "`mutable-content` is not the number 1.",
            rationale: """
                The Notification Service Extension runs only for `"mutable-content": 1`, the number. With `true` or \
                `"1"` the extension may never see the notification, so attachments are not downloaded and encrypted \
                content is shown as sent.
                """,
            severity: .certain("the Notification Service Extension runs only for the number 1; senders drop or rewrite other values, so the extension does not run as written", source: Reference.modifyingContent),
            references: [Reference.modifyingContent, Reference.generatingNotification],
            triggering: [
                Example(#"{"aps": {"alert": "Hi", "mutable-content": ↓true}}"#),
                Example(#"{"aps": {"alert": "Hi", "mutable-content": ↓"yes"}}"#),
            ],
            nonTriggering: [Example(#"{"aps": {"alert": "Hi", "mutable-content": 1}}"#)],
            enforces: [.aps(.mutableContent)])
    }

    static func check(_ context: inout RuleContext) {
        reportFlagNotOne(context.definition.payload?.aps?.mutableContent,
                         consequence: "the Notification Service Extension may never see this notification", into: &context)
    }
}
