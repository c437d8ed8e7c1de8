/// Replace the bytes of `range` in the original source with `replacement`.
public struct TextEdit: Hashable, Sendable {
    /// What the replacement is. Rules know nothing of file formats, so a rule that writes a key or a string says
    /// so, and the fixer writes it the way the input's format and the original text spell it (`"k"` in JSON,
    /// `k` or `"k"` in YAML, an atom or a binary in Erlang).
    public enum Content: Hashable, Sendable {
        /// `replacement` is written as it stands.
        case text
        /// `replacement` is a string value or key, to be written in the input's syntax.
        case string
        /// `replacement` is the JSON text of a whole value that replaces a node (JSON is also YAML flow syntax), to
        /// be placed where the input's format reads it as that node: a YAML flow collection cannot start a line at
        /// its key's own column, as a block sequence may (`aps:\n- alert: Hi`).
        case value
    }

    public var range: SourceRange
    public var replacement: String
    public var content: Content

    public init(range: SourceRange, replacement: String, content: Content = .text) {
        self.range = range
        self.replacement = replacement
        self.content = content
    }

    /// Replaces a string scalar (a key or a value) with `text`, spelled in the input's syntax.
    public static func string(_ range: SourceRange, _ text: String) -> TextEdit {
        TextEdit(range: range, replacement: text, content: .string)
    }

    public static func delete(_ range: SourceRange) -> TextEdit {
        TextEdit(range: range, replacement: "")
    }
}

/// A repair: byte-range edits on the original text, applied together or not at all.
///
/// `safe` never changes what the device shows or does beyond making a rejected or ignored request valid;
/// `unsafe` may (it removes text, or changes delivery). This is ruff's model.
public struct Fix: Hashable, Sendable {
    public enum Applicability: String, Sendable, Hashable, Codable {
        case safe, unsafe
    }

    public var title: String
    public var edits: [TextEdit]
    public var applicability: Applicability

    public init(_ title: String, edits: [TextEdit], applicability: Applicability) {
        self.title = title
        self.edits = edits
        self.applicability = applicability
    }
}
