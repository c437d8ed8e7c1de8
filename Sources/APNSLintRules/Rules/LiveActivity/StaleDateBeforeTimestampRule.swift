import APNSLintModel
import APNSLintSyntax

struct StaleDateBeforeTimestampRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "stale-date-before-timestamp", severity: .warning, category: .liveActivity,
        scope: .request,
        subscriptions: [.pushType(.liveactivity)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "A Live Activity `stale-date` earlier than the push's own `timestamp`.",
            rationale: """
                `stale-date` is when the content of a Live Activity stops being accurate: from then on the system \
                marks the activity stale (`ActivityState.stale`, `context.isStale` in its views) so the UI can say \
                so. `timestamp` is when the content was produced. A stale date before the timestamp means the \
                content is out of date the moment it arrives, and the activity shows its stale state at once; the \
                usual cause is a stale date computed from an old base time, or a subtraction where an addition \
                was meant. Values in milliseconds are left to `liveactivity-timestamp-unit`.
                """,
            severity: .likelyMistake("the content is stale the moment it arrives; APNs and the device accept it", source: Reference.staleDate),
            references: [Reference.staleDate, Reference.liveActivityPushes],
            triggering: [
                Example(#"{"headers": {"apns-push-type": "liveactivity"}, "payload": {"aps": {"timestamp": 1763712000, "event": "update", "content-state": {"eta": "14:35"}, "stale-date": ↓1763708400}}}"#),
                Example(#"{"aps": {"stale-date": ↓1763711999, "timestamp": 1763712000, "event": "update", "content-state": {"eta": "14:35"}}}"#),
            ],
            nonTriggering: [
                Example(LiveActivitySamples.start),
                Example(LiveActivitySamples.update),
                Example(LiveActivitySamples.end),
                Example(#"{"aps": {"timestamp": 1763712000, "event": "update", "content-state": {"eta": "14:35"}, "stale-date": 1763712000}}"#),
                Example(#"{"aps": {"timestamp": 1763712000000, "event": "update", "content-state": {"eta": "14:35"}, "stale-date": 1763715600}}"#),
                Example(LiveActivitySamples.alert),
                Example(LiveActivitySamples.background),
            ],
            enforces: [.aps(.staleDate)])
    }

    static func check(_ context: inout RuleContext) {
        guard let push = LiveActivityPush(context.definition), let staleField = push[.staleDate],
              let stale = EpochSeconds.seconds(of: staleField), let timestamp = EpochSeconds.seconds(of: push[.timestamp]),
              stale < timestamp else { return }
        context.report(
            "\"stale-date\" (\(EpochSeconds.iso8601(stale))) is \(EpochSeconds.duration(timestamp - stale)) before \"timestamp\" (\(EpochSeconds.iso8601(timestamp))): the content is out of date the moment it arrives, so the system shows the activity as stale at once",
            at: staleField, part: .value,
            help: "set \"stale-date\" to when this content stops being accurate, after \"timestamp\" (e.g. \(timestamp + 3600), one hour later)",
            notes: push.inferenceNotes)
    }
}
