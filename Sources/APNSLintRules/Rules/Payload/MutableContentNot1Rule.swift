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
            reportSpelledOff(field, meaning: "no Notification Service Extension",
                             delivered: "the extension runs only for the number 1, so the notification is delivered as written",
                             without: "the extension does not run", into: &context)
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
}
