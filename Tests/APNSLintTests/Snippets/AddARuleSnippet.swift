// The rule of docs/development.md's "Add a rule", verbatim below the marker (DocSnippetTests checks it): compiled here,
// in the rules module's terms, so the sample in the docs compiles as written.
@testable import APNSLintRules

// snippet: docs/development.md#add-a-rule
import APNSLintModel
import APNSLintSyntax

struct ThreadIDEmptyRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "thread-id-empty", severity: .warning, category: .payload,
        subscriptions: [.aps(.threadID)])   // run only where aps holds thread-id

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "`thread-id` is an empty string.",
            rationale: "…what APNs or the device does, and where that is documented…",
            severity: .likelyMistake("…what happens to the notification, which is why this is a warning…"),
            references: [Reference.payloadKeyReference],
            triggering: [Example(#"{"aps": {"alert": "Hi", "thread-id": ↓""}}"#)],
            nonTriggering: [Example(#"{"aps": {"alert": "Hi", "thread-id": "chat-42"}}"#)])
    }

    static func check(_ context: inout RuleContext) {
        guard let field = context.definition.payload?.aps?.fields[APSKey.threadID], field.string == "" else { return }
        context.report("\"thread-id\" is empty, so …", at: field, part: .value, help: "…")
    }
}
