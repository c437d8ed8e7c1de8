import APNSLintSyntax

/// A JSON value with object keys in the order written, so output is byte-for-byte stable.
enum JSONOutput {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([JSONOutput])
    case object([(String, JSONOutput)])

    static func optional(_ value: String?) -> JSONOutput { value.map(JSONOutput.string) ?? .null }

    /// Compact when `indent` is nil; otherwise pretty with that many spaces per level, starting at `level`.
    func serialized(indent: Int? = 2, level: Int = 0) -> String {
        var out = ""
        write(to: &out, indent: indent, level: level)
        return out
    }

    private func write(to out: inout String, indent: Int?, level: Int) {
        func newline(_ level: Int) {
            guard let indent else { return }
            out += "\n" + String(repeating: " ", count: indent * level)
        }
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .int(let value): out += String(value)
        case .string(let value): out += JSONOutput.quoted(value)
        case .array(let items):
            guard !items.isEmpty else { out += "[]"; return }
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                newline(level + 1)
                item.write(to: &out, indent: indent, level: level + 1)
            }
            newline(level)
            out += "]"
        case .object(let members):
            guard !members.isEmpty else { out += "{}"; return }
            out += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { out += "," }
                newline(level + 1)
                out += JSONOutput.quoted(key) + (indent == nil ? ":" : ": ")
                value.write(to: &out, indent: indent, level: level + 1)
            }
            newline(level)
            out += "}"
        }
    }

    /// A JSON string literal: besides what JSON requires, DEL and U+2028 and U+2029 (line breaks to JavaScript) are
    /// escaped, so a report shows them.
    static func quoted(_ text: String) -> String {
        JSONString.quoted(text, escaping: [.delete, .lineSeparators])
    }
}
