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
                Apple documents one value: "If the value is 1, the system passes the notification to your \
                notification service app extension before delivery". The severity follows what the author meant. \
                An "on" written another way (`true`, `"true"`, `"yes"`, a number other than 0 and 1) is an error: \
                senders drop or rewrite such values, so the extension may never see the notification, and \
                attachments are not downloaded and encrypted content is shown as sent. The string `"1"` is a \
                warning: Apple documents the number, and whether iOS runs the extension for the string is not \
                documented either way (a warning, with the same safe fix: write 1). An explicit "off" (`false`, `"0"`, \
                `"false"`, `"no"`) is advice (info): the extension runs only for 1, so without it the notification is \
                delivered as written, which is what the author meant; the safe fix writes 0, and leaving the key out \
                says the same. `0` is not reported.
                """,
            severity: .certain("the Notification Service Extension runs only for the number 1; senders drop or rewrite other values, so the extension does not run as written", source: Reference.modifyingContent),
            references: [Reference.modifyingContent, Reference.generatingNotification],
            triggering: [
                Example(#"{"aps": {"alert": "Hi", "mutable-content": ↓true}}"#),
                Example(#"{"aps": {"alert": "Hi", "mutable-content": ↓"yes"}}"#),
            ],
            nonTriggering: [
                Example(#"{"aps": {"alert": "Hi", "mutable-content": 1}}"#),
                Example(#"{"aps": {"alert": "Hi", "mutable-content": 0}}"#),
            ],
            enforces: [.aps(.mutableContent)])
    }

    static func check(_ context: inout RuleContext) {
        guard let field = context.definition.payload?.aps?.mutableContent else { return }
        switch field.value.value {
        case let off where isSpelledOff(off):
            reportOff(field, written: field.value.shortDescription, into: &context)
        case .string("1"):
            // The author meant "on": Apple documents the number, and what iOS does with the string is not documented.
            context.report(
                "\"mutable-content\" is the string \"1\", but Apple documents the number 1; whether iOS runs the Notification Service Extension for the string is not documented",
                at: field, part: .value, help: "write 1 without quotes",
                fix: integerFix(for: field, 1, "write 1", .safe), severity: .warning)
        default:
            reportFlagNotOne(field, consequence: "the Notification Service Extension may never see this notification", into: &context)
        }
    }

    /// An explicit "off": the extension runs only for 1, so the notification is delivered as written, as the author
    /// meant. Advice to say it the documented way.
    private static func reportOff(_ field: Field, written: String, into context: inout RuleContext) {
        context.report(
            "\"mutable-content\" is \(written), which says \"no Notification Service Extension\": the extension runs only for the number 1, so the notification is delivered as written, but \(written) is not a documented value",
            at: field, part: .value, help: "remove the key (or write 0): without it the extension does not run either",
            fix: integerFix(for: field, 0, "write 0", .safe),
            severity: .info)
    }
}
