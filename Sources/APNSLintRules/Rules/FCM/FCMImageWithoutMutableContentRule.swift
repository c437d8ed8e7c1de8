import APNSLintModel
import APNSLintSyntax

struct FCMImageWithoutMutableContentRule: ModelRule {
    static let descriptor = RuleDescriptor(id: "fcm-image-without-mutable-content", severity: .warning, category: .fcm, scope: .fcmMessage)

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "An FCM message with an image (`notification.image` or `apns.fcm_options.image`, also spelt `apns.fcmOptions.image`) whose APNs payload lacks `mutable-content: 1`.",
            rationale: """
                On Apple devices an image is shown only by the app's Notification Service Extension, which iOS runs \
                only for a payload with `mutable-content: 1`. FCM puts the image's URL in the payload \
                (`fcm_options.image`) but does not set `mutable-content` for messages sent through the API: Firebase \
                asks the sender to ("set mutable-content to 1"). Without it the notification arrives without its \
                image.
                """,
            severity: .likelyMistake(
                "the notification is shown without its image on Apple devices; an app with no service extension shows none either way",
                source: Reference.fcmSendImage),
            references: [Reference.fcmSendImage, Reference.fcmAPNSConfig],
            triggering: [
                Example(#"{"message": {"topic": "news", "notification": {"title": "Hi", ↓"image": "https://example.com/a.png"}}}"#),
                Example(#"{"message": {"topic": "news", "notification": {"title": "Hi"}, "apns": {"fcm_options": {↓"image": "https://example.com/a.png"}}}}"#),
                Example(#"{"message": {"topic": "news", "notification": {"title": "Hi"}, "apns": {"fcmOptions": {↓"image": "https://example.com/a.png"}}}}"#),
            ],
            nonTriggering: [
                Example(#"{"message": {"topic": "news", "notification": {"title": "Hi", "image": "https://example.com/a.png"}, "apns": {"payload": {"aps": {"mutable-content": 1}}}}}"#),
            ])
    }

    static func check(_ context: inout RuleContext) {
        guard let message = context.fcmMessage, message.isWrittenByUser else { return }
        guard let image = message.apns?.fcmOptions?[fcm: FCMKey.image] ?? message.notification?[fcm: FCMKey.image] else { return }
        guard context.definition.payload?.aps?.mutableContent?.integer != 1 else { return }
        context.report(
            "an image without \"mutable-content\": 1 in the APNs payload: only a Notification Service Extension shows it, and iOS runs one only for a mutable payload, so Apple devices show the notification without its image",
            at: image, help: "add \"apns\": {\"payload\": {\"aps\": {\"mutable-content\": 1}}}, and a Notification Service Extension to the app")
    }
}
