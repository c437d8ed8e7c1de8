import APNSLintModel
import APNSLintSyntax

struct DismissalDateWithoutEndRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "dismissal-date-without-end", severity: .warning, category: .liveActivity,
        scope: .request,
        subscriptions: [.pushType(.liveactivity)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "`dismissal-date` on a Live Activity push whose event is not `end`.",
            rationale: """
                `dismissal-date` says when the system removes a Live Activity that has **ended**: it is read with \
                `event: end` (ActivityKit's `end(_:dismissalPolicy:)`, policy `.after(date)`). On a `start` or \
                `update` push it does nothing, so an activity the sender expects to disappear at that date stays \
                until it is ended, or until the system ends it after 8 hours (and then lingers up to 4 more). A \
                push whose event is missing or misspelled is left to `liveactivity-missing-field` and \
                `liveactivity-event-invalid`.
                """,
            severity: .likelyMistake("the date is read only when the activity ends, so on start or update it does nothing", source: Reference.dismissalPolicyAfter),
            references: [Reference.dismissalPolicyAfter, Reference.activityEnd, Reference.liveActivityPushes],
            triggering: [
                Example(#"{"headers": {"apns-push-type": "liveactivity"}, "payload": {"aps": {"timestamp": 1763712000, "event": "update", "content-state": {"eta": "14:35"}, ↓"dismissal-date": 1763719200}}}"#),
                Example(#"{"aps": {"timestamp": 1763712000, "event": "start", "content-state": {"eta": "14:35"}, "attributes-type": "DeliveryAttributes", "attributes": {"orderNumber": "A-1042"}, "alert": {"title": "Order confirmed", "body": "Preparing"}, ↓"dismissal-date": 1763719200}}"#),
            ],
            nonTriggering: [
                Example(LiveActivitySamples.start),
                Example(LiveActivitySamples.update),
                Example(LiveActivitySamples.end),
                Example(#"{"aps": {"timestamp": 1763715600, "event": "end", "dismissal-date": 1763715600}}"#),
                Example(LiveActivitySamples.alert),
                Example(LiveActivitySamples.background),
            ],
            enforces: [.aps(.dismissalDate)])
    }

    static func check(_ context: inout RuleContext) {
        guard let push = LiveActivityPush(context.definition), let field = push[.dismissalDate],
              let event = push.intendedEvent, event != .end else { return }
        context.report(
            "\"dismissal-date\" is set on a Live Activity push whose event is \"\(event.rawValue)\", but the system reads it only when the activity ends (\"event\": \"end\"); here it does nothing, and the activity is not dismissed at that date",
            at: field,
            help: "send \"dismissal-date\" with the push that ends the activity (\"event\": \"end\"), and remove it from this one",
            notes: push.inferenceNotes)
    }
}
