/// A JSON value as the project writes it (reports, the configuration schema, the Language Server's messages) and as
/// the Language Server reads a message: object members in the order given, so what is written is byte-for-byte stable.
///
/// Not the readers' tree: `DocumentNode` keeps positions, number texts and every duplicate key for the linter; this
/// keeps values. `init(_:)` turns a tree into one, `parse(_:)` reads JSON text with the project's reader.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    /// A number that is not an integer an `Int` holds; a whole one is written without a fraction, as `JSONSerialization`
    /// writes it.
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])
    /// JSON text written as it is, never read into a value: the APNs sandbox's log keeps a request's body as it came,
    /// JSON or not (the linter reports it where it breaks).
    case verbatim([UInt8])

    public static func optional(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }

    public static func strings(_ values: [String]) -> JSONValue { .array(values.map(JSONValue.string)) }

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case (.bool(let x), .bool(let y)): x == y
        case (.int(let x), .int(let y)): x == y
        case (.double(let x), .double(let y)): x == y
        case (.string(let x), .string(let y)): x == y
        case (.array(let x), .array(let y)): x == y
        case (.object(let x), .object(let y)): x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        case (.verbatim(let x), .verbatim(let y)): x == y
        default: false
        }
    }
}

// MARK: Reading a value

extension JSONValue {
    /// An object's member of that key (the last one, should the key be there twice), nil for a missing key or a value
    /// that is no object. Setting one replaces the member of that key where it stands, or appends it; on a value
    /// that is no object, it makes an object of the one member.
    public subscript(key: String) -> JSONValue? {
        get {
            guard case .object(let members) = self else { return nil }
            return members.last { $0.0 == key }?.1
        }
        set {
            var members: [(String, JSONValue)] = []
            if case .object(let existing) = self { members = existing }
            if let index = members.lastIndex(where: { $0.0 == key }) {
                if let newValue { members[index].1 = newValue } else { members.removeAll { $0.0 == key } }
            } else if let newValue {
                members.append((key, newValue))
            }
            self = .object(members)
        }
    }

    public var members: [(String, JSONValue)]? {
        if case .object(let members) = self { return members }
        return nil
    }

    public var array: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    public var string: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    public var int: Int? {
        if case .int(let int) = self { return int }
        return nil
    }

    public var bool: Bool? {
        if case .bool(let bool) = self { return bool }
        return nil
    }

    public var isNull: Bool { self == .null }

    /// This object with `other`'s members: one of a key this has replaces it where it stands, the others are appended.
    public func merging(_ other: JSONValue) -> JSONValue {
        var merged = self
        for (key, value) in other.members ?? [] { merged[key] = value }
        return merged
    }
}

// MARK: Literals

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByStringInterpolation, ExpressibleByIntegerLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// Members in the literal's order.
    public init(dictionaryLiteral members: (String, JSONValue)...) { self = .object(members) }
}

// MARK: From the readers' tree

extension JSONValue {
    /// The value of a tree, as `JSONSerialization` reads one with `.fragmentsAllowed`: an integer an `Int` holds as
    /// `.int`, a whole number written with a fraction or an exponent too (as its `NSNumber` does), another number as
    /// `.double`; a key there twice keeps the place of its first member and the value of its last (its dictionary keeps
    /// the last). A container the reader did not keep (`.elided`) is `null`.
    public init(_ node: DocumentNode) {
        switch node.value {
        case .object(let members):
            var values: [(String, JSONValue)] = []
            values.reserveCapacity(members.count)
            var places: [String: Int] = [:]
            for member in members {
                let value = JSONValue(member.value)
                if let place = places[member.key] {
                    values[place].1 = value
                } else {
                    places[member.key] = values.count
                    values.append((member.key, value))
                }
            }
            self = .object(values)
        case .array(let elements): self = .array(elements.map(JSONValue.init))
        case .string(let string): self = .string(string)
        case .number(let number):
            if number.isInteger, let int = number.intValue {
                self = .int(int)
            } else {
                let double = number.doubleValue ?? 0
                self = Self.wholeNumber(double).map(JSONValue.int) ?? .double(double)
            }
        case .bool(let bool): self = .bool(bool)
        case .null, .elided: self = .null
        }
    }

    /// A JSON text's value (a scalar too); the reader's first problem, with its position, when it is not JSON.
    public static func parse(_ bytes: [UInt8]) throws(ParseError) -> JSONValue {
        let parsed = JSONReader.read(SourceText(bytes: bytes))
        if let problem = parsed.problems.first(where: { $0.kind.isInvalidSyntax || $0.kind == .nonJSONValue }) {
            throw ParseError(message: problem.message, offset: problem.range.start)
        }
        guard parsed.documents.count == 1 else { throw ParseError(message: "no JSON value", offset: 0) }
        return JSONValue(parsed.documents[0])
    }

    public struct ParseError: Error, Sendable, CustomStringConvertible {
        public let message: String
        /// The byte offset of the problem in the text.
        public let offset: Int
        public var description: String { "\(message) (at byte \(offset))" }
    }

    /// `double` as an `Int` when it is a whole number a double holds exactly (below 2^53), as `JSONSerialization`
    /// writes and reads one.
    static func wholeNumber(_ double: Double) -> Int? {
        double.rounded() == double && abs(double) < 9_007_199_254_740_992 ? Int(double) : nil
    }
}

// MARK: Writing

extension JSONValue {
    /// How a value is laid out. Every style escapes strings alike (`quoted(_:)`).
    public struct Style: Sendable {
        /// Spaces a level is indented by, every member and element on a line of its own; nil: all on one line.
        public var indent: Int?
        /// What stands between a key and its value.
        public var colon: String
        /// What follows each member or element but the last on one line (indented: `,` and a line break).
        public var comma: String
        /// Keys in `JSONSerialization`'s `.sortedKeys` order (`keyOrder`) rather than as given.
        public var sortedKeys: Bool

        public init(indent: Int?, colon: String, comma: String = ",", sortedKeys: Bool = false) {
            (self.indent, self.colon, self.comma, self.sortedKeys) = (indent, colon, comma, sortedKeys)
        }

        /// The reports': two spaces a level, `": "`.
        public static let pretty = Style(indent: 2, colon: ": ")
        /// The reports' one line (JSON Lines): no space at all.
        public static let compact = Style(indent: nil, colon: ":")
        /// One line with a space after every `:` and `,` (`rules --format json`'s lines).
        public static let spaced = Style(indent: nil, colon: ": ", comma: ", ")
        /// As `JSONSerialization` writes with `.sortedKeys` (the Language Server's messages).
        public static let sortedCompact = Style(indent: nil, colon: ":", sortedKeys: true)
        /// As `JSONSerialization` writes with `[.prettyPrinted, .sortedKeys]`: two spaces, `" : "` (the configuration
        /// schema).
        public static let sortedPretty = Style(indent: 2, colon: " : ", sortedKeys: true)
    }

    /// The JSON text; indented ones start at `level` (a value written inside another).
    public func serialized(_ style: Style = .pretty, level: Int = 0) -> String {
        String(decoding: bytes(style, level: level), as: UTF8.self)
    }

    public func bytes(_ style: Style = .pretty, level: Int = 0) -> [UInt8] {
        var out: [UInt8] = []
        write(to: &out, style: style, level: level)
        return out
    }

    private func write(to out: inout [UInt8], style: Style, level: Int) {
        func newline(_ spaces: Int) {
            out.append(UInt8(ascii: "\n"))
            out += repeatElement(UInt8(ascii: " "), count: spaces)
        }
        func separate(_ index: Int) {
            guard let indent = style.indent else {
                if index > 0 { out += style.comma.utf8 }
                return
            }
            if index > 0 { out.append(UInt8(ascii: ",")) }
            newline(indent * (level + 1))
        }
        switch self {
        case .null: out += "null".utf8
        case .bool(let value): out += (value ? "true" : "false").utf8
        case .int(let value): out += String(value).utf8
        case .double(let value): out += (Self.wholeNumber(value).map { String($0) } ?? "\(value)").utf8
        case .string(let value): JSONString.append(value, escaping: Self.escapes, to: &out)
        case .verbatim(let bytes): out += bytes
        case .array(let elements):
            guard !elements.isEmpty else { return out += "[]".utf8 }
            out.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                separate(index)
                element.write(to: &out, style: style, level: level + 1)
            }
            if let indent = style.indent { newline(indent * level) }
            out.append(UInt8(ascii: "]"))
        case .object(var members):
            guard !members.isEmpty else { return out += "{}".utf8 }
            if style.sortedKeys { members.sort { Self.keyOrder($0.0, $1.0) } }
            out.append(UInt8(ascii: "{"))
            for (index, (key, value)) in members.enumerated() {
                separate(index)
                JSONString.append(key, escaping: Self.escapes, to: &out)
                out += style.colon.utf8
                value.write(to: &out, style: style, level: level + 1)
            }
            if let indent = style.indent { newline(indent * level) }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// Besides what JSON requires, DEL and U+2028 and U+2029 (line breaks to JavaScript) are escaped, so a report shows
    /// them.
    static let escapes: JSONString.Escapes = [.delete, .lineSeparators]

    /// A JSON string literal, escaped as every value's strings are.
    public static func quoted(_ text: String) -> String {
        JSONString.quoted(text, escaping: escapes)
    }

    /// `JSONSerialization`'s `.sortedKeys` order: case-insensitive, runs of digits compared by their value; keys that
    /// differ only in case or in leading zeros then with fewer zeros first, then lowercase first (so the order is total).
    static func keyOrder(_ a: String, _ b: String) -> Bool {
        var left = Array(a.lowercased().unicodeScalars)[...], right = Array(b.lowercased().unicodeScalars)[...]
        func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }
        while let l = left.first, let r = right.first {
            if isDigit(l) && isDigit(r) {
                let leftDigits = left.prefix(while: isDigit).drop(while: { $0 == "0" })
                let rightDigits = right.prefix(while: isDigit).drop(while: { $0 == "0" })
                if leftDigits.count != rightDigits.count { return leftDigits.count < rightDigits.count }
                if let (x, y) = zip(leftDigits, rightDigits).first(where: { $0 != $1 }) { return x.value < y.value }
                left = left.drop(while: isDigit)
                right = right.drop(while: isDigit)
                continue
            }
            if l != r { return l.value < r.value }
            left = left.dropFirst()
            right = right.dropFirst()
        }
        if left.isEmpty != right.isEmpty { return left.isEmpty }
        if a.unicodeScalars.count != b.unicodeScalars.count { return a.unicodeScalars.count < b.unicodeScalars.count }
        // A letter's lowercase before its uppercase.
        func rank(_ scalar: Unicode.Scalar) -> UInt32 {
            let lower = scalar.properties.lowercaseMapping.unicodeScalars.first ?? scalar
            return lower.value * 2 + (lower == scalar ? 0 : 1)
        }
        for (x, y) in zip(a.unicodeScalars, b.unicodeScalars) where x != y { return rank(x) < rank(y) }
        return false
    }
}
