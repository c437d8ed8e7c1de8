import APNSLintSyntax

/// The Language Server's messages as `JSONSerialization`'s values (`[String: Any]`, `[Any]`, `String`, `Bool`, `Int`,
/// `Double`, `JSONText.null`), read and written through `JSONValue` until the server's messages are typed.
public enum JSONText {
    /// JSON's `null`.
    public struct Null: Sendable, Hashable {
        public init() {}
    }

    public static let null = Null()

    public typealias ParseError = JSONValue.ParseError

    /// Compact or as `JSONSerialization` writes with `.prettyPrinted`, keys in its `.sortedKeys` order. A value of
    /// another type is written as `null`.
    public static func write(_ value: Any, pretty: Bool = false) -> String {
        json(value).serialized(pretty ? .sortedPretty : .sortedCompact)
    }

    private static func json(_ value: Any) -> JSONValue {
        switch value {
        case let string as String: .string(string)
        case let bool as Bool: .bool(bool)
        case let int as Int: .int(int)
        case let double as Double: .double(double)
        case let object as [String: Any]: .object(object.map { ($0.key, json($0.value)) })
        case let array as [Any]: .array(array.map(json))
        default: .null
        }
    }

    /// A JSON text's value, as `JSONSerialization` gives it with `.fragmentsAllowed`.
    public static func parse(_ bytes: [UInt8]) throws(ParseError) -> Any {
        any(try JSONValue.parse(bytes))
    }

    private static func any(_ value: JSONValue) -> Any {
        switch value {
        case .null: return null
        case .bool(let bool): return bool
        case .int(let int): return int
        case .double(let double): return double
        case .string(let string): return string
        case .array(let elements): return elements.map(any)
        case .object(let members): return Dictionary(members.map { ($0.0, any($0.1)) }, uniquingKeysWith: { $1 })
        }
    }
}
