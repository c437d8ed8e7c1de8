import APNSLintModel

/// The device token ADCK writes into the binary frame (`Notification#packaged_token`, notification.rb:18-20): the
/// string with whitespace, `<`, `>` and `|` removed (so `"<0f3c8d2e 9a7b6c5d>"`, as `NSData#description` prints a
/// token, is accepted), packed with `Array#pack('H*')`, two characters a byte, high nibble first.
struct ADCKDeviceToken {
    /// The packed bytes as lowercase hex, as `:path` shows them.
    let hex: String
    /// The characters left after stripping that are not hex digits: `pack('H*')` still packs each of them, as a
    /// nibble made from its low bits.
    let nonHexCharacters: [Character]
    /// An odd count of characters: the last one is the high nibble of a byte whose low nibble is 0.
    let hasOddLength: Bool

    init(packing written: String) {
        // notification.rb:19 `gsub(/[\s|<|>]/,'')`: Ruby's \s is space, \t, \n, \v, \f, \r.
        let stripped = written.unicodeScalars.filter { !" \t\n\u{0B}\u{0C}\r<>|".unicodeScalars.contains($0) }
        let bytes = Array(String(String.UnicodeScalarView(stripped)).utf8)
        var packed: [UInt8] = []
        packed.reserveCapacity((bytes.count + 1) / 2)
        for index in stride(from: 0, to: bytes.count, by: 2) {
            let high = Self.nibble(bytes[index])
            let low = index + 1 < bytes.count ? Self.nibble(bytes[index + 1]) : 0
            packed.append(high << 4 | low)
        }
        hex = packed.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        nonHexCharacters = Array(String(String.UnicodeScalarView(stripped)).filter { !($0.isASCII && $0.isHexDigit) })
        hasOddLength = bytes.count % 2 == 1
    }

    /// pack.c's 'H': a letter gives its low four bits plus 9 (so `a`/`A` give 10), any other byte its low four
    /// bits; only hex digits give the value they name.
    private static func nibble(_ byte: UInt8) -> UInt8 {
        let isLetter = (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
        return isLetter ? ((byte & 15) + 9) & 15 : byte & 15
    }
}
