// The Erlang reader's binaries: `<<…>>` segments with their sizes and type specifiers, built into bytes as Erlang
// builds them.

extension ErlangParser {
    /// `<<Segment, …>>`, each segment `Value[:Size][/Type-Specifiers]` with a literal value (an integer, a
    /// character, a float or a string), evaluated as Erlang builds the binary: an integer in Size bits (8 by
    /// default), a string as one such integer per character (so a character above 255 is cut to its low 8 bits),
    /// unless `/utf8`, `/utf16` or `/utf32` encodes it.
    mutating func parseBinary() throws -> ErlangTerm {
        let start = tokenStart
        try advance()
        var writer = BitWriter()
        var isUTF8Text = true
        if token != .punct(">>") {
            while true {
                let segmentStart = tokenStart
                enum SegmentValue { case integers([BigInteger]), float(Double), text([UInt32]) }
                var value: SegmentValue
                switch token {
                case .string:
                    var scalars: [UInt32] = []
                    while case .string(let part) = token {
                        scalars += part.unicodeScalars.map(\.value)
                        try advance()
                    }
                    value = .text(scalars)
                case .integer(let integer):
                    try advance()
                    value = .integers([integer])
                case .float(let float):
                    try advance()
                    value = .float(float)
                case .punct("-"):
                    try advance()
                    switch token {
                    case .integer(var integer):
                        integer.negate()
                        try advance()
                        value = .integers([integer])
                    case .float(let float):
                        try advance()
                        value = .float(-float)
                    default:
                        throw fatal("expected a number after '-' in a binary segment, found \(describe(token))", at: tokenStart,
                                    max(1, tokenEnd - tokenStart), help: "write <<\"text\">> or <<1, 2, 3>>")
                    }
                default:
                    throw fatal("a binary segment must be a literal string, character, integer or float (found \(describe(token)))",
                                at: tokenStart, max(1, tokenEnd - tokenStart), help: "write <<\"text\"/utf8>> or <<104, 105>>")
                }
                var size: Int?
                if token == .punct(":") {
                    try advance()
                    guard case .integer(let integer) = token, let bits = Int(integer.decimalText), bits >= 0, bits <= 1 << 20 else {
                        throw fatal("expected a size (an integer) after ':' in a binary segment, found \(describe(token))",
                                    at: tokenStart, max(1, tokenEnd - tokenStart), help: "write <<65:8>>")
                    }
                    size = bits
                    try advance()
                }
                var type = "integer", little = false, unit: Int?
                if token == .punct("/") {
                    repeat {
                        try advance()
                        guard case .atom(let specifier) = token else {
                            throw fatal("expected a type after '/' in a binary segment (utf8, integer, binary…), found \(describe(token))",
                                        at: tokenStart, max(1, tokenEnd - tokenStart), help: "write <<\"text\"/utf8>>")
                        }
                        let specifierStart = tokenStart
                        try advance()
                        switch specifier {
                        case "integer", "float", "binary", "bytes", "bitstring", "bits", "utf8", "utf16", "utf32": type = specifier
                        case "signed", "unsigned", "big": break
                        case "little", "native": little = true
                        case "unit":
                            guard token == .punct(":") else { throw fatal("expected ':' after unit", at: tokenStart, 1, help: "write unit:8") }
                            try advance()
                            guard case .integer(let integer) = token, let value = Int(integer.decimalText), (1...256).contains(value) else {
                                throw fatal("a unit is an integer from 1 to 256", at: tokenStart, max(1, tokenEnd - tokenStart), help: "write unit:8")
                            }
                            unit = value
                            try advance()
                        default:
                            throw fatal("'\(specifier)' is not a binary type specifier", at: specifierStart, specifier.utf8.count,
                                        help: "use utf8, utf16, utf32, integer, float, binary, signed, unsigned, big or little")
                        }
                    } while token == .punct("-")
                }
                let segmentRange = SourceRange(start: segmentStart, end: tokenStart)
                func invalid(_ why: String) -> Fatal {
                    fatal("this binary segment cannot be built (\(why)), so file:consult/1 fails on it", at: segmentRange.start,
                          max(1, segmentRange.end - segmentRange.start), help: "write <<\"text\"/utf8>> or <<104, 105>>")
                }
                switch type {
                case "utf8", "utf16", "utf32":
                    guard size == nil, unit == nil else { throw invalid("a utf type takes no size") }
                    let codes: [UInt32]
                    switch value {
                    case .text(let scalars): codes = scalars
                    case .integers(let integers): codes = integers.map { UInt32(clamping: Int($0.decimalText) ?? -1) }
                    case .float: throw invalid("a float is not a character")
                    }
                    for code in codes {
                        guard let scalar = Unicode.Scalar(code) else { throw invalid("\(code) is not a Unicode character") }
                        if type != "utf8" && code > 0x7F { isUTF8Text = false }
                        switch type {
                        case "utf8": for byte in String(scalar).utf8 { writer.append(UInt64(byte), bits: 8) }
                        case "utf16":
                            for unit in String(scalar).utf16 {
                                writer.append(UInt64(little ? unit.byteSwapped : unit), bits: 16)
                            }
                        default: writer.append(UInt64(little ? code.byteSwapped : code), bits: 32)
                        }
                    }
                case "float":
                    let bits = (size ?? 64) * (unit ?? 1)
                    let double: Double
                    switch value {
                    case .float(let float): double = float
                    case .integers(let integers): double = Double(integers[0].decimalText) ?? 0
                    case .text: throw invalid("a string is not a float")
                    }
                    switch bits {
                    case 64: writer.append(little ? double.bitPattern.byteSwapped : double.bitPattern, bits: 64)
                    case 32: writer.append(UInt64(little ? Float(double).bitPattern.byteSwapped : Float(double).bitPattern), bits: 32)
                    case 16: writer.append(UInt64(little ? Float16Bits(double).byteSwapped : Float16Bits(double)), bits: 16)
                    default: throw invalid("a float is 16, 32 or 64 bits")
                    }
                case "binary", "bytes", "bitstring", "bits":
                    throw invalid("a literal is not a binary")
                default:
                    let bits = (size ?? 8) * (unit ?? 1)
                    switch value {
                    case .float: throw invalid("a float segment needs /float")
                    case .text(let scalars):
                        for code in scalars {
                            // Each character is an integer of `bits` bits: above 127 it is not its UTF-8 encoding.
                            if code > 0x7F { isUTF8Text = false }
                            writer.append(BigInteger(code), bits: bits, little: little)
                        }
                    case .integers(let integers):
                        for integer in integers { writer.append(integer, bits: bits, little: little) }
                    }
                }
                if token == .punct(">>") { break }
                guard token == .punct(",") else {
                    throw fatal("expected ',' or '>>' in the binary, found \(describe(token))", at: tokenStart, max(1, tokenEnd - tokenStart),
                                help: "close the binary with '>>'")
                }
                try advance()
            }
        }
        let end = tokenEnd
        try advance()
        return ErlangTerm(.binary(writer.bytes, utf8: isUTF8Text, bits: writer.bitCount % 8 == 0 ? nil : writer.bitCount),
                          range: SourceRange(start: start, end: end))
    }
}

/// A half-precision float's bits (for `<<F:16/float>>`).
private func Float16Bits(_ value: Double) -> UInt16 {
    #if arch(arm64)
    return Float16(value).bitPattern
    #else
    // Round through Float: sign, exponent and the top 10 bits of the mantissa.
    let bits = Float(value).bitPattern
    let sign = UInt16((bits >> 16) & 0x8000)
    let exponent = Int((bits >> 23) & 0xFF) - 127 + 15
    if exponent <= 0 { return sign }
    if exponent >= 31 { return sign | 0x7C00 }
    return sign | UInt16(exponent << 10) | UInt16((bits >> 13) & 0x3FF)
    #endif
}
