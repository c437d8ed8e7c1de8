import APNSLintModel
import APNSLintSyntax

/// Apple documentation the Live Activity rules cite (../shared/reference/apns-spec.md §0.1).
extension Reference {
    static let liveActivityPushes = "https://developer.apple.com/documentation/activitykit/starting-and-updating-live-activities-with-activitykit-push-notifications"
    static let contentState = "https://developer.apple.com/documentation/activitykit/activityattributes/contentstate"
    static let attributesTooLarge = "https://developer.apple.com/documentation/activitykit/activityauthorizationerror/attributestoolarge"
    static let staleDate = "https://developer.apple.com/documentation/activitykit/activitycontent/staledate"
    static let pushToStartToken = "https://developer.apple.com/documentation/activitykit/activity/pushtostarttoken"
    static let activityPushType = "https://developer.apple.com/documentation/activitykit/pushtype"
    static let activityEnd = "https://developer.apple.com/documentation/activitykit/activity/end(_:dismissalpolicy:timestamp:)"
    static let dismissalPolicyAfter = "https://developer.apple.com/documentation/activitykit/activityuidismissalpolicy/after(_:)"
    /// Apple DTS on the forums: which Live Activity timestamps are dropped.
    static let liveActivityTimestampForum = "https://developer.apple.com/forums/thread/776165"
    static let broadcastRequests = "https://developer.apple.com/documentation/usernotifications/sending-broadcast-push-notification-requests-to-apns"
    static let broadcastErrors = "https://developer.apple.com/documentation/usernotifications/handling-error-responses-from-apns"
}

extension LiveActivityEvent {
    static let names = allCases.map(\.rawValue)

    /// Words people write for an event, and the event they mean.
    static let synonyms: [String: LiveActivityEvent] = [
        "begin": .start, "started": .start, "create": .start, "created": .start, "push-to-start": .start,
        "updated": .update, "change": .update, "changed": .update, "refresh": .update,
        "ended": .end, "stop": .end, "stopped": .end, "finish": .end, "finished": .end, "dismiss": .end,
        "close": .end, "complete": .end, "completed": .end, "done": .end,
    ]

    /// The event a misspelled value most likely means: a case or spacing slip, a synonym, or a typo.
    static func closest(to value: String) -> LiveActivityEvent? {
        let trimmed = String(value.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
        let lowered = trimmed.lowercased()
        if let exact = LiveActivityEvent(rawValue: lowered) { return exact }
        if let synonym = synonyms[Suggestion.kebabCase(trimmed)] ?? synonyms[lowered] { return synonym }
        return Suggestion.closest(to: lowered, in: names).flatMap(LiveActivityEvent.init(rawValue:))
    }
}

/// A Live Activity push as the Live Activity rules see it: declared with `apns-push-type: liveactivity`, or, when
/// the definition declares no push type, a payload whose `aps` holds `event` or `content-state`.
///
/// A definition that declares another push type (or a push type apns-lint does not know) is not one: the
/// Live Activity rules stay silent on alert, background and other pushes.
struct LiveActivityPush {
    let aps: APS
    /// The payload's `aps` member (where whole-payload findings are reported).
    let apsField: Field
    /// True when no `apns-push-type` is declared and the payload's keys made apns-lint take it for a Live Activity.
    let isInferred: Bool

    init?(_ definition: NotificationDefinition) {
        guard let pushType = definition.pushType, pushType.type == .liveactivity,
              let payload = definition.payload, let aps = payload.aps, let apsField = payload.apsField else { return nil }
        self.aps = aps
        self.apsField = apsField
        self.isInferred = pushType.isInferred
    }

    subscript(_ key: String) -> Field? { aps.fields[key] }

    var eventField: Field? { aps.fields["event"] }

    /// The event as written, when it is exactly one of the three.
    var event: LiveActivityEvent? { eventField?.string.flatMap(LiveActivityEvent.init(rawValue:)) }

    /// The event the author meant: the exact value, or one with a case or spacing slip (`"Update"`, `"end "`).
    /// Rules about other keys go by this, so they do not pile on when `liveactivity-event-invalid` already reports
    /// the slip; a value that names no event gives nil, and those rules stay silent.
    var intendedEvent: LiveActivityEvent? {
        guard let text = eventField?.string else { return nil }
        let trimmed = String(text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
        return LiveActivityEvent(rawValue: trimmed.lowercased())
    }

    /// Why apns-lint takes the definition for a Live Activity; empty when the push type is declared.
    var inference: String {
        guard isInferred else { return "" }
        let signals = ["event", "content-state"].filter { aps.fields[$0] != nil }.map { "\"\($0)\"" }
        return "taken for a Live Activity: no apns-push-type is declared, and \"aps\" holds \(signals.joined(separator: " and "))"
    }

    /// " (taken for a Live Activity: …)" for a message, when the push type was inferred.
    var inferenceNote: String { isInferred ? " (\(inference))" : "" }

    /// The same as a note, for rules about keys only Live Activities have.
    var inferenceNotes: [Note] { isInferred ? [Note(inference)] : [] }

    /// Added to a help text when the push type was inferred.
    var inferenceHelp: String {
        isInferred ? "; if this is not a Live Activity, declare its apns-push-type" : ""
    }
}

/// Live Activity dates are UNIX epoch seconds.
enum EpochSeconds {
    /// Above this a "seconds" value is a date after the year 5138: it is milliseconds (or finer) instead.
    static let millisecondThreshold = 100_000_000_000.0

    /// The field's number, when it is one.
    static func value(of field: Field?) -> Double? {
        field?.value.number?.doubleValue
    }

    /// The value as whole seconds, when it is a plausible seconds value (not milliseconds).
    static func seconds(of field: Field?) -> Int? {
        guard let value = value(of: field), value.isFinite, abs(value) <= millisecondThreshold else { return nil }
        return Int(value.rounded(.down))
    }

    /// `2025-11-21T08:00:00Z` (proleptic Gregorian calendar, UTC).
    static func iso8601(_ seconds: Int) -> String {
        let civil = CivilTime(epochSeconds: seconds)
        return "\(civil.date)T\(civil.time)Z"
    }

    /// "45 seconds", "1 hour", "8 hours 1 second", "3 days".
    static func duration(_ seconds: Int) -> String {
        func unit(_ count: Int, _ name: String) -> String { "\(count) \(name)\(count == 1 ? "" : "s")" }
        let seconds = abs(seconds)
        if seconds >= 2 * 86_400 { return unit(seconds / 86_400, "day") }
        let parts = [(seconds / 3600, "hour"), (seconds % 3600 / 60, "minute"), (seconds % 60, "second")]
            .filter { $0.0 > 0 }.map { unit($0.0, $0.1) }
        return parts.isEmpty ? "0 seconds" : parts.joined(separator: " ")
    }
}

/// Complete, valid Live Activity pushes: every Live Activity rule lists them among its non-triggering examples.
enum LiveActivitySamples {
    static let start = #"""
        {
          "headers": {"apns-push-type": "liveactivity", "apns-topic": "com.example.delivery.push-type.liveactivity", "apns-priority": 10},
          "payload": {
            "aps": {
              "timestamp": 1763712000,
              "event": "start",
              "content-state": {"status": "preparing", "eta": "14:35"},
              "stale-date": 1763719200,
              "attributes-type": "DeliveryAttributes",
              "attributes": {"orderNumber": "A-1042", "restaurant": "Luigi's"},
              "alert": {"title": "Order confirmed", "body": "Luigi's is preparing your order", "sound": "default"},
              "input-push-token": 1
            }
          }
        }
        """#

    static let update = #"""
        {
          "headers": {"apns-push-type": "liveactivity", "apns-topic": "com.example.delivery.push-type.liveactivity", "apns-priority": 5},
          "payload": {
            "aps": {
              "timestamp": 1763713800,
              "event": "update",
              "content-state": {"status": "outForDelivery", "eta": "14:35"},
              "stale-date": 1763717400,
              "alert": {"title": "On its way", "body": "Your courier is 3 stops away", "sound": "default"}
            }
          }
        }
        """#

    static let end = #"""
        {
          "headers": {"apns-push-type": "liveactivity", "apns-topic": "com.example.delivery.push-type.liveactivity", "apns-priority": 10},
          "payload": {
            "aps": {
              "timestamp": 1763715600,
              "event": "end",
              "content-state": {"status": "delivered", "eta": "14:31"},
              "dismissal-date": 1763719200
            }
          }
        }
        """#

    /// An ordinary alert and an ordinary background push: no Live Activity rule may report on them.
    static let alert = #"{"headers": {"apns-push-type": "alert"}, "payload": {"aps": {"alert": {"title": "Sale", "body": "20% off today"}, "sound": "default", "badge": 1}}}"#
    static let background = #"{"headers": {"apns-push-type": "background", "apns-priority": 5}, "payload": {"aps": {"content-available": 1}, "timestamp": 1763712000000}}"#
}
