import APNSLintModel
import APNSLintSyntax

struct AppEntitlementMissingRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "app-entitlement-missing", severity: .error, category: .app,
        subscriptions: [.header(.topic), .aps(.sound), .aps(.interruptionLevel), .pushType(.pushtotalk), .pushType(.location)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "The push needs an entitlement the app's entitlements file does not have.",
            rationale: """
                Some pushes work only for an app signed with an entitlement: any push needs `aps-environment` (without \
                it the app gets no device token: "no valid aps-environment entitlement string found"); a critical alert \
                (a critical sound, or `interruption-level: critical`) needs \
                `com.apple.developer.usernotifications.critical-alerts`, else it is delivered as an ordinary \
                notification; a Push to Talk push needs `com.apple.developer.push-to-talk`, a location push \
                `com.apple.developer.location.push`. These are errors. A `time-sensitive` interruption level needs \
                `com.apple.developer.usernotifications.time-sensitive`, else it is delivered as `active`: a warning, \
                since Apple's pages do not say so outright. Checked against the app target's entitlements file \
                (`CODE_SIGN_ENTITLEMENTS`) when the app is known and the file was read; where the project lets its build \
                change the signed entitlements (`CODE_SIGN_ALLOW_ENTITLEMENTS_MODIFICATION = YES`, for a script that \
                adds keys to the `.xcent`), a missing key is a warning. With the app known, this replaces \
                `critical-alert-entitlement`'s reminder with a verdict.
                """,
            severity: .certain("the app gets no token for it, or the device delivers it as an ordinary notification", source: Reference.apsEnvironment),
            references: [Reference.apsEnvironment, Reference.criticalAlertsEntitlement, Reference.timeSensitiveEntitlement,
                         Reference.pushToTalkEntitlement, Reference.locationPushEntitlement],
            triggering: [
                Example(#"{"aps": {"alert": "Low glucose", "sound": {↓"critical": 1, "name": "chime.caf", "volume": 1}}}"#, options: AppSamples.courierOptions),
                Example(#"{"aps": {"alert": "Low glucose", ↓"interruption-level": "critical"}}"#, options: AppSamples.courierOptions),
                Example(#"{"headers": {↓"apns-push-type": "pushtotalk", "apns-topic": "com.example.courier.voip-ptt", "apns-priority": 10}, "payload": {"aps": {}}}"#, options: AppSamples.courierOptions),
            ],
            nonTriggering: [
                Example(#"{"aps": {"alert": "Your driver is here", "interruption-level": "time-sensitive"}}"#, options: AppSamples.courierOptions),
                Example(#"{"headers": {"apns-topic": "com.example.courier"}, "payload": {"aps": {"alert": "Shipped"}}}"#, options: AppSamples.courierOptions),
                Example(#"{"aps": {"alert": "Low glucose", "interruption-level": "critical"}}"#),
            ],
            enforces: [.aps(.interruptionLevel)])
    }

    static func check(_ context: inout RuleContext) {
        guard let app = context.app?.app, let entitlements = app.entitlements else { return }
        var notes = [Note("\(app.name)'s entitlements", at: entitlements.file)]
        // When the build may sign in keys the file lacks (a script editing the .xcent), a missing key is likely, not
        // certain.
        var certainty: Severity?
        var unlessBuilt = ""
        if let modifiedByBuild = entitlements.modifiedByBuild {
            certainty = .warning
            unlessBuilt = " (unless a build step adds it: the project lets its build change the signed entitlements)"
            notes.append(Note("CODE_SIGN_ALLOW_ENTITLEMENTS_MODIFICATION lets the build change them", at: modifiedByBuild))
        }
        let definition = context.definition
        if entitlements[Entitlements.apsEnvironment] == nil, let topic = definition.headers.topicField {
            context.report(
                "\(app.name)'s entitlements have no aps-environment, so the app cannot register for remote notifications: it has no device token, and nothing sent to it arrives\(unlessBuilt)",
                at: topic, part: .whole, help: "add the Push Notifications capability (aps-environment) to \(app.name)", notes: notes, severity: certainty)
        }
        if let aps = definition.payload?.aps {
            var critical: Field?
            if case .critical(let sound, _) = aps.sound, let flag = sound[SoundKey.critical], flag.value.number?.doubleValue == 1 || flag.value.bool == true {
                critical = flag
            }
            let level = aps.field(.interruptionLevel)
            if let field = critical ?? (level?.string == "critical" ? level : nil), !entitlements.isOn(Entitlements.criticalAlerts) {
                context.report(
                    "this is a critical alert, but \(app.name)'s entitlements have no \(Entitlements.criticalAlerts): the device delivers it as an ordinary notification, silenced by mute and Focus\(unlessBuilt)",
                    at: field, part: .whole, help: "ask Apple for the Critical Alerts entitlement and add it, or send a time-sensitive notification", notes: notes, severity: certainty)
            }
            if let level, level.string == "time-sensitive", !entitlements.isOn(Entitlements.timeSensitive) {
                context.report(
                    "\"interruption-level\" is time-sensitive, but \(app.name)'s entitlements have no \(Entitlements.timeSensitive): the device delivers it as active, held back by Focus and summaries\(unlessBuilt)",
                    at: level, part: .whole, help: "add the Time Sensitive Notifications capability to \(app.name)", notes: notes, severity: .warning)
            }
        }
        for (type, key, what) in [(PushType.pushtotalk, Entitlements.pushToTalk, "Push to Talk"), (.location, Entitlements.locationPush, "location")]
        where definition.pushType?.type == type && entitlements[key] == nil {
            guard let field = definition.headers.pushTypeField ?? definition.headers.topicField else { continue }
            context.report(
                "this is a \(what) push, but \(app.name)'s entitlements have no \(key): the app gets no token for it, so nothing sent this way arrives\(unlessBuilt)",
                at: field, part: .whole, help: "add the \(what) capability (\(key)) to \(app.name)", notes: notes, severity: certainty)
        }
    }
}
