import APNSLintSyntax

/// Writes a document as the exact bytes a sender should put on the wire.
///
/// Compact JSON (no insignificant whitespace), key order preserved, numbers exactly as written. Where a key
/// appears twice, the output has it once, at its first position, with its last value: what a dictionary-based
/// sender (JavaScript, Python, Foundation) sends after reading the definition.
///
/// How strings are escaped depends on the `Style`: the default, `.compact`, is UTF-8 with non-ASCII and `/`
/// unescaped (only `"`, `\` and control characters are escaped). The other styles model the JSON encoders of
/// common sending stacks, whose escapes make the same payload longer.
///
/// The size rules count these bytes, so "payload size" always means the length of this output.
public enum WireSerializer {
    /// How a sending stack's JSON encoder escapes strings. Every style escapes `"`, `\` and control characters
    /// (`\n`, `\r`, `\t`, `\b`, `\f`, others as `\u00XX`); they differ in what else they escape.
    public enum Style: String, Sendable, Hashable, CaseIterable {
        /// UTF-8, non-ASCII and `/` unescaped: the smallest encoding, and apns-lint's reference.
        case compact
        /// Non-ASCII (and DEL) as `\uXXXX`, characters outside the BMP as surrogate pairs (`\ud83d\ude00`), like
        /// Python's `json.dumps` with its default `ensure_ascii=True`.
        case ascii
        /// `/` as `\/`, like Swift's `JSONEncoder` (and `JSONSerialization`) without `.withoutEscapingSlashes`.
        case foundation
        /// `<`, `>`, `&` as `\u003c`, `\u003e`, `\u0026`, and U+2028, U+2029 as `\u2028`, `\u2029`, like Go's
        /// `encoding/json`.
        case go
        /// U+2028, U+2029 as `\u2028`, `\u2029`, like Erlang's jsx (2.8.0, its default `unescaped_jsonp: false`).
        case jsx

        /// What the style escapes besides what JSON requires.
        var escapes: JSONString.Escapes {
            switch self {
            case .compact: []
            case .ascii: [.delete, .nonASCII]
            case .foundation: [.solidus]
            case .go: [.htmlCharacters, .lineSeparators]
            case .jsx: [.lineSeparators]
            }
        }

        /// What the style produces, for messages: "compact UTF-8 JSON".
        public var phrase: String {
            switch self {
            case .compact: "compact UTF-8 JSON"
            case .ascii: "compact JSON with non-ASCII escaped as \\uXXXX, as the ascii serializer writes it"
            case .foundation: "compact JSON with / escaped as \\/, as the foundation serializer writes it"
            case .jsx: "compact JSON with U+2028/U+2029 escaped, as the jsx serializer writes it"
            case .go: "compact JSON with <, >, & and U+2028/U+2029 escaped, as the go serializer writes it"
            }
        }

        /// The escapes the style adds over `.compact`, for messages: "\uXXXX escapes".
        public var addedEscapes: String {
            switch self {
            case .compact: "escapes"
            case .ascii: "\\uXXXX escapes"
            case .foundation: "\\/ escapes"
            case .jsx: "\\u2028 and \\u2029 escapes"
            case .go: "\\u003c, \\u003e, \\u0026, \\u2028 and \\u2029 escapes"
            }
        }
    }

    /// What a sender writes for a key that appears twice in an object.
    public enum DuplicateKeys: Sendable, Hashable {
        /// The key once, at its first position, with its last value: a dictionary-based sender (JavaScript, Ruby,
        /// Python, Foundation) after reading the definition.
        case lastValue
        /// The key once, at its first position, with its first value: `proplists:get_value/2`.
        case firstValue
        /// Every pair as written: an encoder that writes a list of pairs as it stands (Erlang's jsx).
        case everyPair

        public init(firstWins: Bool) { self = firstWins ? .firstValue : .lastValue }
    }

    /// - Parameters:
    ///   - firstDuplicateWins: of two equal keys, send the first value (Erlang proplists) instead of the last.
    ///   - style: how strings are escaped.
    public static func serialize(_ node: DocumentNode, firstDuplicateWins: Bool = false, style: Style = .compact) -> [UInt8] {
        serialize(node, duplicates: DuplicateKeys(firstWins: firstDuplicateWins), style: style)
    }

    /// - Parameters:
    ///   - duplicates: what is written for a key that appears twice.
    ///   - style: how strings are escaped.
    public static func serialize(_ node: DocumentNode, duplicates: DuplicateKeys, style: Style = .compact) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        write(node, duplicates: duplicates, style: style, indent: nil, to: &output)
        return output
    }

    /// The byte count of `serialize(node)`, counted without writing the bytes.
    public static func size(of node: DocumentNode, firstDuplicateWins: Bool = false, style: Style = .compact) -> Int {
        size(of: node, duplicates: DuplicateKeys(firstWins: firstDuplicateWins), style: style)
    }

    /// The byte count of `serialize(node, duplicates:style:)`, counted without writing the bytes.
    public static func size(of node: DocumentNode, duplicates: DuplicateKeys, style: Style = .compact) -> Int {
        var counter = ByteCounter()
        write(node, duplicates: duplicates, style: style, indent: nil, to: &counter)
        return counter.count
    }

    /// A rendering for people, not what is sent: 2-space indentation, `": "` between key and value, one member
    /// or element per line, empty objects and arrays as `{}` and `[]`. Strings are escaped as `style` escapes them.
    public static func prettyPrinted(_ node: DocumentNode, firstDuplicateWins: Bool = false, style: Style = .compact) -> [UInt8] {
        prettyPrinted(node, duplicates: DuplicateKeys(firstWins: firstDuplicateWins), style: style)
    }

    public static func prettyPrinted(_ node: DocumentNode, duplicates: DuplicateKeys, style: Style = .compact) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(512)
        write(node, duplicates: duplicates, style: style, indent: 2, to: &output)
        return output
    }

    /// Writes without recursion (an explicit stack), so deep documents need no deep thread stack.
    /// With `indent`, each member or element goes on its own line, indented by that many spaces per level.
    static func write<Output: WireOutput>(_ root: DocumentNode, duplicates: DuplicateKeys, style: Style = .compact, indent: Int? = nil,
                                          to output: inout Output) {
        func newline(depth: Int) {
            guard let indent else { return }
            output.append(0x0A)
            output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * depth))
        }
        var open: [(members: [Member]?, elements: [DocumentNode], next: Int)] = []
        var pending: DocumentNode? = root
        while true {
            if let node = pending {
                pending = nil
                switch node.value {
                case .object(let members):
                    output.append(UInt8(ascii: "{"))
                    open.append((duplicates == .everyPair ? members : effectiveMembers(members, firstDuplicateWins: duplicates == .firstValue), [], 0))
                case .array(let elements):
                    output.append(UInt8(ascii: "["))
                    open.append((nil, elements, 0))
                case .string(let string):
                    output.appendString(string, escaping: style.escapes)
                case .number(let number):
                    output.append(contentsOf: number.text.utf8)
                case .bool(let bool):
                    output.append(contentsOf: (bool ? "true" : "false").utf8)
                case .null:
                    output.append(contentsOf: "null".utf8)
                case .elided(let summary):
                    output.appendElided(summary)
                }
            }
            guard let top = open.last else { return }
            let count = top.members?.count ?? top.elements.count
            guard top.next < count else {
                if count > 0 { newline(depth: open.count - 1) }
                output.append(top.members == nil ? UInt8(ascii: "]") : UInt8(ascii: "}"))
                open.removeLast()
                continue
            }
            if top.next > 0 { output.append(UInt8(ascii: ",")) }
            newline(depth: open.count)
            if let members = top.members {
                output.appendString(members[top.next].key, escaping: style.escapes)
                output.append(UInt8(ascii: ":"))
                if indent != nil { output.append(UInt8(ascii: " ")) }
                pending = members[top.next].value
            } else {
                pending = top.elements[top.next]
            }
            open[open.count - 1].next += 1
        }
    }

    /// Each key once, at its first position, with its last value (or its first, for Erlang proplists).
    public static func effectiveMembers(_ members: [Member], firstDuplicateWins: Bool = false) -> [Member] {
        guard members.hasDuplicateKeys else { return members }
        var firstIndex: [String: Int] = [:]
        var result: [Member] = []
        result.reserveCapacity(members.count)
        for member in members {
            if let index = firstIndex[member.key] {
                if !firstDuplicateWins { result[index].value = member.value }
            } else {
                firstIndex[member.key] = result.count
                result.append(member)
            }
        }
        return result
    }
}

/// Where the serializer writes: the bytes themselves, or only their count (for sizes).
protocol WireOutput {
    mutating func append(_ byte: UInt8)
    mutating func append<Bytes: Collection>(contentsOf bytes: Bytes) where Bytes.Element == UInt8
    /// A string in quotes, escaped as `JSONString` escapes it.
    mutating func appendString(_ string: String, escaping: JSONString.Escapes)
    /// A container the reader did not keep (`ElidedContainer`).
    mutating func appendElided(_ summary: ElidedContainer)
}

extension Array: WireOutput where Element == UInt8 {
    mutating func appendString(_ string: String, escaping: JSONString.Escapes) {
        JSONString.append(string, escaping: escaping, to: &self)
    }

    /// Its bytes are not known: `null` stands for them. Read with no retention limit to write a document out
    /// (`NotificationDefinition.payloadBytes` is nil for a payload that holds an elided container).
    mutating func appendElided(_ summary: ElidedContainer) {
        append(contentsOf: "null".utf8)
    }
}

/// Counts the bytes written to it.
struct ByteCounter: WireOutput {
    var count = 0

    mutating func append(_ byte: UInt8) {
        count += 1
    }

    mutating func append<Bytes: Collection>(contentsOf bytes: Bytes) where Bytes.Element == UInt8 {
        count += bytes.count
    }

    mutating func appendString(_ string: String, escaping: JSONString.Escapes) {
        count += JSONString.quotedLength(of: string, escaping: escaping)
    }

    /// Its compact length: the exact size in the compact style when it has no duplicate key, and at most the size
    /// otherwise (the other styles escape more; where a key is written twice, a duplicate-key policy writes less).
    mutating func appendElided(_ summary: ElidedContainer) {
        count += summary.compactLength
    }
}

/// How a sending library writes the payload it sends: its JSON encoder's escapes, and what it writes for a key
/// given twice. A dialect names its library's; a plain APNs definition has none (the configured style applies).
public struct WireEncoding: Sendable, Hashable {
    public var style: WireSerializer.Style
    public var duplicates: WireSerializer.DuplicateKeys

    public init(style: WireSerializer.Style, duplicates: WireSerializer.DuplicateKeys) {
        self.style = style
        self.duplicates = duplicates
    }
}
