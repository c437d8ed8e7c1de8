import APNSLintModel
import APNSLintSyntax

struct FCMMessageTooLargeRule: ModelRule {
    static let limit = 4096

    static let descriptor = RuleDescriptor(
        id: "fcm-message-too-large", severity: .error, category: .fcm,
        scope: .fcmMessage)

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "The FCM message is larger than FCM's 4096-byte limit.",
            rationale: """
                FCM's documentation: "Maximum payload for both message types is 4096 bytes" (1000 characters from \
                the Firebase console). A larger message is refused (`MessageTooBig`; \
                `messaging/payload-size-limit-exceeded` in the Admin SDK for Node) and not delivered. FCM does not \
                document exactly which bytes it counts; apns-lint measures the message object (notification, android \
                config, data) as compact UTF-8 JSON, as the sender's serializer writes it, which is at least what FCM \
                counts. Skygear sends the same title, body and data to APNs, whose own limit \
                (`payload-too-large`) is checked separately.
                """,
            severity: .rejected(
                "INVALID_ARGUMENT", "FCM refuses a message over 4096 bytes (\"message too big\"), and nothing reaches Android",
                source: Reference.fcmErrorCode),
            references: [Reference.fcmMessageTypes, Reference.fcmAdminNodeErrors],
            triggering: [
                Example(#"↓{"platform": {"ios": false}, "message": {"title": "Terms", "body": ""# + String(repeating: "Please read our updated terms. ", count: 140) + #""}}"#),
            ],
            nonTriggering: [
                Example(#"{"platform": {"ios": false}, "message": {"title": "Terms", "body": "Please read our updated terms."}}"#),
            ])
    }

    static func check(_ context: inout RuleContext) {
        guard let message = context.fcmMessage else { return }
        let style = context.options.serializer
        let size = message.size(style: style)
        guard size > Self.limit else { return }
        let excess = size - Self.limit
        let largest = PayloadSizeLimit.largestStrings(in: message.node, at: FCMMessage.pointer, count: 3, style: style)
        context.report(
            "the FCM message is \(size) bytes \(PayloadSizeLimit.measurement(style)), \(excess) over FCM's limit of \(Self.limit) bytes; FCM refuses it and nothing reaches Android",
            pointer: FCMMessage.pointer, range: message.node.range,
            help: "cut at least \(excess) \(excess == 1 ? "byte" : "bytes")" + (largest.isEmpty ? "" : "; the largest values are \(largest.joined(separator: ", "))"))
    }
}
