import APNSLintModel
import APNSLintSyntax

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

    subscript(_ key: APSKey) -> Field? { aps[key] }

    /// `events`, a misspelling of "event" (Azure's): no key of `aps`, so looked up by its text.
    var eventsField: Field? { aps.fields["events"] }

    var eventField: Field? { aps[.event] }

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
        let signals = [APSKey.event, .contentState].filter { aps[$0] != nil }.map { "\"\($0.name)\"" }
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
