import APNSLintModel
import APNSLintSyntax

struct PayloadTooLargeRule: Rule {
    static let defaultLimit = 4096
    static let voipLimit = 5120

    let metadata = RuleMetadata(
        id: "payload-too-large",
        summary: "The payload is larger than APNs accepts (4096 bytes; 5120 for VoIP).",
        rationale: """
            APNs rejects a payload over 4096 bytes (5120 bytes for `apns-push-type: voip`) with 413 \
            `PayloadTooLarge`, and the notification is not delivered. The limit counts the bytes of the request \
            body, so apns-lint measures the payload as it goes on the wire: compact JSON, UTF-8, non-ASCII \
            unescaped. Headers do not count. Pretty-printing in the file does not matter; long strings do.
            """,
        severity: .error, category: .size,
        references: [Reference.generatingNotification, Reference.sendingRequests, Reference.handlingResponses],
        triggering: [
            Example("↓{\"aps\": {\"alert\": \"" + String(repeating: "Lorem ipsum ", count: 341) + "\"}}"),
            Example(#"{"headers": {"apns-push-type": "voip"}, "payload": ↓{"caller": ""# + String(repeating: "x", count: 5120) + #""}}"#),
        ],
        nonTriggering: [
            Example("{\"aps\": {\"alert\": \"" + String(repeating: "x", count: 4096 - 20) + "\"}}"),
            Example(#"{"headers": {"apns-push-type": "voip"}, "payload": {"caller": ""# + String(repeating: "x", count: 5000) + #""}}"#),
        ])

    func check(_ context: inout RuleContext) {
        let definition = context.definition
        guard let payload = definition.payload, payload.isObject, let size = definition.payloadBytes?.count else { return }
        let isVoIP = definition.headers.pushType == .voip
        let limit = isVoIP ? Self.voipLimit : Self.defaultLimit
        guard size > limit else { return }
        let kind = isVoIP ? "a VoIP payload" : "a payload"
        let parts = largestStrings(in: payload.node, pointer: payload.pointer, count: 3)
            .map { "\($0.pointer) (\($0.size) bytes)" }
        let excess = size - limit
        context.report(
            "the payload is \(size) bytes as sent (compact UTF-8 JSON), \(excess) over APNs's limit of \(limit) bytes for \(kind); APNs rejects it with 413 PayloadTooLarge and nothing is delivered",
            pointer: payload.pointer, range: payload.node.range,
            help: "cut at least \(excess) bytes" + (parts.isEmpty ? "" : "; the largest values are \(parts.joined(separator: ", "))")
                + (isVoIP ? "" : "; send large content by reference (an id or URL the app fetches)"))
    }

    /// The largest string values (as serialized), biggest first.
    private func largestStrings(in node: DocumentNode, pointer: JSONPointer, count: Int) -> [(pointer: JSONPointer, size: Int)] {
        var found: [(pointer: JSONPointer, size: Int)] = []
        node.walk { node, path in
            guard node.string != nil else { return }
            found.append((JSONPointer(pointer.tokens + path), WireSerializer.size(of: node)))
        }
        return Array(found.sorted { $0.size > $1.size }.prefix(count))
    }
}
