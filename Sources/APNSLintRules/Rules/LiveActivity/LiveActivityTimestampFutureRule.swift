import APNSLintModel
import APNSLintSyntax

struct LiveActivityTimestampFutureRule: ModelRule {
    /// The longest a Live Activity runs; an update dated further ahead is dropped.
    static let maximumLead = 8 * 3600

    static let descriptor = RuleDescriptor(
        id: "liveactivity-timestamp-future", severity: .warning, category: .liveActivity,
        scope: .request,
        subscriptions: [.pushType(.liveactivity)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "A Live Activity `update` whose `timestamp` is more than 8 hours in the future.",
            rationale: """
                `timestamp` is when the content of a Live Activity update was produced. An Apple DTS engineer \
                explains that the system drops an `update` whose timestamp is more than 8 hours in the future (the \
                longest a Live Activity can run); APNs accepts it, and the activity simply does not change. The \
                usual cause is a clock or time-zone error on the server (local time written as UTC), or a date \
                meant for `stale-date` written into `timestamp`. apns-lint compares with "now": `--now` on the \
                command line (by default the clock); without one the rule is skipped, so results do not depend on \
                when the linter runs. The examples are checked with now = 1763712000 (2025-11-21T08:00:00Z). \
                `end` and `start` pushes are not checked; values in milliseconds are left to \
                `liveactivity-timestamp-unit`.
                """,
            severity: .dependsOnSendTime("the system drops an update dated more than 8 hours ahead of the time it arrives, so it depends on when it is sent", source: Reference.liveActivityTimestampForum),
            references: [Reference.liveActivityTimestampForum, Reference.liveActivityPushes, Reference.activityEnd],
            triggering: [
                Example(#"{"headers": {"apns-push-type": "liveactivity"}, "payload": {"aps": {"timestamp": ↓1763751600, "event": "update", "content-state": {"eta": "14:35"}}}}"#,
                        options: RuleOptions(now: 1763712000)),
                Example(#"{"aps": {"timestamp": ↓1763740801, "event": "update", "content-state": {"eta": "14:35"}}}"#,
                        options: RuleOptions(now: 1763712000)),
            ],
            nonTriggering: [
                Example(LiveActivitySamples.start, options: RuleOptions(now: 1763712000)),
                Example(LiveActivitySamples.update, options: RuleOptions(now: 1763712000)),
                Example(LiveActivitySamples.end, options: RuleOptions(now: 1763712000)),
                Example(#"{"aps": {"timestamp": 1763740800, "event": "update", "content-state": {"eta": "14:35"}}}"#,
                        options: RuleOptions(now: 1763712000)),
                Example(#"{"aps": {"timestamp": 1763751600, "event": "end", "content-state": {"status": "delivered"}}}"#,
                        options: RuleOptions(now: 1763712000)),
                Example(#"{"aps": {"timestamp": 1763751600, "event": "update", "content-state": {"eta": "14:35"}}}"#),
                Example(LiveActivitySamples.alert, options: RuleOptions(now: 1763712000)),
                Example(LiveActivitySamples.background, options: RuleOptions(now: 1763712000)),
            ])
    }

    static func check(_ context: inout RuleContext) {
        guard let now = context.options.now, let push = LiveActivityPush(context.definition), push.intendedEvent == .update,
              let field = push[.timestamp], let timestamp = EpochSeconds.seconds(of: field),
              timestamp - now > Self.maximumLead else { return }
        context.report(
            "\"timestamp\" is \(EpochSeconds.iso8601(timestamp)), \(EpochSeconds.duration(timestamp - now)) after now (\(EpochSeconds.iso8601(now))); the system drops an update whose timestamp is more than 8 hours in the future, so this update is never shown",
            at: field, part: .value,
            help: "set \"timestamp\" to when the content was produced, normally the time you send it (e.g. \(now)); check the server's clock and time zone (timestamps are UTC)",
            notes: push.inferenceNotes)
    }
}
