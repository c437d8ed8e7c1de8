/// Reported while a Skygear definition is turned into its requests; this rule carries the docs and examples.
struct SkygearNotSentRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "skygear-not-sent", severity: .info, category: .dialect,
        finds: [.dialect(.notSent)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "Part of a Skygear definition reaches no device: a platform's keys while `platform` turns it off, both platforms off, or `dry_run: true`.",
            rationale: """
                Skygear sends one definition to APNs and to FCM, and `platform` turns either off (`"android": false`). \
                The `android_*` keys of a definition that does not go to Android, the `ios_*` keys and the subtitle \
                (Android shows none) of one that does not go to iOS, are sent nowhere: either the platform was \
                turned off by mistake, or the keys are left over. With both platforms off, or `dry_run: true` (Skygear \
                checks the notification and delivers nothing, as FCM's `validate_only`), no one receives it. \
                apns-lint still checks what would be sent, and says so.
                """,
            severity: .advice(
                "keys for a platform that is turned off, and a definition with both platforms off or `dry_run: true`, reach no device, which may be intended; apns-lint still checks what would be sent",
                source: Reference.skygearPayload),
            references: [Reference.skygearPayload, Reference.fcmV1Messages],
            triggering: [
                Example(#"{"platform": {"android": false}, "message": {"title": "Hi"}, "custom": {"ios_badge": 1, ↓"android_icon": "icon-1"}}"#),
                Example(#"{"platform": {"ios": false}, "message": {"title": "Hello Rick", ↓"subtitle": "Rick is working"}, "custom": {↓"ios_sound": "wakeup.m4a"}}"#),
                Example(#"{"message": {"title": "Hi"}, ↓"platform": {"ios": false, "android": false}}"#),
                Example(#"{"message": {"title": "Hi"}, ↓"dry_run": true}"#),
            ],
            nonTriggering: [
                Example(#"{"platform": {"android": false}, "message": {"title": "Hi"}, "custom": {"ios_badge": 1}}"#),
                Example(#"{"message": {"title": "Hi"}, "dry_run": false}"#),
            ])
    }

}
