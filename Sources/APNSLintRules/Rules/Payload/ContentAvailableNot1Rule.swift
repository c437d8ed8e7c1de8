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
                the key, and a payload sent as written may never wake the app.
                """,
            severity: .certain("Apple's background update is the number 1; other values are dropped or rewritten by senders, so the app is not woken as written", source: Reference.backgroundUpdates),
            references: [Reference.backgroundUpdates, Reference.generatingNotification],
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
        reportFlagNotOne(context.definition.payload?.aps?.contentAvailable,
                         consequence: "a background update with another value may never wake the app", into: &context)
    }
}
