import APNSLintModel
import APNSLintSyntax

struct WalletPassPayloadRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "wallet-pass-payload", severity: .warning, category: .delivery,
        subscriptions: [.header(.topic)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "A push to a Wallet pass type topic (`pass.…`) that carries an alert, sound, badge or other notification keys, which Wallet never shows.",
            rationale: """
                A push whose topic is a pass type identifier (`pass.com.example.ticket`) tells Wallet that a pass \
                changed: the device then asks the pass's web service for the passes that changed and downloads \
                them. Apple's payload for it is an empty dictionary, `{}`, and Wallet reads nothing in it: an \
                alert, sound or badge there is never presented (APNs answers 200 and nothing shows). To tell the \
                user, set a `changeMessage` on the pass's field, which Wallet shows when the updated pass arrives. \
                `{}` is clean (no `missing-aps`), as is `{"aps": ""}`, which many pass servers send.
                """,
            severity: .likelyMistake(
                "the pass is still updated, but the alert, sound or badge written for the user is never shown",
                source: Reference.walletUpdatePass),
            references: [Reference.walletUpdatePass],
            triggering: [
                Example(#"{"headers": {"apns-topic": "pass.com.example.ticket"}, "payload": {"aps": {↓"alert": "Your gate changed to B12", ↓"sound": "default"}}}"#),
            ],
            nonTriggering: [
                Example(#"{"headers": {"apns-topic": "pass.com.example.ticket"}, "payload": {}}"#),
                Example(#"{"headers": {"apns-topic": "pass.com.example.ticket"}, "payload": {"aps": ""}}"#),
                Example(#"{"headers": {"apns-topic": "com.example.ticket", "apns-push-type": "alert"}, "payload": {"aps": {"alert": "Your gate changed to B12"}}}"#),
            ])
    }

    static func check(_ context: inout RuleContext) {
        guard let topic = context.definition.headers.topicField?.string, TopicSuffix.isWalletPass(topic),
              let aps = context.definition.payload?.aps else { return }
        for field in aps.fields(of: PushType.alert.spec.markers) {
            context.report(
                "\"\(field.key)\" in a push to the Wallet pass topic \"\(topic)\": Wallet reads nothing of this payload (it downloads the updated pass), so the \(field.key) is never presented",
                at: field,
                help: "send {} to the pass topic, and tell the user with a changeMessage on the pass's field, which Wallet shows when the pass updates")
        }
    }
}
