import APNSLintModel
import APNSLintSyntax

struct FCMReservedDataKeyRule: ModelRule {
    /// Whole keys FCM's documentation reserves.
    static let reservedKeys = ["from", "notification", "message_type"]
    /// Prefixes FCM keeps for itself.
    static let reservedPrefixes = ["google.", "gcm."]

    static let descriptor = RuleDescriptor(
        id: "fcm-reserved-data-key", severity: .error, category: .fcm,
        scope: .fcmMessage)

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "A key of the FCM message's `data` is reserved by FCM: `from`, `notification`, `message_type`, or a name starting with `google.` or `gcm.`.",
            rationale: """
                FCM adds its own entries to the data an Android app receives, and its documentation reserves their \
                names: a data message holds "only custom key-value pairs with no reserved key names", the reserved \
                words being `from`, `message_type` and anything starting with `google.` or `gcm.` (earlier versions \
                of the page also listed `notification`, which the app's `RemoteMessage` keeps apart from the data). \
                A custom value under such a name is refused or replaced by FCM's own, so the app never reads what \
                the server sent; the Firebase Admin SDK for Node refuses `from` outright.
                """,
            severity: .rejected(
                byService: "INVALID_ARGUMENT", "FCM refuses a data key it uses itself (such as `from`, `gcm`, or one prefixed by `google`) as an invalid data key",
                source: Reference.fcmErrorCode),
            references: [Reference.fcmMessageTypes, Reference.fcmAdminNodeValidation],
            triggering: [
                Example(#"{"message": {"title": "New follower"}, "data": {↓"from": "alice"}}"#),
                Example(#"{"message": {"title": "Spring sale"}, "data": {↓"google.campaign": "spring", ↓"gcm.id": "7", "id": "7"}}"#),
                Example(#"{"message": {"title": "Chat"}, "data": {↓"message_type": "chat", ↓"notification": "on"}}"#),
            ],
            nonTriggering: [
                Example(#"{"message": {"title": "New follower"}, "data": {"sender": "alice", "googleCampaign": "spring", "gcm": "7"}}"#),
                Example(#"{"platform": {"android": false}, "message": {"title": "New follower"}, "data": {"from": "alice"}}"#),
            ])
    }

    static func check(_ context: inout RuleContext) {
        guard let data = context.fcmMessage?.data else { return }
        for field in data.fields {
            let reason: String
            if Self.reservedKeys.contains(field.key) {
                reason = "\"\(field.key)\" is a key FCM reserves in data"
            } else if let prefix = Self.reservedPrefixes.first(where: { field.key.hasPrefix($0) }) {
                reason = "data keys starting with \"\(prefix)\" are reserved by FCM (\"\(field.key)\")"
            } else {
                continue
            }
            context.report(
                "\(reason): FCM refuses it or puts its own value there, so the app does not read the one sent",
                at: field, help: "rename the key, e.g. \"\(suggestedName(for: field.key))\", in the app too")
        }
    }

    private static func suggestedName(for key: String) -> String {
        let stripped = Self.reservedPrefixes.reduce(key) { $0.hasPrefix($1) ? String($0.dropFirst($1.count)) : $0 }
        return "app_" + String(stripped.map { $0 == "." ? "_" : $0 })
    }
}
