import APNSLintModel
import APNSLintSyntax

struct LiveActivityTimestampUnitRule: ModelRule {
    static let keys: [APSKey] = [.timestamp, .staleDate, .dismissalDate]

    static let descriptor = RuleDescriptor(
        id: "liveactivity-timestamp-unit", severity: .error, category: .liveActivity,
        fix: .sometimes,
        scope: .request,
        subscriptions: [.pushType(.liveactivity)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "A Live Activity `timestamp`, `stale-date` or `dismissal-date` in milliseconds instead of seconds.",
            rationale: """
                Live Activity dates are UNIX epoch **seconds**. A value above 10^11 would be a date after the year \
                5138: it is milliseconds (JavaScript's `Date.now()`, Java's `System.currentTimeMillis()`), or finer. \
                Read as seconds, a `timestamp` tens of thousands of years ahead makes ActivityKit drop the update \
                (it drops updates dated more than 8 hours ahead), and once such content is applied every later, \
                correct timestamp looks older and is ignored; a `stale-date` that far ahead never makes the activity \
                stale; a `dismissal-date` that far ahead is not honoured (an ended activity is removed at most 4 \
                hours after it ends). APNs accepts the request, so only the device shows the mistake. The fix \
                divides by 1000 (or by 10^6 or 10^9 for micro- and nanoseconds); it is marked unsafe because it \
                changes the date the device sees. A value too large for any of these units gets no fix.
                """,
            severity: .certain("read as seconds, a millisecond date is thousands of years ahead: the update is dropped, or it hides every later one, and stale or dismissal dates are never reached", source: Reference.liveActivityTimestampForum),
            references: [Reference.liveActivityPushes, Reference.staleDate, Reference.dismissalPolicyAfter, Reference.liveActivityTimestampForum],
            triggering: [
                Example(#"{"headers": {"apns-push-type": "liveactivity"}, "payload": {"aps": {"timestamp": ↓1763712000000, "event": "update", "content-state": {"eta": "14:35"}}}}"#),
                Example(#"{"aps": {"timestamp": 1763712000, "event": "update", "content-state": {"eta": "14:35"}, "stale-date": ↓1763715600123}}"#),
                Example(#"{"aps": {"timestamp": ↓1763715600000000, "event": "end", "content-state": {"status": "delivered"}, "dismissal-date": ↓1.7637192e12}}"#),
            ],
            nonTriggering: [
                Example(LiveActivitySamples.start),
                Example(LiveActivitySamples.update),
                Example(LiveActivitySamples.end),
                Example(LiveActivitySamples.alert),
                Example(LiveActivitySamples.background),
                Example(#"{"headers": {"apns-push-type": "alert"}, "payload": {"aps": {"alert": "Hi", "timestamp": 1763712000000}}}"#),
            ],
            enforces: [.aps(.timestamp)])
    }

    private static let consequences = [
        "timestamp": "ActivityKit drops an update dated more than 8 hours ahead, and content stamped that far ahead would make every later, correct timestamp look older",
        "stale-date": "the activity never becomes stale",
        "dismissal-date": "the system does not wait that long (an ended activity is removed at most 4 hours after it ends)",
    ]

    static func check(_ context: inout RuleContext) {
        guard let push = LiveActivityPush(context.definition) else { return }
        for key in Self.keys {
            guard let field = push[key], let number = field.value.number, let value = number.doubleValue, value.isFinite,
                  value > EpochSeconds.millisecondThreshold else { continue }
            var unit = (name: "milliseconds", divisor: 1000.0, divisorText: "1000")
            if value / 1000 > EpochSeconds.millisecondThreshold { unit = ("microseconds", 1_000_000, "1,000,000") }
            if value / 1_000_000 > EpochSeconds.millisecondThreshold { unit = ("nanoseconds", 1_000_000_000, "1,000,000,000") }
            let yearsAhead = value / 31_556_952
            let asSeconds = yearsAhead < 1_000_000
                ? "read as seconds it is a date in the year \(Int(yearsAhead.rounded(.down)) + 1970)"
                : "read as seconds it is millions of years ahead"
            guard value / unit.divisor <= EpochSeconds.millisecondThreshold else {
                // Not a date in any unit (beyond nanoseconds of the year 5138): no seconds value to offer.
                context.report(
                    "\"\(key.name)\" is \(number.text), but Live Activity dates are UNIX seconds, and this is not a date in seconds, milliseconds, microseconds or nanoseconds: \(asSeconds); \(Self.consequences[key.name]!)",
                    at: field, part: .value,
                    help: "write the UNIX time in seconds, e.g. 1763712000 for 2025-11-21T08:00:00Z",
                    notes: push.inferenceNotes)
                continue
            }
            let seconds: Int
            if let integer = number.intValue {
                seconds = integer / Int(unit.divisor)
            } else {
                seconds = Int((value / unit.divisor).rounded(.down))
            }
            let exact = Double(seconds) * unit.divisor == value
            let fix = field.valueRange.map {
                Fix("write \(seconds) (seconds)", edits: [TextEdit(range: $0, replacement: String(seconds))], applicability: .unsafe)
            }
            context.report(
                "\"\(key.name)\" is \(number.text), which is \(unit.name), but Live Activity dates are UNIX seconds: \(asSeconds); \(Self.consequences[key.name]!)",
                at: field, part: .value,
                help: "write \(seconds) (\(number.text) / \(unit.divisorText)\(exact ? "" : ", rounded down"), \(EpochSeconds.iso8601(seconds)))",
                notes: push.inferenceNotes,
                fix: fix)
        }
    }
}
