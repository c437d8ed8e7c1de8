// The Erlang reader's tokens, as erl_scan reads them: names and atoms, quoted atoms and strings with their escapes,
// numbers, punctuation, whitespace and `%` comments.

extension ErlangParser {
    mutating func advance() throws {
        try skipWhitespaceAndComments()
        tokenStart = index
        guard index < bytes.count else {
            token = .end
            tokenEnd = index
            return
        }
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"):
            token = try atomToken(readName())
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
            token = .variable(readName())
        case 0xC3 where index + 1 < bytes.count && isLatin1Letter(bytes[index + 1]):
            // Latin-1 letters written in UTF-8 (U+00C0–U+00FF): lowercase ones start an atom, uppercase ones a variable.
            let lowercase = bytes[index + 1] >= 0x9F
            let name = readName()
            token = try lowercase ? atomToken(name) : .variable(name)
        case UInt8(ascii: "'"):
            let name = try readQuoted(UInt8(ascii: "'"))
            guard name.unicodeScalars.count <= 255 else {
                throw fatal("an atom has at most 255 characters (file:consult/1: atom too long)", at: tokenStart, index - tokenStart,
                            help: "use a binary <<\"…\"/utf8>> for long text")
            }
            token = .atom(name)
        case UInt8(ascii: "\""):
            token = .string(try readQuoted(UInt8(ascii: "\"")))
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            token = try readNumber()
        case UInt8(ascii: "$"):
            index += 1
            guard index < bytes.count else { throw fatal("'$' must be followed by a character", at: tokenStart, 1, help: "write $a for the code of a") }
            let value: UInt32
            if bytes[index] == UInt8(ascii: "\\") {
                value = try readEscape()
            } else {
                let length = bytes.utf8SequenceLength(at: index)
                guard length > 0 else { throw invalidUTF8(at: index) }
                value = String(decoding: bytes[index..<index + length], as: UTF8.self).unicodeScalars.first!.value
                index += length
            }
            token = .integer(BigInteger(value))
        case UInt8(ascii: "."):
            index += 1
            // erl_scan ends a term at a '.' followed by whitespace, a comment or the end; any other '.' is an operator.
            if index >= bytes.count || bytes[index] == UInt8(ascii: "%") || whitespaceLength(at: index) > 0 {
                token = .dot
            } else {
                token = .punct(".")
            }
        case UInt8(ascii: "<"):
            if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "<") { index += 2; token = .punct("<<") } else { throw unexpectedCharacter() }
        case UInt8(ascii: ">"):
            if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">") { index += 2; token = .punct(">>") } else { throw unexpectedCharacter() }
        case UInt8(ascii: "="):
            if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">") { index += 2; token = .punct("=>") } else { index += 1; token = .punct("=") }
        case UInt8(ascii: ":"):
            if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "=") { index += 2; token = .punct(":=") } else { index += 1; token = .punct(":") }
        case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ","),
             UInt8(ascii: "|"), UInt8(ascii: "#"), UInt8(ascii: "/"), UInt8(ascii: "-"), UInt8(ascii: "+"):
            index += 1
            token = .punct(String(Unicode.Scalar(byte)))
        default:
            throw unexpectedCharacter()
        }
        tokenEnd = index
    }

    /// An unquoted name that starts with a lowercase letter: an atom, unless it is a reserved word.
    mutating func atomToken(_ name: String) throws -> Token {
        if ErlangReader.reservedWords.contains(name) {
            throw fatal("'\(name)' is a reserved word, not an atom (file:consult/1: syntax error before '\(name)')", at: tokenStart,
                        name.utf8.count, help: "quote it to make it an atom: '\(name)'")
        }
        return .atom(name)
    }

    /// The length of the whitespace character at `position` (erl_scan: U+0000–U+0020 and U+0080–U+00A0), or 0.
    func whitespaceLength(at position: Int) -> Int {
        guard position < bytes.count else { return 0 }
        let byte = bytes[position]
        if byte <= 0x20 { return 1 }
        if byte == 0xC2, position + 1 < bytes.count, bytes[position + 1] >= 0x80, bytes[position + 1] <= 0xA0 { return 2 }
        return 0
    }

    mutating func skipWhitespaceAndComments() throws {
        while index < bytes.count {
            let length = whitespaceLength(at: index)
            if length > 0 {
                index += length
            } else if bytes[index] == UInt8(ascii: "%") {
                while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
            } else {
                return
            }
        }
    }

    /// Name characters: ASCII letters, digits, `_`, `@`, and the Latin-1 letters (U+00C0–U+00FF but × and ÷).
    mutating func readName() -> String {
        let start = index
        while index < bytes.count {
            if isNameByte(bytes[index]) {
                index += 1
            } else if bytes[index] == 0xC3, index + 1 < bytes.count, isLatin1Letter(bytes[index + 1]) {
                index += 2
            } else {
                break
            }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// A quoted atom or string, with Erlang's escapes.
    mutating func readQuoted(_ quote: UInt8) throws -> String {
        let start = index
        index += 1
        var scalars = String.UnicodeScalarView()
        while true {
            guard index < bytes.count else {
                throw fatal("unterminated \(quote == UInt8(ascii: "'") ? "quoted atom" : "string"): no closing \(quote == UInt8(ascii: "'") ? "'" : "\"")",
                            at: start, 1, help: "close it (the file may be truncated)")
            }
            let byte = bytes[index]
            if byte == quote {
                index += 1
                return String(scalars)
            }
            if byte == UInt8(ascii: "\\") {
                let escapeStart = index
                guard let scalar = Unicode.Scalar(try readEscape()) else {
                    throw fatal("the escape does not name a Unicode character", at: escapeStart, index - escapeStart,
                                help: "use a code below 0x110000, not a surrogate")
                }
                scalars.append(scalar)
                continue
            }
            let length = bytes.utf8SequenceLength(at: index)
            guard length > 0 else { throw invalidUTF8(at: index) }
            // One scalar at a time: append(contentsOf:) copies the whole view each time, which is quadratic.
            for scalar in String(decoding: bytes[index..<index + length], as: UTF8.self).unicodeScalars { scalars.append(scalar) }
            index += length
        }
    }

    /// At a backslash: Erlang's escape sequences. Returns the code point.
    mutating func readEscape() throws -> UInt32 {
        let start = index
        index += 1
        guard index < bytes.count else { throw fatal("unterminated escape sequence", at: start, 1, help: "complete the escape") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "b"): return 8
        case UInt8(ascii: "d"): return 127
        case UInt8(ascii: "e"): return 27
        case UInt8(ascii: "f"): return 12
        case UInt8(ascii: "n"): return 10
        case UInt8(ascii: "r"): return 13
        case UInt8(ascii: "s"): return 32
        case UInt8(ascii: "t"): return 9
        case UInt8(ascii: "v"): return 11
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
            var value = UInt32(byte - 0x30)
            var digits = 1
            while digits < 3, index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x37 {
                value = value * 8 + UInt32(bytes[index] - 0x30)
                index += 1
                digits += 1
            }
            return value
        case UInt8(ascii: "x"):
            var value: UInt32 = 0
            if index < bytes.count, bytes[index] == UInt8(ascii: "{") {
                index += 1
                var digits = 0
                while index < bytes.count, let digit = hexDigit(bytes[index]), digits < 8 {
                    value = value * 16 + UInt32(digit)
                    index += 1
                    digits += 1
                }
                guard digits > 0, index < bytes.count, bytes[index] == UInt8(ascii: "}") else {
                    throw fatal("invalid escape: \\x{…} needs hex digits and a closing '}'", at: start, index - start, help: "write \\x{E9}")
                }
                index += 1
                return value
            }
            for _ in 0..<2 {
                guard index < bytes.count, let digit = hexDigit(bytes[index]) else {
                    throw fatal("invalid escape: \\x needs two hex digits", at: start, index - start, help: "write \\xE9 or \\x{E9}")
                }
                value = value * 16 + UInt32(digit)
                index += 1
            }
            return value
        case UInt8(ascii: "^"):
            guard index < bytes.count else { throw fatal("unterminated escape sequence", at: start, 2, help: "write \\^A for control-A") }
            let control = bytes[index]
            index += 1
            // \^? is DEL, as in erl_scan; \^A to \^Z (and \^@ \^[ … \^_) are control characters.
            return control == UInt8(ascii: "?") ? 127 : UInt32(control & 0x1F)
        default:
            let length = bytes.utf8SequenceLength(at: index - 1)
            guard length > 0 else { throw invalidUTF8(at: index - 1) }
            index += length - 1
            // \\, \", \' and any other character stand for themselves.
            return String(decoding: bytes[(index - length)..<index], as: UTF8.self).unicodeScalars.first?.value ?? UInt32(byte)
        }
    }

    /// Integers (`12`, `1_000`, `16#FF`, bignums) and floats (`1.5`, `2.0e-3`, `1_0.0_1`). `1.` followed by a space
    /// is the integer 1 and the term's end; `1e3` is the integer 1 followed by the atom `e3` (erl_scan).
    mutating func readNumber() throws -> Token {
        let start = index
        /// Digits of `radix`, with single `_` between digits.
        func readDigits(_ radix: Int) -> [Int] {
            var digits: [Int] = []
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "_"), !digits.isEmpty, index + 1 < bytes.count, digitValue(bytes[index + 1], radix) != nil {
                    index += 1
                    continue
                }
                guard let digit = digitValue(byte, radix) else { break }
                digits.append(digit)
                index += 1
            }
            return digits
        }
        let decimal = readDigits(10)
        if index < bytes.count, bytes[index] == UInt8(ascii: "#") {
            let radix = decimal.count <= 3 ? decimal.reduce(0) { $0 * 10 + $1 } : 0
            guard (2...36).contains(radix) else {
                throw fatal("the base of \(source.text(SourceRange(start: start, end: index)))#… must be between 2 and 36 (file:consult/1: {base, …})",
                            at: start, index - start + 1, help: "write 16#FF")
            }
            index += 1
            let digits = readDigits(radix)
            guard !digits.isEmpty else {
                throw fatal("invalid number: \(source.text(SourceRange(start: start, end: index))) has no digits of base \(radix)",
                            at: start, max(1, index - start), help: "write the number in decimal")
            }
            return .integer(BigInteger(digits: digits, radix: radix))
        }
        // A float needs a digit after the point.
        if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "."), isDigit(bytes[index + 1]) {
            index += 1
            let fraction = readDigits(10)
            var exponent = ""
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                var cursor = index + 1
                var sign = ""
                if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "-") || bytes[cursor] == UInt8(ascii: "+") {
                    if bytes[cursor] == UInt8(ascii: "-") { sign = "-" }
                    cursor += 1
                }
                if cursor < bytes.count, isDigit(bytes[cursor]) {
                    index = cursor
                    exponent = "e" + sign + readDigits(10).map(String.init).joined()
                }
            }
            let text = decimal.map(String.init).joined() + "." + fraction.map(String.init).joined() + exponent
            guard let value = Double(text), value.isFinite else {
                throw fatal("the float \(source.text(SourceRange(start: start, end: index))) is out of range (file:consult/1: illegal float)",
                            at: start, index - start, help: "a float is a 64-bit double, at most about 1.8e308")
            }
            return .float(value)
        }
        return .integer(BigInteger(digits: decimal, radix: 10))
    }
}

private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

private func isNameByte(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
        || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "@")
}

/// The second UTF-8 byte of a Latin-1 letter U+00C0–U+00FF (lead byte 0xC3), but × (U+00D7) and ÷ (U+00F7).
private func isLatin1Letter(_ second: UInt8) -> Bool {
    second >= 0x80 && second <= 0xBF && second != 0x97 && second != 0xB7
}

private func hexDigit(_ byte: UInt8) -> Int? { digitValue(byte, 16) }

private func digitValue(_ byte: UInt8, _ radix: Int) -> Int? {
    let value: Int
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): value = Int(byte - 0x30)
    case UInt8(ascii: "a")...UInt8(ascii: "z"): value = Int(byte - 0x61) + 10
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = Int(byte - 0x41) + 10
    default: return nil
    }
    return value < radix ? value : nil
}
