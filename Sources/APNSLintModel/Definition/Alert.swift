public enum AlertContent: Sendable {
    case text(String, Field)
    case dictionary(Alert, Field)

    public var field: Field {
        switch self {
        case .text(_, let field), .dictionary(_, let field): field
        }
    }

    /// The keys of an alert dictionary that put text on screen.
    public static let textKeys = ["title", "subtitle", "body", "title-loc-key", "subtitle-loc-key", "loc-key"]

    /// True when the alert has something to show: a string alert that is not empty, or a title, subtitle or body (or
    /// their localized keys) whose effective value is not an empty string. One pass over the alert's fields.
    public var showsContent: Bool {
        switch self {
        case .text(let text, _): return !text.isEmpty
        case .dictionary(let alert, _):
            return alert.fields.fields.contains { field in
                !field.isShadowed && Self.textKeys.contains(field.key) && (field.string.map { !$0.isEmpty } ?? true)
            }
        }
    }
}

/// The `alert` dictionary.
public struct Alert: Sendable {
    public let fields: FieldSet
    public subscript(_ key: String) -> Field? { fields[key] }
    public subscript(_ key: AlertKey) -> Field? { fields[key] }
    /// The documented keys the dictionary holds.
    public var keys: KeySet<AlertKey> { fields.keys(AlertKey.self) }
}

public enum SoundContent: Sendable {
    case name(String, Field)
    case critical(FieldSet, Field)
}
