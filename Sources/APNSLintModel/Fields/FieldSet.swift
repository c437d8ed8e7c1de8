import APNSLintSyntax

// Which members are marked for inlining across modules, and why: the note in Definition/DefinitionStorage.swift.

/// An object bound to a list of known keys: every member becomes a `Field`, in source order.
public struct FieldSet: Sendable {
    /// Everything a set and its fields know, behind one reference: rules and the model pass sets and fields around
    /// all the time, and a copy of either is one retain.
    @usableFromInline final class Storage: Sendable {
        /// Where the set is: a pointer, or a member of another set (`aps` in the payload). The pointer of a member is
        /// built only when asked for: a pointer is an array, and most sets are never reported.
        enum Place: Sendable {
            case pointer(JSONPointer)
            case member(key: String, of: Storage)
        }

        let place: Place
        /// The object as written (for a proplist, the object it stands for).
        let node: DocumentNode
        /// The object's members, then any fields added from outside the file (headers from options).
        @usableFromInline let members: [Member]
        let schema: KeyList
        /// For each member, its entry in `schema`, or -1 for a key the schema does not know.
        let specIndices: SpecIndices
        /// Which of the schema's keys the set holds: bit `i` for `schema[i]`, whichever occurrence (see `schemaKeysPresent`).
        let schemaKeysPresent: UInt64
        /// Whether a member's key is not in the schema.
        let hasUnknownKeys: Bool
        /// Whether a member of a key the schema knows holds a value of another type than the schema's.
        let hasWronglyTypedValues: Bool
        /// For each member, whether another occurrence of its key counts instead; nil when no key is repeated.
        @usableFromInline let shadowed: [Bool]?
        /// Whether keys compare case-insensitively (headers).
        let caseInsensitive: Bool
        /// For a case-insensitive set, each member's key in lowercase; nil when every key is written in lowercase
        /// already (as headers usually are), or the set is case-sensitive.
        let lowercasedKeys: [String]?
        /// How many members are in the file; the ones after them were added from outside it.
        let sourceCount: Int
        /// The option each added member came from (its origin says where the user gave it).
        let addedOptions: [HeaderOption]
        let firstDuplicateWins: Bool
        @usableFromInline let proplist: DocumentNode?
        /// The tree `node` belongs to was read from compact text (`ParseResult.textIsCompact`), and compact text has no
        /// key twice: a set bound straight from one of its objects (not from a proplist, with no fields added) need
        /// not look for repeated keys.
        let textIsCompact: Bool

        /// - Parameters:
        ///   - sourceCount: how many of `members` are in the file (nil: all); `addedOptions` are the others'.
        init(place: Place, node: DocumentNode, members: [Member], schema: KeyList, caseInsensitive: Bool,
             firstDuplicateWins: Bool, proplist: DocumentNode?, sourceCount: Int? = nil, addedOptions: [HeaderOption] = [],
             textIsCompact: Bool = false) {
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
            let keysAreUnique = textIsCompact && proplist == nil && sourceCount == members.count && lowercasedKeys == nil
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
            self.textIsCompact = textIsCompact
        }

        var pointer: JSONPointer {
            switch place {
            case .pointer(let pointer): pointer
            case .member(let key, let parent): parent.pointer.appending(key)
            }
        }

        /// The name of member `index` as the set compares it (lowercased in a case-insensitive set).
        func name(at index: Int) -> String { lowercasedKeys?[index] ?? members[index].key }

        /// Whether member `index` has the type the schema expects (a key the schema does not know expects none).
        func hasExpectedType(at index: Int) -> Bool {
            Self.hasExpectedType(members[index], specIndex: specIndices[index], in: schema)
        }

        /// Whether each member of a key the schema knows has the type the schema expects (asked while the storage is
        /// made, so of its parts rather than of `self`).
        private static func allHaveExpectedTypes(_ members: [Member], specIndices: SpecIndices, schema: KeyList) -> Bool {
            members.indices.allSatisfy { hasExpectedType(members[$0], specIndex: specIndices[$0], in: schema) }
        }

        private static func hasExpectedType(_ member: Member, specIndex: Int16, in schema: KeyList) -> Bool {
            specIndex < 0 || schema[Int(specIndex)].type.accepts(member.value)
        }

        static func specIndex(of name: String, in schema: KeyList) -> Int16 {
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

    public var pointer: JSONPointer { storage.pointer }
    public var node: DocumentNode { storage.node }
    /// Every field, in source order (added ones last).
    public var fields: Fields { Fields(storage: storage) }
    var firstDuplicateWins: Bool { storage.firstDuplicateWins }
    /// The array the user wrote when this object was written as a proplist (`[["alert", "Hi"]]`); nil for an
    /// object written as an object.
    public var proplist: DocumentNode? { storage.proplist }

    /// The fields of a set, as a collection (no array is built for them).
    public struct Fields: RandomAccessCollection, Sendable {
        @usableFromInline let storage: Storage
        @usableFromInline init(storage: Storage) { self.storage = storage }
        public var startIndex: Int { 0 }
        @inlinable public var endIndex: Int { storage.members.count }
        public subscript(position: Int) -> Field { Field(storage, position) }
    }

    /// Binds `node`'s members. Non-objects give an empty set.
    /// - Parameter firstDuplicateWins: which of two equal keys counts (Erlang proplists keep the first; JSON and
    ///   YAML parsers the last).
    /// - Parameter acceptsProplist: bind an array of pairs as the object it stands for (for `aps`, `alert`,
    ///   critical `sound`).
    public init(node: DocumentNode, pointer: JSONPointer, schema: KeyList, caseInsensitive: Bool = false,
                firstDuplicateWins: Bool = false, acceptsProplist: Bool = false) {
        self.init(node: node, place: .pointer(pointer), schema: schema, caseInsensitive: caseInsensitive,
                  firstDuplicateWins: firstDuplicateWins, acceptsProplist: acceptsProplist, textIsCompact: false)
    }

    /// - Parameter provenance: which of two equal keys counts, and whether `node`'s tree was read from compact text
    ///   (`Provenance.textIsCompact`), which has no key twice: then the set need not look for repeated keys.
    init(node: DocumentNode, pointer: JSONPointer, schema: KeyList, caseInsensitive: Bool = false, provenance: Provenance) {
        self.init(node: node, pointer: pointer, schema: schema, caseInsensitive: caseInsensitive,
                  firstDuplicateWins: provenance.firstDuplicateWins, textIsCompact: provenance.textIsCompact)
    }

    init(node: DocumentNode, pointer: JSONPointer, schema: KeyList, caseInsensitive: Bool = false, firstDuplicateWins: Bool,
         textIsCompact: Bool) {
        self.init(node: node, place: .pointer(pointer), schema: schema, caseInsensitive: caseInsensitive,
                  firstDuplicateWins: firstDuplicateWins, acceptsProplist: false, textIsCompact: textIsCompact)
    }

    private init(node: DocumentNode, place: Storage.Place, schema: KeyList, caseInsensitive: Bool, firstDuplicateWins: Bool,
                 acceptsProplist: Bool, textIsCompact: Bool) {
        if acceptsProplist, node.members == nil, let pairs = Proplist.members(of: node) {
            storage = Storage(place: place, node: DocumentNode(.object(pairs), range: node.range), members: pairs, schema: schema,
                              caseInsensitive: caseInsensitive, firstDuplicateWins: firstDuplicateWins, proplist: node,
                              textIsCompact: textIsCompact)
        } else {
            storage = Storage(place: place, node: node, members: node.members ?? [], schema: schema,
                              caseInsensitive: caseInsensitive, firstDuplicateWins: firstDuplicateWins, proplist: nil,
                              textIsCompact: textIsCompact)
        }
    }

    private init(storage: Storage) {
        self.storage = storage
    }

    /// Binds the value of one of this set's fields (`aps`, `alert`, critical `sound`) with the same duplicate-key
    /// policy; a proplist-style array is bound as the object it stands for.
    public func binding(_ field: Field, schema: KeyList) -> FieldSet {
        FieldSet(node: field.value, place: .member(key: field.key, of: field.owner), schema: schema, caseInsensitive: false,
                 firstDuplicateWins: firstDuplicateWins, acceptsProplist: true, textIsCompact: storage.textIsCompact)
    }

    /// The effective field for `key`: the occurrence that counts (see `firstDuplicateWins`); the others are shadowed.
    public subscript(_ key: String) -> Field? {
        storage.caseInsensitive ? field(named: lowercasedKey(key)) : field(named: key)
    }

    /// The effective field whose name, as the set compares names, is `key`.
    func field(named key: String) -> Field? {
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
    public var allFieldsHaveExpectedTypes: Bool { !storage.hasWronglyTypedValues }

    /// Which of the schema's keys the set holds, any occurrence of them, as keys of `Key`, the enum the set's schema
    /// was made from (`Schema.aps` from `APSKey`): found when the set was bound.
    func keys<Key: SchemaKey>(_: Key.Type) -> KeySet<Key> { KeySet(bits: storage.schemaKeysPresent) }
    /// Whether a field's key is not one the schema knows (`unknownFields` is not empty), found without a look at each.
    public var hasUnknownKeys: Bool { storage.hasUnknownKeys }

    /// The effective field for a documented key.
    public subscript<Key: SchemaKey>(_ key: Key) -> Field? { field(at: key.rawValue, named: key.name) }

    /// The effective field for entry `place` of the set's schema, whose name is `name`: found by the members' entries
    /// (worked out at binding), with no name compared, when no key is written twice; by name otherwise, or when the
    /// schema's entry `place` is not `name`.
    func field(at place: Int, named name: String) -> Field? {
        guard place < 64, place < storage.schema.count, storage.schema[place].name == name else { return self[name] }
        guard storage.schemaKeysPresent & 1 << UInt64(place) != 0 else { return nil }
        guard storage.shadowed == nil else { return field(named: name) }
        for index in storage.members.indices where Int(storage.specIndices[index]) == place { return Field(storage, index) }
        return nil
    }

    /// Effective fields only (each key once).
    public var effectiveFields: [Field] { fields.filter { !$0.isShadowed } }
    public var unknownFields: [Field] { fields.filter { !$0.isKnown } }
    public var isEmpty: Bool { storage.members.isEmpty }

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
