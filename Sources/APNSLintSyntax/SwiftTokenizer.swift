/// Splits Swift source into the tokens a declaration reader needs: names, literals, brackets and punctuation, with
/// comments dropped and each token's place kept.
///
/// Not the compiler's lexer: operators come as runs of operator characters, except the characters a type or a
/// declaration is made of (`< > ? ! . = ->`), which are tokens of their own; regular-expression literals are not
/// recognized. String literals (`"…"`, `"""…"""`, raw `#"…"#`, with interpolations holding strings of their own) are
/// one token each, so nothing inside them is read as code. Linear in the input, whatever it holds.
public enum SwiftTokenizer {
    public struct Token: Sendable, Equatable {
        public enum Kind: Sendable, Equatable {
            /// An identifier or keyword; `isEscaped` for one written in backticks (`` `default` ``), never a keyword.
            case name(isEscaped: Bool)
            /// A string literal: `value` is its text when it has no interpolation.
            case string(value: String?)
            case number
            /// `#if`, `#else`, `#available`, `#Preview`: `text` is the name after `#`.
            case pound
            /// `{ } ( ) [ ] < > , : ; . ? ! = @ ->` and other operator runs (`==`, `+=`, `&&`).
            case punctuation
        }

        public var kind: Kind
        /// The name (without backticks), the number or punctuation as written; empty for a string literal.
        public var text: String
        /// Its first byte's offset.
        public var offset: Int
        /// 1-based; the column counts UTF-8 bytes.
        public var line: Int
        public var column: Int
        /// Nothing but whitespace and comments comes before it on its line.
        public var startsLine: Bool

        public init(kind: Kind, text: String, offset: Int, line: Int, column: Int, startsLine: Bool) {
            self.kind = kind
            self.text = text
            self.offset = offset
            self.line = line
            self.column = column
            self.startsLine = startsLine
        }

        /// A name that is not escaped, spelled `word`: a keyword or contextual keyword in its place.
        public func isWord(_ word: String) -> Bool {
            kind == .name(isEscaped: false) && text == word
        }

        public func isPunctuation(_ mark: String) -> Bool {
            kind == .punctuation && text == mark
        }

        public var isName: Bool {
            if case .name = kind { return true }
            return false
        }
    }

    public static func tokens(of bytes: [UInt8]) -> [Token] {
        var lexer = Lexer(bytes: bytes)
        return lexer.run()
    }

    private struct Lexer {
        let bytes: [UInt8]
        var index = 0
        var line = 1
        var lineStart = 0
        var tokens: [Token] = []
        var lineHasToken = false

        init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        func at(_ offset: Int, _ byte: UInt8) -> Bool { offset < bytes.count && bytes[offset] == byte }

        mutating func run() -> [Token] {
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case 0x0A:
                    newLine(after: index)
                    index += 1
                case 0x20, 0x09, 0x0D, 0x0B, 0x0C, 0x00:
                    index += 1
                case UInt8(ascii: "/") where at(index + 1, UInt8(ascii: "/")):
                    while index < bytes.count && bytes[index] != 0x0A { index += 1 }
                case UInt8(ascii: "/") where at(index + 1, UInt8(ascii: "*")):
                    skipBlockComment()
                case UInt8(ascii: "\""):
                    string(start: index, hashes: 0)
                case UInt8(ascii: "#"):
                    var hashes = 0
                    while at(index + hashes, UInt8(ascii: "#")) { hashes += 1 }
                    if at(index + hashes, UInt8(ascii: "\"")) {
                        string(start: index, hashes: hashes)
                    } else {
                        let start = index
                        index += 1
                        let nameStart = index
                        while index < bytes.count && Self.isNameByte(bytes[index]) { index += 1 }
                        emit(.pound, text: text(nameStart, index), at: start)
                    }
                case UInt8(ascii: "`"):
                    let start = index
                    var end = index + 1
                    while end < bytes.count && bytes[end] != UInt8(ascii: "`") && bytes[end] != 0x0A { end += 1 }
                    if at(end, UInt8(ascii: "`")) {
                        index = end + 1
                        emit(.name(isEscaped: true), text: text(start + 1, end), at: start)
                    } else {
                        index += 1
                        emit(.punctuation, text: "`", at: start)
                    }
                case _ where Self.isDigit(byte):
                    number()
                case _ where Self.isNameByte(byte) || byte == UInt8(ascii: "$"):
                    let start = index
                    index += 1
                    while index < bytes.count && Self.isNameByte(bytes[index]) { index += 1 }
                    emit(.name(isEscaped: false), text: text(start, index), at: start)
                default:
                    punctuation()
                }
            }
            return tokens
        }

        mutating func newLine(after offset: Int) {
            line += 1
            lineStart = offset + 1
            lineHasToken = false
        }

        func text(_ start: Int, _ end: Int) -> String {
            String(decoding: bytes[start..<end], as: UTF8.self)
        }

        /// A token on one line (every kind but a string literal, which `string` places itself).
        mutating func emit(_ kind: Token.Kind, text: String, at start: Int) {
            tokens.append(Token(kind: kind, text: text, offset: start, line: line, column: start - lineStart + 1, startsLine: !lineHasToken))
            lineHasToken = true
        }

        mutating func skipBlockComment() {
            var depth = 0
            repeat {
                if at(index, UInt8(ascii: "/")) && at(index + 1, UInt8(ascii: "*")) {
                    depth += 1
                    index += 2
                } else if at(index, UInt8(ascii: "*")) && at(index + 1, UInt8(ascii: "/")) {
                    depth -= 1
                    index += 2
                } else {
                    if bytes[index] == 0x0A { newLine(after: index) }
                    index += 1
                }
            } while depth > 0 && index < bytes.count
        }

        mutating func number() {
            let start = index
            let isHex = at(start, UInt8(ascii: "0")) && (at(start + 1, UInt8(ascii: "x")) || at(start + 1, UInt8(ascii: "X")))
            while index < bytes.count {
                let byte = bytes[index]
                if Self.isNameByte(byte) {
                    index += 1
                    // An exponent's sign belongs to the number (`1e-3`, `0x1p+4`).
                    let isExponent = (byte | 0x20) == (isHex ? UInt8(ascii: "p") : UInt8(ascii: "e"))
                    if isExponent && (at(index, UInt8(ascii: "-")) || at(index, UInt8(ascii: "+"))) { index += 1 }
                } else if byte == UInt8(ascii: "."), index + 1 < bytes.count, Self.isDigit(bytes[index + 1]) {
                    index += 1
                } else {
                    break
                }
            }
            emit(.number, text: text(start, index), at: start)
        }

        /// A string literal from `start` (its `#`s, then its quote), one token; an interpolation's contents are skipped
        /// with the parentheses and strings they hold.
        mutating func string(start: Int, hashes: Int) {
            index = start + hashes
            let isMultiline = at(index, UInt8(ascii: "\"")) && at(index + 1, UInt8(ascii: "\"")) && at(index + 2, UInt8(ascii: "\""))
            index += isMultiline ? 3 : 1
            var value: [UInt8]? = []
            let startLine = line
            let startLineStart = lineStart
            let startLineHadToken = lineHasToken
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\\") && (1...max(hashes, 1)).allSatisfy({ hashes == 0 || at(index + $0, UInt8(ascii: "#")) }) {
                    index += 1 + hashes
                    guard index < bytes.count else { break }
                    let escaped = bytes[index]
                    switch escaped {
                    case UInt8(ascii: "("):
                        value = nil
                        skipInterpolation()
                        continue
                    case UInt8(ascii: "n"): value?.append(0x0A)
                    case UInt8(ascii: "t"): value?.append(0x09)
                    case UInt8(ascii: "r"): value?.append(0x0D)
                    case UInt8(ascii: "0"): value?.append(0x00)
                    case UInt8(ascii: "u"):
                        // \u{…}: the scalar, or nothing kept when it is not one.
                        var end = index + 1
                        while end < bytes.count && bytes[end] != UInt8(ascii: "}") && bytes[end] != 0x0A && end - index < 12 { end += 1 }
                        let digits = index + 2 < end ? text(index + 2, end) : ""
                        if let scalar = UInt32(digits, radix: 16).flatMap(Unicode.Scalar.init) {
                            value?.append(contentsOf: Array(String(Character(scalar)).utf8))
                        } else {
                            value = nil
                        }
                        index = min(end + 1, bytes.count)
                        continue
                    case 0x0A:
                        // A line continuation in a multi-line string.
                        newLine(after: index)
                    default: value?.append(escaped)
                    }
                    index += 1
                    continue
                }
                let closes = isMultiline
                    ? byte == UInt8(ascii: "\"") && at(index + 1, UInt8(ascii: "\"")) && at(index + 2, UInt8(ascii: "\""))
                    : byte == UInt8(ascii: "\"")
                if closes {
                    let closing = index + (isMultiline ? 3 : 1)
                    if (0..<hashes).allSatisfy({ at(closing + $0, UInt8(ascii: "#")) }) {
                        index = closing + hashes
                        break
                    }
                }
                if byte == 0x0A {
                    // A single-line string that reaches its line's end is unterminated: code resumes there.
                    if !isMultiline { break }
                    newLine(after: index)
                }
                value?.append(byte)
                index += 1
            }
            // A multi-line string's value would need its indentation removed: only single-line values are kept.
            let kept = isMultiline ? nil : value.map { String(decoding: $0, as: UTF8.self) }
            tokens.append(Token(kind: .string(value: kept), text: "", offset: start, line: startLine,
                                column: start - startLineStart + 1, startsLine: !startLineHadToken))
            lineHasToken = true
        }

        /// From the `(` of `\(`: to after its `)`, past nested parentheses and string literals.
        mutating func skipInterpolation() {
            var depth = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "(") {
                    depth += 1
                } else if byte == UInt8(ascii: ")") {
                    depth -= 1
                    if depth == 0 {
                        index += 1
                        return
                    }
                } else if byte == UInt8(ascii: "\"") {
                    // A string inside the interpolation: lexed and dropped (its token is not the code's).
                    let count = tokens.count
                    let saved = lineHasToken
                    string(start: index, hashes: 0)
                    tokens.removeSubrange(count...)
                    lineHasToken = saved
                    continue
                } else if byte == 0x0A {
                    newLine(after: index)
                }
                index += 1
            }
        }

        mutating func punctuation() {
            let start = index
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "-") && at(index, UInt8(ascii: ">")) {
                index += 1
            } else if !Self.singles.contains(byte) && Self.isOperatorByte(byte) {
                while index < bytes.count && Self.isOperatorByte(bytes[index]) && !Self.singles.contains(bytes[index]) { index += 1 }
            }
            emit(.punctuation, text: text(start, index), at: start)
        }

        /// Characters that are tokens alone even beside other operator characters.
        static let singles: Set<UInt8> = Set("{}()[]<>,:;.?!@\\".utf8)

        static func isOperatorByte(_ byte: UInt8) -> Bool {
            "/=-+!*%<>&|^~?.".utf8.contains(byte)
        }

        static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

        /// Letters, digits, `_`, and every byte of a non-ASCII character (Swift names may use most of them).
        static func isNameByte(_ byte: UInt8) -> Bool {
            (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A || isDigit(byte) || byte == UInt8(ascii: "_") || byte >= 0x80
        }
    }
}
