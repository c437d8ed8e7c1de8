import APNSLintModel
import APNSLintSyntax

struct DuplicateKeyRule: Rule {
    let metadata = RuleMetadata(
        id: "duplicate-key",
        summary: "The same key appears twice in one object.",
        rationale: """
            JSON leaves duplicate keys undefined and parsers disagree: most keep the last value, some the first, \
            some reject the document. Which one APNs or your sender uses is not documented, so the request may \
            not be the one you reviewed. apns-lint reports every earlier occurrence and points at the one most \
            parsers keep.
            """,
        severity: .warning, category: .structure,
        references: [Reference.rfc8259],
        triggering: [
            Example(#"{"aps": {↓"badge": 1, "alert": "Hi", "badge": 2}}"#),
            Example(#"{"aps": {"alert": "Hi"}, ↓"id": 1, ↓"id": 2, "id": 3}"#),
        ],
        nonTriggering: [
            Example(#"{"aps": {"badge": 1, "alert": {"badge": "not the same object"}}}"#),
        ])

    func check(_ context: inout RuleContext) {
        visit(context.definition.root, pointer: .root, into: &context)
    }

    private func visit(_ node: DocumentNode, pointer: JSONPointer, into context: inout RuleContext) {
        switch node.value {
        case .object(let members):
            var last: [String: Member] = [:]
            for member in members { last[member.key] = member }
            for member in members {
                if let winner = last[member.key], winner.keyRange != member.keyRange {
                    context.report(
                        "duplicate key \"\(member.key)\": the same object sets it again later; JSON parsers disagree on which value wins, so the request APNs gets may not be the one you reviewed",
                        pointer: pointer.appending(member.key), range: member.keyRange,
                        help: "keep one \"\(member.key)\" and delete the others",
                        notes: [Note("most parsers keep this later value", range: winner.keyRange)])
                }
                visit(member.value, pointer: pointer.appending(member.key), into: &context)
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                visit(element, pointer: pointer.appending(index), into: &context)
            }
        default:
            break
        }
    }
}
