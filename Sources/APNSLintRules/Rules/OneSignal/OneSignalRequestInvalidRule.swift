/// Reported while a OneSignal body is turned into its APNs request; this rule carries the docs and examples.
struct OneSignalRequestInvalidRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "onesignal-request-invalid", severity: .error, category: .oneSignal,
        finds: [.dialect(.oneSignalRequestInvalid)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "A OneSignal notification OneSignal refuses, or one whose iOS field it cannot use: no English text, no `contents`, a badge type without a count, an `apns_push_type_override` other than voip, an interruption level it does not know.",
            rationale: """
                OneSignal answers 400 for a notification without English (`en`) text ("Message Notifications must \
                have English language content"), without `contents` unless `content_available` or `template_id` is \
                given, with `ios_badgeType` SetTo or Increase but no `ios_badgeCount` ("You must specify a \
                badgecount when setting or increase badges", which a miscased `ios_BadgeCount` also gets), and with \
                an `apns_push_type_override` other than `voip` ("Apns push type override is not included in the \
                list"). `ios_interruption_level` takes active, passive, time_sensitive (OneSignal's guide also \
                writes time-sensitive) or critical; another value does not give the level meant. A `ttl` over 28 \
                days is over OneSignal's documented maximum (a warning: what OneSignal does with it is not \
                documented).
                """,
            severity: .rejected(
                byService: "400", "OneSignal refuses the notification, or sends it without what the field asks for",
                source: Reference.oneSignalOpenAPI),
            references: [Reference.oneSignalOpenAPI, Reference.oneSignalPushAPI, Reference.oneSignalEnglishIssue,
                         Reference.oneSignalBadgeCountIssue, Reference.oneSignalPushTypeOverrideIssue, Reference.oneSignalInterruptionLevels],
            triggering: [
                Example(#"{"app_id": "5eb5a37e-b458-11e3-ac11-000c2940e62c", "included_segments": ["Subscribed Users"], ↓"contents": {"vi": "Xin chào"}}"#),
                Example(#"{"app_id": "5eb5a37e-b458-11e3-ac11-000c2940e62c", "include_subscription_ids": ["1dd608f2-c6a1-11e3-851d-000c2940e62c"], "contents": {"en": "Hi"}, ↓"ios_badgeType": "Increase", "ios_BadgeCount": 1}"#),
                Example(#"{"app_id": "5eb5a37e-b458-11e3-ac11-000c2940e62c", "included_segments": ["Subscribed Users"], "contents": {"en": "Hi"}, "ios_interruption_level": ↓"timeSensitive"}"#),
            ],
            nonTriggering: [
                Example(#"{"app_id": "5eb5a37e-b458-11e3-ac11-000c2940e62c", "included_segments": ["Subscribed Users"], "contents": {"en": "Hi"}, "ios_badgeType": "Increase", "ios_badgeCount": 1, "ios_interruption_level": "time_sensitive"}"#),
                Example(#"{"app_id": "5eb5a37e-b458-11e3-ac11-000c2940e62c", "include_subscription_ids": ["1dd608f2-c6a1-11e3-851d-000c2940e62c"], "content_available": true, "data": {"sync": true}, "priority": 5}"#),
            ])
    }
}
