import APNSLintModel
import APNSLintSyntax

struct InputPushTokenInvalidRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "input-push-token-invalid", severity: .warning, category: .liveActivity,
        scope: .request,
        subscriptions: [.pushType(.liveactivity)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "`input-push-token` that is not the number 1, or on a Live Activity push that does not start the activity.",
            rationale: """
                `"input-push-token": 1` on a push-to-start (iOS 18) asks ActivityKit to issue the new activity's \
                own push token (`pushTokenUpdates`), so the server can update and end the activity it just \
                started. The documented value is the number `1` (client libraries send a number; node-apn's setter \
                silently drops anything else); another value may not be read as the request, leaving the server \
                without a token for the new activity. A value that is not a number at all (`true`, `"1"`) is \
                reported by `invalid-value-type`. The token is issued when the activity starts, so \
                the key means something only with `event: start`; on an update or end it does nothing. A push \
                whose event is missing or misspelled is left to `liveactivity-missing-field` and \
                `liveactivity-event-invalid`.
                """,
            severity: .undocumented("only the number 1 is documented; how ActivityKit reads another value, or the key on an update or end, is not", source: Reference.activityPushType),
            references: [Reference.activityPushType, Reference.pushToStartToken, Reference.liveActivityPushes],
            triggering: [
                Example(#"{"headers": {"apns-push-type": "liveactivity"}, "payload": {"aps": {"timestamp": 1763712000, "event": "start", "content-state": {"eta": "14:35"}, "attributes-type": "DeliveryAttributes", "attributes": {"orderNumber": "A-1042"}, "alert": {"title": "Order confirmed", "body": "Preparing"}, "input-push-token": ↓0}}}"#),
                Example(#"{"aps": {"timestamp": 1763712000, "event": "start", "content-state": {"eta": "14:35"}, "attributes-type": "DeliveryAttributes", "attributes": {"orderNumber": "A-1042"}, "alert": {"title": "Order confirmed", "body": "Preparing"}, "input-push-token": ↓2}}"#),
                Example(#"{"aps": {"timestamp": 1763712000, "event": "update", "content-state": {"eta": "14:35"}, ↓"input-push-token": 1}}"#),
            ],
            nonTriggering: [
                Example(LiveActivitySamples.start),
                Example(LiveActivitySamples.update),
                Example(LiveActivitySamples.end),
                Example(LiveActivitySamples.alert),
                Example(LiveActivitySamples.background),
            ],
            enforces: [.aps(.inputPushToken), .aps(.inputPushChannel)])
    }

    static func check(_ context: inout RuleContext) {
        guard let push = LiveActivityPush(context.definition), let field = push[.inputPushToken] else { return }
        // A value that is not a number at all (`true`, `"1"`) is invalid-value-type's: the schema wants an integer.
        if let number = field.value.number, number.doubleValue != 1 {
            context.report(
                "\"input-push-token\" is \(number.text), but the only documented value is 1; how ActivityKit reads another value is not documented, and if it does not read it as a request for the new activity's push token, your server never gets the token to update or end the activity",
                at: field, part: .value,
                help: number.doubleValue == 0 ? "write 1 to ask for the activity's push token, or remove the key" : "write 1",
                notes: push.inferenceNotes)
        }
        if let event = push.intendedEvent, event != .start {
            context.report(
                "\"input-push-token\" is set on a Live Activity push whose event is \"\(event.rawValue)\", but it asks for the push token of an activity the push starts, so it means something only with \"event\": \"start\"; here it does nothing",
                at: field,
                help: "remove \"input-push-token\" from this push; send it with the push-to-start (\"event\": \"start\")",
                notes: push.inferenceNotes)
        }
    }
}
