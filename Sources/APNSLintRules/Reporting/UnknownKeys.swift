import APNSLintModel
import APNSLintSyntax

/// Shared by the `unknown-*` rules: report each unknown field of a set, with "did you mean" when a known key
/// is close (snake_case and camelCase spellings fold to kebab-case first).
func reportUnknownKeys(
    in fields: FieldSet, known: KeyList, describe place: String, consequence: String, otherwise: String,
    into context: inout RuleContext
) {
    // Most sets have no unknown key: the names for "did you mean" are gathered only for one that does.
    var knownNames: [String]?
    for field in fields.fields where !field.isKnown {
        let names = knownNames ?? known.map(\.name)
        knownNames = names
        let message = "\"\(field.key)\" is not a key APNs knows in \(place), so \(consequence)"
        if let suggestion = Suggestion.closest(to: field.key, in: names) {
            let reason = Suggestion.kebabCase(field.key) == suggestion || field.key.lowercased() == suggestion
                ? " (APNs reads only the exact kebab-case spelling)" : ""
            context.report(message, at: field, help: "did you mean \"\(suggestion)\"?\(reason)",
                           fix: keyRenameFix(for: field, to: suggestion))
        } else {
            context.report(message, at: field, help: otherwise)
        }
    }
}

/// What an unknown key inside `aps` most likely is. `unknown-aps-key` reports the likely mistakes (a key that
/// has a "did you mean"), `custom-key-in-aps` the rest (custom data written inside `aps`): each unknown key is
/// reported by exactly one of them.
enum UnknownAPSKey: Equatable {
    /// A misspelled `aps` key (`content_available`, `threadId`, `sounds`).
    case misspelled(String)
    /// An `alert` key written directly in `aps` (`"aps": {"title": …}`).
    case alertKey(String)
    /// A request header written into the payload (`"aps": {"apns-priority": 5}`).
    case header(String)
    /// Nothing close: custom data.
    case custom

    /// Alert keys that carry what the alert shows; written in `aps` they are a level too high. `action` and
    /// `sound` are left out: `action` is also a plausible custom key, and `sound` is an `aps` key too.
    static let misplacedAlertKeys = [
        "title", "subtitle", "body", "launch-image", "title-loc-key", "title-loc-args", "subtitle-loc-key",
        "subtitle-loc-args", "loc-key", "loc-args", "action-loc-key", "summary-arg", "summary-arg-count",
    ]

    /// What FCM, SNS and other senders call the settings APNs takes only as request headers (`priority`,
    /// `time_to_live`, `collapse_key`), with the header each one is.
    static let transportFields = [
        "priority": "apns-priority", "time-to-live": "apns-expiration", "ttl": "apns-expiration",
        "expiration": "apns-expiration", "collapse-key": "apns-collapse-id", "collapse-id": "apns-collapse-id",
        "push-type": "apns-push-type", "topic": "apns-topic",
    ]

    init(_ key: String) {
        // A header name first: `apns-push-type` is close to `ptt-push-type` too.
        if key.lowercased().hasPrefix("apns-") {
            self = .header(Suggestion.closest(to: key.lowercased(), in: Schema.headers.map(\.name)) ?? key.lowercased())
            return
        }
        if let suggestion = Suggestion.closest(to: key, in: Schema.aps.map(\.name)) {
            self = .misspelled(suggestion)
            return
        }
        // Alert keys only when written exactly (after folding case and snake/camelCase): a custom "bodies" is not one.
        for candidate in [key, Suggestion.kebabCase(key), key.lowercased()] where Self.misplacedAlertKeys.contains(candidate) {
            self = .alertKey(candidate)
            return
        }
        if let header = Self.transportFields[Suggestion.kebabCase(key).lowercased()] {
            self = .header(header)
            return
        }
        self = .custom
    }

    /// The help line for a likely mistake; nil for custom data.
    func help(for key: String) -> String? {
        switch self {
        case .misspelled(let suggestion):
            let reason = Suggestion.kebabCase(key) == suggestion || key.lowercased() == suggestion
                ? " (APNs reads only the exact kebab-case spelling)" : ""
            return "did you mean \"\(suggestion)\"?\(reason)"
        case .alertKey(let name):
            return "did you mean \"alert\": {\"\(name)\": …}? \"\(name)\" belongs inside the \"alert\" dictionary"
        case .header(let name):
            let fcm = key.lowercased().hasPrefix("apns-") ? "" : " (\"\(key)\" is how FCM and other senders name it; APNs reads it only as a header)"
            return "did you mean the request header \"\(name)\"?\(fcm) Headers go in \"headers\" (or on the command line), not in the payload"
        case .custom:
            return nil
        }
    }
}
