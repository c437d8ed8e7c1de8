/// The guard against swift-syntax's lookahead on nested square brackets.
///
/// For each `[` that opens a type or an array literal, swift-syntax 603's parser first tries the whole element as an
/// inline array's (`[3 of Int]`), then parses it again: a file's parse time doubles with each level of `[` nesting
/// (measured here: 0.37 s at 12 levels, 4.9 s at 16, in a debug build). Real Swift nests a few levels, so a file
/// nested deeper than `squareBracketNestingLimit` is not parsed at all.
let squareBracketNestingLimit = 10

/// Whether `text` nests `[` deeper than `limit` outside comments and string literals.
///
/// A scan of bytes, not a lexer: it knows `//` and nested `/* */` comments, `"…"`, `"""…"""` and raw `#"…"#`
/// strings (whose contents never count), which is enough to find the nesting of real code. An interpolation's
/// brackets are not counted.
func nestsSquareBracketsDeeper(than limit: Int, in text: String) -> Bool {
    let bytes = Array(text.utf8)
    let quote = UInt8(ascii: "\""), hash = UInt8(ascii: "#"), slash = UInt8(ascii: "/"), star = UInt8(ascii: "*")
    let backslash = UInt8(ascii: "\\"), newline = UInt8(ascii: "\n")
    var depth = 0
    var index = 0

    func at(_ offset: Int, _ byte: UInt8) -> Bool { offset < bytes.count && bytes[offset] == byte }
    func hasTripleQuote(at offset: Int) -> Bool { at(offset, quote) && at(offset + 1, quote) && at(offset + 2, quote) }

    /// The index after the string literal that starts at `start` (its `#`s, if raw, or its first quote).
    func endOfString(startingAt start: Int) -> Int {
        var index = start
        var hashes = 0
        while at(index, hash) { hashes += 1; index += 1 }
        // `#` not before a quote is a directive or `#selector`: not a string.
        guard at(index, quote) else { return index }
        let isMultiline = hasTripleQuote(at: index)
        index += isMultiline ? 3 : 1
        while index < bytes.count {
            let byte = bytes[index]
            // An escape in a raw string is `\` followed by its `#`s; in a plain one, `\` alone.
            if byte == backslash && (hashes == 0 || (1...hashes).allSatisfy { at(index + $0, hash) }) {
                index += hashes + 2
                continue
            }
            if isMultiline ? hasTripleQuote(at: index) : byte == quote {
                let closing = index + (isMultiline ? 3 : 1)
                if (0..<hashes).allSatisfy({ at(closing + $0, hash) }) { return closing + hashes }
            }
            // A single-line string that reaches the line's end is unterminated: code resumes there.
            if !isMultiline && byte == newline { return index }
            index += 1
        }
        return index
    }

    while index < bytes.count {
        let byte = bytes[index]
        if byte == slash && at(index + 1, slash) {
            while index < bytes.count && bytes[index] != newline { index += 1 }
        } else if byte == slash && at(index + 1, star) {
            var open = 1
            index += 2
            while index < bytes.count && open > 0 {
                if at(index, slash) && at(index + 1, star) { open += 1; index += 2 }
                else if at(index, star) && at(index + 1, slash) { open -= 1; index += 2 }
                else { index += 1 }
            }
        } else if byte == quote || (byte == hash && (at(index + 1, quote) || at(index + 1, hash))) {
            index = endOfString(startingAt: index)
        } else {
            if byte == UInt8(ascii: "[") {
                depth += 1
                if depth > limit { return true }
            } else if byte == UInt8(ascii: "]") {
                depth = max(0, depth - 1)
            }
            index += 1
        }
    }
    return false
}
