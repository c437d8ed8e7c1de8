import APNSLintModel
import APNSLintSyntax

struct UnknownAPSKeyRule: Rule {
    let metadata = RuleMetadata(
        id: "unknown-aps-key",
        summary: "A key inside `aps` that APNs does not define.",
        rationale: """
            Apple reserves `aps` for the keys it defines, and the system ignores anything else there. A \
            misspelled key (`content_available`, `contentAvailable`, `thread_id`, `mutable_content`) is the \
            usual cause: the notification is delivered without the behaviour you asked for, and nothing tells \
            you. Custom data belongs beside `aps`, at the top level of the payload.
            """,
        severity: .warning, category: .structure,
        references: [Reference.payloadKeyReference, Reference.generatingNotification],
        triggering: [
            Example(#"{"aps": {↓"content_available": 1}}"#),
            Example(#"{"aps": {"alert": "Hi", ↓"threadId": "chat-42", ↓"mutable_content": 1}}"#),
            Example(#"{"aps": {"alert": "Hi", ↓"order-id": 1234}}"#),
        ],
        nonTriggering: [
            Example(#"{"aps": {"alert": "Hi", "thread-id": "chat-42", "mutable-content": 1}, "order-id": 1234}"#),
        ])

    func check(_ context: inout RuleContext) {
        guard let aps = context.definition.payload?.aps else { return }
        reportUnknownKeys(
            in: aps.fields, known: Schema.aps, describe: "\"aps\"", consequence: "the device ignores it",
            otherwise: "if this is your own data, move it out of \"aps\" to the top level of the payload",
            into: &context)
    }
}
