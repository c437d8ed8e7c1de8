import APNSLintModel
import APNSLintSyntax

struct PayloadTooLargeRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "payload-too-large", severity: .error, category: .size,
        fix: .sometimes,
        scope: .request,
        runsOnElidedDefinitions: true, rejection: .payloadTooLarge)

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "The payload is larger than APNs accepts (4096 bytes; 5120 for VoIP; 2048 on the legacy binary interface).",
            rationale: """
                APNs rejects a payload over 4096 bytes (5120 bytes for `apns-push-type: voip`, or a `.voip` topic \
                without a push type, which APNs takes as a VoIP push) with 413 \
                `PayloadTooLarge`, and the notification is not delivered. The limit counts the bytes of the request \
                body, so apns-lint measures the payload as it goes on the wire: compact JSON, UTF-8, non-ASCII \
                unescaped. A sender whose JSON encoder escapes more sends more bytes: with `serializer` set to \
                `ascii` (Python's `ensure_ascii`: `é` is 6 bytes, an emoji 12), `foundation` (`\\/`) or `go` \
                (`\\u003c` for `<`, `>`, `&`), the payload is measured as that encoder writes it, and the message says \
                when the escapes are what pushes it over. Headers do not count. Pretty-printing in the file does not matter; long strings do. With \
                the `legacy-binary` size profile (the binary interface Apple retired in March 2021, whose limit some \
                older senders still enforce), the limit is 2048 bytes for every push type.
                """,
            severity: .rejectedByAPNs(
                "a body over 4096 bytes (5120 for VoIP) is answered with 413 and not delivered",
                source: Reference.handlingResponses),
            references: [Reference.generatingNotification, Reference.sendingRequests, Reference.handlingResponses],
            triggering: [
                Example("↓{\"aps\": {\"alert\": \"" + repeated("Lorem ipsum ", count: 341) + "\"}}"),
                Example(#"{"headers": {"apns-push-type": "voip"}, "payload": ↓{"caller": ""# + repeated("x", count: 5120) + #""}}"#),
                Example(#"{"headers": {"apns-push-type": "voip"}, "payload": ↓{"caller": ""# + repeated("x", count: 2040) + #""}}"#,
                        options: RuleOptions(sizeLimitProfile: .legacyBinary)),
                Example("↓{\"aps\": {\"alert\": \"" + repeated("é", count: 2000) + "\"}}", options: RuleOptions(serializer: .ascii)),
            ],
            nonTriggering: [
                Example("{\"aps\": {\"alert\": \"" + repeated("x", count: 4096 - 20) + "\"}}"),
                Example(#"{"headers": {"apns-push-type": "voip"}, "payload": {"caller": ""# + repeated("x", count: 5000) + #""}}"#),
                Example(#"{"headers": {"apns-topic": "com.example.phone.voip"}, "payload": {"caller": ""# + repeated("x", count: 5000) + #""}}"#),
                Example("{\"aps\": {\"alert\": \"" + repeated("x", count: 2048 - 20) + "\"}}", options: RuleOptions(sizeLimitProfile: .legacyBinary)),
                Example("{\"aps\": {\"alert\": \"" + repeated("é", count: 2000) + "\"}}"),
            ],
            enforces: [.pushType(.sizeLimit)])
    }

    static func check(_ context: inout RuleContext) {
        // The Simulator's own limit counts the file, and its rule reports it.
        guard !context.dialect.contains(.limitsSizeItself) else { return }
        // Measured once, as the definition was bound (`NotificationDefinition.payloadSize`).
        guard let measured = context.definition.payloadSize, measured.bytes > PayloadSizeLimit.smallestBytes(in: context.options.sizeLimitProfile),
              let payload = context.definition.payload else { return }
        let (size, style) = (measured.bytes, measured.style)
        let limit = PayloadSizeLimit(for: context.definition, options: context.options)
        guard size > limit.bytes else { return }
        let parts = PayloadSizeLimit.largestStrings(in: payload, count: 3, style: style)
        let excess = size - limit.bytes
        // Say so when the compact payload would fit: the sender's escaping is what pushes it over.
        let escaping = measured.compactBytes <= limit.bytes && !measured.isLowerBound
            ? PayloadSizeLimit.escapingClause(size: size, compactSize: measured.compactBytes, style: style, isBody: measured.isBody) : ""
        // A payload holding an elided container is measured by the container's compact length: at least that, in a style
        // that escapes more or where a key is written twice inside it.
        let atLeast = measured.isLowerBound ? "at least " : ""
        context.report(
            "the payload is \(atLeast)\(size) bytes \(PayloadSizeLimit.measurement(style, isBody: measured.isBody)), \(atLeast)\(excess) over \(limit.phrase); \(limit.rejection)\(escaping)",
            pointer: payload.pointer, range: payload.node.range,
            help: "cut at least \(excess) \(excess == 1 ? "byte" : "bytes")" + (parts.isEmpty ? "" : "; the largest values are \(parts.joined(separator: ", "))")
                + (limit.suggestsReference ? "; send large content by reference (an id or URL the app fetches)" : ""),
            fix: shortenedBody(in: context.definition, by: excess, style: style))
    }

    /// Unsafe (the user sees less text): shortens the alert body (a string alert, or `alert.body`) at a character
    /// boundary and ends it with "…", as old Pushy, node-apn's trim() and ADCK's truncate did. Nil when the body
    /// alone cannot make the payload fit.
    private static func shortenedBody(in definition: NotificationDefinition, by excess: Int, style: WireSerializer.Style) -> Fix? {
        let field: Field?
        switch definition.payload?.aps?.alert {
        case .text(_, let alert)?: field = alert
        case .dictionary(let alert, _)?: field = alert[.body]
        case nil: field = nil
        }
        guard let field, let body = field.string else { return nil }
        func size(_ text: String) -> Int {
            WireSerializer.size(of: DocumentNode(.string(text), range: field.value.range), style: style)
        }
        let budget = size(body) - excess
        let characters = Array(body)
        // The longest prefix that fits with the ellipsis (sizes grow with the prefix, so search).
        var low = 0, high = characters.count - 1
        var best: Int?
        while low <= high {
            let middle = (low + high) / 2
            if size(String(characters[..<middle]) + "…") <= budget {
                best = middle
                low = middle + 1
            } else {
                high = middle - 1
            }
        }
        guard let keep = best, keep > 0 else { return nil }
        let shortened = String(String(characters[..<keep])[...].trimmingSuffix(while: \.isWhitespace)) + "…"
        return stringFix(for: field, shortened, "shorten the alert body to fit (\(characters.count - keep) characters cut)", .unsafe)
    }
}
