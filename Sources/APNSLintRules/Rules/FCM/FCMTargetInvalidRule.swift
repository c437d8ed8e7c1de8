import APNSLintModel
import APNSLintSyntax

struct FCMTargetInvalidRule: ModelRule {
    static let descriptor = RuleDescriptor(id: "fcm-target-invalid", severity: .error, category: .fcm, scope: .fcmMessage)

    /// What FCM and the Admin SDKs allow of a topic name, after an optional `/topics/` (firebase-admin-node's
    /// `validateMessage`).
    static func isValidTopic(_ name: String) -> Bool {
        let name = name.hasPrefix("/topics/") ? String(name.dropFirst("/topics/".count)) : name
        return !name.isEmpty && name.unicodeScalars.allSatisfy { scalar in
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || "-_.~%".unicodeScalars.contains(scalar)
        }
    }

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "An FCM message that does not name exactly one target (`token`, `topic` or `condition`), or names a topic FCM does not allow.",
            rationale: """
                An HTTP v1 message goes to one target: a registration `token`, a `topic`, or a `condition` over topics \
                ("Union field target can be only one of the following"). With none, or with two, FCM answers \
                INVALID_ARGUMENT and the Admin SDKs refuse it before sending ("Exactly one of topic, token or \
                condition is required"). A topic name is letters, digits and `-_.~%`, without the legacy \
                `/topics/` prefix ("Malformed topic name"). A target that is a template's placeholder (`<Your \
                topic>`, `{{topic}}`, `YOUR_TOKEN`, `{condition}`) is not judged: a definition kept in a repository is \
                often a template whose sending code fills in the target, and the slot states no fault.
                """,
            severity: .rejected(
                byService: "INVALID_ARGUMENT", "FCM refuses a message without exactly one target, and the Admin SDKs refuse it before sending (\"Exactly one of topic, token or condition is required\", \"Malformed topic name\")",
                source: Reference.fcmAdminNodeValidation),
            references: [Reference.fcmV1Messages, Reference.fcmAdminNodeValidation],
            triggering: [
                Example(#"{↓"message": {"notification": {"title": "Hi"}}}"#),
                Example(#"{"message": {"token": "bk3RNwTe3H0:CI2k_HHwgIpoDKCIZvvDMExUdFQ3P1", ↓"topic": "news", "notification": {"title": "Hi"}}}"#),
                Example(#"{"message": {"topic": ↓"breaking news", "notification": {"title": "Hi"}}}"#),
                Example(#"{"message": {"token": ↓"", "notification": {"title": "Hi"}}}"#),
            ],
            nonTriggering: [
                Example(#"{"message": {"topic": "news", "notification": {"title": "Hi"}}}"#),
                Example(#"{"message": {"condition": "'stock-GOOG' in topics || 'industry-tech' in topics", "notification": {"title": "Hi"}}}"#),
                Example(#"{"message": {"title": "Hi"}, "custom": {"android_icon": "icon-1"}}"#),
                Example(#"{"message": {"topic": "<Your topic>", "notification": {"title": "Hi"}}}"#),
            ])
    }

    static func check(_ context: inout RuleContext) {
        guard let message = context.fcmMessage, message.isWrittenByUser else { return }
        // A target written as null is no target (FCM reads it as unset); `fid`, a Firebase installation ID, is one too.
        let targets = [FCMKey.token, FCMKey.topic, FCMKey.condition, FCMKey.fid].compactMap { message.fields[fcm: $0] }.filter { $0.value.kind != .null }
        for target in targets where target.value.string?.isEmpty != false {
            context.report(
                "\"\(target.key)\" is \(target.value.string == nil ? "\(target.value.kind.phrase) (\(target.value.shortDescription))" : "empty"), but a target is a non-empty string, so FCM refuses the message (the Admin SDKs before sending)",
                at: target, part: .value, help: "write the \(target.key) as a string")
        }
        if targets.count > 1 {
            context.report(
                "the message names \(targets.count) targets (\(targets.map { "\"\($0.key)\"" }.joined(separator: ", "))), but an FCM message goes to exactly one: FCM refuses it (INVALID_ARGUMENT), and the Admin SDKs before sending",
                at: targets[1], help: "keep one of token, topic and condition; send one message per target")
        } else if targets.isEmpty {
            let where_ = message.request?[fcm: FCMKey.message]
            let text = "the message names no target (token, topic or condition), so FCM refuses it (INVALID_ARGUMENT: \"Exactly one of topic, token or condition is required\")"
            let help = "add \"token\": \"<registration token>\", \"topic\": \"<name>\" or \"condition\": \"'a' in topics\""
            if let where_ {
                context.report(text, at: where_, help: help)
            } else {
                context.report(text, pointer: FCMMessage.pointer, range: SourceRange(start: message.node.range.start, end: message.node.range.start), help: help)
            }
        }
        // A template's slot (`<Your topic>`) is what the sending code fills in: not judged.
        if let topic = message.fields[fcm: FCMKey.topic], let name = topic.string, !isValidTopic(name), !TemplatePlaceholder.isPlaceholder(name) {
            context.report(
                "topic \"\(name)\" is not a topic name FCM allows (letters, digits and -_.~%), so FCM refuses the message (\"Malformed topic name\")",
                at: topic, part: .value, help: "use only letters, digits and -_.~% in topic names")
        }
    }
}
