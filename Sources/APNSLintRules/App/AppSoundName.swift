import APNSLintModel
import APNSLintSyntax

/// The sound file a notification names (`"sound": "chime.caf"`, or a critical sound's `name`), and its field.
func namedSound(in context: RuleContext) -> (name: String, field: Field)? {
    switch context.definition.payload?.aps?.sound {
    case .name(let name, let field)?:
        return name.isEmpty || name == "default" ? nil : (name, field)
    case .critical(let sound, _)?:
        guard let field = sound["name"], let name = field.string, !name.isEmpty, name != "default" else { return nil }
        return (name, field)
    case nil:
        return nil
    }
}
