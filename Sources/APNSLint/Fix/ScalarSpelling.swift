import APNSLintSyntax

/// Writes a string (key or value) in an input format's syntax, in the style of the text it replaces.
enum ScalarSpelling {
    /// An edit as the fixer writes it into `source`: a string spelled in the input's syntax, a value placed where
    /// the format reads it (see `TextEdit.Content`), other text as it stands.
    static func literal(_ edit: TextEdit, in source: SourceText, format: InputFormat) -> TextEdit {
        switch edit.content {
        case .text:
            return edit
        case .string:
            return TextEdit(range: edit.range, replacement: spell(edit.replacement, replacing: source.text(edit.range), format: format))
        case .value:
            guard format == .yaml else { return TextEdit(range: edit.range, replacement: edit.replacement) }
            return TextEdit(range: edit.range, replacement: yamlIndentation(before: edit.range.start, in: source) + edit.replacement)
        }
    }

    /// The blanks a flow value starting at `offset` needs in YAML: none unless it starts its line at or left of the
    /// indentation of the line it belongs to (the previous line with content, as for an indentless sequence under
    /// its key); then enough to be indented two columns past that line.
    private static func yamlIndentation(before offset: Int, in source: SourceText) -> String {
        let bytes = source.bytes
        let position = source.position(of: offset)
        let lineStart = source.lineStart(position.line)
        guard bytes[lineStart..<offset].allSatisfy({ $0 == 0x20 }) else { return "" }
        let column = offset - lineStart
        var line = position.line - 1
        while line >= source.firstLine {
            let range = source.lineRange(line)
            let indentation = bytes[range.start..<range.end].prefix { $0 == 0x20 }.count
            let first = range.start + indentation < range.end ? bytes[range.start + indentation] : nil
            if let first, first != UInt8(ascii: "#") {
                return indentation >= column ? String(repeating: " ", count: indentation + 2 - column) : ""
            }
            line -= 1
        }
        return ""
    }

    static func spell(_ text: String, replacing original: String, format: InputFormat) -> String {
        switch format {
        case .json:
            return jsonQuoted(text)
        case .yaml:
            if original.hasPrefix("'") { return "'" + text.replacing("'", with: "''") + "'" }
            if original.hasPrefix("\"") || !isPlainSafe(text) { return jsonQuoted(text) }
            return text
        case .erlang:
            if original.hasPrefix("<<") { return "<<" + jsonQuoted(text) + (original.contains("/utf8") ? "/utf8" : "") + ">>" }
            if original.hasPrefix("\"") { return jsonQuoted(text) }
            // An atom: bare when Erlang allows it, quoted otherwise ('content-available').
            if !original.hasPrefix("'"), let first = text.unicodeScalars.first, ("a"..."z").contains(first),
               text.unicodeScalars.allSatisfy({ $0.properties.isASCIIHexDigit || ("a"..."z").contains($0) || ("A"..."Z").contains($0)
                   || ("0"..."9").contains($0) || $0 == "_" || $0 == "@" }) {
                return text
            }
            return "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
        }
    }

    /// JSON string syntax, valid in YAML double quotes and Erlang strings too for the text keys hold.
    static func jsonQuoted(_ text: String) -> String { JSONString.quoted(text) }

    /// Plain YAML that reads back as this same string: letters, digits, `-`, `_`, `.`, not starting with a
    /// character YAML treats specially, and not a word the core schema or YAML 1.1 reads as something else.
    static func isPlainSafe(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, ("a"..."z").contains(first) || ("A"..."Z").contains(first) else { return false }
        let allowed = text.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" || $0 == "."
        }
        let special: Set = ["true", "false", "null", "yes", "no", "on", "off", "y", "n"]
        return allowed && !special.contains(text.lowercased())
    }
}
