/// Reported while an FCM body is turned into its request; this rule carries the docs and examples.
struct FCMLegacyAPIRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "fcm-legacy-api", severity: .error, category: .fcm,
        finds: [.dialect(.retiredAPI)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "A body of FCM's legacy HTTP API (`to`, `registration_ids`, `content_available`, `time_to_live`), which Google shut down in 2024.",
            rationale: """
                Google deprecated FCM's legacy HTTP and XMPP APIs on 20 June 2023 and began shutting them down on 22 \
                July 2024: `https://fcm.googleapis.com/fcm/send` no longer delivers, so a body written for it sends \
                nothing. The help gives the HTTP v1 request it becomes (`to` → `message.token` or `topic`, \
                `content_available` → `apns.payload.aps.content-available: 1`, `priority` → `apns-priority`). \
                apns-lint still checks what the legacy body would have sent to APNs, as information, so the move \
                keeps what worked.
                """,
            severity: .certain("nothing is sent: the legacy API no longer accepts requests", source: Reference.fcmMigrateV1),
            references: [Reference.fcmMigrateV1, Reference.fcmV1Messages],
            triggering: [
                Example(#"{↓"to": "bk3RNwTe3H0:CI2k_HHwgIpoDKCIZvvDMExUdFQ3P1", "notification": {"title": "Hi", "body": "there"}, "content_available": true}"#),
                Example(#"{↓"registration_ids": ["bk3RNwTe3H0:CI2k_HHwgIpoDKCIZvvDMExUdFQ3P1"], "data": {"sync": "inbox"}, "priority": "high"}"#),
            ],
            nonTriggering: [
                Example(#"{"message": {"token": "bk3RNwTe3H0:CI2k_HHwgIpoDKCIZvvDMExUdFQ3P1", "notification": {"title": "Hi", "body": "there"}}}"#),
            ])
    }
}
