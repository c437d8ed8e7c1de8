// The JSON reader's strings (RFC 8259 §7): the scan a word at a time, escapes, surrogate pairs, and the UTF-8 check
// of every byte above 127, with the errors each can give.

extension JSONParser {
    /// Moves `index` past whole 8-byte words of string content with no quote, backslash, control character or
    /// non-ASCII byte (the bytes that need a look), so long strings are scanned a word at a time.
    mutating func skipPlainASCII() {
        guard let base = bytes.baseAddress else { return }
        let raw = UnsafeRawPointer(base)
        while index + 8 <= bytes.count {
            if raw.loadUnaligned(fromByteOffset: index, as: UInt64.self).needsALookInAString { return }
            index += 8
        }
    }

    /// Parses a key as `parseString` does; a key of plain ASCII that is a word of the vocabulary is the vocabulary's.
    mutating func parseKey() throws -> String {
        let quote = index
        index += 1
        skipPlainASCII()
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
            index += 1
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
            // An escape, a byte outside ASCII, a control character or the end: read it as any string.
            index = quote
            return try parseString()
        }
        let content = UnsafeBufferPointer(rebasing: bytes[(quote + 1)..<index])
        index += 1
        return vocabulary.word(at: content.baseAddress!, count: content.count) ?? String(decoding: content, as: UTF8.self)
    }

    /// Parses a string starting at the opening quote; leaves `index` after the closing quote.
    mutating func parseString() throws -> String {
        let quote = index
        index += 1
        let contentStart = index
        var hasEscapes = false
        var runStart = index
        while true {
            // Fast path: plain ASCII, eight bytes at a time while none of them needs a look.
            skipPlainASCII()
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
                index += 1
            }
            guard index < bytes.count else {
                throw fatal("unterminated string: the string that starts here has no closing '\"'", at: quote, length: 1,
                            help: "close the string with '\"' (the file may be truncated)")
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                if hasEscapes {
                    scratch.append(contentsOf: bytes[runStart..<index])
                    index += 1
                    return String(decoding: scratch, as: UTF8.self)
                }
                let string = String(decoding: UnsafeBufferPointer(rebasing: bytes[contentStart..<index]), as: UTF8.self)
                index += 1
                return string
            } else if byte == UInt8(ascii: "\\") {
                if !hasEscapes {
                    // Most strings have no escape: the scratch buffer is only cleared for one that has.
                    hasEscapes = true
                    scratch.removeAll(keepingCapacity: true)
                }
                scratch.append(contentsOf: bytes[runStart..<index])
                try parseEscape()
                runStart = index
            } else if byte < 0x20 {
                throw controlCharacter(in: quote)
            } else {
                try validateUTF8Sequence()
            }
        }
    }

    /// Parses a string as `parseString` does, without making it: returns its length as the compact serializer writes
    /// it (`ElidedContainer.compactLength`), and sets `lastStringIsPlain`.
    mutating func skimString() throws -> Int {
        let quote = index
        index += 1
        var length = 2
        var plain = true
        while true {
            let runStart = index
            skipPlainASCII()
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
                index += 1
            }
            length += index - runStart
            guard index < bytes.count else {
                throw fatal("unterminated string: the string that starts here has no closing '\"'", at: quote, length: 1,
                            help: "close the string with '\"' (the file may be truncated)")
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                lastStringIsPlain = plain
                return length
            } else if byte == UInt8(ascii: "\\") {
                plain = false
                scratch.removeAll(keepingCapacity: true)
                try parseEscape()
                for unescaped in scratch { length += compactByteLength(unescaped) }
            } else if byte < 0x20 {
                throw controlCharacter(in: quote)
            } else {
                plain = false
                let start = index
                try validateUTF8Sequence()
                length += index - start
            }
        }
    }

    /// The error for the control character at `index`, in the string that starts at `quote`.
    func controlCharacter(in quote: Int) -> FatalSyntaxError {
        let byte = bytes[index]
        if byte == 0x0A || byte == 0x0D {
            return FatalSyntaxError(problem: SyntaxProblem(
                .invalidSyntax,
                "unterminated string: a line break cannot appear inside a JSON string",
                help: "close the string with '\"' on the same line, or write the line break as \\n",
                range: SourceRange(start: quote, end: index)))
        }
        return fatal("control character \(scalarName(UInt32(byte))) in string: JSON requires it to be escaped",
                     at: index, length: 1, help: "write it as \(escapeSuggestion(byte))")
    }

    /// At a backslash: appends the unescaped bytes to `scratch`.
    mutating func parseEscape() throws {
        let start = index
        index += 1
        guard index < bytes.count else {
            throw fatal("unterminated string: the input ends inside an escape sequence", at: start, length: 1,
                        help: "complete the escape and close the string (the file may be truncated)")
        }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): scratch.append(0x22)
        case UInt8(ascii: "\\"): scratch.append(0x5C)
        case UInt8(ascii: "/"):
            // A serializer writes '/' itself (the compact one does).
            textIsCompact = false
            scratch.append(0x2F)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            let first = try parseHex4(escapeStart: start)
            var scalar = first
            if (0xD800...0xDBFF).contains(first) {
                // A high surrogate must be followed by an escaped low surrogate.
                if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                    let secondStart = index
                    index += 2
                    let second = try parseHex4(escapeStart: secondStart)
                    guard (0xDC00...0xDFFF).contains(second) else {
                        throw loneSurrogate(start: start, length: 6)
                    }
                    scalar = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
                } else {
                    throw loneSurrogate(start: start, length: 6)
                }
            } else if (0xDC00...0xDFFF).contains(first) {
                throw loneSurrogate(start: start, length: 6)
            }
            if textIsCompact && !isCompactUnicodeEscape(scalar, at: start) { textIsCompact = false }
            appendUTF8(scalar)
        default:
            var length = 2
            if byte >= 0x80 {
                let scalarLength = bytes.utf8SequenceLength(at: index - 1)
                guard scalarLength > 0 else { throw invalidUTF8(at: index - 1) }
                length = scalarLength + 1
            }
            let written = source.text(SourceRange(start: start, end: min(start + length, bytes.count)))
            throw fatal("invalid escape \(written): JSON escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX",
                        at: start, length: length, help: "to write a backslash itself, double it: \\\\")
        }
    }

    /// Whether the `\uXXXX` escape at `start` is how a compact serializer writes `scalar`: a control character
    /// that has no two-letter escape, in lowercase hex (`\u001f`). Anything else it writes as itself or as `\n`.
    func isCompactUnicodeEscape(_ scalar: UInt32, at start: Int) -> Bool {
        switch scalar {
        case 0x08, 0x09, 0x0A, 0x0C, 0x0D: return false
        case 0..<0x20: break
        default: return false
        }
        return !bytes[(start + 2)..<(start + 6)].contains { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "F") }
    }

    mutating func parseHex4(escapeStart: Int) throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = hexValue(bytes[index]) else {
                // Show the offending character whole; a byte that is not UTF-8 is reported as such.
                var end = index
                if index < bytes.count {
                    let scalarLength = bytes.utf8SequenceLength(at: index)
                    guard scalarLength > 0 else { throw invalidUTF8(at: index) }
                    end = index + scalarLength
                }
                let written = source.text(SourceRange(start: escapeStart, end: end))
                throw fatal("invalid escape \(written): \\u must be followed by four hex digits", at: escapeStart, length: end - escapeStart,
                        help: "write \\u and four hex digits, e.g. \\u00e9")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    func loneSurrogate(start: Int, length: Int) -> FatalSyntaxError {
        let written = source.text(SourceRange(start: start, end: min(start + length, bytes.count)))
        return fatal("lone surrogate \(written): a UTF-16 surrogate must come as a high/low pair",
                     at: start, length: length,
                     help: "write the character itself, or both halves of its surrogate pair")
    }

    mutating func appendUTF8(_ scalar: UInt32) {
        switch scalar {
        case 0..<0x80:
            scratch.append(UInt8(scalar))
        case 0x80..<0x800:
            scratch.append(UInt8(0xC0 | (scalar >> 6)))
            scratch.append(UInt8(0x80 | (scalar & 0x3F)))
        case 0x800..<0x10000:
            scratch.append(UInt8(0xE0 | (scalar >> 12)))
            scratch.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            scratch.append(UInt8(0x80 | (scalar & 0x3F)))
        default:
            scratch.append(UInt8(0xF0 | (scalar >> 18)))
            scratch.append(UInt8(0x80 | ((scalar >> 12) & 0x3F)))
            scratch.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            scratch.append(UInt8(0x80 | (scalar & 0x3F)))
        }
    }

    /// Validates one multi-byte UTF-8 sequence at `index` and moves past it.
    mutating func validateUTF8Sequence() throws {
        let length = bytes.utf8SequenceLength(at: index)
        guard length > 0 else { throw invalidUTF8(at: index) }
        index += length
    }

    func invalidUTF8(at position: Int) -> FatalSyntaxError {
        // Report the byte that starts the broken sequence, as Python's and ICU's decoders do.
        let byte = bytes[position]
        let reason: String
        switch byte {
        case 0x80...0xBF: reason = "a continuation byte with no lead byte"
        case 0xC0, 0xC1, 0xF5...0xFF: reason = "never valid in UTF-8"
        default:
            reason = bytes.utf8SequenceLength(at: position, pastEnd: true) > 0
                ? "starts a sequence the input cuts off" : "starts a sequence that is broken or overlong"
        }
        return fatal("invalid UTF-8: byte \(hexByte(byte)) at byte offset \(position) \(reason)",
                     at: position, length: 1, help: "JSON text must be UTF-8 (RFC 8259 §8.1); re-save the file as UTF-8")
    }
}

private func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case 0x30...0x39: byte - 0x30
    case 0x41...0x46: byte - 0x41 + 10
    case 0x61...0x66: byte - 0x61 + 10
    default: nil
    }
}

private func escapeSuggestion(_ byte: UInt8) -> String {
    switch byte {
    case 0x08: return "\\b"
    case 0x09: return "\\t"
    case 0x0C: return "\\f"
    default: return "\\u" + scalarName(UInt32(byte)).dropFirst(2)
    }
}
