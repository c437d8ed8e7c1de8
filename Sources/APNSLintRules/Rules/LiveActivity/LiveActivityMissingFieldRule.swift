import APNSLintModel
import APNSLintSyntax

struct LiveActivityMissingFieldRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "liveactivity-missing-field", severity: .error, category: .liveActivity,
        scope: .request,
        subscriptions: [.pushType(.liveactivity)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "A Live Activity push without a key its event needs (`timestamp`, `event`, `content-state`; for `start` also `attributes-type`, `attributes` and `alert`).",
            rationale: """
                ActivityKit applies a Live Activity push only when `aps` says what to do and with what: `event` \
                (`start`, `update` or `end`), `timestamp` (UNIX seconds: updates are ordered by it, and content \
                not newer than what the activity shows is ignored) and `content-state` (decoded into the app's \
                `ActivityAttributes.ContentState`). A push-to-start (`event: start`, iOS 17.2) creates the activity, \
                so it also needs the name of the attributes type (`attributes-type`), its static `attributes`, and \
                the `alert` shown when it starts. APNs accepts the request either way, so nothing tells you that \
                the device dropped it; APNSwift's and Pushy's Live Activity models require the same keys. For \
                `end`, `content-state` is optional (ActivityKit's own `end` takes optional final content, and the \
                last content stays on screen), so it is not reported. A payload counts as a Live Activity when it \
                declares `apns-push-type: liveactivity`, or, when no push type is declared, when `aps` holds \
                `event` or `content-state`; the message says when the type was inferred.
                """,
            severity: .certain("ActivityKit cannot apply a push without its event, timestamp and content; a start without its attributes or alert starts nothing (APNSwift and Pushy require the same keys)", source: Reference.liveActivityPushes),
            references: [Reference.liveActivityPushes, Reference.contentState, Reference.pushToStartToken, Reference.activityEnd],
            triggering: [
                Example(#"{"headers": {"apns-push-type": "liveactivity"}, "payload": {↓"aps": {"event": "update", "content-state": {"eta": "14:35"}}}}"#),
                Example(#"{↓"aps": {"timestamp": 1763712000, "content-state": {"eta": "14:35"}}}"#),
                Example(#"{↓"aps": {"timestamp": 1763712000, "event": "update"}}"#),
                Example(#"{"headers": {"apns-push-type": "liveactivity"}, "payload": {"aps": {"timestamp": 1763712000, "event": ↓↓↓"start", "content-state": {"eta": "14:35"}}}}"#),
                Example(#"{"headers": {"apns-push-type": "liveactivity"}, "payload": {↓↓"aps": {"event": "start", "attributes-type": "DeliveryAttributes", "attributes": {"orderNumber": "A-1042"}, "alert": {"title": "Order confirmed", "body": "Preparing"}}}}"#),
            ],
            nonTriggering: [
                Example(LiveActivitySamples.start),
                Example(LiveActivitySamples.update),
                Example(LiveActivitySamples.end),
                Example(#"{"headers": {"apns-push-type": "liveactivity"}, "payload": {"aps": {"timestamp": 1763715600, "event": "end", "dismissal-date": 1763715600}}}"#),
                Example(LiveActivitySamples.alert),
                Example(LiveActivitySamples.background),
                Example(#"{"aps": {"alert": "Your order is on its way", "sound": "default"}}"#),
                Example(#"{"headers": {"apns-push-type": "alert"}, "payload": {"aps": {"alert": "Kick-off!", "event": "match-start"}}}"#),
            ],
            enforces: [.aps(.timestamp), .aps(.event), .aps(.contentState), .aps(.attributesType), .aps(.attributes)])
    }

    /// Why each key is needed.
    private static let reasons: [String: String] = [
        "timestamp": "ActivityKit orders updates by it and ignores content that is not newer than what the activity shows, so it drops the push (APNSwift and Pushy require it)",
        "event": "it tells ActivityKit whether to start, update or end the activity, so without it ActivityKit drops the push (APNSwift and Pushy require it)",
        "content-state": "it is the activity's new dynamic content, decoded into your ActivityAttributes.ContentState; without it ActivityKit drops the push (APNSwift and Pushy require it for start and update)",
        "attributes-type": "push-to-start needs the name of your ActivityAttributes type to create the activity, so ActivityKit does not start it (APNSwift and Pushy require it: \"must be set for a notification that starts a live activity\")",
        "attributes": "push-to-start needs the activity's static attributes, decoded into your ActivityAttributes type, so ActivityKit does not start it (APNSwift and Pushy require it)",
        "alert": "push-to-start shows this alert when the activity starts (APNSwift's start notification requires one)",
    ]

    private static let helps: [String: String] = [
        "timestamp": "add \"timestamp\" to \"aps\": the UNIX time in seconds (not milliseconds) when this content was produced, e.g. 1763712000",
        "event": "add \"event\" to \"aps\": \"start\", \"update\" or \"end\"",
        "content-state": "add \"content-state\" to \"aps\": a dictionary that decodes into your activity's ContentState",
        "attributes-type": "add \"attributes-type\" to \"aps\": the name of your ActivityAttributes type, e.g. \"DeliveryAttributes\"",
        "attributes": "add \"attributes\" to \"aps\": a dictionary that decodes into your ActivityAttributes (its static properties)",
        "alert": "add \"alert\": {\"title\": …, \"body\": …} to \"aps\" (a \"sound\" goes inside it)",
    ]

    static func check(_ context: inout RuleContext) {
        guard let push = LiveActivityPush(context.definition) else { return }
        var required: [APSKey] = [.timestamp, .event]
        // `events` (Azure's spelling) is reported by liveactivity-event-invalid as a misspelled "event".
        if push.eventsField != nil { required.removeAll { $0 == .event } }
        // A value that names no event says nothing of what the push meant to do: ask for content-state, which
        // start and update need. For `end` it is optional.
        if push.intendedEvent != .end { required.append(.contentState) }
        for key in required where push[key] == nil {
            context.report(
                "this Live Activity push has no \"\(key.name)\" in \"aps\"\(push.inferenceNote): \(Self.reasons[key.name]!)",
                at: push.apsField, help: Self.helps[key.name]! + push.inferenceHelp)
        }
        guard push.intendedEvent == .start, let event = push.eventField else { return }
        for key in [APSKey.attributesType, .attributes, .alert] where push[key] == nil {
            context.report(
                "\"event\" is \"start\", but \"aps\" has no \"\(key.name)\"\(push.inferenceNote): \(Self.reasons[key.name]!)",
                at: event, part: .value, help: Self.helps[key.name]! + push.inferenceHelp)
        }
    }
}
