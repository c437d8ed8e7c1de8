import APNSLintModel
import APNSLintSyntax

struct PushTypeInvalidRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "push-type-invalid", severity: .error, category: .delivery,
        subscriptions: [.header(.pushType)], rejection: .invalidPushType)

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "`apns-push-type` is not one of the eleven push types APNs documents, or a broadcast request's is not `liveactivity`.",
            rationale: """
                `apns-push-type` takes one of eleven values: `alert`, `background`, `location`, `voip`, \
                `complication`, `fileprovider`, `mdm`, `liveactivity`, `pushtotalk`, `widgets` and `controls`. APNs \
                rejects any other value with 400 `InvalidPushType`. Apple's documentation and every client library \
                write them in lowercase; whether APNs also takes `Alert` or `LiveActivity` on `/3/device` is not \
                documented, so apns-lint asks for the documented spelling. The broadcast API (a request with \
                `apns-channel-id`) writes `LiveActivity`, so that spelling is accepted there; and it takes no other \
                type: broadcasts carry Live Activity updates only, and an `alert` broadcast is answered with 400 \
                `InvalidPushType` ("The only allowed value is LiveActivity"). A value that is not a string is left to \
                `invalid-value-type`.
                """,
            severity: .rejectedByAPNs(
                "a value that is not one of the eleven documented push types is answered with 400",
                source: Reference.handlingResponses),
            references: [Reference.sendingRequests, Reference.handlingResponses, Reference.broadcastErrors],
            triggering: [
                Example(#"{"headers": {"apns-push-type": ↓"Alert"}, "payload": {"aps": {"alert": "Hi"}}}"#),
                Example(#"{"headers": {"apns-push-type": ↓"LiveActivity"}, "payload": {"aps": {"timestamp": 1763712000, "event": "update", "content-state": {"eta": "14:35"}}}}"#),
                Example(#"{"headers": {"apns-push-type": ↓"backgorund", "apns-priority": 5}, "payload": {"aps": {"content-available": 1}}}"#),
                Example(#"{"headers": {"apns-push-type": ↓"silent", "apns-priority": 5}, "payload": {"aps": {"content-available": 1}}}"#),
                Example(#"{"headers": {"apns-push-type": ↓""}, "payload": {"aps": {"alert": "Hi"}}}"#),
                Example(#"{"headers": {"apns-push-type": ↓"alert", "apns-channel-id": "dHN0LXNyY2gtY2hubA=="}, "payload": {"aps": {"alert": "Kick-off in 5 minutes"}}}"#),
            ],
            nonTriggering: [
                Example(#"{"headers": {"apns-push-type": "liveactivity"}, "payload": {"aps": {"timestamp": 1763712000, "event": "update", "content-state": {"eta": "14:35"}}}}"#),
                Example(#"{"headers": {"apns-push-type": "LiveActivity", "apns-channel-id": "dHN0LTIyMjU0YjgxLWRiNmQtNGE5Ni04YWE3LWU0YTk4ZmM1Y2I4MQ=="}, "payload": {"aps": {"timestamp": 1763712000, "event": "update", "content-state": {"eta": "14:35"}}}}"#),
                Example(#"{"aps": {"alert": "Hi"}}"#, headers: ["apns-push-type": "alert"]),
            ],
            enforces: [.header(.pushType), .pushType(.broadcast)])
    }

    static func check(_ context: inout RuleContext) {
        let headers = context.definition.headers
        if headers.isBroadcast, let type = headers.pushType, !type.spec.broadcast, let field = headers.pushTypeField {
            context.report(
                "apns-push-type \(type.rawValue) on a broadcast request (apns-channel-id): a channel carries Live Activity updates only, so APNs answers 400 InvalidPushType (\"The only allowed value is LiveActivity\")",
                at: field, part: .value,
                help: "send a Live Activity update (apns-push-type liveactivity); send \(type.rawValue) pushes to each device's token instead of a channel")
            return
        }
        // A value of another type is invalid-value-type's.
        // The model has read the push type already: nil for a value that is not one.
        guard headers.pushType == nil, let field = headers.pushTypeField, let text = field.string else { return }
        // A broadcast's `LiveActivity` (the broadcast API's spelling) is read as liveactivity by the model.
        let consequence = "APNs rejects the request with 400 InvalidPushType"

        if text.trimmingWhitespace.isEmpty {
            let inferred = context.definition.inferredPushType.map { "\"\($0.rawValue)\" (what the payload looks like)" }
            context.report(
                "apns-push-type is empty; \(consequence)", at: field, part: .value,
                help: "set it to the type of this push, e.g. \(inferred ?? "\"alert\" to show something or \"background\" for a silent update")")
            return
        }
        guard let suggestion = Self.suggestion(for: text) else {
            context.report(
                "apns-push-type \(field.value.shortDescription) is not a push type APNs knows; \(consequence)", at: field, part: .value,
                help: "use one of: \(PushType.allCases.map(\.rawValue).joined(separator: ", "))")
            return
        }
        let type = suggestion.type
        switch suggestion.resemblance {
        case .spelling:
            context.report(
                "apns-push-type \(field.value.shortDescription) is not a push type APNs knows; \(consequence)", at: field, part: .value,
                help: "did you mean \"\(type.rawValue)\"?")
        case .alias(let meaning):
            context.report(
                "apns-push-type \(field.value.shortDescription) is not a push type APNs knows; \(consequence)", at: field, part: .value,
                help: "\(meaning) is apns-push-type \"\(type.rawValue)\"")
        case .form:
            context.report(
                "apns-push-type is \(field.value.shortDescription), but APNs documents the push type as \"\(type.rawValue)\" (lowercase, one word, no spaces); a value it does not know is rejected with 400 InvalidPushType",
                at: field, part: .value, help: "write \"\(type.rawValue)\"")
        }
    }

    enum Resemblance {
        /// The same word in another case, with separators or spaces (`Alert`, `live-activity`, ` voip`).
        case form
        /// A misspelling (`backgorund`).
        case spelling
        /// Another name for it (`silent` for background).
        case alias(String)
    }

    static let aliases: [String: (PushType, String)] = [
        "silent": (.background, "a silent push"),
        "contentavailable": (.background, "a content-available push"),
        "data": (.background, "a data-only push"),
        "ptt": (.pushtotalk, "a push-to-talk push"),
        "voipptt": (.pushtotalk, "a push-to-talk push"),
        "locationquery": (.location, "a location query"),
        "notification": (.alert, "a visible notification"),
    ]

    /// The push type `text` most likely stands for.
    static func suggestion(for text: String) -> (type: PushType, resemblance: Resemblance)? {
        let lowered = text.trimmingWhitespace.lowercased()
        let squashed = lowered.filter { !["-", "_", " ", "."].contains($0) }
        if let type = PushType(rawValue: squashed) { return (type, .form) }
        if let alias = aliases[squashed] { return (alias.0, .alias(alias.1)) }
        let names = PushType.allCases.map(\.rawValue)
        if let closest = Suggestion.closest(to: squashed, in: names), let type = PushType(rawValue: closest) {
            return (type, .spelling)
        }
        return nil
    }
}
