import APNSLintModel
import APNSLintSyntax

extension FCMDialect: DialectSystem {
    static let name = "fcm"
    static let title = "Firebase Cloud Messaging"
    static let docsRow = DialectDocsRow(
        writtenAs: "an HTTP v1 send request, `{\"message\": {\"token\", \"notification\", \"apns\", …}}`, or a body of the legacy HTTP API (`to`, `registration_ids`)",
        source: "[FCM HTTP v1 reference](https://firebase.google.com/docs/reference/fcm/rest/v1/projects.messages)",
        page: "push-services.md#firebase-cloud-messaging-http-v1")

    /// `{"message": {…}}` whose message holds a key only FCM's has (Skygear's holds a title).
    static func shapeEvidence(_ members: [Member]) -> String? {
        guard recognizes(members), let message = members.last(where: { $0.key == "message" })?.value.members,
              let key = message.first(where: { messageOnlyKeys.contains($0.key) })?.key else { return nil }
        return "its \"message\" holds \"\(key)\", which only an FCM message has"
    }

    static var textMarks: Set<String> { ["apns", "validate_only", "registration_ids"] }
    static var whyNoAPNsRequest: String {
        "FCM refuses an apns.payload without aps, and for a data message with no apns payload its documentation does not say what an Apple device gets (render --target fcm prints the FCM request)"
    }

    static func translate(_ input: DialectInput) -> DialectTranslation {
        translate(input.document, now: input.now)
    }
}

extension Dialect {
    public static var fcm: Dialect { Dialect(FCMDialect.self) }
}
