import APNSLintModel
import APNSLintSyntax

struct TopicInvalidRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "topic-invalid", severity: .error, category: .headers,
        subscriptions: [.header(.topic)], rejection: .badTopic)

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "`apns-topic` is empty, a placeholder, a URL, or holds a slash or whitespace.",
            rationale: """
                `apns-topic` is the app's bundle ID (`com.example.app`), plus a suffix for some push types \
                (`.voip`, `.push-type.liveactivity`), or for MDM the UID from the push certificate. Bundle IDs hold \
                only letters, digits, hyphens and periods. A topic that is empty, still a template placeholder \
                (`<bundle-id>`), a URL (`https://…`), or that holds a slash or whitespace names no app: APNs \
                answers 400 `BadTopic` (`MissingTopic` when there is none, which token-based requests need). \
                HTTP/2 also forbids whitespace at the ends of a header value.
                """,
            severity: .rejectedByAPNs("a topic that names no bundle ID is rejected (MissingTopic when it is empty)", source: Reference.handlingResponses),
            references: [Reference.sendingRequests, Reference.handlingResponses],
            triggering: [
                Example(#"{"headers": {"apns-push-type": "alert", "apns-topic": ↓"<bundle-id>"}, "payload": {"aps": {"alert": "Hi"}}}"#),
                Example(#"{"headers": {"apns-push-type": "alert", "apns-topic": ↓"https://api.push.apple.com/3/device"}, "payload": {"aps": {"alert": "Hi"}}}"#),
                Example(#"{"headers": {"apns-push-type": "alert", "apns-topic": ↓"com.example.app "}, "payload": {"aps": {"alert": "Hi"}}}"#),
                Example(#"{"headers": {"apns-push-type": "alert", "apns-topic": ↓""}, "payload": {"aps": {"alert": "Hi"}}}"#),
                Example(#"{"headers": {"apns-topic": ↓"com.example.app/voip", "apns-push-type": "voip"}, "payload": {"aps": {}}}"#),
            ],
            nonTriggering: [
                Example(#"{"headers": {"apns-push-type": "liveactivity", "apns-topic": "com.example.delivery.push-type.liveactivity"}, "payload": {"aps": {"timestamp": 1763712000, "event": "update", "content-state": {"eta": "14:35"}}}}"#),
                Example(#"{"headers": {"apns-topic": "com.apple.mgmt.External.2a7c1f6e-8d4b-4f0e-9a51-3c9d2b7e6a10", "apns-push-type": "mdm"}, "payload": {"mdm": "5E2C9A3F"}}"#),
            ],
            enforces: [.header(.topic)])
    }

    static func check(_ context: inout RuleContext) {
        // A value of another type is invalid-value-type's.
        guard let field = context.definition.headers.topicField, let topic = field.string,
              let problem = Self.problem(in: topic) else { return }
        context.report("apns-topic \(field.value.shortDescription) \(problem.what); \(problem.consequence)",
                       at: field, part: .value, help: problem.help)
    }

    struct Problem {
        let what: String
        let consequence: String
        let help: String
    }

    static let badTopic = "APNs rejects the request with 400 BadTopic"
    static let bundleIDHelp = "set it to your app's bundle ID, e.g. com.example.app (plus the suffix of the push type, such as .voip)"

    /// What is wrong with a topic, or nil when it could be a bundle ID. Shared with `topic-suffix-mismatch`,
    /// which checks only topics without these problems.
    static func problem(in topic: String) -> Problem? {
        // A bundle ID's characters (letters, digits, '.', '-', '_') are none of the problems below. (Read from the
        // contiguous bytes: stepping through `utf8` costs several times more.)
        var text = topic
        if !topic.isEmpty, text.withUTF8({ $0.allSatisfy(isBundleIDByte) }) { return nil }
        let trimmed = topic.trimmingWhitespace
        if trimmed.isEmpty {
            return Problem(
                what: "is empty", consequence: "an empty topic names no app, so APNs rejects the request (400 MissingTopic or BadTopic)",
                help: "\(bundleIDHelp); only a request signed with a single-topic certificate may leave the topic out, and then without the header")
        }
        if topic.contains("<") || topic.contains(">") {
            let inner = trimmed.filter { $0 != "<" && $0 != ">" }
            let looksLikeBundleID = inner.contains(".") && !inner.contains { $0.isWhitespace || $0 == "/" }
            return Problem(
                what: looksLikeBundleID ? "has angle brackets, which never appear in a bundle ID" : "is a template placeholder, not a bundle ID",
                consequence: badTopic,
                help: looksLikeBundleID ? "remove the angle brackets: \"\(inner)\"" : bundleIDHelp)
        }
        if let scheme = topic.firstRange(of: "://") {
            return Problem(
                what: "is a URL (\(topic[..<scheme.lowerBound])://…), not a bundle ID", consequence: badTopic,
                help: "\(bundleIDHelp); the APNs host and path are not part of the topic")
        }
        if topic.contains("/") {
            return Problem(
                what: "holds a slash, which never appears in a bundle ID", consequence: badTopic,
                help: "\(bundleIDHelp); a push-type suffix is joined with a period: com.example.app.voip")
        }
        if trimmed != topic {
            return Problem(
                what: "has whitespace at its \(topic.first!.isWhitespace ? "start" : "end")",
                consequence: "HTTP/2 forbids whitespace around a header value, and no bundle ID has any, so \(badTopic)",
                help: "write \"\(trimmed)\"")
        }
        if topic.contains(where: \.isWhitespace) {
            return Problem(
                what: "holds whitespace, which never appears in a bundle ID", consequence: badTopic,
                help: "remove it: \"\(topic.filter { !$0.isWhitespace })\"")
        }
        return nil
    }
}

private func isBundleIDByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
         UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "_"): true
    default: false
    }
}
