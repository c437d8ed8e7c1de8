import APNSLintModel
import APNSLintSyntax

struct BadgeNegativeRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "badge-negative", severity: .warning, category: .payload,
        subscriptions: [.aps(.badge)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "`badge` is a negative whole number.",
            rationale: """
                `badge` is the count the app icon shows, with 0 removing the badge. Apple documents a count; what the \
                device does with a negative one is not documented, and senders differ (gorush silently drops it), so \
                what the app icon shows is unknown. Write 0 to clear the badge.
                """,
            severity: .undocumented("Apple documents a count, with 0 removing the badge; a negative value's effect is not documented", source: Reference.generatingNotification),
            references: [Reference.generatingNotification],
            triggering: [
                Example(#"{"aps": {"badge": ↓-1}}"#),
            ],
            nonTriggering: [
                Example(#"{"aps": {"badge": 0}}"#),
                Example(#"{"aps": {"alert": "Hi", "badge": 5}}"#),
            ],
            enforces: [.aps(.badge)])
    }

    static func check(_ context: inout RuleContext) {
        guard let badge = context.definition.payload?.aps?.badge, let number = badge.value.number, number.isInteger,
              number.isNegative, number.intValue != 0 else { return }
        context.report(
            "\"badge\" is \(number.text): a negative count is not documented (Apple documents a count, with 0 removing the badge), and senders differ (gorush silently drops it), so what the app icon shows is unknown",
            at: badge, part: .value, help: "write 0 to remove the badge, or the positive count to show")
    }
}
