import APNSLintModel
import APNSLintSyntax

struct AppLiveActivitiesUnsupportedRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "app-live-activities-unsupported", severity: .error, category: .app, subscriptions: [.pushType(.liveactivity)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "A Live Activity push to an app whose Info.plist does not set `NSSupportsLiveActivities`.",
            rationale: """
                An app starts Live Activities only when its Info.plist sets `NSSupportsLiveActivities` to YES (or the \
                target's build setting `INFOPLIST_KEY_NSSupportsLiveActivities`); without it ActivityKit refuses to \
                start one, so there is no activity, no push token, and nothing a Live Activity push could update or \
                start. Checked against the app target's Info.plist when the app is known and it was read.
                """,
            severity: .certain("the app can have no Live Activity for the push to update or start", source: Reference.supportsLiveActivities),
            references: [Reference.supportsLiveActivities],
            triggering: [
                Example(#"{"headers": {↓"apns-push-type": "liveactivity", "apns-topic": "com.example.Plain.push-type.liveactivity"}, "payload": {"aps": {"timestamp": 1763712000, "event": "update", "content-state": {"eta": 14}}}}"#, options: AppSamples.plainOptions),
            ],
            nonTriggering: [
                Example(#"{"headers": {"apns-push-type": "liveactivity", "apns-topic": "com.example.courier.push-type.liveactivity"}, "payload": {"aps": {"timestamp": 1763712000, "event": "update", "content-state": {"eta": 14}}}}"#, options: AppSamples.courierOptions),
                Example(#"{"headers": {"apns-push-type": "liveactivity", "apns-topic": "com.example.Plain.push-type.liveactivity"}, "payload": {"aps": {"timestamp": 1763712000, "event": "update", "content-state": {"eta": 14}}}}"#),
            ],
            enforces: [.pushType(.topic)])
    }

    static func check(_ context: inout RuleContext) {
        guard context.definition.pushType?.type == .liveactivity, let app = context.app?.app, app.infoPlist != nil || app.supportsLiveActivities != nil,
              app.supportsLiveActivities?.value != true,
              let field = context.definition.headers.pushTypeField ?? context.definition.headers.topicField else { return }
        let notes = (app.supportsLiveActivities?.location ?? app.infoPlist).map { [Note("\(app.name)'s Info.plist", at: $0)] } ?? []
        context.report(
            "this is a Live Activity push, but \(app.name)'s Info.plist does not set NSSupportsLiveActivities to YES: the app cannot start a Live Activity, so there is none for this push",
            at: field, part: .whole, help: "set NSSupportsLiveActivities to YES in \(app.name)'s Info.plist (or INFOPLIST_KEY_NSSupportsLiveActivities = YES)",
            notes: notes)
    }
}
