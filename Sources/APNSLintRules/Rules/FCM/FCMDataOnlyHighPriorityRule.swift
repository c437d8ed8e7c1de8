import APNSLintModel
import APNSLintSyntax

struct FCMDataOnlyHighPriorityRule: ModelRule {
    static let descriptor = RuleDescriptor(id: "fcm-data-only-high-priority", severity: .error, category: .fcm, scope: .fcmMessage)

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "A data message (no notification, no alert) to Apple devices at priority 10, which FCM refuses.",
            rationale: """
                FCM: "When sending data messages to Apple devices, the priority must be set to 5, or normal priority. \
                Messages sent with high priority are rejected by the FCM backend with the error INVALID_ARGUMENT." \
                FCM sends `apns-priority` 10 when `apns.headers` sets none, so a data message with an `apns` block \
                must set `"apns-priority": "5"`. The error users see is often misleading ("Invalid registration \
                token", beste/firebase-php #700). A message with no `apns` block may be meant for Android only, so \
                then this is a warning.
                """,
            severity: .rejected(
                byService: "INVALID_ARGUMENT", "FCM: data messages to Apple devices \"sent with high priority are rejected by the FCM backend with the error INVALID_ARGUMENT\"",
                source: Reference.fcmMessagePriority),
            references: [Reference.fcmMessagePriority, Reference.fcmDataPriorityIssue, Reference.fcmAPNSConfig],
            triggering: [
                Example(#"{"message": {"token": "bk3RNwTe3H0:CI2k_HHwgIpoDKCIZvvDMExUdFQ3P1", "data": {"sync": "inbox"}, ↓"apns": {"payload": {"aps": {"content-available": 1}}}}}"#),
                Example(#"{"message": {"topic": "news", "data": {"sync": "inbox"}, "apns": {"headers": {"apns-priority": ↓"10"}, "payload": {"aps": {"content-available": 1}}}}}"#),
            ],
            nonTriggering: [
                Example(#"{"message": {"topic": "news", "data": {"sync": "inbox"}, "apns": {"headers": {"apns-priority": "5"}, "payload": {"aps": {"content-available": 1}}}}}"#),
                Example(#"{"message": {"topic": "news", "notification": {"title": "Hi"}, "data": {"sync": "inbox"}}}"#),
                Example(#"{"message": {"topic": "news", "apns": {"payload": {"aps": {"alert": "Hi"}}}}}"#),
                Example(#"{"message": {"token": "t", "apns": {"live_activity_token": "la", "payload": {"aps": {"timestamp": 1700000000, "event": "update", "content-state": {"score": 1}}}}}}"#),
            ])
    }

    static func check(_ context: inout RuleContext) {
        guard let message = context.fcmMessage, message.isWrittenByUser, message.notificationField == nil else { return }
        let apns = message.apns
        // A Live Activity, VoIP or other typed push is no data message: its own rules judge its priority.
        if apns?.fields[fcm: FCMKey.liveActivityToken] != nil { return }
        if let type = context.definition.headers.pushType, type != .background, type != .alert { return }
        // A data message: what reaches the device shows nothing (no alert, badge or sound in aps).
        if let aps = apns?.payload?[PayloadKey.aps]?.value.members,
           aps.contains(where: { APSKey(name: $0.key).map(PushType.alert.spec.markers.contains) == true }) { return }
        guard apns != nil || message.dataField != nil else { return }
        // An apns.payload without aps is refused for that (fcm-apns-payload-without-aps).
        if let payload = apns?.payload, payload[PayloadKey.aps] == nil { return }
        let priority = context.definition.headers.priorityField
        guard priority?.integer == 10 else { return }
        let reason = "a data message (no notification and no alert) to Apple devices must be sent at priority 5: FCM refuses one at priority 10 (INVALID_ARGUMENT, often reported as \"Invalid registration token\")"
        let help = "add \"apns\": {\"headers\": {\"apns-priority\": \"5\"}}"
        if let priority, let header = apns?.headers?[priority.key] {
            context.report("apns-priority is 10, but \(reason)", at: header, part: .value, help: help)
        } else if let apnsField = message.apnsField {
            context.report("no apns-priority, so FCM sends its default, 10, but \(reason)", at: apnsField, help: help)
        } else if let data = message.dataField {
            context.report(
                "no apns block, so to an Apple device FCM sends its default apns-priority, 10, but \(reason); if this message is for Android only, ignore this",
                at: data, help: help, severity: .warning)
        }
    }
}
