import APNSLintModel
import APNSLintSyntax

struct FCMApnsPayloadWithoutAPSRule: ModelRule {
    static let descriptor = RuleDescriptor(id: "fcm-apns-payload-without-aps", severity: .error, category: .fcm, scope: .fcmMessage)

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "The FCM message's `apns.payload` is not an object, has no `aps` dictionary, or an empty one with nothing to fill it.",
            rationale: """
                FCM passes `apns.payload` to APNs as the payload, and checks that it has an `aps` dictionary first: \
                without one FCM answers 400 "Payload of Apple Push Notification Service must contain an [aps] key.", \
                and with an empty one, when no `notification` fills it, "Value of [aps] must be a non-empty \
                dictionary." Custom keys go beside `aps` in `apns.payload`, or in the message's `data`; headers go in \
                `apns.headers`, not in the payload.
                """,
            severity: .rejected(
                byService: "INVALID_ARGUMENT", "FCM answers 400 \"Payload of Apple Push Notification Service must contain an [aps] key.\" and sends nothing",
                source: Reference.fcmMissingAPSIssue),
            references: [Reference.fcmAPNSConfig, Reference.fcmMissingAPSIssue],
            triggering: [
                Example(#"{"message": {"token": "bk3RNwTe3H0:CI2k_HHwgIpoDKCIZvvDMExUdFQ3P1", "apns": {↓"payload": {"headers": {"apns-priority": "5"}, "sync": "inbox"}}}}"#),
                Example(#"{"message": {"topic": "news", "apns": {"payload": {↓"aps": {}}}}}"#),
                Example(#"{"message": {"topic": "news", "apns": {"payload": ↓"{\"aps\": {\"badge\": 1}}"}}}"#),
            ],
            nonTriggering: [
                Example(#"{"message": {"topic": "news", "apns": {"payload": {"aps": {"content-available": 1}, "sync": "inbox"}, "headers": {"apns-priority": "5"}}}}"#),
                Example(#"{"message": {"topic": "news", "notification": {"title": "Hi"}, "apns": {"payload": {"aps": {}}}}}"#),
            ])
    }

    static func check(_ context: inout RuleContext) {
        guard let message = context.fcmMessage, let apns = message.apns, let payloadField = apns.payloadField else { return }
        guard let payload = apns.payload else {
            context.report(
                "apns.payload is \(payloadField.value.kind.phrase) (\(payloadField.value.shortDescription)), but it must be the APNs payload as an object with \"aps\", so FCM refuses the message",
                at: payloadField, part: .value, help: "write {\"aps\": {…}} as an object, not as a string of JSON")
            return
        }
        guard let aps = payload[PayloadKey.aps] else {
            context.report(
                "apns.payload has no \"aps\" dictionary, so FCM refuses the message (\"Payload of Apple Push Notification Service must contain an [aps] key.\") and nothing is sent",
                at: payloadField, help: "put the APNs keys in \"aps\": {\"aps\": {\"content-available\": 1}, …}; headers go in apns.headers")
            return
        }
        if aps.value.members?.isEmpty == true, message.notificationField == nil {
            context.report(
                "apns.payload's \"aps\" is empty and no notification fills it, so FCM refuses the message (\"Value of [aps] must be a non-empty dictionary.\")",
                at: aps, help: "add what the notification does: \"content-available\": 1 for a background push, or an alert")
        }
    }
}
