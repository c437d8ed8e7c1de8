import APNSLintModel
import APNSLintSyntax

struct MutableContentNot1Rule: Rule {
    static let metadata = RuleMetadata(
        id: "mutable-content-not-1",
        summary: "`mutable-content` is not the number 1.",
        rationale: """
            The Notification Service Extension runs only for `"mutable-content": 1`, the number. With `true` or \
            `"1"` the extension may never see the notification, so attachments are not downloaded and encrypted \
            content is shown as sent.
            """,
        severity: .error, category: .payload, fix: .sometimes,
        references: [Reference.modifyingContent, Reference.generatingNotification],
        triggering: [
            Example(#"{"aps": {"alert": "Hi", "mutable-content": ↓true}}"#),
            Example(#"{"aps": {"alert": "Hi", "mutable-content": ↓"yes"}}"#),
        ],
        nonTriggering: [Example(#"{"aps": {"alert": "Hi", "mutable-content": 1}}"#)],
        runsWhen: [.apsKey("mutable-content")])

    static func check(_ context: inout RuleContext) {
        reportFlagNotOne(context.definition.payload?.aps?.mutableContent,
                         consequence: "the Notification Service Extension may never see this notification", into: &context)
    }
}
