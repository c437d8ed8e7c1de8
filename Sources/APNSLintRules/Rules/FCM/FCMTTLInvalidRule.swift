import APNSLintModel
import APNSLintSyntax

struct FCMTTLInvalidRule: ModelRule {
    /// FCM keeps a message for 4 weeks at most (28 days).
    static let maximum = 2_419_200

    static let descriptor = RuleDescriptor(
        id: "fcm-ttl-invalid", severity: .error, category: .fcm,
        scope: .fcmMessage)

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "The FCM message's `android.ttl` is not a duration from 0 to 2,419,200 seconds (4 weeks).",
            rationale: """
                FCM stores a message it cannot deliver at once and retries until its time to live runs out. \
                FCM's documentation: the value "must be a duration from 0 to 2,419,200 seconds (28 days)", written \
                in the HTTP v1 API as seconds with an `s` (`"3600s"`); a request without it is kept for the longest \
                time, four weeks. A longer, negative or unreadable ttl is not one FCM accepts, and a wish for "as \
                long as possible" is the default. Skygear's `message.ttl` is a whole number of seconds, sent as \
                `android.ttl` (its default, 2419200, is FCM's maximum).
                """,
            severity: .rejected(
                byService: "INVALID_ARGUMENT", "FCM refuses a ttl that is not a duration from 0 to 2,419,200 seconds (4 weeks) as an invalid TTL",
                source: Reference.fcmErrorCode),
            references: [Reference.fcmMessageLifespan, Reference.fcmV1Messages],
            triggering: [
                Example(#"{"message": {"title": "Flash sale", "ttl": ↓3000000}}"#),
                Example(#"{"message": {"title": "Flash sale", "ttl": ↓-60}}"#),
                Example(#"{"message": {"title": "Flash sale", "ttl": ↓"1 day"}}"#),
            ],
            nonTriggering: [
                Example(#"{"message": {"title": "Flash sale", "ttl": 2419200}}"#),
                Example(#"{"message": {"title": "Incoming call", "ttl": 0}}"#),
                Example(#"{"platform": {"android": false}, "message": {"title": "Flash sale", "ttl": 3000000}}"#),
            ])
    }

    static func check(_ context: inout RuleContext) {
        guard let field = context.fcmMessage?.android?.ttl else { return }
        let written = field.value.string.map { "\"\($0)\"" } ?? field.value.shortDescription
        guard let text = field.value.string, let seconds = FCMDuration.seconds(text) else {
            context.report(
                "android.ttl is \(field.value.kind.phrase) (\(written)), not a duration in seconds; FCM reads a time to live such as \"3600s\"",
                at: field, part: .value,
                help: "write the time to live as a whole number of seconds (Skygear's ttl: 3600 for an hour), at most \(Self.maximum) (4 weeks)")
            return
        }
        if seconds < 0 {
            context.report(
                "android.ttl is \(text), a negative time to live; FCM accepts 0 to \(Self.maximum) seconds",
                at: field, part: .value, help: "write 0 to deliver only if the device is reachable now, or a positive number of seconds")
        } else if seconds > Double(Self.maximum) {
            // Shown as days while it is a number of days anyone can read; a ttl of 10^80 seconds does not fit an Int.
            let days = seconds < 1e15 ? " (\(EpochTime.duration(Int(seconds.rounded(.down)))))" : ""
            context.report(
                "android.ttl is \(text)\(days), longer than FCM keeps a message: the longest time to live it accepts is \(Self.maximum) seconds (4 weeks)",
                at: field, part: .value, help: "write at most \(Self.maximum), or remove ttl: FCM's default is already the longest, 4 weeks")
        }
    }
}
