/// The one writer of JSON strings (RFC 8259): the wire serializer, the reporters, the configuration's and the
/// Language Server's JSON, the fixer's strings and the commands all write theirs here.
///
/// Every string escapes what JSON requires: `"`, `\` and the control characters (`\n`, `\r`, `\t`, `\b`, `\f`, the
/// others as `\u00XX`). `Escapes` adds what a given encoder escapes besides. Hex digits are lowercase, as Python,
/// Foundation, Go and JavaScript write them.
public enum JSONString {
    /// What is escaped besides what JSON requires.
    public struct Escapes: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8

        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// `/` as `\/` (Foundation's `JSONEncoder`).
        public static let solidus = Escapes(rawValue: 1 << 0)
        /// `<`, `>`, `&` as `\u003c`, `\u003e`, `\u0026` (Go's `encoding/json`).
        public static let htmlCharacters = Escapes(rawValue: 1 << 1)
        /// U+2028 and U+2029, line breaks to JavaScript, as `\u2028` and `\u2029`.
        public static let lineSeparators = Escapes(rawValue: 1 << 2)
        /// DEL as `\u007f`.
        public static let delete = Escapes(rawValue: 1 << 3)
        /// Every scalar beyond ASCII as `\uXXXX`, one outside the BMP as a surrogate pair (`\ud83d\ude00`).
        public static let nonASCII = Escapes(rawValue: 1 << 4)
    }

    /// `text` in quotes.
    public static func quoted(_ text: String, escaping: Escapes = []) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 2)
        append(text, escaping: escaping, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `text` escaped, without the quotes: what goes inside a string already open.
    public static func escaped(_ text: String, escaping: Escapes = []) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        write(text, escaping: escaping, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `text` in quotes.
    public static func append(_ text: String, escaping: Escapes = [], to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        write(text, escaping: escaping, to: &output)
        output.append(UInt8(ascii: "\""))
    }

    /// The byte count of `quoted(text, escaping:)`, counted without writing it.
    public static func quotedLength(of text: String, escaping: Escapes = []) -> Int {
        var counter = ByteCount()
        write(text, escaping: escaping, to: &counter)
        return counter.count + 2
    }

    /// Writes the text's UTF-8, a run of bytes that need no escape at a time.
    private static func write<Output: JSONStringOutput>(_ text: String, escaping: Escapes, to output: inout Output) {
        var text = text
        text.withUTF8 { bytes in
            var run = 0
            // Only what JSON requires (the compact wire style, counted on every lint): three comparisons a byte.
            if escaping.isEmpty {
                for (index, byte) in bytes.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<index]))
                    appendRequiredEscape(byte, to: &output)
                    run = index + 1
                }
            } else {
                var index = 0
                while index < bytes.count {
                    let escapedCount = escapedCount(bytes, at: index, escaping: escaping)
                    guard escapedCount > 0 else {
                        index += 1
                        continue
                    }
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<index]))
                    appendEscape(bytes, at: index, count: escapedCount, to: &output)
                    index += escapedCount
                    run = index
                }
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...]))
        }
    }

    /// How many bytes from `index` on are one escaped character (the UTF-8 of one scalar), or 0 when the byte there
    /// is written as it stands.
    private static func escapedCount(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, escaping: Escapes) -> Int {
        let byte = bytes[index]
        switch byte {
        case 0..<0x20, UInt8(ascii: "\""), UInt8(ascii: "\\"): return 1
        case UInt8(ascii: "/"): return escaping.contains(.solidus) ? 1 : 0
        case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"): return escaping.contains(.htmlCharacters) ? 1 : 0
        case 0x7F: return escaping.contains(.delete) ? 1 : 0
        case 0x80...:
            if escaping.contains(.nonASCII) { return byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4 }
            // U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
            let isLineSeparator = byte == 0xE2 && index + 2 < bytes.count && bytes[index + 1] == 0x80 && bytes[index + 2] & 0xFE == 0xA8
            return isLineSeparator && escaping.contains(.lineSeparators) ? 3 : 0
        default: return 0
        }
    }

    /// Appends the escape of the character whose UTF-8 is the `count` bytes from `index` on.
    private static func appendEscape<Output: JSONStringOutput>(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, count: Int,
                                                               to output: inout Output) {
        let byte = bytes[index]
        switch byte {
        case 0..<0x20, UInt8(ascii: "\""), UInt8(ascii: "\\"): appendRequiredEscape(byte, to: &output)
        case UInt8(ascii: "/"):
            output.append(UInt8(ascii: "\\"))
            output.append(byte)
        case 0..<0x80: appendUnicodeEscape(UInt16(byte), to: &output)
        default:
            var scalar = UInt32(byte) & (0xFF >> (count + 1))
            for continuation in bytes[(index + 1)..<(index + count)] { scalar = scalar << 6 | UInt32(continuation & 0x3F) }
            guard scalar > 0xFFFF else { return appendUnicodeEscape(UInt16(scalar), to: &output) }
            let offset = scalar - 0x10000
            appendUnicodeEscape(UInt16(0xD800 + (offset >> 10)), to: &output)
            appendUnicodeEscape(UInt16(0xDC00 + (offset & 0x3FF)), to: &output)
        }
    }

    /// Appends the escape of `"`, `\` or a control character: a letter where JSON has one, else `\u00XX`.
    private static func appendRequiredEscape<Output: JSONStringOutput>(_ byte: UInt8, to output: inout Output) {
        let letter: Unicode.Scalar? = switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): Unicode.Scalar(byte)
        case 0x0A: "n"
        case 0x0D: "r"
        case 0x09: "t"
        case 0x08: "b"
        case 0x0C: "f"
        default: nil
        }
        guard let letter else { return appendUnicodeEscape(UInt16(byte), to: &output) }
        output.append(UInt8(ascii: "\\"))
        output.append(UInt8(ascii: letter))
    }

    private static func appendUnicodeEscape<Output: JSONStringOutput>(_ unit: UInt16, to output: inout Output) {
        output.append(UInt8(ascii: "\\"))
        output.append(UInt8(ascii: "u"))
        for shift in stride(from: 12, through: 0, by: -4) { output.append(hexDigits[Int(unit >> UInt16(shift)) & 0xF]) }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}

/// Where `JSONString` writes: the bytes, or only their count.
private protocol JSONStringOutput {
    mutating func append(_ byte: UInt8)
    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>)
}

extension Array: JSONStringOutput where Element == UInt8 {}

private struct ByteCount: JSONStringOutput {
    var count = 0

    mutating func append(_ byte: UInt8) { count += 1 }
    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) { count += bytes.count }
}

/// The length of `string` as a compact JSON string (`JSONString.quotedLength(of:)`): the readers count it per byte
/// as they read (`compactByteLength`).
public func compactStringLength(_ string: String) -> Int {
    var length = 2
    for byte in string.utf8 { length += compactByteLength(byte) }
    return length
}

/// How many bytes `JSONString` writes for one byte of a string's UTF-8 when it escapes only what JSON requires.
@inline(__always) func compactByteLength(_ byte: UInt8) -> Int {
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x08, 0x09, 0x0A, 0x0C, 0x0D: 2
    case 0..<0x20: 6
    default: 1
    }
}
