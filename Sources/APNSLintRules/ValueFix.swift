import APNSLintModel
import APNSLintSyntax

/// A fix that writes an integer in place of a field's value. An integer is written the same way in JSON, YAML
/// and Erlang, so one edit serves every input format. Nil for a value with no text of its own in the file (a
/// command-line header, or a value an Erlang library adds).
func integerFix(for field: Field, _ value: Int, _ title: String, _ applicability: Fix.Applicability) -> Fix? {
    guard let range = field.valueRange, !range.isEmpty else { return nil }
    return Fix(title, edits: [TextEdit(range: range, replacement: String(value))], applicability: applicability)
}
