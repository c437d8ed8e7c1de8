import APNSLintModel
import APNSLintSyntax

struct ChannelIDInvalidRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "channel-id-invalid", severity: .error, category: .headers,
        subscriptions: [.header(.channelID)], rejection: .badChannelId)

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "`apns-channel-id` is not the base64 channel ID APNs gave when the channel was created.",
            rationale: """
                A broadcast request (iOS 18 Live Activity channels) names its channel with `apns-channel-id`: the \
                base64-encoded ID APNs returns when the channel is created with the channel-management API. A value \
                that is empty, holds characters base64 does not use, or has a length that is not a multiple of 4 \
                is no channel ID, and APNs answers 400 `BadChannelId`.
                """,
            severity: .rejectedByAPNs(
                "a value that is not a base64 channel ID is answered with 400 and nothing is broadcast",
                source: Reference.broadcastErrors),
            references: [Reference.broadcastErrors],
            triggering: [
                Example(#"{"headers": {"apns-push-type": "liveactivity", "apns-channel-id": ↓"scores channel"}, "payload": {"aps": {"timestamp": 1763712000, "event": "update", "content-state": {"score": "2-1"}}}}"#),
            ],
            nonTriggering: [
                Example(#"{"headers": {"apns-push-type": "liveactivity", "apns-channel-id": "dHN0LXNyY2gtY2hubA=="}, "payload": {"aps": {"timestamp": 1763712000, "event": "update", "content-state": {"score": "2-1"}}}}"#),
            ],
            enforces: [.header(.channelID)])
    }

    static func check(_ context: inout RuleContext) {
        guard let field = context.definition.headers.fields[HeaderKey.channelID], let value = field.string else { return }
        let alphabet = value.utf8.allSatisfy { byte in
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "/")
                || byte == UInt8(ascii: "=")
        }
        guard value.isEmpty || !alphabet || value.utf8.count % 4 != 0 else { return }
        context.report(
            "apns-channel-id \(field.value.shortDescription) is not a base64 channel ID; APNs answers 400 BadChannelId",
            at: field, part: .value,
            help: "use the channel ID the channel-management API returned when the channel was created (base64, as returned)")
    }
}
