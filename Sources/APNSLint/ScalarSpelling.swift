import APNSLintSyntax

/// Writes a string (key or value) in an input format's syntax, in the style of the text it replaces.
enum ScalarSpelling {
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
    static func jsonQuoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

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
