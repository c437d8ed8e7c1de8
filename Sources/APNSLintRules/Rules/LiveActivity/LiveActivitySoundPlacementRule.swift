import APNSLintModel
import APNSLintSyntax

struct LiveActivitySoundPlacementRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "liveactivity-sound-placement", severity: .warning, category: .liveActivity,
        scope: .request,
        subscriptions: [.pushType(.liveactivity)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "`sound` directly in `aps` of a Live Activity push, where it belongs inside `aps.alert`.",
            rationale: """
                In an ordinary notification `sound` sits in `aps`. A Live Activity alert is different: its title, \
                body and sound form one alert configuration (ActivityKit's `AlertConfiguration`), and in the push \
                the sound goes inside `aps.alert`, as in Apple's broadcast sample and Pushy's builder ("In Live \
                Activity push notifications, sounds key needs to be inside `$.aps.alert`"). A `sound` beside the \
                alert is not part of it, so the update arrives without the sound the sender chose.
                """,
            severity: .undocumented("Apple documents the Live Activity sound inside aps.alert; what the device does with aps.sound on a Live Activity push is not documented", source: Reference.broadcastRequests),
            references: [Reference.liveActivityPushes, "https://developer.apple.com/documentation/usernotifications/sending-broadcast-push-notification-requests-to-apns"],
            triggering: [
                Example(#"{"headers": {"apns-push-type": "liveactivity"}, "payload": {"aps": {"timestamp": 1763712000, "event": "update", "content-state": {"eta": "14:35"}, "alert": {"title": "Delayed", "body": "New arrival 14:50"}, ↓"sound": "default"}}}"#),
                Example(#"{"aps": {"timestamp": 1763712000, "event": "update", "content-state": {"eta": "14:35"}, ↓"sound": "chime.caf"}}"#),
            ],
            nonTriggering: [
                Example(LiveActivitySamples.start),
                Example(LiveActivitySamples.update),
                Example(LiveActivitySamples.end),
                Example(LiveActivitySamples.alert),
                Example(LiveActivitySamples.background),
                Example(#"{"aps": {"alert": "Your order is on its way", "sound": "default"}}"#),
            ])
    }

    static func check(_ context: inout RuleContext) {
        guard let push = LiveActivityPush(context.definition), let sound = push.aps.soundField else { return }
        let value = sound.value.string.map { "\"\($0)\"" } ?? "the sound"
        let help: String
        switch push.aps.alert {
        case .dictionary(let alert, _) where alert[.sound] != nil:
            help = "remove \"sound\" from \"aps\": \"alert\" already has the sound it plays"
        case .dictionary:
            help = "move it into the alert: \"alert\": {…, \"sound\": \(value)}"
        case .text:
            help = "write the alert as a dictionary with the sound inside: \"alert\": {\"title\": …, \"body\": …, \"sound\": \(value)}"
        case nil:
            help = "a Live Activity plays a sound only with an alert: add \"alert\": {\"title\": …, \"body\": …, \"sound\": \(value)} and remove \"sound\" from \"aps\""
        }
        context.report(
            "\"sound\" is directly in \"aps\" of a Live Activity push\(push.inferenceNote), but a Live Activity alert takes its sound from \"aps.alert\"; this one is not played",
            at: sound, help: help)
    }
}
