import APNSLintModel
import APNSLintSyntax

struct APNsRejectedRule: ModelRule {
    static let descriptor = RuleDescriptor(id: "apns-rejected", severity: .error, category: .delivery, scope: .request)

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "A send log records that APNs answered the request with an error (a status other than 200).",
            rationale: """
                A send log, such as the APNs sandbox's (`apns-lint-sandbox`), keeps each request with what APNs \
                answered it in a `response` object: `{"status": 403, "reason": "MissingProviderToken", …}`. Most \
                rejections come from what no definition holds: the credentials (`MissingProviderToken`, \
                `InvalidProviderToken`, `ExpiredProviderToken`), the request line (`MethodNotAllowed`, `BadPath`), a \
                body over the size limit the server stopped reading (`PayloadTooLarge`), a missing `apns-topic` with a \
                token (`MissingTopic`), the device token's state (`Unregistered`). Auditing such a log, each of them is \
                reported at its record, with the reason and what APNs means by it, so a test run whose requests were \
                refused does not pass the audit. A rejection a rule of its own explains (the log's findings name that \
                rule with the same reason, as `priority-invalid` for `BadPriority`) is left to that rule, which reports \
                it where the request went wrong.
                """,
            severity: .rejected(byService: "the reason in the log's response", "APNs refused the request: nothing was delivered",
                                source: Reference.handlingResponses),
            references: [Reference.handlingResponses],
            triggering: [
                Example(#"{"response": {↓"status": 403, "reason": "MissingProviderToken"}, "headers": {"apns-push-type": "alert", "apns-topic": "com.example.app"}, "payload": {"aps": {"alert": "Hi"}}}"#),
                Example(#"{"response": {↓"status": 413, "reason": "PayloadTooLarge", "body-bytes": 5000, "body-kept": false}, "headers": {"apns-push-type": "alert", "apns-topic": "com.example.app"}}"#),
            ],
            nonTriggering: [
                Example(#"{"response": {"status": 200}, "headers": {"apns-push-type": "alert", "apns-topic": "com.example.app"}, "payload": {"aps": {"alert": "Hi"}}}"#),
                Example(#"{"response": {"status": 400, "reason": "BadPriority", "findings": [{"rule": "priority-invalid", "reason": "BadPriority"}]}, "headers": {"apns-push-type": "alert", "apns-topic": "com.example.app", "apns-priority": "7"}, "payload": {"aps": {"alert": "Hi"}}}"#),
            ])
    }

    static func check(_ context: inout RuleContext) {
        guard let response = context.definition.envelope?[EnvelopeKey.response]?.value, response.isObject,
              let statusNode = response.member("status")?.value, let status = statusNode.number?.doubleValue, status != 200
        else { return }
        let code = Int(status)
        let reasonText = response.member("reason")?.value.string
        let reason = reasonText.flatMap(APNsReason.init(rawValue:))
        // A rule that explains the rejection reports it itself, where the request went wrong.
        if let reasonText, let findings = response.member("findings")?.value.elements,
           findings.contains(where: { $0.member("rule") != nil && $0.member("reason")?.value.string == reasonText }) { return }
        let answer = "\(code)\(reasonText.map { " \($0)" } ?? "")"
        let why = reason.map(Self.meaning) ?? (reasonText == "SandboxStrictFinding"
            ? "the strict APNs sandbox refused an error finding APNs itself would accept"
            : "APNs refused the request")
        let said = response.member("findings")?.value.elements?.lazy
            .filter { $0.member("rule") == nil && $0.member("reason")?.value.string == reasonText }
            .compactMap { $0.member("message")?.value.string }.first
        let statusMember = response.member("status")!
        context.report(
            "APNs answered \(answer): \(why)\(said.map { " (the log says: \($0))" } ?? "")",
            pointer: context.definition.envelope![EnvelopeKey.response]!.pointer.appending("status"),
            range: SourceRange(start: statusMember.keyRange.start, end: statusNode.range.end),
            help: reason.map(Self.remedy) ?? "see Apple's \"Handling notification responses from APNs\" for what the reason means",
            rejection: reason)
    }

    /// What APNs means by a reason, in a phrase.
    static func meaning(_ reason: APNsReason) -> String {
        switch reason {
        case .missingProviderToken: "the request carried no provider token (no \"authorization: bearer <JWT>\") and the connection no client certificate"
        case .invalidProviderToken: "the provider token is not a valid ES256 JWT for the key and team (its structure, kid, iss or signature)"
        case .expiredProviderToken: "the provider token was made more than an hour ago"
        case .missingTopic: "a token-authenticated request must name its app in apns-topic"
        case .methodNotAllowed: "APNs takes POST only"
        case .badPath: "the path is not /3/device/<device token>"
        case .payloadTooLarge: "the body is over the size limit (4096 bytes, 5120 for VoIP), so APNs did not read it"
        case .payloadEmpty: "the request had no body"
        case .duplicateHeaders: "a header was sent more than once"
        case .unregistered: "the device token is no longer registered for the topic"
        case .deviceTokenNotForTopic: "the device token is not registered for the topic"
        case .missingDeviceToken: "the path names no device token"
        case .missingChannelId: "a broadcast request names no channel in apns-channel-id"
        default: "APNs refused the request with this documented reason"
        }
    }

    /// What to change, in a phrase.
    static func remedy(_ reason: APNsReason) -> String {
        switch reason {
        case .missingProviderToken, .invalidProviderToken, .expiredProviderToken:
            "send \"authorization: bearer <JWT>\": an ES256 token with kid, iss and iat, signed with the team's .p8 key (apns-lint-sandbox token makes one for the sandbox)"
        case .missingTopic: "send apns-topic: the app's bundle ID (with the push type's suffix)"
        case .payloadTooLarge: "make the payload smaller than the limit"
        default: "see Apple's \"Handling notification responses from APNs\" for the reason"
        }
    }
}
