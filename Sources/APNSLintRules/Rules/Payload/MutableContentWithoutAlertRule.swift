import APNSLintModel
import APNSLintSyntax

struct MutableContentWithoutAlertRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "mutable-content-without-alert", severity: .warning, category: .payload,
        subscriptions: [.aps(.mutableContent)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "`mutable-content: 1` on a notification with no alert to modify.",
            rationale: """
                The Notification Service Extension runs only for notifications that show an alert with a title, \
                subtitle or body. On a silent, sound-only or badge-only push, `mutable-content` does nothing, so \
                whatever the extension was meant to do (decrypt, attach media) never happens.
                """,
            severity: .likelyMistake("the extension runs only for a visible alert, so on this push the flag does nothing", source: Reference.modifyingContent),
            references: [Reference.modifyingContent],
            triggering: [
                Example(#"{"aps": {↓"mutable-content": 1, "badge": 2}}"#),
                Example(#"{"aps": {↓"mutable-content": 1, "alert": {"launch-image": "Splash"}}}"#),
            ],
            nonTriggering: [
                Example(#"{"aps": {"mutable-content": 1, "alert": {"title": "Photo", "body": "Bob sent a photo"}}}"#),
                Example(#"{"aps": {"mutable-content": 1, "alert": "Bob sent a photo"}}"#),
            ],
            enforces: [.aps(.mutableContent)])
    }

    static func check(_ context: inout RuleContext) {
        guard let aps = context.definition.payload?.aps, let flag = aps.mutableContent,
              flag.value.number?.intValue == 1, !(aps.alert?.showsContent ?? false) else { return }
        context.report(
            "\"mutable-content\" is 1, but the notification shows no alert text; the Notification Service Extension runs only for alerts with a title, subtitle or body, so it never sees this push",
            at: flag, help: "add an alert with a title or body, or remove \"mutable-content\"")
    }
}
