import APNSLintModel
import APNSLintSyntax

struct ContentAvailableZeroRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "content-available-zero", severity: .error, category: .payload,
        subscriptions: [.aps(.contentAvailable)])

    /// What makes a push do something without `content-available: 1`: it shows something, or it is a Live Activity or
    /// widget update.
    static let visibleKeys = [PushType.alert, .liveactivity, .widgets].reduce(KeySet<APSKey>()) { $0.union($1.spec.markers) }

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "`\"content-available\": 0` on a push that has nothing else to do, or that is declared `background`.",
            rationale: """
                `"content-available": 1` is what wakes the app for a background update; `0` means "off", exactly as if \
                the key were absent. People write `0` believing it marks a silent push, but a push whose `aps` has no \
                alert, badge or sound then has nothing to show and nothing to wake: it arrives and nothing happens. \
                Declared `apns-push-type: background`, the push exists only to wake the app, and `0` does not. Beside \
                an alert, badge or sound, `0` is harmless and not reported.
                """,
            severity: .certain("with 0 the app is not woken, and without an alert, badge or sound nothing is shown either", source: Reference.backgroundUpdates),
            references: [Reference.backgroundUpdates, Reference.generatingNotification],
            triggering: [
                Example(#"{"aps": {"content-available": ↓0}, "sync": "inbox"}"#),
                Example(#"{"headers": {"apns-push-type": "background", "apns-priority": 5}, "payload": {"aps": {"content-available": ↓0}}}"#),
            ],
            nonTriggering: [
                Example(#"{"aps": {"content-available": 1}, "sync": "inbox"}"#),
                Example(#"{"aps": {"alert": "New mail", "content-available": 0}}"#),
                Example(#"{"aps": {"badge": 3, "content-available": 0}}"#),
            ],
            enforces: [.aps(.contentAvailable)])
    }

    static func check(_ context: inout RuleContext) {
        guard let aps = context.definition.payload?.aps, let field = aps.contentAvailable,
              let number = field.value.number, number.isInteger, number.intValue == 0 else { return }
        let declaredBackground = context.definition.headers.pushType == .background
        guard declaredBackground || !aps.keys.intersects(Self.visibleKeys) else { return }
        let why = declaredBackground
            ? "this push is declared apns-push-type background, whose only job is to wake the app, and 0 does not wake it"
            : "\"aps\" has no alert, badge or sound, so the push neither wakes the app nor shows anything"
        context.report(
            "\"content-available\" is 0, which means off, as if the key were absent (it does not mark a silent push), and \(why)",
            at: field, part: .value,
            help: "write \"content-available\": 1 to wake the app in the background (a silent push)")
    }
}
