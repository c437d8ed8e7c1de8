import APNSLintModel
import APNSLintSyntax

/// Shared by the `unknown-*` rules: report each unknown field of a set, with "did you mean" when a known key
/// is close (snake_case and camelCase spellings fold to kebab-case first).
func reportUnknownKeys(
    in fields: FieldSet, known: [KeySpec], describe place: String, consequence: String, otherwise: String,
    into context: inout RuleContext
) {
    let names = known.map(\.name)
    for field in fields.unknownFields {
        let message = "\"\(field.key)\" is not a key APNs knows in \(place), so \(consequence)"
        if let suggestion = Suggestion.closest(to: field.key, in: names) {
            let reason = Suggestion.kebabCase(field.key) == suggestion || field.key.lowercased() == suggestion
                ? " (APNs reads only the exact kebab-case spelling)" : ""
            context.report(message, at: field, help: "did you mean \"\(suggestion)\"?\(reason)")
        } else {
            context.report(message, at: field, help: otherwise)
        }
    }
}
