import APNSLintModel
import APNSLintSyntax

struct AppBackgroundModeMissingRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "app-background-mode-missing", severity: .error, category: .app,
        subscriptions: [.aps(.contentAvailable), .pushType(.voip), .pushType(.pushtotalk)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "A background, VoIP or Push to Talk push to an app whose Info.plist lacks the background mode it needs.",
            rationale: """
                iOS wakes an app for a background update (`content-available: 1`) only when its Info.plist lists \
                `remote-notification` in `UIBackgroundModes` ("Remote notifications" under Background Modes in Xcode): \
                without it the push is delivered and the app is never run, the classic "silent push doesn't work". \
                That case is an error. An alert that also carries `content-available` is still shown, so there it is a \
                warning: only the background work is lost. A VoIP push needs the `voip` mode and a Push to Talk push \
                `push-to-talk`, which PushKit's and the Push to Talk framework's guides ask for: a warning, as apns-lint \
                cannot see whether the app receives them another way. Checked against the app target's Info.plist when \
                the app is known and its Info.plist was read.
                """,
            severity: .certain("the app is never woken for the background update", source: Reference.pushBackgroundUpdates),
            references: [Reference.pushBackgroundUpdates, Reference.pushKitVoIP],
            triggering: [
                Example(#"{"headers": {"apns-push-type": "background", "apns-priority": 5}, "payload": {"aps": {↓"content-available": 1}}}"#, options: AppSamples.plainOptions),
            ],
            nonTriggering: [
                Example(#"{"headers": {"apns-push-type": "background", "apns-priority": 5}, "payload": {"aps": {"content-available": 1}}}"#, options: AppSamples.courierOptions),
                Example(#"{"headers": {"apns-push-type": "background", "apns-priority": 5}, "payload": {"aps": {"content-available": 1}}}"#),
                Example(#"{"aps": {"alert": "New mail"}}"#, options: AppSamples.plainOptions),
            ],
            enforces: [.aps(.contentAvailable)])
    }

    static func check(_ context: inout RuleContext) {
        guard let app = context.app?.app, let modes = app.backgroundModes else { return }
        let note = Note("\(app.name)'s UIBackgroundModes: \(modes.value.isEmpty ? "none" : modes.value.joined(separator: ", "))", at: modes.location)
        let definition = context.definition
        switch definition.pushType?.type {
        case .voip?, .pushtotalk?:
            let type = definition.pushType!.type
            let mode = type == .voip ? "voip" : "push-to-talk"
            guard !app.hasBackgroundMode(mode), let field = definition.headers.pushTypeField ?? definition.headers.topicField else { return }
            context.report(
                "this is a \(type == .voip ? "VoIP" : "Push to Talk") push, but \(app.name)'s Info.plist has no \"\(mode)\" in UIBackgroundModes, which \(type == .voip ? "PushKit" : "the Push to Talk framework") needs to deliver it to the app",
                at: field, part: .whole, help: "add \"\(mode)\" to UIBackgroundModes (Signing & Capabilities → Background Modes)", notes: [note],
                severity: .warning)
        default:
            guard let aps = definition.payload?.aps, let flag = aps.contentAvailable, flag.value.number?.intValue == 1,
                  !app.hasBackgroundMode("remote-notification") else { return }
            let shows = aps.alert?.showsContent ?? false
            context.report(
                shows
                    ? "\"content-available\" asks iOS to wake the app, but \(app.name)'s Info.plist has no \"remote-notification\" in UIBackgroundModes: the alert is shown, and the app is not run for the background work"
                    : "this background push can only wake the app, and \(app.name)'s Info.plist has no \"remote-notification\" in UIBackgroundModes: iOS delivers it and never runs the app",
                at: flag, part: .whole, help: "add \"remote-notification\" to UIBackgroundModes (Signing & Capabilities → Background Modes → Remote notifications)",
                notes: [note], severity: shows ? .warning : nil)
        }
    }
}
