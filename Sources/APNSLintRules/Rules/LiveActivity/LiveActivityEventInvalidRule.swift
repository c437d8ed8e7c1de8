import APNSLintModel
import APNSLintSyntax

struct LiveActivityEventInvalidRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "liveactivity-event-invalid", severity: .error, category: .liveActivity,
        scope: .request,
        subscriptions: [.pushType(.liveactivity), .unknownKey(in: .aps)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "A Live Activity `event` that is not `start`, `update` or `end`, the key misspelled `events`, or `start` sent by broadcast.",
            rationale: """
                `aps.event` tells ActivityKit what a Live Activity push does: `start` (push-to-start, iOS 17.2), \
                `update` or `end`. Apple's documentation and every client library (APNSwift, Pushy, sideshow/apns2) \
                write exactly these lowercase words; any other value (`Update`, `stop`, `finish`) starts, updates \
                and ends nothing, and APNs still accepts the request, so the failure is silent. Azure Notification \
                Hubs' TypeScript typings name the key `events`; the device reads only `event`, so a payload built \
                from them has no event at all. A broadcast request (`apns-channel-id`) reaches the activities \
                already subscribed to its channel: Apple's Live Activity article lists channels for updating and \
                ending activities, and push-to-start goes to each device's push-to-start token, so `event: start` \
                sent by broadcast starts nothing.
                """,
            severity: .certain("ActivityKit knows only start, update and end, and channels only update or end activities already subscribed, so such a push starts, updates and ends nothing", source: Reference.liveActivityPushes),
            references: [Reference.liveActivityPushes, Reference.pushToStartToken, Reference.activityEnd],
            triggering: [
                Example(#"{"headers": {"apns-push-type": "liveactivity"}, "payload": {"aps": {"timestamp": 1763712000, "event": ↓"Update", "content-state": {"eta": "14:35"}}}}"#),
                Example(#"{"aps": {"timestamp": 1763712000, "event": ↓"stop", "content-state": {"status": "delivered"}}}"#),
                Example(#"{"aps": {"timestamp": 1763712000, "event": ↓"progress", "content-state": {"eta": "14:35"}}}"#),
                Example(#"{"aps": {"timestamp": 1763712000, ↓"events": "update", "content-state": {"eta": "14:35"}}}"#),
                Example(#"{"headers": {"apns-push-type": "liveactivity", "apns-channel-id": "dHN0LXNyY2gtY2hubA=="}, "payload": {"aps": {"timestamp": 1763712000, "event": ↓"start", "content-state": {"score": "0-0"}, "attributes-type": "MatchAttributes", "attributes": {"home": "Lyon"}, "alert": {"title": "Kick-off", "body": "Lyon - Nice"}}}}"#),
            ],
            nonTriggering: [
                Example(LiveActivitySamples.start),
                Example(LiveActivitySamples.update),
                Example(LiveActivitySamples.end),
                Example(LiveActivitySamples.alert),
                Example(LiveActivitySamples.background),
                Example(#"{"aps": {"alert": "3 new events near you"}, "events": ["concert", "market"]}"#),
                Example(#"{"headers": {"apns-push-type": "alert"}, "payload": {"aps": {"alert": "Kick-off!", "event": "match-start"}}}"#),
                Example(#"{"headers": {"apns-push-type": "liveactivity", "apns-channel-id": "dHN0LXNyY2gtY2hubA=="}, "payload": {"aps": {"timestamp": 1763712000, "event": "update", "content-state": {"score": "2-1"}}}}"#),
            ],
            enforces: [.aps(.event)])
    }

    static func check(_ context: inout RuleContext) {
        let definition = context.definition
        let push = LiveActivityPush(definition)
        if let push, let field = push.eventField, let value = field.string, push.event == nil {
            let what = "\"event\" is \"\(value)\", but a Live Activity event is \"start\", \"update\" or \"end\"\(push.inferenceNote); ActivityKit does not recognize other values, so this push starts, updates and ends nothing"
            if let closest = LiveActivityEvent.closest(to: value) {
                let slip = closest.rawValue == value.lowercased()
                    ? " (the values are lowercase)"
                    : closest.rawValue == String(value.filter { !$0.isWhitespace }).lowercased() ? " (without spaces)" : ""
                context.report(what, at: field, part: .value, help: "did you mean \"\(closest.rawValue)\"?\(slip)")
            } else {
                context.report(what, at: field, part: .value,
                               help: "write \"start\" (push-to-start), \"update\" or \"end\"" + push.inferenceHelp)
            }
        }
        if let push, push.event == .start, definition.headers.isBroadcast, let field = push.eventField {
            context.report(
                "\"event\" is \"start\" on a broadcast request (apns-channel-id): a channel reaches only the Live Activities already subscribed to it, to update or end them, so this push starts nothing",
                at: field, part: .value,
                help: "start the activity with a push-to-start sent to each device's push-to-start token (or in the app with pushType: .channel), then broadcast \"update\" and \"end\"",
                notes: push.inferenceNotes)
        }
        // `events` in `aps`: in a Live Activity push, or in a payload that declares no push type, whose keys suggest
        // no other type (an alert's `events` is someone's custom key: unknown-aps-key reports it), and whose
        // `events` names an event.
        guard let aps = definition.payload?.aps, let events = aps.fields["events"] else { return }
        let namesEvent = events.string.map { LiveActivityEvent(rawValue: $0.lowercased()) != nil } ?? false
        guard push != nil || (definition.pushType == nil && namesEvent) else { return }
        let duplicate = aps[.event] != nil
            ? "; \"aps\" also has \"event\", which is the one the device reads"
            : ", so the push has no event and ActivityKit does not apply it"
        context.report(
            "\"events\" is not a Live Activity key: the device reads \"event\" (Azure Notification Hubs' typings misspell it \"events\")\(duplicate)",
            at: events,
            help: aps[.event] != nil ? "remove \"events\"" : "did you mean \"event\"? rename the key to \"event\"")
    }
}
