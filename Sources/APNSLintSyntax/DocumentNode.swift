/// A number as written in the source: its exact text and whether it is an integer.
///
/// Keeping the text means `1.0`, `1e2` and `10` stay distinguishable, and the canonical serializer can
/// write the number back exactly as the author wrote it.
public struct NumberLiteral: Hashable, Sendable, CustomStringConvertible {
    public let text: String
    /// True when the text has no fraction and no exponent (`10`, `-3`), as JSON integers are written.
    public let isInteger: Bool

    public init(text: String, isInteger: Bool) {
        self.text = text
        self.isInteger = isInteger
    }

    /// The value as `Int` when it is an integer that fits.
    public var intValue: Int? { isInteger ? Int(text) : nil }
    /// True when the text starts with a minus sign (`-0` too).
    public var isNegative: Bool { text.utf8.first == UInt8(ascii: "-") }
    public var doubleValue: Double? { Double(text) }
    public var description: String { text }
}

/// A value in the positioned document tree every reader produces.
///
/// The tree knows nothing about APNs or about the format it came from: it is the JSON data model
/// (object, array, string, number, bool, null), with the byte range of every key and value.
/// Object members stay in source order and duplicate keys are all kept.
///
/// A reader given a retention limit (`JSONReader.read(_:retentionLimit:)`) keeps a container that holds more text
/// than the limit as an `.elided` summary instead (see `ElidedContainer`): whoever descends into a tree so read must
/// treat an elided node as a container whose contents are unknown, never as an empty one or a scalar.
public struct DocumentNode: Sendable {
    public enum Value: Sendable {
        case object([Member])
        case array([DocumentNode])
        case string(String)
        case number(NumberLiteral)
        case bool(Bool)
        case null
        /// An object or array the reader read and checked but did not keep (see `ElidedContainer`).
        case elided(ElidedContainer)
    }

    public var value: Value
    /// The range of the value's text (for a container, from its opening to its closing bracket).
    public var range: SourceRange

    public init(_ value: Value, range: SourceRange) {
        self.value = value
        self.range = range
    }

    public var kind: Kind {
        switch value {
        case .object: .object
        case .array: .array
        case .string: .string
        case .number(let number): number.isInteger ? .integer : .number
        case .bool: .bool
        case .null: .null
        case .elided(let summary): summary.isObject ? .object : .array
        }
    }

    /// The JSON type names used in messages.
    public enum Kind: String, Sendable {
        case object, array, string, integer, number, bool, null

        /// "an object", "a string", ... for messages.
        public var phrase: String {
            switch self {
            case .object: "an object"
            case .array: "an array"
            case .string: "a string"
            case .integer: "an integer"
            case .number: "a non-integer number"
            case .bool: "a boolean"
            case .null: "null"
            }
        }
    }

    /// True for an object or an array, elided or not.
    public var isContainer: Bool {
        switch value {
        case .object, .array, .elided: true
        default: false
        }
    }

    /// True for an object, elided or not (`members` is nil for an elided one).
    @inlinable public var isObject: Bool {
        switch value {
        case .object: true
        // Not `.elided(let summary)`: binding the payload here would copy the node on every call.
        case .elided: isElidedObject
        default: false
        }
    }

    @usableFromInline var isElidedObject: Bool { elided?.isObject ?? false }

    /// The summary of a container the reader did not keep; nil for every other node.
    @inlinable public var elided: ElidedContainer? {
        if case .elided(let summary) = value { return summary }
        return nil
    }

    /// Whether this node is, or holds, a container the reader did not keep (a walk of the kept tree: ask only of a
    /// tree from a read that elided something, `ParseResult.hasElidedContent`).
    public var containsElidedContent: Bool {
        guard isContainer else { return false }
        var found = false
        walk { node, _ in if !found, node.elided != nil { found = true } }
        return found
    }

    public var members: [Member]? {
        if case .object(let members) = value { return members }
        return nil
    }

    public var elements: [DocumentNode]? {
        if case .array(let elements) = value { return elements }
        return nil
    }

    public var string: String? {
        if case .string(let string) = value { return string }
        return nil
    }

    public var number: NumberLiteral? {
        if case .number(let number) = value { return number }
        return nil
    }

    public var bool: Bool? {
        if case .bool(let bool) = value { return bool }
        return nil
    }

    public var isNull: Bool {
        if case .null = value { return true }
        return false
    }

    /// Visits this node and every node below it, depth first in document order. `path` holds the reference
    /// tokens from this node down (keys, and array indexes as decimal strings).
    ///
    /// It keeps its own stack instead of recursing, so a thread's stack size does not limit the depth it walks. An
    /// elided node is visited like any other; nothing below it is (the reader did not keep it).
    public func walk(_ body: (_ node: DocumentNode, _ path: [String]) -> Void) {
        var path: [String] = []
        body(self, path)
        guard isContainer else { return }
        var open: [(node: DocumentNode, next: Int)] = [(self, 0)]
        while let top = open.last {
            let index = top.next
            let child: (token: String, node: DocumentNode)?
            switch top.node.value {
            case .object(let members) where index < members.count: child = (members[index].key, members[index].value)
            case .array(let elements) where index < elements.count: child = (String(index), elements[index])
            default: child = nil
            }
            guard let child else {
                open.removeLast()
                if !open.isEmpty { path.removeLast() }
                continue
            }
            open[open.count - 1].next += 1
            path.append(child.token)
            body(child.node, path)
            if child.node.isContainer {
                open.append((child.node, 0))
            } else {
                path.removeLast()
            }
        }
    }

    /// Whether this node or any node below it is an object with two members of the same key.
    public var containsDuplicateKeys: Bool { containsDuplicateKeys(depth: 0) }

    /// How deep the duplicate-key search recurses before it keeps its own stack: recursion allocates nothing, and
    /// real documents are a few levels deep, but no document may be too deep for a thread's stack.
    static let recursionLimit = 32

    /// Recursive to `recursionLimit`, then `containsDuplicateKeysWithStack()`. Only containers are visited: passing on a scalar
    /// would copy it for nothing.
    private func containsDuplicateKeys(depth: Int) -> Bool {
        guard depth < Self.recursionLimit else { return containsDuplicateKeysWithStack() }
        switch value {
        case .object(let members):
            if members.hasDuplicateKeys { return true }
            for index in members.indices where members[index].value.isContainer {
                if members[index].value.containsDuplicateKeys(depth: depth + 1) { return true }
            }
        case .array(let elements):
            for index in elements.indices where elements[index].isContainer {
                if elements[index].containsDuplicateKeys(depth: depth + 1) { return true }
            }
        case .elided(let summary):
            return summary.hasDuplicateKeys
        default:
            break
        }
        return false
    }

    /// The same search with an explicit stack, so memory grows with depth but the thread's stack does not.
    private func containsDuplicateKeysWithStack() -> Bool {
        if members?.hasDuplicateKeys == true || elided?.hasDuplicateKeys == true { return true }
        // The containers being visited and the index of the next child of each (memory grows with depth only).
        var open: [(node: DocumentNode, next: Int)] = isContainer ? [(self, 0)] : []
        while let (node, index) = open.last {
            let child: DocumentNode?
            switch node.value {
            case .object(let members) where index < members.count: child = members[index].value
            case .array(let elements) where index < elements.count: child = elements[index]
            default: child = nil
            }
            guard let child else {
                open.removeLast()
                continue
            }
            open[open.count - 1].next += 1
            if child.members?.hasDuplicateKeys == true || child.elided?.hasDuplicateKeys == true { return true }
            if child.isContainer { open.append((child, 0)) }
        }
        return false
    }

    /// The last member with this key (the one a dictionary-based parser keeps), if any.
    public func member(_ key: String) -> Member? {
        members?.last { $0.key.isSameKey(as: key) }
    }

    /// Whether this is an object with a member of this key (no member is copied to find out).
    public func hasMember(_ key: String) -> Bool {
        guard case .object(let members) = value else { return false }
        return members.contains { $0.key.isSameKey(as: key) }
    }

    /// A short rendering of a scalar for messages: `"5"`, `true`, `1.5`; containers as `{…}` / `[…]`.
    public var shortDescription: String {
        switch value {
        case .object: return "{…}"
        case .array: return "[…]"
        case .elided(let summary): return summary.isObject ? "{…}" : "[…]"
        case .string(let string):
            let clipped = string.count > 40 ? String(string.prefix(40)) + "…" : string
            return "\"\(clipped)\""
        case .number(let number): return number.text
        case .bool(let bool): return bool ? "true" : "false"
        case .null: return "null"
        }
    }
}

/// One `key: value` pair of an object, with the range of the key as written (quotes included).
public struct Member: Sendable {
    public var key: String
    public var keyRange: SourceRange
    public var value: DocumentNode
    /// How many bytes before the key belong to this member: a YAML `&anchor` or `!tag` written before it, or the `?`
    /// of an explicit key. A count, not an offset, so a member stays one word larger than its three parts.
    private var leadingLength: UInt32
    /// False when deleting this member's text would not remove this member alone: see `deletionRange(ofMember:)`.
    public private(set) var isRemovable: Bool

    public init(key: String, keyRange: SourceRange, value: DocumentNode) {
        self.key = key
        self.keyRange = keyRange
        self.value = value
        leadingLength = 0
        isRemovable = true
    }

    /// A member whose text starts at `start`, before its key (see `start`).
    public init(key: String, keyRange: SourceRange, value: DocumentNode, start: Int) {
        self.init(key: key, keyRange: keyRange, value: value)
        if let leading = UInt32(exactly: keyRange.start - start) {
            leadingLength = leading
        } else {
            // Properties too long to count (or a start after the key): never delete by a guessed start.
            self.isRemovable = false
        }
    }

    /// Where the member's text starts: its key, or what is written before the key and belongs to it.
    public var start: Int { keyRange.start - Int(leadingLength) }

    /// Marks a member that deleting text cannot remove alone (brought in from elsewhere, or holding what others
    /// refer to).
    public mutating func pin() { isRemovable = false }

    /// From the start of the key to the end of the value.
    public var range: SourceRange {
        SourceRange(start: min(keyRange.start, value.range.start), end: max(keyRange.end, value.range.end))
    }
}

extension Array where Element == Member {
    /// The text that deleting member `index` removes, separators included, in any format: from its start to the next
    /// member's start, or for the last member from the end of the member before it to its own end.
    /// (`{badge, 1},\n{badge, 2}` loses `badge, 1},\n{`; `"a": 1, "a": 2}` loses `, "a": 2`; `&k a: 1\nb: 2` loses
    /// `&k a: 1\n`.)
    ///
    /// Nil when no such deletion removes this member alone: the reader pinned it (a YAML member brought in by a merge
    /// key, or one whose text defines an anchor an alias outside it uses), or its neighbours are not written after it
    /// (a YAML alias's value is its anchor's text, elsewhere).
    public func deletionRange(ofMember index: Int) -> SourceRange? {
        let member = self[index]
        guard member.isRemovable else { return nil }
        if index + 1 < count {
            let next = self[index + 1].start
            return next >= member.keyRange.end && next >= member.value.range.end ? SourceRange(start: member.start, end: next) : nil
        }
        guard index > 0, member.value.range.start >= member.keyRange.end else { return nil }
        let previous = self[index - 1]
        guard previous.value.range.start >= previous.keyRange.end, previous.value.range.end <= member.start else { return nil }
        return SourceRange(start: previous.value.range.end, end: member.value.range.end)
    }
}

extension String {
    /// `==` for object keys, comparing lengths first: keys that differ usually differ in length, and the length of a
    /// short string is known at once, while `==` on two different strings takes the slow path.
    @inlinable public func isSameKey(as other: String) -> Bool {
        utf8.count == other.utf8.count && self == other
    }
}

extension Array where Element == Member {
    /// Whether two members have the same key: each pair is compared when there are few, else through a set.
    public var hasDuplicateKeys: Bool {
        guard count > 1 else { return false }
        if count <= 16 {
            for index in indices.dropFirst() {
                let key = self[index].key
                for earlier in 0..<index where self[earlier].key.isSameKey(as: key) { return true }
            }
            return false
        }
        var seen = Set<String>(minimumCapacity: count)
        return contains { !seen.insert($0.key).inserted }
    }

    /// The first member whose key an earlier member has, with the first member of that key, as `hasDuplicateKeys`
    /// compares keys (pairwise with `isSameKey` for few members, as strings through a dictionary for more).
    public var firstDuplicate: (first: Int, second: Int)? {
        guard count > 1 else { return nil }
        if count <= 16 {
            for index in indices.dropFirst() {
                let key = self[index].key
                for earlier in 0..<index where self[earlier].key.isSameKey(as: key) { return (earlier, index) }
            }
            return nil
        }
        var seen: [String: Int] = [:]
        for index in indices {
            if let first = seen[self[index].key] { return (first, index) }
            seen[self[index].key] = index
        }
        return nil
    }
}

/// An RFC 6901 JSON Pointer, e.g. `/aps/alert/loc-args/0`.
public struct JSONPointer: Hashable, Sendable, Comparable, CustomStringConvertible {
    public private(set) var tokens: [String]

    public init(_ tokens: [String] = []) {
        self.tokens = tokens
    }

    public static let root = JSONPointer()

    public func appending(_ token: String) -> JSONPointer {
        var pointer = self
        pointer.tokens.append(token)
        return pointer
    }

    public func appending(_ index: Int) -> JSONPointer {
        appending(String(index))
    }

    public var last: String? { tokens.last }

    public var description: String {
        tokens.map { "/" + escapePointerToken($0) }.joined()
    }

    public static func < (lhs: JSONPointer, rhs: JSONPointer) -> Bool {
        lhs.description < rhs.description
    }
}

/// Escapes a reference token: `~` as `~0`, `/` as `~1` (RFC 6901 §3).
private func escapePointerToken(_ token: String) -> String {
    guard token.contains(where: { $0 == "~" || $0 == "/" }) else { return token }
    var escaped = ""
    for character in token {
        switch character {
        case "~": escaped += "~0"
        case "/": escaped += "~1"
        default: escaped.append(character)
        }
    }
    return escaped
}
