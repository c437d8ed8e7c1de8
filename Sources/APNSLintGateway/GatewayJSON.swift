import APNSLintSyntax

/// A JSON value as the gateway writes it (the log line, an answer's body): object members in the order given, so a
/// line is the same bytes every time. `write(to:)` is the one place the gateway writes JSON; strings go through
/// `JSONString`, escaping only what JSON requires.
enum GatewayJSON {
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([GatewayJSON])
    case object([(String, GatewayJSON)])
    /// Bytes written as they are: a request's body as it came, JSON or not (the linter reports it where it breaks).
    case verbatim([UInt8])

    var bytes: [UInt8] {
        var out: [UInt8] = []
        write(to: &out)
        return out
    }

    func write(to out: inout [UInt8]) {
        switch self {
        case .bool(let value): out += Array((value ? "true" : "false").utf8)
        case .int(let value): out += Array(String(value).utf8)
        case .string(let value): JSONString.append(value, to: &out)
        case .verbatim(let bytes): out += bytes
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                item.write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                JSONString.append(key, to: &out)
                out.append(UInt8(ascii: ":"))
                value.write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }
}
