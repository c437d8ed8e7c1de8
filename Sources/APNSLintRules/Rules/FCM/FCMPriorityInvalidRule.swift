import APNSLintModel
import APNSLintSyntax

struct FCMPriorityInvalidRule: ModelRule {
    static let values = ["normal", "high"]

    static let descriptor = RuleDescriptor(
        id: "fcm-priority-invalid", severity: .error, category: .fcm,
        scope: .fcmMessage)

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "The FCM message's `android.priority` is not `normal` or `high`.",
            rationale: """
                FCM has two delivery priorities for Android, `normal` and `high` (`NORMAL` and `HIGH` in the HTTP v1 \
                API's enum): high wakes a device in Doze to deliver at once, normal may wait until it wakes. Any \
                other value, such as APNs's `10` or `5`, is not a priority FCM knows, and the request is invalid. \
                Skygear's `message.priority` (`normal` by default) is sent to FCM as written and to APNs as \
                `apns-priority` 5 or 10.
                """,
            severity: .rejected(
                byService: "INVALID_ARGUMENT", "the HTTP v1 API's Android priority is `NORMAL` or `HIGH`, and FCM refuses any other value as an invalid parameter",
                source: Reference.fcmErrorCode),
            references: [Reference.fcmMessagePriority, Reference.fcmV1Messages],
            triggering: [
                Example(#"{"platform": {"ios": false}, "message": {"title": "Your ride is here", "priority": ↓"urgent"}}"#),
                Example(#"{"platform": {"ios": false}, "message": {"title": "Your ride is here", "priority": ↓10}}"#),
            ],
            nonTriggering: [
                Example(#"{"message": {"title": "Your ride is here", "priority": "high"}}"#),
                Example(#"{"message": {"title": "Weekly digest"}}"#),
            ])
    }

    static func check(_ context: inout RuleContext) {
        guard let field = context.fcmMessage?.android?.priority else { return }
        if let text = field.value.string, Self.values.contains(text.lowercased()), text == text.lowercased() || text == text.uppercased() { return }
        let written = field.value.string.map { "\"\($0)\"" } ?? field.value.shortDescription
        let help: String
        switch field.value.string?.lowercased() ?? field.value.number?.text {
        case "10": help = "write \"high\": APNs's 10 is FCM's high"
        case "5": help = "write \"normal\": APNs's 5 is FCM's normal"
        case let text?: help = Suggestion.closest(to: text, in: Self.values).map { "write \"\($0)\"" } ?? "write \"high\" to deliver at once, or \"normal\""
        case nil: help = "write \"high\" to deliver at once, or \"normal\""
        }
        context.report(
            "android.priority is \(written), not a priority FCM knows: it takes \"normal\" or \"high\"",
            at: field, part: .value, help: help)
    }
}
