import APNSLintModel
import APNSLintSyntax

struct ProplistObjectRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "proplist-object", severity: .warning, category: .structure,
        fix: .always)

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "A dictionary written as a proplist: an array of `[key, value]` pairs or of single-key objects.",
            rationale: """
                Authors porting notifications from Erlang write `aps`, `alert` or a critical `sound` as a list of \
                pairs, `[["alert", "Hi"], ["badge", 1]]`, or in YAML as a list of one-key mappings (`- alert: Hi`). \
                APNs needs a JSON object there: sent as written, the array is not a dictionary and the notification \
                shows nothing. apns-lint reads the pairs as the object they stand for, checks its content as usual, \
                and offers a safe fix that writes the object.
                """,
            severity: .likelyMistake("sent as written, the array is not the dictionary APNs reads; whether the sender turns the pairs into an object first is not known", source: Reference.generatingNotification),
            references: [Reference.generatingNotification, Reference.payloadKeyReference],
            triggering: [
                Example(#"{"aps": ↓[["alert", "Hi"], ["badge", 1]]}"#),
                Example(#"{"aps": {"alert": ↓[{"title": "Hi"}, {"body": "There"}]}}"#),
                Example("aps:\n  ↓- alert: Hi\n  - sound: default\n", fileExtension: "yaml"),
            ],
            nonTriggering: [
                Example(#"{"aps": {"alert": "Hi", "badge": 1}}"#),
                Example(#"{"aps": {"alert": {"loc-key": "K", "loc-args": ["a", "b"]}}}"#),
            ])
    }

    static func check(_ context: inout RuleContext) {
        guard let aps = context.definition.payload?.aps else { return }
        let apsFields = aps.fields
        report(apsFields, into: &context)
        // Only an array can be a proplist: when no value in `aps` is one, the alert and the sound are not either
        // (and are not fetched, which costs).
        guard apsFields.fields.contains(where: { $0.value.elements != nil }) else { return }
        if case .dictionary(let alert, _) = aps.alert { report(alert.fields, into: &context) }
        if case .critical(let sound, _) = aps.sound { report(sound, into: &context) }
    }

    private static func report(_ set: FieldSet, into context: inout RuleContext) {
        guard let proplist = set.proplist else { return }
        let name = set.pointer.last ?? "aps"
        // JSON text is valid in JSON and in YAML (as a flow mapping), so one edit serves both; the fixer places it.
        let object = String(decoding: WireSerializer.serialize(set.node, firstDuplicateWins: context.definition.provenance.firstDuplicateWins), as: UTF8.self)
        context.report(
            "\"\(name)\" is written as a proplist (a list of key/value pairs); APNs needs a JSON object here, and sent as written the notification shows nothing",
            pointer: set.pointer, range: proplist.range,
            help: "write it as an object: \(object.count > 80 ? String(object.prefix(77)) + "…" : object)",
            fix: Fix("write \"\(name)\" as an object", edits: [TextEdit(range: proplist.range, replacement: object, content: .value)],
                     applicability: .safe))
    }
}
