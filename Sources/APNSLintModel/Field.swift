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

    /// The set the field belongs to, and its place there: a field is a view into its set, so binding an object
    /// allocates nothing per member, and a copy is one retain.
    @usableFromInline let owner: FieldSet.Storage
    @usableFromInline let index: Int

    @usableFromInline init(_ owner: FieldSet.Storage, _ index: Int) {
        self.owner = owner
        self.index = index
    }

    /// The key as written.
    @inlinable public var key: String { owner.members[index].key }
    /// Built when asked for (rules ask only when they report): most fields are never reported.
    @inlinable public var pointer: JSONPointer { owner.pointer.appending(key) }
    @inlinable public var value: DocumentNode { owner.members[index].value }
    /// The schema entry, or nil for a key the schema does not know.
    @inlinable public var spec: KeySpec? {
        let specIndex = owner.specIndices[index]
        return specIndex < 0 ? nil : owner.schema[Int(specIndex)]
    }
    /// True when a later member with the same key overrides this one.
    @inlinable public var isShadowed: Bool { owner.shadowed?[index] ?? false }
    @inlinable public var origin: Origin {
        index < owner.sourceCount ? .source : owner.addedOptions[index - owner.sourceCount].origin
    }
    @usableFromInline var sourceKeyRange: SourceRange { owner.members[index].keyRange }

    /// The key's range in the file (nil for a field from the command line).
    @inlinable public var keyRange: SourceRange? { origin == .source ? sourceKeyRange : nil }
    /// The value's range in the file (nil for a field from the command line).
    @inlinable public var valueRange: SourceRange? { origin == .source ? value.range : nil }
    /// From the key to the end of the value.
    @inlinable public var range: SourceRange? {
        origin == .source ? SourceRange(start: sourceKeyRange.start, end: value.range.end) : nil
    }

    @inlinable public var isKnown: Bool { owner.specIndices[index] >= 0 }
    /// Looked up in place (no copy of the spec or the value): a rule asks it of every field.
    public var hasExpectedType: Bool { owner.hasExpectedType(at: index) }

    /// The value as a string (for header fields, numbers are read as their text).
    @inlinable public var string: String? { value.string }

    /// An integer value: a JSON integer, or for numeric headers a string of digits.
    @inlinable public var integer: Int? {
        if let number = value.number { return number.intValue }
        if spec?.type == .headerInteger, let text = value.string { return Int(text) }
        return nil
    }

    @inlinable public var number: Double? { value.number?.doubleValue }
}

/// For each member of a set, its entry in the schema, or -1 for a key the schema does not know. Most objects have a
/// few members: up to eight entries are packed into one word, and only a larger object (or a schema of 128 keys or
/// more, which no schema has) needs an array (an array is an allocation for each set, on every lint).
@usableFromInline struct SpecIndices: Sendable {
    /// Entry `i` in byte `i`, as an `Int8`; used when `large` is nil.
    @usableFromInline var packed: UInt64 = 0
    @usableFromInline var large: [Int16]?

    init(count: Int, schemaCount: Int) {
        if count > 8 || schemaCount > Int(Int8.max) { large = Array(repeating: -1, count: count) }
    }

    mutating func set(_ specIndex: Int16, at index: Int) {
        if large != nil {
            large![index] = specIndex
        } else {
            packed = packed & ~(0xFF << UInt64(index * 8)) | UInt64(UInt8(bitPattern: Int8(specIndex))) << UInt64(index * 8)
        }
    }

    @inlinable subscript(index: Int) -> Int16 {
        if let large { return large[index] }
        return Int16(Int8(truncatingIfNeeded: packed >> UInt64(index * 8)))
    }
}

/// An object bound to a list of known keys: every member becomes a `Field`, in source order.
public struct FieldSet: Sendable {
    /// Everything a set and its fields know, behind one reference: rules and the model pass sets and fields around
    /// all the time, and a copy of either is one retain.
    @usableFromInline final class Storage: Sendable {
        /// Where the set is: a pointer, or a member of another set (`aps` in the payload). The pointer of a member is
        /// built only when asked for: a pointer is an array, and most sets are never reported.
        @usableFromInline enum Place: Sendable {
            case pointer(JSONPointer)
            case member(key: String, of: Storage)
        }

        @usableFromInline let place: Place
        /// The object as written (for a proplist, the object it stands for).
        @usableFromInline let node: DocumentNode
        /// The object's members, then any fields added from outside the file (headers from options).
        @usableFromInline let members: [Member]
        @usableFromInline let schema: [KeySpec]
        /// For each member, its entry in `schema`, or -1 for a key the schema does not know.
        @usableFromInline let specIndices: SpecIndices
        /// Which of the schema's keys the set holds: bit `i` for `schema[i]`, whichever occurrence (see `schemaKeysPresent`).
        @usableFromInline let schemaKeysPresent: UInt64
        /// Whether a member's key is not in the schema.
        @usableFromInline let hasUnknownKeys: Bool
        /// Whether a member of a key the schema knows holds a value of another type than the schema's.
        @usableFromInline let hasWronglyTypedValues: Bool
        /// For each member, whether another occurrence of its key counts instead; nil when no key is repeated.
        @usableFromInline let shadowed: [Bool]?
        /// Whether keys compare case-insensitively (headers).
        @usableFromInline let caseInsensitive: Bool
        /// For a case-insensitive set, each member's key in lowercase; nil when every key is written in lowercase
        /// already (as headers usually are), or the set is case-sensitive.
        @usableFromInline let lowercasedKeys: [String]?
        /// How many members are in the file; the ones after them were added from outside it.
        @usableFromInline let sourceCount: Int
        /// The option each added member came from (its origin says where the user gave it).
        @usableFromInline let addedOptions: [HeaderOption]
        @usableFromInline let firstDuplicateWins: Bool
        @usableFromInline let proplist: DocumentNode?
        /// The reader found no object with a key written twice in the tree `node` belongs to, so a set bound straight
        /// from one of its objects (not from a proplist, with no fields added) need not look for repeated keys.
        let treeKeysAreUnique: Bool

        /// - Parameters:
        ///   - sourceCount: how many of `members` are in the file (nil: all); `addedOptions` are the others'.
        init(place: Place, node: DocumentNode, members: [Member], schema: [KeySpec], caseInsensitive: Bool,
             firstDuplicateWins: Bool, proplist: DocumentNode?, sourceCount: Int? = nil, addedOptions: [HeaderOption] = [],
             treeKeysAreUnique: Bool = false) {
            // Added members come lowercased (see `FieldSet.init(headers:…)`): only the file's keys may need lowering.
            let lowercasedKeys = caseInsensitive && !members[..<(sourceCount ?? members.count)].allSatisfy({ isLowercase($0.key) })
                ? members.map { lowercasedKey($0.key) } : nil
            self.place = place
            self.caseInsensitive = caseInsensitive
            self.node = node
            self.members = members
            self.schema = schema
            var specIndices = SpecIndices(count: members.count, schemaCount: schema.count)
            var schemaKeysPresent: UInt64 = 0
            var hasUnknownKeys = false
            for index in members.indices {
                let specIndex = Self.specIndex(of: lowercasedKeys?[index] ?? members[index].key, in: schema)
                specIndices.set(specIndex, at: index)
                if specIndex < 0 { hasUnknownKeys = true } else if specIndex < 64 { schemaKeysPresent |= 1 << UInt64(specIndex) }
            }
            self.specIndices = specIndices
            self.schemaKeysPresent = schemaKeysPresent
            self.hasUnknownKeys = hasUnknownKeys
            hasWronglyTypedValues = !Self.allHaveExpectedTypes(members, specIndices: specIndices, schema: schema)
            // Keys are rarely written twice: then no field is shadowed, and there is nothing to work out. Of fields added
            // from outside the file (whose names the file does not use), the first counts.
            let sourceCount = sourceCount ?? members.count
            // Names lowercased for comparison may repeat even where the keys as written do not.
            let keysAreUnique = treeKeysAreUnique && proplist == nil && sourceCount == members.count && lowercasedKeys == nil
            if !keysAreUnique, lowercasedKeys.map({ Self.hasRepeats($0) }) ?? members.hasDuplicateKeys {
                let names = lowercasedKeys ?? members.map { $0.key }
                shadowed = Self.shadowed(Array(names[..<sourceCount]), firstDuplicateWins: firstDuplicateWins)
                    + Self.shadowed(Array(names[sourceCount...]), firstDuplicateWins: true)
            } else {
                shadowed = nil
            }
            self.lowercasedKeys = lowercasedKeys
            self.sourceCount = sourceCount
            self.addedOptions = addedOptions
            self.firstDuplicateWins = firstDuplicateWins
            self.proplist = proplist
            self.treeKeysAreUnique = treeKeysAreUnique
        }

        @usableFromInline var pointer: JSONPointer {
            switch place {
            case .pointer(let pointer): pointer
            case .member(let key, let parent): parent.pointer.appending(key)
            }
        }

        /// The name of member `index` as the set compares it (lowercased in a case-insensitive set).
        @inlinable func name(at index: Int) -> String { lowercasedKeys?[index] ?? members[index].key }

        /// Whether member `index` has the type the schema expects (a key the schema does not know expects none).
        func hasExpectedType(at index: Int) -> Bool {
            Self.hasExpectedType(members[index], specIndex: specIndices[index], in: schema)
        }

        /// Whether each member of a key the schema knows has the type the schema expects (asked while the storage is
        /// made, so of its parts rather than of `self`).
        private static func allHaveExpectedTypes(_ members: [Member], specIndices: SpecIndices, schema: [KeySpec]) -> Bool {
            members.indices.allSatisfy { hasExpectedType(members[$0], specIndex: specIndices[$0], in: schema) }
        }

        private static func hasExpectedType(_ member: Member, specIndex: Int16, in schema: [KeySpec]) -> Bool {
            specIndex < 0 || schema[Int(specIndex)].type.accepts(member.value)
        }

        static func specIndex(of name: String, in schema: [KeySpec]) -> Int16 {
            Int16(schema.index(of: name) ?? -1)
        }

        private static func hasRepeats(_ names: [String]) -> Bool {
            if names.count > 16 { return Set(names).count != names.count }
            return names.indices.contains { index in names[..<index].contains(names[index]) }
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
    }

    @usableFromInline let storage: Storage

    @inlinable public var pointer: JSONPointer { storage.pointer }
    @inlinable public var node: DocumentNode { storage.node }
    /// Every field, in source order (added ones last).
    @inlinable public var fields: Fields { Fields(storage: storage) }
    var firstDuplicateWins: Bool { storage.firstDuplicateWins }
    /// The array the user wrote when this object was written as a proplist (`[["alert", "Hi"]]`); nil for an
    /// object written as an object.
    @inlinable public var proplist: DocumentNode? { storage.proplist }

    /// The fields of a set, as a collection (no array is built for them).
    public struct Fields: RandomAccessCollection, Sendable {
        @usableFromInline let storage: Storage
        @inlinable init(storage: Storage) { self.storage = storage }
        @inlinable public var startIndex: Int { 0 }
        @inlinable public var endIndex: Int { storage.members.count }
        @inlinable public subscript(position: Int) -> Field { Field(storage, position) }
    }

    /// Binds `node`'s members. Non-objects give an empty set.
    /// - Parameter firstDuplicateWins: which of two equal keys counts (Erlang proplists keep the first; JSON and
    ///   YAML parsers the last).
    /// - Parameter acceptsProplist: bind an array of pairs as the object it stands for (for `aps`, `alert`,
    ///   critical `sound`).
    public init(node: DocumentNode, pointer: JSONPointer, schema: [KeySpec], caseInsensitive: Bool = false,
                firstDuplicateWins: Bool = false, acceptsProplist: Bool = false) {
        self.init(node: node, place: .pointer(pointer), schema: schema, caseInsensitive: caseInsensitive,
                  firstDuplicateWins: firstDuplicateWins, acceptsProplist: acceptsProplist, treeKeysAreUnique: false)
    }

    /// - Parameter treeKeysAreUnique: the reader found no object with a key written twice in `node`'s tree.
    init(node: DocumentNode, pointer: JSONPointer, schema: [KeySpec], caseInsensitive: Bool = false,
         firstDuplicateWins: Bool, treeKeysAreUnique: Bool) {
        self.init(node: node, place: .pointer(pointer), schema: schema, caseInsensitive: caseInsensitive,
                  firstDuplicateWins: firstDuplicateWins, acceptsProplist: false, treeKeysAreUnique: treeKeysAreUnique)
    }

    private init(node: DocumentNode, place: Storage.Place, schema: [KeySpec], caseInsensitive: Bool, firstDuplicateWins: Bool,
                 acceptsProplist: Bool, treeKeysAreUnique: Bool) {
        if acceptsProplist, node.members == nil, let pairs = Proplist.members(of: node) {
            storage = Storage(place: place, node: DocumentNode(.object(pairs), range: node.range), members: pairs, schema: schema,
                              caseInsensitive: caseInsensitive, firstDuplicateWins: firstDuplicateWins, proplist: node,
                              treeKeysAreUnique: treeKeysAreUnique)
        } else {
            storage = Storage(place: place, node: node, members: node.members ?? [], schema: schema,
                              caseInsensitive: caseInsensitive, firstDuplicateWins: firstDuplicateWins, proplist: nil,
                              treeKeysAreUnique: treeKeysAreUnique)
        }
    }

    private init(storage: Storage) {
        self.storage = storage
    }

    /// Binds the value of one of this set's fields (`aps`, `alert`, critical `sound`) with the same duplicate-key
    /// policy; a proplist-style array is bound as the object it stands for.
    public func binding(_ field: Field, schema: [KeySpec]) -> FieldSet {
        FieldSet(node: field.value, place: .member(key: field.key, of: field.owner), schema: schema, caseInsensitive: false,
                 firstDuplicateWins: firstDuplicateWins, acceptsProplist: true, treeKeysAreUnique: storage.treeKeysAreUnique)
    }

    /// The effective field for `key`: the occurrence that counts (see `firstDuplicateWins`); the others are shadowed.
    @inlinable public subscript(_ key: String) -> Field? {
        storage.caseInsensitive ? field(named: lowercasedKey(key)) : field(named: key)
    }

    /// The effective field whose name, as the set compares names, is `key`.
    @inlinable func field(named key: String) -> Field? {
        let index: Int?
        if let shadowed = storage.shadowed {
            // A key written twice: the occurrence that counts is the one not shadowed.
            index = storage.members.indices.first { index in !shadowed[index] && storage.name(at: index).isSameKey(as: key) }
        } else if let lowercasedKeys = storage.lowercasedKeys {
            index = storage.firstDuplicateWins ? lowercasedKeys.firstIndex { $0.isSameKey(as: key) }
                : lowercasedKeys.lastIndex { $0.isSameKey(as: key) }
        } else if storage.firstDuplicateWins {
            index = storage.members.firstIndex { $0.key.isSameKey(as: key) }
        } else {
            index = storage.members.lastIndex { $0.key.isSameKey(as: key) }
        }
        return index.map { Field(storage, $0) }
    }

    /// Whether every field has the type the schema expects: true for most sets, found when the set was bound.
    @inlinable public var allFieldsHaveExpectedTypes: Bool { !storage.hasWronglyTypedValues }

    /// Which of the schema's keys the set holds, any occurrence of them, as keys of `Key`, the enum the set's schema
    /// was made from (`Schema.aps` from `APSKey`): found when the set was bound.
    func keys<Key: SchemaKey>(_: Key.Type) -> KeySet<Key> { KeySet(bits: storage.schemaKeysPresent) }
    /// Whether a field's key is not one the schema knows (`unknownFields` is not empty), found without a look at each.
    public var hasUnknownKeys: Bool { storage.hasUnknownKeys }

    /// The effective field for a documented key.
    public subscript<Key: SchemaKey>(_ key: Key) -> Field? { self[key.name] }

    /// Effective fields only (each key once).
    public var effectiveFields: [Field] { fields.filter { !$0.isShadowed } }
    public var unknownFields: [Field] { fields.filter { !$0.isKnown } }
    @inlinable public var isEmpty: Bool { storage.members.isEmpty }

    /// The header fields of `node` (the `headers` object, or an empty one): `members` are its members, then headers
    /// from the command line, the configuration or the request (whose names are not in `node`, and are lowercased),
    /// one for each of `addedOptions`. Their values are strings, as sent. Of two added with the same name (a request's
    /// headers in two spellings), the first counts.
    init(headers node: DocumentNode, members: [Member], pointer: JSONPointer, firstDuplicateWins: Bool,
         addedOptions: [HeaderOption]) {
        self.init(storage: Storage(
            place: .pointer(pointer), node: node, members: members, schema: Schema.headers, caseInsensitive: true,
            firstDuplicateWins: firstDuplicateWins, proplist: nil, sourceCount: members.count - addedOptions.count,
            addedOptions: addedOptions))
    }
}

/// `key.lowercased()`, without building a new string when there is nothing to lower (header names usually).
public func lowercasedKey(_ key: String) -> String {
    isLowercase(key) ? key : key.lowercased()
}

/// Whether `key` is ASCII with no capital letter, so lowercasing leaves it as it is.
func isLowercase(_ key: String) -> Bool {
    func isLowercaseASCII(_ byte: UInt8) -> Bool { byte < 0x80 && !(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) }
    // Through the contiguous bytes (native strings have them): stepping through `utf8` costs several times more.
    return key.utf8.withContiguousStorageIfAvailable { $0.allSatisfy(isLowercaseASCII) } ?? key.utf8.allSatisfy(isLowercaseASCII)
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
