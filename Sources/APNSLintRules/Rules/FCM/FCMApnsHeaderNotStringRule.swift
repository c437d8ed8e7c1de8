import APNSLintModel
import APNSLintSyntax

struct FCMApnsHeaderNotStringRule: ModelRule {
    static let descriptor = RuleDescriptor(id: "fcm-apns-header-not-string", severity: .error, category: .fcm, fix: .sometimes, scope: .fcmMessage)

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "A value in the FCM message's `apns.headers` is not a string.",
            rationale: """
                `apns.headers` is a map of strings (`map<string, string>` in the HTTP v1 API): `"apns-priority": \
                "5"`, not `5`. FCM refuses a number there as it refuses one in `data`, and the Admin SDKs refuse it \
                before sending ("apns.headers must only contain string values"). The APNs header rules still check \
                the value itself.
                """,
            severity: .rejected(
                byService: "INVALID_ARGUMENT", "FCM reads apns.headers as strings only and answers 400 to another type; the Admin SDKs refuse it before sending",
                source: Reference.fcmAdminNodeValidation),
            references: [Reference.fcmAPNSConfig, Reference.fcmAdminNodeValidation],
            triggering: [
                Example(#"{"message": {"topic": "news", "apns": {"headers": {"apns-priority": ↓5}, "payload": {"aps": {"content-available": 1}}}}}"#),
            ],
            nonTriggering: [
                Example(#"{"message": {"topic": "news", "apns": {"headers": {"apns-priority": "5"}, "payload": {"aps": {"content-available": 1}}}}}"#),
            ])
    }

    static func check(_ context: inout RuleContext) {
        guard let headers = context.fcmMessage?.apns?.headers else { return }
        for field in headers.effectiveFields where field.value.string == nil {
            let text = field.value.number?.text
            context.report(
                "apns.headers \"\(field.key)\" is \(field.value.kind.phrase) (\(field.value.shortDescription)), but FCM's apns.headers holds only strings, so FCM refuses the message",
                at: field, part: .value, help: text.map { "quote it: \"\($0)\"" } ?? "write the header's value as a string",
                fix: text.map { Fix("quote it", edits: [TextEdit.string(field.value.range, $0)], applicability: .safe) })
        }
    }
}
