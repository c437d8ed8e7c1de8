import APNSLintModel
import APNSLintSyntax

struct NestedPayloadRule: Rule {
    let metadata = RuleMetadata(
        id: "nested-payload",
        summary: "A custom value that is itself a whole APNs payload (the silent-push pattern).",
        rationale: """
            Some apps receive a silent push (`content-available: 1`, nothing visible) that carries the visible \
            notification under a custom key, with its own `aps`, and present it themselves as a local \
            notification, so they can replace or remove it later (UILocalNotification-RemotePayload). APNs \
            never reads the nested `aps`, so nothing checks it: apns-lint lints it as a notification too, with \
            positions inside the nested object. Since iOS 10, `apns-collapse-id` lets APNs replace a delivered \
            notification directly, and the background push is throttled when the app is not running, so the \
            pattern is worth reconsidering.
            """,
        severity: .info, category: .structure,
        references: [
            Reference.backgroundUpdates, Reference.sendingRequests,
            "https://github.com/T-Pham/UILocalNotification-RemotePayload",
        ],
        triggering: [
            Example(#"{"aps": {"content-available": 1}, ↓"payload": {"aps": {"alert": "hello world"}, "id": 1}}"#),
        ],
        nonTriggering: [
            Example(#"{"aps": {"alert": "hello world"}, "id": 1}"#),
            Example(#"{"aps": {"content-available": 1}, "payload": {"id": 1, "aps": "not a dictionary"}}"#),
        ],
        checksNestedPayloads: false)

    func check(_ context: inout RuleContext) {
        for field in context.definition.payload?.nestedPayloads ?? [] {
            context.report(
                "\"\(field.key)\" holds a whole APNs payload with its own \"aps\"; APNs ignores it, so apns-lint checks it as the notification your app presents itself",
                at: field,
                help: "since iOS 10, apns-collapse-id lets APNs replace or update a delivered notification directly; consider sending the visible notification itself with a collapse id")
        }
    }
}
