import APNSLintModel
import APNSLintSyntax

struct DuplicateKeyRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "duplicate-key", severity: .warning, category: .structure,
        fix: .always,
        // It walks the whole document, nested payloads included.
        scope: .request,
        runsOnElidedDefinitions: true)

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "The same key appears twice in one object.",
            rationale: """
                JSON leaves duplicate keys undefined and parsers disagree: most keep the last value, some the first, \
                some reject the document. Which one APNs or your sender uses is not documented, so the request may \
                not be the one you reviewed. apns-lint reports every earlier occurrence and points at the one most \
                parsers keep. In an Erlang proplist the first value counts (`proplists:get_value/2`), so there the \
                later occurrences are reported. The fix deletes an occurrence with its separator, and in YAML with an \
                `&anchor` or `!tag` written before its key; it is not offered where deleting text cannot remove that \
                key alone: beside a merge key (`<<: *defaults`), or when the key's text defines an anchor an alias uses. \
                A header name written twice the same way is reported here too (two spellings of one name are \
                `duplicate-header`'s).
                """,
            severity: .undocumented(
                "RFC 8259 leaves the meaning of duplicate names to each parser, and which value a sender or APNs keeps is not documented",
                source: Reference.rfc8259),
            references: [Reference.rfc8259],
            triggering: [
                Example(#"{"aps": {↓"badge": 1, "alert": "Hi", "badge": 2}}"#),
                Example(#"{"aps": {"alert": "Hi"}, ↓"id": 1, ↓"id": 2, "id": 3}"#),
                Example("aps:\n  alert: Hi\n  &count ↓badge: 1\n  badge: 2\n", fileExtension: "yaml"),
                Example(#"{"headers": {"apns-push-type": "alert", ↓"apns-topic": "com.example.mail", "apns-topic": "com.example.mail"}, "payload": {"aps": {"alert": "Hi"}}}"#),
            ],
            nonTriggering: [
                Example(#"{"aps": {"badge": 1, "alert": {"badge": "not the same object"}}}"#),
            ])
    }

    static func check(_ context: inout RuleContext) {
        // Most documents have no duplicate: the reader may know already, else find out without building a path for
        // every node.
        guard !context.definition.textIsCompact, context.definition.root.containsDuplicateKeys else { return }
        let firstWins = context.definition.provenance.firstDuplicateWins
        // A header name written twice the same way is this rule's too; two spellings of one name are duplicate-header's.
        context.definition.root.walk { node, path in
            if let duplicate = node.elided?.firstDuplicate {
                reportElided(duplicate, at: JSONPointer(path), range: node.range, into: &context)
                return
            }
            guard let members = node.members, members.count > 1 else { return }
            var winners: [String: SourceRange] = [:]
            for member in members where !(firstWins && winners[member.key] != nil) { winners[member.key] = member.keyRange }
            for (index, member) in members.enumerated() {
                guard let winner = winners[member.key], winner != member.keyRange else { continue }
                // No fix where deleting text cannot remove this member alone (a YAML merge key or alias is involved).
                let fix = members.deletionRange(ofMember: index).map {
                    Fix("delete this \"\(member.key)\"", edits: [.delete($0)], applicability: .unsafe)
                }
                if firstWins {
                    context.report(
                        "duplicate key \"\(member.key)\": proplists:get_value/2 reads the first \"\(member.key)\" of this proplist, so this one is ignored",
                        pointer: JSONPointer(path + [member.key]), range: member.keyRange,
                        help: "delete this \"\(member.key)\", or the earlier one if this is the value you meant",
                        notes: [Note("this earlier value is the one used", range: winner)], fix: fix)
                } else {
                    context.report(
                        "duplicate key \"\(member.key)\": the same object sets it again later; JSON parsers disagree on which value wins, so the request APNs gets may not be the one you reviewed",
                        pointer: JSONPointer(path + [member.key]), range: member.keyRange,
                        help: "keep one \"\(member.key)\" and delete the others",
                        notes: [Note("most parsers keep this later value", range: winner)], fix: fix)
                }
            }
        }
    }

    /// The first duplicate key inside a container the reader elided (only JSON is read so): where it is first
    /// written, with where it is written again. The reader kept no more of the container, so this is the one
    /// finding there, with no fix.
    private static func reportElided(_ duplicate: ElidedContainer.DuplicateKey, at pointer: JSONPointer, range: SourceRange,
                                     into context: inout RuleContext) {
        let key = duplicate.key
        context.report(
            "duplicate key \"\(key)\": the same object sets it again later; JSON parsers disagree on which value wins, so the request APNs gets may not be the one you reviewed",
            pointer: JSONPointer(pointer.tokens + duplicate.path + [key]), range: duplicate.first,
            help: "keep one \"\(key)\" and delete the others",
            notes: [Note("set again here", range: duplicate.second),
                    Note("apns-lint read \(pointer.tokens.isEmpty ? "the document" : "\(pointer)") (\(range.length) bytes) without keeping it in memory, so only its first duplicate key is reported")])
    }
}
