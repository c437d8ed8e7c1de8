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

    /// A JSON string literal (RFC 8259): `"` and `\` escaped, control characters as `\n`, `\t`… or `\u00XX`, and
    /// U+2028 and U+2029 as `\u2028` and `\u2029`. Byte by byte over the UTF-8, where every character escaped is one
    /// byte or (U+2028, U+2029) one fixed sequence: appending scalar by scalar to a `String` made SARIF's rule list
    /// (its help texts) cost more than half of a one-file `--format sarif` run.
    static func quoted(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 2)
            out.append(UInt8(ascii: "\""))
            func escape(_ letter: Unicode.Scalar) { out += [UInt8(ascii: "\\"), UInt8(ascii: letter)] }
            func escape(hex value: Int) {
                out += [UInt8(ascii: "\\"), UInt8(ascii: "u")]
                for shift in stride(from: 12, through: 0, by: -4) { out.append(hexDigits[(value >> shift) & 0xF]) }
            }
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): escape(Unicode.Scalar(byte))
                case 0x0A: escape("n")
                case 0x0D: escape("r")
                case 0x09: escape("t")
                case 0x08: escape("b")
                case 0x0C: escape("f")
                case 0x00..<0x20, 0x7F: escape(hex: Int(byte))
                // U+2028 and U+2029 (E2 80 A8, E2 80 A9): line breaks to JavaScript.
                case 0xE2 where index + 1 < bytes.count && bytes[index] == 0x80 && (bytes[index + 1] == 0xA8 || bytes[index + 1] == 0xA9):
                    escape(hex: bytes[index + 1] == 0xA8 ? 0x2028 : 0x2029)
                    index += 2
                default: out.append(byte)
                }
            }
            out.append(UInt8(ascii: "\""))
            return String(decoding: out, as: UTF8.self)
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
