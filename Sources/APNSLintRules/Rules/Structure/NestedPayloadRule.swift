import APNSLintModel
import APNSLintSyntax

struct NestedPayloadRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "nested-payload", severity: .info, category: .structure,
        scope: .request)

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "A custom value that is itself a whole APNs payload (the silent-push pattern), or a VoIP push whose `aps` the app presents itself.",
            rationale: """
                Some apps receive a silent push (`content-available: 1`, nothing visible) that carries the visible \
                notification under a custom key, with its own `aps`, and present it themselves as a local \
                notification, so they can replace or remove it later (UILocalNotification-RemotePayload). APNs \
                never reads the nested `aps`, so nothing checks it: apns-lint lints it as a notification too, with \
                positions inside the nested object. Since iOS 10, `apns-collapse-id` lets APNs replace a delivered \
                notification directly, and the background push is throttled when the app is not running, so the \
                pattern is worth reconsidering. The VoIP variant sends the visible part as the payload of an \
                `apns-push-type: voip` push, which the system never presents: the app builds the notification from \
                `aps` itself, and since iOS 13 it must also report every VoIP push to CallKit as an incoming call, or \
                the system terminates it.
                """,
            severity: .advice("APNs never reads a nested aps, so it is linted as the notification the app presents; the pattern itself works"),
            references: [
                Reference.backgroundUpdates, Reference.sendingRequests, Reference.pushKitIncomingPush,
                "https://github.com/T-Pham/UILocalNotification-RemotePayload",
            ],
            triggering: [
                Example(#"{"aps": {"content-available": 1}, ↓"payload": {"aps": {"alert": "hello world"}, "id": 1}}"#),
                Example(#"{"headers": {"apns-push-type": "voip"}, "payload": {↓"aps": {"alert": "hello world"}, "id": 1}}"#),
            ],
            nonTriggering: [
                Example(#"{"aps": {"alert": "hello world"}, "id": 1}"#),
                Example(#"{"aps": {"content-available": 1}, "payload": {"id": 1, "aps": "not a dictionary"}}"#),
                Example(#"{"headers": {"apns-push-type": "voip"}, "payload": {"aps": {}, "call": {"caller": "Ana"}}}"#),
            ])
    }

    static func check(_ context: inout RuleContext) {
        // Only an object can hold a whole payload: when no custom value is one (the usual case), there is nothing
        // to look for.
        if let payload = context.definition.payload, payload.fields.fields.contains(where: { $0.value.members != nil && payload.isCustomData($0) }) {
            for field in payload.nestedPayloads {
                context.report(
                    "\"\(field.key)\" holds a whole APNs payload with its own \"aps\"; APNs ignores it, so apns-lint checks it as the notification your app presents itself",
                    at: field,
                    help: "since iOS 10, apns-collapse-id lets APNs replace or update a delivered notification directly; consider sending the visible notification itself with a collapse id")
            }
        }
        // The VoIP variant: the payload itself is what the app presents.
        if context.definition.headers.pushType == .voip, let payload = context.definition.payload, let aps = payload.aps,
           let apsField = payload.apsField, aps.alertField != nil || aps.soundField != nil || aps.badge != nil {
            context.report(
                "apns-push-type is voip, so the system never presents this \"aps\": PushKit hands the payload to the app, which builds the notification itself (apns-lint checks it as one)",
                at: apsField,
                help: "since iOS 13 the app must report every VoIP push to CallKit as an incoming call, or the system terminates it; for a message that is not a call, send an alert push (apns-collapse-id updates it in place)")
        }
    }
}
