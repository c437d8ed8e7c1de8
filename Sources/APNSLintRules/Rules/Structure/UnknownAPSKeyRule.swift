import APNSLintModel
import APNSLintSyntax

struct UnknownAPSKeyRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "unknown-aps-key", severity: .warning, category: .structure,
        fix: .sometimes,
        subscriptions: [.unknownKey(in: .aps)],
        finds: [.dialect(.unknownNotificationProperty)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "A key inside `aps` that APNs does not define and that looks like a mistake for one it does.",
            rationale: """
                Apple reserves `aps` for the keys it defines, and the system ignores anything else there. A \
                misspelled key (`content_available`, `contentAvailable`, `thread_id`, `mutable_content`) is the \
                usual cause: the notification is delivered without the behaviour you asked for, and nothing tells \
                you. The same goes for an `alert` key written one level too high (`"aps": {"title": …}`) and a \
                request header written into the payload, by its name (`apns-priority`) or by the name FCM and other \
                senders give the setting (`priority`, `time_to_live`, `collapse_key`): APNs takes these only as \
                request headers. An unknown key that resembles nothing APNs defines is custom data; \
                `custom-key-in-aps` reports that.
                """,
            severity: .likelyMistake("the device ignores a key it does not define in aps; one that resembles an APNs key or header is a slip for it", source: Reference.generatingNotification),
            references: [Reference.payloadKeyReference, Reference.generatingNotification],
            triggering: [
                Example(#"{"aps": {↓"content_available": 1}}"#),
                Example(#"{"aps": {"alert": "Hi", ↓"threadId": "chat-42", ↓"mutable_content": 1}}"#),
                Example(#"{"aps": {↓"sounds": "chime.caf", ↓"Badge": 3}}"#),
                Example(#"{"aps": {↓"title": "Hi", ↓"body": "There"}}"#),
                Example(#"{"aps": {"alert": "Hi", ↓"apns-priority": 5}}"#),
                Example(#"{"aps": {"alert": "Your order shipped", ↓"priority": "high"}}"#),
            ],
            nonTriggering: [
                Example(#"{"aps": {"alert": "Hi", "thread-id": "chat-42", "mutable-content": 1}, "order-id": 1234}"#),
                Example(#"{"aps": {"alert": "Hi", "order-id": 1234}}"#),
                Example(#"{"aps": {"timestamp": 1, "events": "update", "content-state": {}}}"#),
            ])
    }

    static func check(_ context: inout RuleContext) {
        guard let aps = context.definition.payload?.aps else { return }
        for field in aps.fields.fields where !field.isKnown {
            // In a Live Activity, `events` is liveactivity-event-invalid's to report, with its Live Activity context.
            if field.key == "events", LiveActivityPush(context.definition) != nil { continue }
            let kind = UnknownAPSKey(field.key)
            guard let help = kind.help(for: field.key) else { continue }
            var fix: Fix?
            if case .misspelled(let suggestion) = kind { fix = keyRenameFix(for: field, to: suggestion) }
            context.report(
                "\"\(field.key)\" is not a key APNs knows in \"aps\", so the device ignores it", at: field, help: help, fix: fix)
        }
    }
}
