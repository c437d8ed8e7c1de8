/// Base64 (RFC 4648): `<data>` in an XML property list (§4, with whitespace and `=` padding) and the parts of a JSON Web
/// Token (§5's URL-safe alphabet, no padding, RFC 7515 §2).
public enum Base64 {
    /// The two characters after the 62 letters and digits: `+` and `/`, or `-` and `_`.
    public enum Alphabet: Sendable {
        case standard, urlSafe
    }

    /// The bytes `text` encodes: characters of `alphabet` whose last group of four may hold two or three; with
    /// `paddedWithWhitespace`, whitespace (space, tab, line feeds) anywhere and up to two `=` at the end. Nil for
    /// anything else, or a last group of one character (six bits, no whole byte).
    public static func decode<Text: StringProtocol>(_ text: Text, alphabet: Alphabet, paddedWithWhitespace: Bool = false) -> [UInt8]? {
        let (sixtyTwo, sixtyThree) = alphabet == .standard ? (UInt8(ascii: "+"), UInt8(ascii: "/")) : (UInt8(ascii: "-"), UInt8(ascii: "_"))
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count * 3 / 4)
        var buffer: UInt32 = 0
        var bits = 0
        var padding = 0
        for byte in text.utf8 {
            if paddedWithWhitespace {
                if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { continue }
                if byte == UInt8(ascii: "=") {
                    padding += 1
                    continue
                }
            }
            guard padding == 0 else { return nil }
            let value: UInt8
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = byte - UInt8(ascii: "A")
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = byte - UInt8(ascii: "a") + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte - UInt8(ascii: "0") + 52
            case sixtyTwo: value = 62
            case sixtyThree: value = 63
            default: return nil
            }
            // Only the low 14 bits are ever read: the older ones may be shifted out.
            buffer = buffer << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
            }
        }
        return bits >= 6 || padding > 2 ? nil : output
    }
}
