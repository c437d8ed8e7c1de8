// The JSON reader's numbers (RFC 8259 §6) and literals, and the errors where a value or a key should start: what
// is told from the word or character found there.

extension JSONParser {
    mutating func parseNumber() throws -> DocumentNode {
        let start = index
        let isInteger = try scanNumber()
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        return DocumentNode(.number(NumberLiteral(text: text, isInteger: isInteger)), range: SourceRange(start: start, end: index))
    }

    /// Moves past the number at `index`, checking it; returns whether it is an integer.
    mutating func scanNumber() throws -> Bool {
        let start = index
        var isInteger = true
        if bytes[index] == UInt8(ascii: "-") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else {
                if matchesWord("Infinity", at: index) {
                    throw fatal("-Infinity is not JSON: JSON numbers must be finite", at: start, length: 9, help: "use a finite number, or null")
                }
                throw fatal("invalid number: '-' must be followed by a digit", at: start, length: index - start,
                            help: "write a digit after '-', e.g. -1")
            }
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) {
                while index < bytes.count, isDigit(bytes[index]) { index += 1 }
                throw fatal("leading zeros are not allowed in JSON numbers (\(source.text(SourceRange(start: start, end: index))))",
                            at: start, length: index - start, help: "remove the leading zeros, or quote the value if it is an identifier")
            }
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw fatal("invalid number: a decimal point must be followed by a digit", at: start, length: index - start,
                            help: "write a digit after the point, e.g. 1.0")
            }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw fatal("invalid number: an exponent must have digits", at: start, length: index - start,
                            help: "write digits after the exponent, e.g. 1e3")
            }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, isWordByte(bytes[index]) || bytes[index] == UInt8(ascii: ".") {
            var end = index
            while end < bytes.count, isWordByte(bytes[end]) || bytes[end] == UInt8(ascii: ".") { end += 1 }
            let text = source.text(SourceRange(start: start, end: end))
            let what = text.hasPrefix("0x") || text.hasPrefix("0X") || text.hasPrefix("-0x") ? "hexadecimal numbers are not JSON" : "JSON numbers are written as -12.5e3"
            throw fatal("invalid number '\(text)': \(what)", at: start, length: end - start,
                        help: "write the number in decimal, or quote it if it is text")
        }
        return isInteger
    }

    // MARK: Literals and errors at the start of a value

    mutating func parseLiteralOrFail() throws -> DocumentNode {
        let start = index
        let value: DocumentNode.Value
        switch try scanLiteral() {
        case 4 where bytes[start] == UInt8(ascii: "t"): value = .bool(true)
        case 5: value = .bool(false)
        default: value = .null
        }
        return DocumentNode(value, range: SourceRange(start: start, end: index))
    }

    /// Moves past `true`, `false` or `null` at `index` and returns its length; anything else is the error it is.
    mutating func scanLiteral() throws -> Int {
        // The literal's first four bytes as one word, then the byte after it.
        if index + 4 <= bytes.count {
            let word = UInt32(littleEndian: UnsafeRawPointer(bytes.baseAddress!).loadUnaligned(fromByteOffset: index, as: UInt32.self))
            let length = word == 0x6575_7274 || word == 0x6C6C_756E ? 4 // "true", "null"
                : word == 0x736C_6166 && index + 4 < bytes.count && bytes[index + 4] == UInt8(ascii: "e") ? 5 : 0 // "false"
            if length > 0, index + length == bytes.count || !isWordByte(bytes[index + length]) {
                index += length
                return length
            }
        }
        let length: Int
        if matchesWord("true", at: index) {
            length = 4
        } else if matchesWord("false", at: index) {
            length = 5
        } else if matchesWord("null", at: index) {
            length = 4
        } else {
            throw notAValue()
        }
        index += length
        return length
    }

    /// The error for what stands at `index` where a value should start (and is no `true`, `false` or `null`).
    func notAValue() -> FatalSyntaxError {
        let start = index
        let byte = bytes[index]
        if isWordByte(byte) {
            var end = index
            while end < bytes.count, isWordByte(bytes[end]) { end += 1 }
            let word = source.text(SourceRange(start: start, end: end))
            let message: String, help: String
            switch word {
            case "NaN", "Infinity":
                (message, help) = ("\(word) is not JSON: JSON numbers must be finite", "use a finite number, or null")
            case "undefined":
                (message, help) = ("undefined is not JSON: use null or leave the key out", "write null, or remove the member")
            case "True", "TRUE", "False", "FALSE", "Null", "NULL", "None", "nil":
                (message, help) = ("'\(word)' is not JSON: the literals are lowercase true, false and null", "write true, false or null")
            default:
                (message, help) = ("unexpected word '\(clip(word))': strings must be in double quotes", "put the text in double quotes: \"\(clip(word))\"")
            }
            return fatal(message, at: start, length: end - start, help: help)
        }
        switch byte {
        case UInt8(ascii: "'"):
            return fatal("strings must be in double quotes, not single quotes", at: start, length: 1, help: "use double quotes: \"…\"")
        case UInt8(ascii: "+"):
            return fatal("invalid number: JSON numbers cannot start with '+'", at: start, length: 1, help: "remove the '+'")
        case UInt8(ascii: "."):
            return fatal("invalid number: JSON numbers need a digit before the decimal point", at: start, length: 1,
                         help: "write a 0 before the point, e.g. 0.5")
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
            return fatal("expected a value, found \(describe(at: start))", at: start, length: 1, help: valueHelp)
        case UInt8(ascii: ","):
            return fatal("expected a value, found ','", at: start, length: 1, help: valueHelp)
        default:
            if byte >= 0x80, bytes.utf8SequenceLength(at: start) == 0 { return invalidUTF8(at: start) }
            return fatal("expected a value, found \(describe(at: start))", at: start, length: max(1, bytes.utf8SequenceLength(at: start)),
                         help: valueHelp)
        }
    }

    func badKey() -> FatalSyntaxError {
        let start = index
        let byte = bytes[index]
        if byte == UInt8(ascii: "'") {
            return fatal("object keys must be strings in double quotes, not single quotes", at: start, length: 1,
                         help: "use double quotes around the key")
        }
        if byte == UInt8(ascii: "}") || byte == UInt8(ascii: ",") {
            return fatal("expected a key in double quotes, found \(describe(at: start))", at: start, length: 1,
                         help: "write a key in double quotes, or remove the extra ','")
        }
        if isWordByte(byte) {
            var end = index
            while end < bytes.count, isWordByte(bytes[end]) || bytes[end] == UInt8(ascii: "-") { end += 1 }
            let word = source.text(SourceRange(start: start, end: end))
            return fatal("object keys must be strings in double quotes: write \"\(clip(word))\"", at: start, length: end - start,
                         help: "put the key in double quotes")
        }
        return unexpected("expected a key in double quotes, found \(describe(at: start))", at: start, help: "write the key in double quotes")
    }

    /// `message` over the whole character at `position`, or the invalid UTF-8 there if it is not a character.
    func unexpected(_ message: String, at position: Int, help: String) -> FatalSyntaxError {
        let length = bytes.utf8SequenceLength(at: position)
        guard length > 0 else { return invalidUTF8(at: position) }
        return fatal(message, at: position, length: length, help: help)
    }

    func unclosed(_ opener: String, opener position: Int) -> FatalSyntaxError {
        let closer = opener == "{" ? "}" : "]"
        return fatal("unexpected end of input: the '\(opener)' opened at \(source.position(of: position)) is never closed",
                     at: index, length: 0, help: "add the missing '\(closer)' (the file may be truncated)")
    }

    func matchesWord(_ word: StaticString, at position: Int) -> Bool {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[position + offset] != word.utf8Start[offset] { return false }
        let end = position + count
        return end >= bytes.count || !isWordByte(bytes[end])
    }
}

private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

private func isWordByte(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
        || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
}
