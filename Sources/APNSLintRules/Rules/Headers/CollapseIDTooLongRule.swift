import APNSLintModel
import APNSLintSyntax

struct CollapseIDTooLongRule: ModelRule {
    static let limit = AppleSpec.collapseIDBytes

    static let descriptor = RuleDescriptor(
        id: "collapse-id-too-long", severity: .error, category: .headers,
        subscriptions: [.header(.collapseID)], rejection: .badCollapseId)

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "`apns-collapse-id` is longer than 64 bytes of UTF-8.",
            rationale: """
                APNs limits `apns-collapse-id` to 64 bytes and rejects a longer one with 400 `BadCollapseId`. The \
                limit counts UTF-8 bytes, not characters: 22 emoji are already 88 bytes. Exactly 64 bytes is fine.
                """,
            severity: .rejectedByAPNs("a collapse id over 64 bytes is rejected", source: Reference.handlingResponses),
            references: [Reference.sendingRequests, Reference.handlingResponses],
            triggering: [
                Example(#"{"headers": {"apns-collapse-id": ↓"score-update-2026-11-21-premier-league-arsenal-vs-chelsea-live-01"}, "payload": {"aps": {"alert": "Goal!"}}}"#),
                Example(#"{"headers": {"apns-collapse-id": ↓"ééééééééééééééééééééééééééééééééé"}, "payload": {"aps": {"alert": "Hi"}}}"#),
            ],
            nonTriggering: [
                Example(#"{"headers": {"apns-collapse-id": "score-update-2026-11-21-premier-league-arsenal-vs-chelsea-live-1"}, "payload": {"aps": {"alert": "Goal!"}}}"#),
                Example(#"{"headers": {"apns-collapse-id": "éééééééééééééééééééééééééééééééé"}, "payload": {"aps": {"alert": "Hi"}}}"#),
            ],
            enforces: [.header(.collapseID)])
    }

    static func check(_ context: inout RuleContext) {
        guard let field = context.definition.headers.collapseIDField, let value = field.string else { return }
        let bytes = value.utf8.count
        guard bytes > Self.limit else { return }
        let characters = value.count == bytes ? "" : " (\(value.count) characters)"
        context.report(
            "apns-collapse-id is \(bytes) bytes of UTF-8\(characters), over APNs's limit of \(Self.limit); APNs rejects the request with 400 BadCollapseId",
            at: field, part: .value,
            help: "shorten it to at most \(Self.limit) bytes, e.g. use a short stable id or a hash of the long one")
    }
}
