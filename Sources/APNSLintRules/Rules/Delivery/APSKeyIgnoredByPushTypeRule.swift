import APNSLintModel
import APNSLintSyntax

struct APSKeyIgnoredByPushTypeRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "aps-key-ignored-by-push-type", severity: .warning, category: .delivery,
        subscriptions: [.pushType(.alert), .pushType(.background), .pushType(.liveactivity), .pushType(.widgets), .pushType(.controls)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "A key of `aps` that the declared push type does not read, such as `badge` in a Live Activity update or `stale-date` in an alert.",
            rationale: """
                Each key of `aps` belongs to the push types whose payload Apple documents it in: `badge`, \
                `thread-id` and `interruption-level` to alerts, `stale-date` and `dismissal-date` to Live Activity \
                updates, `content-changed` to widget pushes (the table is in [the spec reference](../docs/spec.md)). \
                A key sent with another push type is delivered and then ignored: a Live Activity update does not \
                set the app's badge, an alert has no stale date. APNs accepts the request, so this is a warning: \
                the key was likely meant for another push. Keys that another rule owns in a type are left to it: \
                an alert, badge or sound in a background push (`background-with-alert`), a Live Activity's or a \
                widget's keys in another type (`push-type-mismatch`), `sound` in a Live Activity's `aps` \
                (`liveactivity-sound-placement`). Push types whose payload the app's own code reads (VoIP, \
                location, File Provider, …) are `push-type-mismatch`'s.
                """,
            severity: .likelyMistake(
                "APNs delivers the push and the device ignores the key, so what it was meant to do does not happen",
                source: Reference.generatingNotification),
            references: [Reference.generatingNotification, Reference.liveActivityPushes, AppleSpec.Source.widgets],
            triggering: [
                Example(#"{"headers": {"apns-push-type": "liveactivity"}, "payload": {"aps": {"timestamp": 1763712000, "event": "update", "content-state": {"eta": "14:35"}, ↓"badge": 1}}}"#),
                Example(#"{"headers": {"apns-push-type": "alert"}, "payload": {"aps": {"alert": "Your order shipped", ↓"stale-date": 1763715600}}}"#),
                Example(#"{"headers": {"apns-push-type": "background", "apns-priority": 5}, "payload": {"aps": {"content-available": 1, ↓"thread-id": "inbox"}}}"#),
                Example(#"{"headers": {"apns-push-type": "widgets"}, "payload": {"aps": {"content-changed": true, ↓"alert": "Scores updated"}}}"#),
            ],
            nonTriggering: [
                Example(#"{"headers": {"apns-push-type": "liveactivity"}, "payload": {"aps": {"timestamp": 1763712000, "event": "update", "content-state": {"eta": "14:35"}, "alert": {"title": "Delivery", "body": "Arriving now"}, "relevance-score": 0.5}}}"#),
                Example(#"{"headers": {"apns-push-type": "alert"}, "payload": {"aps": {"alert": "New mail", "badge": 3, "content-available": 1}}}"#),
                Example(#"{"aps": {"alert": "Your order shipped", "stale-date": 1763715600}}"#),
                Example(#"{"headers": {"apns-push-type": "voip", "apns-topic": "com.example.app.voip"}, "payload": {"aps": {"badge": 1}, "caller": "Ana"}}"#),
            ],
            enforces: [.pushType(.payload)] + APSKey.allCases.map(SpecFact.aps))
    }

    static func check(_ context: inout RuleContext) {
        let headers = context.definition.headers
        guard let type = headers.pushType, headers.pushTypeField != nil, let aps = context.definition.payload?.aps else { return }
        // Most payloads hold only keys their type reads: one `&` over the key bits says so. A payload with none of its
        // type's own keys (a widget push without content-changed) is not this type's at all, which other rules say.
        let ignored = Self.keysIgnored(by: type)
        guard aps.keys.intersects(ignored), aps.keys.intersects(type.spec.markers) else { return }
        for field in aps.fields(of: ignored) where !field.isShadowed {
            guard let key = APSKey(name: field.key) else { continue }
            let readers = key.facts.pushTypes.map(\.rawValue)
            context.report(
                "\"\(field.key)\" in a \(type.rawValue) push: Apple documents it for \(readers.joined(separator: " and ")) pushes only, and \(reader(of: type)) does not read it, so it does nothing",
                at: field,
                help: "remove \"\(field.key)\", or send it in a push of type \(readers.joined(separator: " or "))")
        }
    }

    /// The keys of `aps` that `type` does not read (`APSKey.facts.pushTypes`), less those another rule reports in it;
    /// none for the types whose payload the app's own code reads (push-type-mismatch's).
    static func keysIgnored(by type: PushType) -> KeySet<APSKey> {
        // A switch, not `allCases.firstIndex(of:)`: this runs on most lints, and `allCases` is a new array each time.
        switch type {
        case .alert: ignoredKeys[0]
        case .background: ignoredKeys[1]
        case .liveactivity: ignoredKeys[2]
        case .widgets, .controls: ignoredKeys[3]
        default: []
        }
    }

    private static let ignoredKeys: [KeySet<APSKey>] = [PushType.alert, .background, .liveactivity, .widgets].map { type in
        var keys = KeySet(APSKey.allCases.filter { !$0.facts.pushTypes.contains(type) })
        keys.subtract(PushType.liveactivity.spec.markers.union(PushType.widgets.spec.markers))  // push-type-mismatch's
        if type == .background {
            keys.subtract(PushType.alert.spec.markers)  // background-with-alert's
            keys.subtract([.mutableContent])  // mutable-content-without-alert's: a background push shows no alert
        }
        if type == .liveactivity { keys.subtract([.sound]) }  // liveactivity-sound-placement's
        return keys
    }

    static func reader(of type: PushType) -> String {
        switch type {
        case .alert: "the notification"
        case .background: "a background update (which wakes the app and shows nothing)"
        case .liveactivity: "the Live Activity"
        case .widgets, .controls: "WidgetKit (which only reloads the widget)"
        default: "its receiver"
        }
    }
}
