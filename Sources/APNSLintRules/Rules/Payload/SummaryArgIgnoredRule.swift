import APNSLintModel
import APNSLintSyntax

struct SummaryArgIgnoredRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "summary-arg-ignored", severity: .info, category: .payload,
        subscriptions: [.alert(.summaryArg), .alert(.summaryArgCount)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "`summary-arg` or `summary-arg-count`, which iOS 15 and later ignore.",
            rationale: """
                `summary-arg` and `summary-arg-count` fed the summary line of a notification group on iOS 12 to 14 \
                ("3 more messages from Ana"): the argument for the category's summary format, and how many items \
                this notification counts as. Apple deprecated them with iOS 15, which ignores them \
                (`UNNotificationContent.summaryArgument` "is ignored"), so on current devices they do nothing; keep \
                them only for users still on iOS 12–14. `summary-arg-count` must also be an integer of at least 1 \
                (Pushy refuses smaller counts); the rule says so in the same finding, worded as the error it is.
                """,
            severity: .advice("iOS 15 and later ignore these keys; they only matter to users on iOS 12 to 14", source: Reference.summaryArgument),
            references: [Reference.summaryArgument, Reference.generatingNotification],
            triggering: [
                Example(#"{"aps": {"alert": {"title": "Ana", "body": "Lunch?", ↓"summary-arg": "Ana", ↓"summary-arg-count": 2}}}"#),
                Example(#"{"aps": {"alert": {"body": "3 new photos", "summary-arg-count": ↓0}}}"#),
            ],
            nonTriggering: [
                Example(#"{"aps": {"alert": {"title": "Ana", "body": "Lunch?"}, "thread-id": "chat-ana"}}"#),
            ],
            enforces: [.alert(.summaryArg), .alert(.summaryArgCount)])
    }

    static func check(_ context: inout RuleContext) {
        guard case .dictionary(let alert, _) = context.definition.payload?.aps?.alert else { return }
        let ignored = "ignored since iOS 15 (it fed the notification group's summary on iOS 12–14)"
        let help = "remove it, unless you still support iOS 12–14; on iOS 15 and later, group notifications with \"thread-id\""
        if let argument = alert[.summaryArg] {
            context.report("\"summary-arg\" is \(ignored)", at: argument, help: help)
        }
        if let count = alert[.summaryArgCount] {
            if let number = count.value.number, number.isInteger, number.intValue.map({ $0 < 1 }) ?? number.isNegative {
                context.report(
                    "\"summary-arg-count\" is \(number.text), but it must be an integer of at least 1 (how many items this notification counts as; Pushy refuses smaller counts); it is also \(ignored)",
                    at: count, part: .value, help: "write 1 or more, or remove it (iOS 15 and later ignore it)")
            } else {
                context.report("\"summary-arg-count\" is \(ignored)", at: count, help: help)
            }
        }
    }
}
