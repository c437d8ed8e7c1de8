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
                keeps what worked and drops what did not: the body is read as the legacy server reference mapped it \
                (`notification.title`, `body`, `subtitle` and the `*_loc_*` keys into `aps.alert`; `sound`, `badge`; \
                `click_action` as `category`; `content_available` and `mutable_content` true as 1; `priority` high \
                or normal as `apns-priority` 10 or 5; `time_to_live` as `apns-expiration`; `collapse_key` as \
                `apns-collapse-id`; `data` beside `aps`). A key the legacy API does not have was not sent \
                (`content-available` at the top level, `dialect-dropped-key`); a flag that is not a JSON boolean \
                was refused (`"content_available": 1`, firebase/quickstart-ios #86); an `apns` block, which only \
                HTTP v1 reads, is read as v1 reads it, so what a migration carries over is checked (`content_available` \
                or `mutableContent` inside `aps`, `true` for a flag, a background push type beside a notification). \
                Every such finding is information: nothing of the body is sent today.
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
