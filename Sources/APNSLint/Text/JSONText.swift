import APNSLintSyntax

/// JSON text of the values Foundation's `JSONSerialization` takes and gives (`[String: Any]`, `[Any]`, `String`,
/// `Bool`, `Int`, `Double`, and `JSONText.null`), for the configuration schema and the Language Server's messages,
/// without loading Foundation (which a one-file run spent 2 ms loading; see docs/performance.md).
public enum JSONText {
    /// JSON's `null`.
    public struct Null: Sendable, Hashable {
        public init() {}
    }

    public static let null = Null()

    /// Compact (`pretty: false`) or indented by two spaces with `" : "` between key and value, as `JSONSerialization`
    /// writes with `.prettyPrinted`; keys sorted as its `.sortedKeys` sorts them (case-insensitive, digit runs by
    /// value), `/` not escaped. A value of another type is written as `null`.
    public static func write(_ value: Any, pretty: Bool = false) -> String {
        var out = ""
        write(value, pretty: pretty, indent: 0, to: &out)
        return out
    }

    private static func write(_ value: Any, pretty: Bool, indent: Int, to out: inout String) {
        let newline = pretty ? "\n" + String(repeating: "  ", count: indent + 1) : ""
        let closing = pretty ? "\n" + String(repeating: "  ", count: indent) : ""
        switch value {
        case let string as String:
            out += JSONOutput.quoted(string)
        case let bool as Bool:
            out += bool ? "true" : "false"
        case let int as Int:
            out += String(int)
        case let double as Double:
            out += wholeNumber(double).map { String($0) } ?? "\(double)"
        case let object as [String: Any]:
            guard !object.isEmpty else {
                out += "{}"
                return
            }
            out += "{"
            for (number, key) in object.keys.sorted(by: keyOrder).enumerated() {
                out += (number == 0 ? "" : ",") + newline
                out += JSONOutput.quoted(key)
                out += pretty ? " : " : ":"
                write(object[key]!, pretty: pretty, indent: indent + 1, to: &out)
            }
            out += closing + "}"
        case let array as [Any]:
            guard !array.isEmpty else {
                out += "[]"
                return
            }
            out += "["
            for (number, element) in array.enumerated() {
                out += (number == 0 ? "" : ",") + newline
                write(element, pretty: pretty, indent: indent + 1, to: &out)
            }
            out += closing + "]"
        default:
            out += "null"
        }
    }

    /// `double` as an `Int` when it is a whole number a double holds exactly (below 2^53), as `JSONSerialization`
    /// writes and reads one.
    private static func wholeNumber(_ double: Double) -> Int? {
        double.rounded() == double && abs(double) < 9_007_199_254_740_992 ? Int(double) : nil
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

    /// A JSON text's value, as `JSONSerialization` gives it with `.fragmentsAllowed` (an integer as `Int`, another
    /// number as `Double`, `null` as `JSONText.null`); the reader's first problem, with its position, when it is not
    /// JSON.
    public static func parse(_ bytes: [UInt8]) throws(ParseError) -> Any {
        let source = SourceText(bytes: bytes)
        let parsed = JSONReader.read(source)
        if let problem = parsed.problems.first(where: { $0.kind == .invalidSyntax || $0.kind == .nonJSONValue }) {
            throw ParseError(message: problem.message, offset: problem.range.start)
        }
        guard parsed.documents.count == 1 else { throw ParseError(message: "no JSON value", offset: 0) }
        return value(of: parsed.documents[0])
    }

    public struct ParseError: Error, Sendable, CustomStringConvertible {
        public let message: String
        /// The byte offset of the problem in the text.
        public let offset: Int
        public var description: String { "\(message) (at byte \(offset))" }
    }

    private static func value(of node: DocumentNode) -> Any {
        switch node.value {
        case .object(let members):
            var object: [String: Any] = [:]
            for member in members { object[member.key] = value(of: member.value) }
            return object
        case .array(let elements): return elements.map(value(of:))
        case .string(let string): return string
        case .number(let number):
            if number.isInteger, let int = number.intValue { return int }
            // A whole number written with a fraction or an exponent reads as an `Int` too, as `JSONSerialization`'s
            // `NSNumber` does.
            let double = number.doubleValue ?? 0
            return wholeNumber(double) ?? double
        case .bool(let bool): return bool
        case .null, .elided: return null
        }
    }
}
