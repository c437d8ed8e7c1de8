import APNSLintSyntax

/// One key/value pair of the request as the user wrote it, bound to the schema.
///
/// Nothing is dropped: unknown keys (`spec == nil`), wrongly typed values (`hasExpectedType == false`) and
/// earlier duplicates (`isShadowed`) are all fields too, so rules can point at them.
public struct Field: Sendable {
    /// Where a field came from: the file, a command-line option, or a configuration file's `headers` (the last two
    /// have no place in the file).
    public enum Origin: Sendable, Hashable {
        case source
        case commandLine(option: String)
        /// `location` is `path:line:column` in the configuration file.
        case configuration(location: String)
        /// A header a program passed with the body it lints (`Linter.lint(payload:headers:)`), spelled `name`.
        case requestHeader(name: String)

        /// How the user gave a field from outside the file, for messages: `--priority`, `.apns-lint.yml:4:3`.
        public var outsideSource: String? {
            switch self {
            case .source: nil
            case .commandLine(let option): option
            case .configuration(let location): location
            case .requestHeader(let name): name
            }
        }
    }

    /// The key as written.
    public var key: String { parts.value.key }
    public var pointer: JSONPointer { parts.value.pointer }
    public var value: DocumentNode { parts.value.value }
    /// The schema entry, or nil for a key the schema does not know.
    public var spec: KeySpec? { parts.value.spec }
    /// True when a later member with the same key overrides this one.
    public var isShadowed: Bool { parts.value.isShadowed }
    public var origin: Origin { parts.value.origin }
    var sourceKeyRange: SourceRange { parts.value.sourceKeyRange }

    private struct Parts: Sendable {
        let key: String
        let pointer: JSONPointer
        let value: DocumentNode
        let spec: KeySpec?
        let isShadowed: Bool
        let origin: Origin
        let sourceKeyRange: SourceRange
    }

    /// Rules look fields up and pass them around all the time: behind one reference, a copy is one retain.
    private let parts: Box<Parts>

    public init(key: String, keyRange: SourceRange, pointer: JSONPointer, value: DocumentNode, spec: KeySpec?,
                isShadowed: Bool = false, origin: Origin = .source) {
        parts = Box(Parts(key: key, pointer: pointer, value: value, spec: spec, isShadowed: isShadowed, origin: origin,
                          sourceKeyRange: keyRange))
    }

    /// The key's range in the file (nil for a field from the command line).
    public var keyRange: SourceRange? { origin == .source ? sourceKeyRange : nil }
    /// The value's range in the file (nil for a field from the command line).
    public var valueRange: SourceRange? { origin == .source ? value.range : nil }
    /// From the key to the end of the value.
    public var range: SourceRange? {
        origin == .source ? SourceRange(start: sourceKeyRange.start, end: value.range.end) : nil
    }

    public var isKnown: Bool { spec != nil }
    public var hasExpectedType: Bool { spec?.type.accepts(value) ?? true }

    /// The value as a string (for header fields, numbers are read as their text).
    public var string: String? { value.string }

    /// An integer value: a JSON integer, or for numeric headers a string of digits.
    public var integer: Int? {
        if let number = value.number { return number.intValue }
        if spec?.type == .headerInteger, let text = value.string { return Int(text) }
        return nil
    }

    public var number: Double? { value.number?.doubleValue }
}

/// An object bound to a list of known keys: every member becomes a `Field`, in source order.
public struct FieldSet: Sendable {
    public let pointer: JSONPointer
    public let node: DocumentNode
    public let fields: [Field]
    let caseInsensitive: Bool
    let firstDuplicateWins: Bool
    /// The array the user wrote when this object was written as a proplist (`[["alert", "Hi"]]`); nil for an
    /// object written as an object.
    public let proplist: DocumentNode?
    /// For a case-insensitive set (headers), each field's key in lowercase, in the order of `fields`.
    private let lowercasedKeys: [String]?

    /// Binds `node`'s members. Non-objects give an empty set.
    /// - Parameter firstDuplicateWins: which of two equal keys counts (Erlang proplists keep the first; JSON and
    ///   YAML parsers the last).
    /// - Parameter acceptsProplist: bind an array of pairs as the object it stands for (for `aps`, `alert`,
    ///   critical `sound`).
    public init(node: DocumentNode, pointer: JSONPointer, schema: [KeySpec], caseInsensitive: Bool = false,
                firstDuplicateWins: Bool = false, acceptsProplist: Bool = false) {
        self.pointer = pointer
        self.caseInsensitive = caseInsensitive
        self.firstDuplicateWins = firstDuplicateWins
        var members = node.members ?? []
        if acceptsProplist, node.members == nil, let pairs = Proplist.members(of: node) {
            members = pairs
            self.proplist = node
            self.node = DocumentNode(.object(pairs), range: node.range)
        } else {
            self.proplist = nil
            self.node = node
        }
        let names = caseInsensitive ? members.map { lowercasedKey($0.key) } : members.map { $0.key }
        self.lowercasedKeys = caseInsensitive ? names : nil
        let shadowed = Self.shadowed(names, firstDuplicateWins: firstDuplicateWins)
        self.fields = members.indices.map { index in
            let member = members[index], name = names[index]
            return Field(
                key: member.key, keyRange: member.keyRange, pointer: pointer.appending(member.key),
                value: member.value, spec: schema.first { $0.name == name },
                isShadowed: shadowed[index])
        }
    }

    /// For each name, whether another occurrence counts instead: a later one, or with `firstDuplicateWins` an
    /// earlier one. Few names are compared pairwise, many through a dictionary.
    private static func shadowed(_ names: [String], firstDuplicateWins: Bool) -> [Bool] {
        if names.count <= 16 {
            return names.indices.map { index in
                let others = firstDuplicateWins ? names[..<index] : names[(index + 1)...]
                return others.contains(names[index])
            }
        }
        var winner: [String: Int] = [:]
        for (index, name) in names.enumerated() where !(firstDuplicateWins && winner[name] != nil) {
            winner[name] = index
        }
        return names.indices.map { winner[names[$0]] != $0 }
    }

    init(pointer: JSONPointer, node: DocumentNode, fields: [Field], caseInsensitive: Bool, firstDuplicateWins: Bool, proplist: DocumentNode?) {
        self.pointer = pointer
        self.node = node
        self.fields = fields
        self.caseInsensitive = caseInsensitive
        self.firstDuplicateWins = firstDuplicateWins
        self.proplist = proplist
        lowercasedKeys = caseInsensitive ? fields.map { lowercasedKey($0.key) } : nil
    }

    /// Binds a nested dictionary (`aps`, `alert`, critical `sound`) with the same duplicate-key policy; a
    /// proplist-style array is bound as the object it stands for.
    public func binding(_ node: DocumentNode, pointer: JSONPointer, schema: [KeySpec]) -> FieldSet {
        FieldSet(node: node, pointer: pointer, schema: schema, firstDuplicateWins: firstDuplicateWins, acceptsProplist: true)
    }

    /// The effective field for `key`: the occurrence that counts (see `firstDuplicateWins`).
    public subscript(_ key: String) -> Field? {
        guard let lowercasedKeys else { return fields.last { !$0.isShadowed && $0.key == key } }
        let key = lowercasedKey(key)
        return fields.indices.last { !fields[$0].isShadowed && lowercasedKeys[$0] == key }.map { fields[$0] }
    }

    /// Effective fields only (each key once).
    public var effectiveFields: [Field] { fields.filter { !$0.isShadowed } }
    public var unknownFields: [Field] { fields.filter { !$0.isKnown } }
    public var isEmpty: Bool { fields.isEmpty }

    /// Adds fields that did not come from this object (headers from the command line or the configuration).
    func adding(_ added: [Field]) -> FieldSet {
        FieldSet(pointer: pointer, node: node, fields: fields + added, caseInsensitive: caseInsensitive,
                 firstDuplicateWins: firstDuplicateWins, proplist: proplist)
    }
}

/// `key.lowercased()`, without building a new string when there is nothing to lower (header names usually).
func lowercasedKey(_ key: String) -> String {
    var key = key
    let isLowercaseASCII = key.withUTF8 { bytes in
        !bytes.contains { $0 >= 0x80 || ($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z")) }
    }
    return isLowercaseASCII ? key : key.lowercased()
}

/// Objects written the way authors porting from Erlang write proplists: an array of `[key, value]` pairs, or an
/// array of single-key objects (YAML's `- alert: Hi`).
public enum Proplist {
    /// The members such an array stands for, or nil when it is not one (an empty array is not).
    public static func members(of node: DocumentNode) -> [Member]? {
        guard let elements = node.elements, !elements.isEmpty else { return nil }
        var members: [Member] = []
        members.reserveCapacity(elements.count)
        for element in elements {
            if let pair = element.elements, pair.count == 2, let key = pair[0].string {
                members.append(Member(key: key, keyRange: pair[0].range, value: pair[1]))
            } else if let single = element.members, single.count == 1 {
                members.append(single[0])
            } else {
                return nil
            }
        }
        return members
    }
}
