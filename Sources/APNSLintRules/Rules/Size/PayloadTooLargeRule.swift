import APNSLintModel
import APNSLintSyntax

struct PayloadTooLargeRule: Rule {
    let metadata = RuleMetadata(
        id: "payload-too-large",
        summary: "The payload is larger than APNs accepts (4096 bytes; 5120 for VoIP; 2048 on the legacy binary interface).",
        rationale: """
            APNs rejects a payload over 4096 bytes (5120 bytes for `apns-push-type: voip`) with 413 \
            `PayloadTooLarge`, and the notification is not delivered. The limit counts the bytes of the request \
            body, so apns-lint measures the payload as it goes on the wire: compact JSON, UTF-8, non-ASCII \
            unescaped. Headers do not count. Pretty-printing in the file does not matter; long strings do. With \
            the `legacy-binary` size profile (the binary interface Apple retired in March 2021, whose limit some \
            older senders still enforce), the limit is 2048 bytes for every push type.
            """,
        severity: .error, category: .size,
        references: [Reference.generatingNotification, Reference.sendingRequests, Reference.handlingResponses],
        triggering: [
            Example("↓{\"aps\": {\"alert\": \"" + String(repeating: "Lorem ipsum ", count: 341) + "\"}}"),
            Example(#"{"headers": {"apns-push-type": "voip"}, "payload": ↓{"caller": ""# + String(repeating: "x", count: 5120) + #""}}"#),
            Example(#"{"headers": {"apns-push-type": "voip"}, "payload": ↓{"caller": ""# + String(repeating: "x", count: 2040) + #""}}"#,
                    options: RuleOptions(sizeLimitProfile: .legacyBinary)),
        ],
        nonTriggering: [
            Example("{\"aps\": {\"alert\": \"" + String(repeating: "x", count: 4096 - 20) + "\"}}"),
            Example(#"{"headers": {"apns-push-type": "voip"}, "payload": {"caller": ""# + String(repeating: "x", count: 5000) + #""}}"#),
            Example("{\"aps\": {\"alert\": \"" + String(repeating: "x", count: 2048 - 20) + "\"}}", options: RuleOptions(sizeLimitProfile: .legacyBinary)),
        ])

    func check(_ context: inout RuleContext) {
        guard let (payload, size) = PayloadSizeLimit.measuredPayload(of: context.definition) else { return }
        let limit = PayloadSizeLimit(for: context.definition, options: context.options)
        guard size > limit.bytes else { return }
        let parts = PayloadSizeLimit.largestStrings(in: payload, count: 3)
        let excess = size - limit.bytes
        context.report(
            "the payload is \(size) bytes as sent (compact UTF-8 JSON), \(excess) over \(limit.phrase); \(limit.rejection)",
            pointer: payload.pointer, range: payload.node.range,
            help: "cut at least \(excess) \(excess == 1 ? "byte" : "bytes")" + (parts.isEmpty ? "" : "; the largest values are \(parts.joined(separator: ", "))")
                + (limit.suggestsReference ? "; send large content by reference (an id or URL the app fetches)" : ""))
    }
}
