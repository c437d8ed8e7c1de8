import APNSLintModel
import APNSLintSyntax

/// A fix that writes an integer in place of a field's value. An integer is written the same way in JSON, YAML
/// and Erlang, so one edit serves every input format; a header value written as a string (`"apns-priority": "10"`)
/// gets the new number as a string. Nil for a value with no text of its own in the file (a command-line header, or a
/// value an Erlang library adds).
func integerFix(for field: Field, _ value: Int, _ title: String, _ applicability: Fix.Applicability) -> Fix? {
    guard case .inFile(let range) = field.valuePlacement else { return nil }
    // A header written as a string stays one: FCM's apns.headers and SNS's attribute values take strings only.
    if field.spec?.type == .headerInteger, field.value.string != nil {
        return Fix(title, edits: [.string(range, String(value))], applicability: applicability)
    }
    return Fix(title, edits: [TextEdit(range: range, replacement: String(value))], applicability: applicability)
}

/// A fix that renames a key to the known key it misspells. Safe when only the spelling style differs
/// (`content_available`, `contentAvailable`, `Badge`): the author plainly meant that key. Unsafe for a guess by
/// similarity (`sounds` → `sound`).
func keyRenameFix(for field: Field, to key: String) -> Fix? {
    guard case .inFile(let range) = field.keyPlacement else { return nil }
    let styleOnly = Suggestion.kebabCase(field.key) == key || field.key.lowercased() == key
    return Fix("rename \"\(field.key)\" to \"\(key)\"", edits: [.string(range, key)], applicability: styleOnly ? .safe : .unsafe)
}

/// A fix that writes a string value in place of a field's value.
func stringFix(for field: Field, _ text: String, _ title: String, _ applicability: Fix.Applicability) -> Fix? {
    guard case .inFile(let range) = field.valuePlacement else { return nil }
    return Fix(title, edits: [.string(range, text)], applicability: applicability)
}
