import APNSLintModel
import APNSLintSyntax

struct CriticalAlertEntitlementRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "critical-alert-entitlement", severity: .info, category: .payload,
        subscriptions: [.aps(.sound), .aps(.interruptionLevel)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "A critical alert, which works only for apps that have Apple's Critical Alerts entitlement.",
            rationale: """
                A critical alert (`"sound": {"critical": 1, …}`, or `"interruption-level": "critical"`) plays its \
                sound and shows even when the device is muted or a Focus is on. Only apps with the \
                `com.apple.developer.usernotifications.critical-alerts` entitlement can ask the user for that \
                permission, and Apple grants the entitlement only on request. Without the app, a linter cannot see its entitlements, so this is a \
                reminder, given once per notification: without the entitlement the notification is not delivered as \
                a critical alert. When the app is known (`app:`, `--app`, or the repository's Xcode project), \
                `app-entitlement-missing` checks its entitlements file instead, and this reminder is not given.
                """,
            severity: .advice("a reminder: a linter cannot see the app's entitlements, and without the Critical Alerts entitlement the alert is not critical", source: Reference.criticalAlertsEntitlement),
            references: [Reference.criticalAlertsEntitlement, Reference.interruptionLevel, Reference.criticalSoundNamed],
            triggering: [
                Example(#"{"aps": {"alert": "Low glucose", "sound": {↓"critical": 1, "name": "alarm.caf", "volume": 0.9}}}"#),
                Example(#"{"aps": {"alert": "Low glucose", ↓"interruption-level": "critical"}}"#),
                Example(#"{"aps": {"alert": "Low glucose", "sound": {↓"critical": 1, "name": "alarm.caf"}, "interruption-level": "critical"}}"#),
            ],
            nonTriggering: [
                Example(#"{"aps": {"alert": "Hi", "sound": {"critical": 0, "name": "default", "volume": 1}}}"#),
                Example(#"{"aps": {"alert": "Hi", "sound": "default", "interruption-level": "time-sensitive"}}"#),
            ])
    }

    static func check(_ context: inout RuleContext) {
        // With the app's entitlements known, app-entitlement-missing gives the verdict instead of this reminder.
        guard let aps = context.definition.payload?.aps, context.app?.app?.entitlements == nil else { return }
        var criticalFlag: Field?
        if case .critical(let sound, _) = aps.sound, let flag = sound[SoundKey.critical],
           flag.value.number?.doubleValue == 1 || flag.value.bool == true {
            criticalFlag = flag
        }
        let level = aps.field(.interruptionLevel).flatMap { $0.string == "critical" ? $0 : nil }
        guard let field = criticalFlag ?? level else { return }
        let what = switch (criticalFlag, level) {
        case (.some, .some): "a critical sound and \"interruption-level\": \"critical\""
        case (.some, nil): "a critical sound (\"critical\": \(field.value.shortDescription))"
        default: "\"interruption-level\": \"critical\""
        }
        context.report(
            "this is a critical alert (\(what)): it breaks through mute and Focus only if the app has Apple's Critical Alerts entitlement (com.apple.developer.usernotifications.critical-alerts), which Apple grants on request, and the user allowed critical alerts",
            at: field, part: .whole,
            help: "make sure the app has the entitlement and asks for .criticalAlert authorization; otherwise send a regular notification (\"time-sensitive\" for urgent ones)")
    }
}
