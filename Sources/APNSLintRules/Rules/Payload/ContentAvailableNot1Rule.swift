import APNSLintModel
import APNSLintSyntax

struct ContentAvailableNot1Rule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "content-available-not-1", severity: .error, category: .payload,
        fix: .sometimes,
        subscriptions: [.aps(.contentAvailable)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "`content-available` is not the number 1.",
            rationale: """
                A background update is marked by `"content-available": 1`, the number. `true`, `"1"` and other \
                values are not Apple's documented form: some client libraries silently turn them into 1, others drop \
                the key, and a payload sent as written may never wake the app (Parse's docs report silent \
                notifications with the string "1" failing to deliver). An explicit "off" (`false`, `"0"`, `"false"`, \
                `"no"`) beside an alert, badge or sound is advice (info): the author did not want the app woken, and \
                it is not, so the push is delivered as meant; on a push with nothing else to do, or declared \
                `background`, it is an error, as `0` is there (`content-available-zero`).
                """,
            severity: .certain("Apple's background update is the number 1; other values are dropped or rewritten by senders, so the app is not woken as written", source: Reference.backgroundUpdates),
            references: [Reference.backgroundUpdates, Reference.generatingNotification, Reference.parseSilentNotifications],
            triggering: [
                Example(#"{"aps": {"content-available": ↓true}}"#),
                Example(#"{"aps": {"content-available": ↓"1"}}"#),
                Example(#"{"aps": {"content-available": ↓2}}"#),
            ],
            nonTriggering: [
                Example(#"{"aps": {"content-available": 1}}"#),
                Example(#"{"aps": {"alert": "Hi", "content-available": 0}}"#),
            ],
            enforces: [.aps(.contentAvailable)])
    }

    static func check(_ context: inout RuleContext) {
        if let aps = context.definition.payload?.aps, let field = aps.contentAvailable, isSpelledOff(field.value.value),
           context.definition.headers.pushType != .background, aps.keys.intersects(ContentAvailableZeroRule.visibleKeys) {
            reportSpelledOff(field, meaning: "do not wake the app",
                             delivered: "the app is woken only for the number 1, so the push is shown as written",
                             without: "the app is not woken", into: &context)
            return
        }
        reportFlagNotOne(context.definition.payload?.aps?.contentAvailable,
                         consequence: "a background update with another value may never wake the app", into: &context)
    }
}
