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
    public let key: String
    public let pointer: JSONPointer
    public let value: DocumentNode
    /// The schema entry, or nil for a key the schema does not know.
    public let spec: KeySpec?
    /// True when a later member with the same key overrides this one.
    public let isShadowed: Bool
    public let origin: Origin
    let sourceKeyRange: SourceRange

    public init(key: String, keyRange: SourceRange, pointer: JSONPointer, value: DocumentNode, spec: KeySpec?,
                isShadowed: Bool = false, origin: Origin = .source) {
        self.key = key
        self.sourceKeyRange = keyRange
        self.pointer = pointer
        self.value = value
        self.spec = spec
        self.isShadowed = isShadowed
        self.origin = origin
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
        func normalize(_ key: String) -> String { caseInsensitive ? key.lowercased() : key }
        var winner: [String: Int] = [:]
        for (index, member) in members.enumerated() where !(firstDuplicateWins && winner[normalize(member.key)] != nil) {
            winner[normalize(member.key)] = index
        }
        self.fields = members.enumerated().map { index, member in
            let name = normalize(member.key)
            return Field(
                key: member.key, keyRange: member.keyRange, pointer: pointer.appending(member.key),
                value: member.value, spec: schema.first { $0.name == name },
                isShadowed: winner[name] != index)
        }
    }

    init(pointer: JSONPointer, node: DocumentNode, fields: [Field], caseInsensitive: Bool, firstDuplicateWins: Bool, proplist: DocumentNode?) {
        self.pointer = pointer
        self.node = node
        self.fields = fields
        self.caseInsensitive = caseInsensitive
        self.firstDuplicateWins = firstDuplicateWins
        self.proplist = proplist
    }

    /// Binds a nested dictionary (`aps`, `alert`, critical `sound`) with the same duplicate-key policy; a
    /// proplist-style array is bound as the object it stands for.
    public func binding(_ node: DocumentNode, pointer: JSONPointer, schema: [KeySpec]) -> FieldSet {
        FieldSet(node: node, pointer: pointer, schema: schema, firstDuplicateWins: firstDuplicateWins, acceptsProplist: true)
    }

    /// The effective field for `key`: the occurrence that counts (see `firstDuplicateWins`).
    public subscript(_ key: String) -> Field? {
        let key = caseInsensitive ? key.lowercased() : key
        return fields.last { !$0.isShadowed && (caseInsensitive ? $0.key.lowercased() : $0.key) == key }
    }

    /// Effective fields only (each key once).
    public var effectiveFields: [Field] { fields.filter { !$0.isShadowed } }
    public var unknownFields: [Field] { fields.filter { !$0.isKnown } }
    public var isEmpty: Bool { fields.isEmpty }

    /// Adds a field that did not come from this object (a header from the command line).
    func adding(_ field: Field) -> FieldSet {
        FieldSet(pointer: pointer, node: node, fields: fields + [field], caseInsensitive: caseInsensitive,
                 firstDuplicateWins: firstDuplicateWins, proplist: proplist)
    }
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
