/// A property list's value, typed as an XML property list writes it.
public enum PropertyListValue: Hashable, Sendable {
    case string(String)
    case integer(Int)
    case real(Double)
    case bool(Bool)
    /// A `<date>`'s text as written (ISO 8601, `2026-11-28T12:00:00Z`).
    case date(String)
    case data([UInt8])
    case array([PropertyListValue])
    /// A `<dict>`: the last of duplicate keys wins, as Foundation reads them.
    case dictionary([String: PropertyListValue])

    public var string: String? { if case .string(let value) = self { value } else { nil } }
    public var bool: Bool? { if case .bool(let value) = self { value } else { nil } }
    public var array: [PropertyListValue]? { if case .array(let value) = self { value } else { nil } }
    public var dictionary: [String: PropertyListValue]? { if case .dictionary(let value) = self { value } else { nil } }

    /// The value as a message shows it: a string as written, `true` or `false`, a number's digits, a date as written,
    /// data's size, an array's elements and a dictionary's `key: value`s (by key) separated by ", ".
    public var text: String {
        switch self {
        case .string(let value): value
        case .integer(let value): String(value)
        case .real(let value): String(value)
        case .bool(let value): value ? "true" : "false"
        case .date(let value): value
        case .data(let value): "\(value.count) bytes"
        case .array(let elements): elements.map(\.text).joined(separator: ", ")
        case .dictionary(let members): members.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.text)" }.joined(separator: ", ")
        }
    }

    /// The elements when all are strings (what `as? [String]` gave from Foundation's values).
    public var strings: [String]? {
        guard let array else { return nil }
        var strings: [String] = []
        strings.reserveCapacity(array.count)
        for element in array {
            guard let string = element.string else { return nil }
            strings.append(string)
        }
        return strings
    }
}

/// Reads an XML property list (what Xcode writes for an `Info.plist`, an `.entitlements` file and a `.stringsdict`)
/// into a `PropertyListValue`, without Foundation (whose `PropertyListSerialization` is not in FoundationEssentials).
///
///     <?xml version="1.0" encoding="UTF-8"?>
///     <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
///     <plist version="1.0"><dict><key>aps-environment</key><string>development</string></dict></plist>
///
/// The elements are `<dict>` (`<key>`s and values), `<array>`, `<string>`, `<integer>` (decimal, or hexadecimal with
/// `0x`), `<real>`, `<true/>`, `<false/>`, `<date>` and `<data>` (base64), each also in its empty form (`<string/>`).
/// Text may hold the five named entities, numeric character references and CDATA sections; comments, processing
/// instructions and the DOCTYPE are skipped. The `<plist>` element around the value may be left out. The text is read
/// as UTF-8 (invalid sequences become U+FFFD). A binary property list (`bplist00`) is not read: it is refused like
/// any text that is not an XML property list. Nesting deeper than `depthLimit` is refused, so a hostile file cannot
/// exhaust the stack.
public enum XMLPlistReader {
    public static let depthLimit = 256

    public struct Result: Sendable {
        public var value: PropertyListValue?
        public var problems: [SyntaxProblem]
    }

    public static func read(_ source: SourceText) -> Result {
        var scanner = Scanner(bytes: source.bytes)
        do {
            scanner.skipProlog()
            var tag = try scanner.openingTag()
            var inPlist = false
            if tag.name == "plist" {
                inPlist = true
                guard !tag.isEmpty else { throw Problem("the <plist> element holds no value", at: tag.start) }
                scanner.skipMisc()
                tag = try scanner.openingTag()
            }
            let value = try scanner.value(of: tag, depth: 0)
            if inPlist {
                scanner.skipMisc()
                try scanner.closingTag("plist")
            }
            scanner.skipMisc()
            if scanner.index < scanner.bytes.count {
                throw Problem("unexpected text after the property list", at: scanner.index)
            }
            return Result(value: value, problems: [])
        } catch let problem as Problem {
            let end = min(problem.offset + 1, source.bytes.count)
            return Result(value: nil, problems: [SyntaxProblem(.invalidSyntax, problem.message, range: SourceRange(start: min(problem.offset, end), end: end))])
        } catch {
            return Result(value: nil, problems: [])
        }
    }

    private struct Problem: Error {
        let message: String
        let offset: Int

        init(_ message: String, at offset: Int) {
            self.message = message
            self.offset = offset
        }
    }

    /// An opening tag: its name, whether it closes itself (`<true/>`), and where its `<` is.
    private struct Tag {
        var name: String
        var isEmpty: Bool
        var start: Int
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

        func hasPrefix(_ text: StaticString) -> Bool {
            let count = text.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            return text.withUTF8Buffer { prefix in
                for offset in 0..<count where bytes[index + offset] != prefix[offset] { return false }
                return true
            }
        }

        static func isSpace(_ byte: UInt8) -> Bool { XMLPlistReader.isSpaceByte(byte) }

        mutating func skipSpace() {
            while let byte = peek, Self.isSpace(byte) { index += 1 }
        }

        /// Moves past `terminator`, or to the end of the text when it is missing (the next step reports the end).
        mutating func skip(past terminator: StaticString) {
            while index < bytes.count, !hasPrefix(terminator) { index += 1 }
            index = min(index + terminator.utf8CodeUnitCount, bytes.count)
        }

        /// Whitespace, comments and processing instructions.
        mutating func skipMisc() {
            while true {
                skipSpace()
                if hasPrefix("<!--") {
                    index += 4
                    skip(past: "-->")
                } else if hasPrefix("<?") {
                    index += 2
                    skip(past: "?>")
                } else {
                    return
                }
            }
        }

        /// A byte order mark, the XML declaration, comments and the DOCTYPE (with an internal subset in brackets).
        mutating func skipProlog() {
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
            while true {
                skipMisc()
                guard hasPrefix("<!DOCTYPE") else { return }
                index += 9
                var inBrackets = false
                var quote: UInt8?
                while let byte = peek {
                    index += 1
                    if let open = quote {
                        if byte == open { quote = nil }
                    } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                        quote = byte
                    } else if byte == UInt8(ascii: "[") {
                        inBrackets = true
                    } else if byte == UInt8(ascii: "]") {
                        inBrackets = false
                    } else if byte == UInt8(ascii: ">"), !inBrackets {
                        break
                    }
                }
            }
        }

        mutating func name() -> String {
            let start = index
            while let byte = peek, !Self.isSpace(byte), byte != UInt8(ascii: ">"), byte != UInt8(ascii: "/") { index += 1 }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        /// `<name attributes>` or `<name/>`, attributes skipped.
        mutating func openingTag() throws -> Tag {
            let start = index
            guard peek == UInt8(ascii: "<") else {
                throw Problem(peek == nil ? "the property list ends where a value was expected" : "expected an element", at: index)
            }
            index += 1
            let name = name()
            guard !name.isEmpty, !name.hasPrefix("!"), !name.hasPrefix("?") else { throw Problem("expected an element", at: start) }
            var quote: UInt8?
            while let byte = peek {
                index += 1
                if let open = quote {
                    if byte == open { quote = nil }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: ">") {
                    return Tag(name: name, isEmpty: index >= start + 2 && bytes[index - 2] == UInt8(ascii: "/"), start: start)
                }
            }
            throw Problem("the <\(name)> tag is not closed with \">\"", at: start)
        }

        /// `</name>`.
        mutating func closingTag(_ expected: String) throws {
            let start = index
            guard hasPrefix("</") else {
                throw Problem(peek == nil ? "the property list ends before </\(expected)>" : "expected </\(expected)>", at: index)
            }
            index += 2
            let name = name()
            skipSpace()
            guard name == expected, peek == UInt8(ascii: ">") else { throw Problem("expected </\(expected)>", at: start) }
            index += 1
        }

        mutating func value(of tag: Tag, depth: Int) throws -> PropertyListValue {
            guard depth < XMLPlistReader.depthLimit else {
                throw Problem("the property list nests deeper than \(XMLPlistReader.depthLimit) levels", at: tag.start)
            }
            switch tag.name {
            case "dict":
                var members: [String: PropertyListValue] = [:]
                guard !tag.isEmpty else { return .dictionary(members) }
                while true {
                    skipMisc()
                    if hasPrefix("</") {
                        try closingTag("dict")
                        return .dictionary(members)
                    }
                    let keyTag = try openingTag()
                    guard keyTag.name == "key" else { throw Problem("expected a <key> in a <dict>, found <\(keyTag.name)>", at: keyTag.start) }
                    let key = keyTag.isEmpty ? "" : try text(closing: "key")
                    skipMisc()
                    let valueTag = try openingTag()
                    members[key] = try value(of: valueTag, depth: depth + 1)
                }
            case "array":
                var elements: [PropertyListValue] = []
                guard !tag.isEmpty else { return .array(elements) }
                while true {
                    skipMisc()
                    if hasPrefix("</") {
                        try closingTag("array")
                        return .array(elements)
                    }
                    elements.append(try value(of: try openingTag(), depth: depth + 1))
                }
            case "true", "false":
                if !tag.isEmpty {
                    skipMisc()
                    try closingTag(tag.name)
                }
                return .bool(tag.name == "true")
            case "string":
                return .string(tag.isEmpty ? "" : try text(closing: "string"))
            case "integer":
                let text = tag.isEmpty ? "" : try text(closing: "integer")
                guard let integer = Self.integer(text.trimmingXMLSpace) else { throw Problem("\"\(text)\" is not an integer", at: tag.start) }
                return .integer(integer)
            case "real":
                let text = tag.isEmpty ? "" : try text(closing: "real")
                guard let real = Double(text.trimmingXMLSpace) else { throw Problem("\"\(text)\" is not a real number", at: tag.start) }
                return .real(real)
            case "date":
                let text = tag.isEmpty ? "" : try text(closing: "date")
                return .date(String(text.trimmingXMLSpace))
            case "data":
                let text = tag.isEmpty ? "" : try text(closing: "data")
                guard let data = Base64.decode(text, alphabet: .standard, paddedWithWhitespace: true) else { throw Problem("the <data> is not base64", at: tag.start) }
                return .data(data)
            default:
                throw Problem("<\(tag.name)> is not a property list element", at: tag.start)
            }
        }

        /// An element's text up to `</closing>`: entities and character references decoded, CDATA kept as written,
        /// comments dropped.
        mutating func text(closing: String) throws -> String {
            var scalars = String.UnicodeScalarView()
            var run = index
            func flush() { scalars.append(contentsOf: String(decoding: bytes[run..<index], as: UTF8.self).unicodeScalars) }
            while true {
                guard let byte = peek else { throw Problem("the property list ends inside <\(closing)>", at: index) }
                if byte == UInt8(ascii: "&") {
                    flush()
                    scalars.append(try reference())
                    run = index
                } else if byte == UInt8(ascii: "<") {
                    flush()
                    if hasPrefix("<![CDATA[") {
                        index += 9
                        let start = index
                        while index < bytes.count, !hasPrefix("]]>") { index += 1 }
                        guard index < bytes.count else { throw Problem("a CDATA section is not closed with \"]]>\"", at: start - 9) }
                        scalars.append(contentsOf: String(decoding: bytes[start..<index], as: UTF8.self).unicodeScalars)
                        index += 3
                    } else if hasPrefix("<!--") {
                        let start = index
                        index += 4
                        while index < bytes.count, !hasPrefix("-->") { index += 1 }
                        guard index < bytes.count else { throw Problem("a comment is not closed with \"-->\"", at: start) }
                        index += 3
                    } else {
                        try closingTag(closing)
                        return String(scalars)
                    }
                    run = index
                } else {
                    index += 1
                }
            }
        }

        /// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&#decimal;` or `&#xhex;`.
        private mutating func reference() throws -> Unicode.Scalar {
            let start = index
            index += 1
            let nameStart = index
            while let byte = peek, byte != UInt8(ascii: ";"), index - nameStart < 12 { index += 1 }
            guard peek == UInt8(ascii: ";") else { throw Problem("an entity is not ended with \";\"", at: start) }
            let name = bytes[nameStart..<index]
            index += 1
            switch String(decoding: name, as: UTF8.self) {
            case "amp": return "&"
            case "lt": return "<"
            case "gt": return ">"
            case "quot": return "\""
            case "apos": return "'"
            default:
                guard name.first == UInt8(ascii: "#") else { throw Problem("unknown entity", at: start) }
                var digits = name.dropFirst()
                var radix: UInt32 = 10
                if digits.first == UInt8(ascii: "x") || digits.first == UInt8(ascii: "X") {
                    radix = 16
                    digits = digits.dropFirst()
                }
                var value: UInt32 = 0
                for digit in digits {
                    guard let digitValue = Self.digitValue(digit), digitValue < radix else { throw Problem("a character reference is not a number", at: start) }
                    value = value * radix + digitValue
                    guard value <= 0x10FFFF else { throw Problem("a character reference names no character", at: start) }
                }
                guard !digits.isEmpty, let scalar = Unicode.Scalar(value) else { throw Problem("a character reference names no character", at: start) }
                return scalar
            }
        }

        private static func digitValue(_ byte: UInt8) -> UInt32? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
            default: nil
            }
        }

        /// A decimal integer with an optional sign, or a hexadecimal one after `0x`.
        static func integer(_ text: Substring) -> Int? {
            var digits = text
            var negative = false
            if let sign = digits.first, sign == "-" || sign == "+" {
                negative = sign == "-"
                digits = digits.dropFirst()
            }
            var radix = 10
            if digits.hasPrefix("0x") || digits.hasPrefix("0X") {
                radix = 16
                digits = digits.dropFirst(2)
            }
            guard !digits.isEmpty, digits.first != "-", digits.first != "+", let magnitude = Int(digits, radix: radix) else { return nil }
            return negative ? -magnitude : magnitude
        }
    }
}

private extension String {
    /// Without the XML whitespace around it.
    var trimmingXMLSpace: Substring {
        let utf8 = self.utf8
        guard let first = utf8.firstIndex(where: { !XMLPlistReader.isSpaceByte($0) }),
              let last = utf8.lastIndex(where: { !XMLPlistReader.isSpaceByte($0) }) else { return "" }
        return self[first...last]
    }
}

extension XMLPlistReader {
    fileprivate static func isSpaceByte(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
}
