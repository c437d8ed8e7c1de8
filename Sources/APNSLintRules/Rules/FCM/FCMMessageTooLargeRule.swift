import APNSLintModel
import APNSLintSyntax

struct FCMMessageTooLargeRule: ModelRule {
    static let limit = 4096
    /// FCM's limit for a message to a topic ("2048 bytes in the case of messages to topics"); a condition is an
    /// expression over topics.
    static let topicLimit = 2048

    static let descriptor = RuleDescriptor(
        id: "fcm-message-too-large", severity: .error, category: .fcm,
        scope: .fcmMessage)

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "The FCM message is larger than FCM's limit: 4096 bytes, 2048 for a message to a topic.",
            rationale: """
                FCM's documentation: "Maximum payload for both message types is 4096 bytes" (1000 characters from \
                the Firebase console). A larger message is refused (`MessageTooBig`; \
                `messaging/payload-size-limit-exceeded` in the Admin SDK for Node) and not delivered. FCM does not \
                document exactly which bytes it counts; apns-lint measures the message object (notification, android \
                config, data) as compact UTF-8 JSON, as the sender's serializer writes it, which is at least what FCM \
                counts. A message to a topic (or a condition over topics) may have 2048 bytes ("4096 bytes for most \
                messages, or 2048 bytes in the case of messages to topics"). The APNs payload FCM builds has its own \
                limit (`payload-too-large`), checked separately.
                """,
            severity: .rejected(
                byService: "INVALID_ARGUMENT", "FCM refuses a message over its limit (\"message too big\"), and nothing is sent",
                source: Reference.fcmErrorCode),
            references: [Reference.fcmMessageTypes, Reference.fcmErrorCode, Reference.fcmAdminNodeErrors],
            triggering: [
                Example(#"↓{"platform": {"ios": false}, "message": {"title": "Terms", "body": ""# + String(repeating: "Please read our updated terms. ", count: 140) + #""}}"#),
                Example(#"{"message": ↓{"topic": "news", "notification": {"title": "Terms", "body": ""# + String(repeating: "Please read our updated terms. ", count: 80) + #""}, "apns": {"headers": {"apns-push-type": "alert"}}}}"#),
            ],
            nonTriggering: [
                Example(#"{"platform": {"ios": false}, "message": {"title": "Terms", "body": "Please read our updated terms."}}"#),
                Example(#"{"message": {"token": "bk3RNwTe3H0:CI2k_HHwgIpoDKCIZvvDMExUdFQ3P1", "notification": {"title": "Terms", "body": ""# + String(repeating: "Please read our updated terms. ", count: 80) + #""}, "apns": {"headers": {"apns-push-type": "alert"}}}}"#),
            ])
    }

    static func check(_ context: inout RuleContext) {
        guard let message = context.fcmMessage else { return }
        let style = context.options.serializer
        let size = message.size(style: style)
        let toTopic = message.fields[fcm: FCMKey.topic]?.string != nil || message.fields[fcm: FCMKey.condition]?.string != nil
        let limit = toTopic ? Self.topicLimit : Self.limit
        guard size > limit else { return }
        let excess = size - limit
        let largest = PayloadSizeLimit.largestStrings(in: message.node, at: FCMMessage.pointer, count: 3, style: style)
        context.report(
            "the FCM message is \(size) bytes \(PayloadSizeLimit.measurement(style)), \(excess) over FCM's limit of \(limit) bytes\(toTopic ? " for a message to a topic" : ""); FCM refuses it and nothing is sent",
            pointer: FCMMessage.pointer, range: message.node.range,
            help: "cut at least \(excess) \(excess == 1 ? "byte" : "bytes")" + (largest.isEmpty ? "" : "; the largest values are \(largest.joined(separator: ", "))"))
    }
}
