import APNSLintModel
import APNSLintSyntax

struct HeadersInPayloadRule: ModelRule {
    static let descriptor = RuleDescriptor(id: "headers-in-payload", severity: .error, category: .structure)

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "An object of `apns-*` request headers written inside the payload, beside `aps`.",
            rationale: """
                APNs reads `apns-push-type`, `apns-priority`, `apns-expiration`, `apns-topic` and the other headers \\
                from the HTTP/2 request, never from the JSON body. FCM's `apns` object (`{"headers": …, "payload": …}`) \\
                and other senders' envelopes carry them beside the payload; copied into the payload itself, they \\
                travel to the app as custom data and none of them is applied: the push goes out with APNs's default \\
                priority and with whatever push type the sender set. In an apns-lint definition, headers go in the \\
                envelope's `headers` object (`{"headers": {…}, "payload": {…}}`) or on the command line.
                """,
            severity: .certain("APNs takes headers only from the HTTP/2 request, so these arrive as custom data and are never applied", source: Reference.sendingRequests),
            references: [Reference.sendingRequests, Reference.fcmAPNSConfig],
            triggering: [
                Example(#"{"aps": {"content-available": 1}, ↓"headers": {"apns-push-type": "background", "apns-priority": "5"}}"#),
                Example(#"{"aps": {"alert": "Hi"}, ↓"apns": {"apns-priority": "10"}}"#),
            ],
            nonTriggering: [
                Example(#"{"headers": {"apns-push-type": "background", "apns-priority": "5"}, "payload": {"aps": {"content-available": 1}}}"#),
                Example(#"{"aps": {"alert": "Hi"}, "headers": {"x-trace": "a1"}}"#),
            ])
    }

    /// `apns-…` in any case, without making a lowercased copy of every key.
    static func isHeaderName(_ key: String) -> Bool {
        var bytes = key.utf8.makeIterator()
        for expected in "apns-".utf8 {
            guard let byte = bytes.next(), byte == expected || (0x41...0x5A).contains(byte) && byte | 0x20 == expected else { return false }
        }
        return true
    }

    static func check(_ context: inout RuleContext) {
        guard let payload = context.definition.payload, payload.aps != nil else { return }
        for field in payload.fields.fields where field.key != "aps" {
            guard let members = field.value.members else { continue }
            let names = members.map(\.key).filter(Self.isHeaderName)
            guard !names.isEmpty else { continue }
            let listed = names.map { "\"\($0)\"" }.joined(separator: ", ")
            context.report(
                "\"\(field.key)\" holds request headers (\(listed)) inside the payload: APNs reads headers only from the HTTP/2 request, so these reach the app as custom data and are never applied",
                at: field,
                help: "move them out of the payload: into the definition's \"headers\" ({\"headers\": {…}, \"payload\": {\"aps\": …}}), or into the request your sender makes (FCM: apns.headers)")
        }
    }
}
