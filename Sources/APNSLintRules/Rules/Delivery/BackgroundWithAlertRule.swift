import APNSLintModel
import APNSLintSyntax

struct BackgroundWithAlertRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "background-with-alert", severity: .warning, category: .delivery,
        subscriptions: [.pushType(.background)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "A push declared as `background` carries an alert, badge or sound.",
            rationale: """
                A background push (`apns-push-type: background`) must not contain keys that interact with the user: \
                Apple says to send `content-available: 1` and no `alert`, `badge` or `sound`. A push type that \
                contradicts the payload may be rejected, delayed or dropped by APNs, and a background push is never \
                shown. Custom keys beside `aps` are fine.
                """,
            severity: .undocumented(
                "a background notification \"doesn't display an alert, play a sound, or badge your app's icon\", so what the push carries for the user is not presented, and APNs may reject, delay or drop a push type that contradicts the payload",
                source: Reference.backgroundUpdates),
            references: [Reference.backgroundUpdates, Reference.sendingRequests],
            triggering: [
                Example(#"{"headers": {"apns-push-type": "background", "apns-priority": 5}, "payload": {"aps": {"content-available": 1, ↓"alert": "New mail", ↓"badge": 3}}}"#),
                Example(#"{"aps": {"content-available": 1, ↓"sound": ""}}"#, headers: ["apns-push-type": "background"]),
            ],
            nonTriggering: [
                Example(#"{"headers": {"apns-push-type": "background", "apns-priority": 5}, "payload": {"aps": {"content-available": 1}, "mailbox": "inbox"}}"#),
                Example(#"{"headers": {"apns-push-type": "alert"}, "payload": {"aps": {"alert": "New mail", "content-available": 1}}}"#),
            ],
            enforces: [.pushType(.payload)])
    }

    static func check(_ context: inout RuleContext) {
        let definition = context.definition
        guard definition.headers.pushType == .background, let aps = definition.payload?.aps else { return }
        for field in aps.fields(of: PushType.alert.spec.markers) {
            context.report(
                "\"\(field.key)\" in a background push: apns-push-type background must not carry alert, badge or sound, so APNs may reject, delay or drop it, and a background push is never shown anyway",
                at: field,
                help: "to show something, send it as apns-push-type alert; otherwise remove \"\(field.key)\"")
        }
    }
}
