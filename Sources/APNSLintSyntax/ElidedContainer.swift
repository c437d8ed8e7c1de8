/// What a reader keeps of an object or array it read whole but did not keep: its kind, its size and whether it
/// holds a duplicate key.
///
/// `JSONReader.read(_:retentionLimit:)` keeps at most about `retentionLimit` bytes of text in nodes for each
/// container (the text of the containers it elided inside does not count). When a container would keep more, the
/// reader elides it, or its largest child if that frees enough: the container's nodes are freed, the rest of its
/// text is still read and checked (every syntax error is reported where it is, and duplicate keys are found), and the
/// node becomes `.elided(summary)`. An APNs payload is at most 5 KB, so with the linter's limit (1 MiB) only text far
/// beyond any payload is elided.
public final class ElidedContainer: Sendable {
    /// True for an object, false for an array.
    public let isObject: Bool
    /// How many members (an object) or elements (an array) it has.
    public let count: Int
    /// The length of the container as compact UTF-8 JSON with every member written (`WireSerializer` with the
    /// `.compact` style and `.everyPair`): its text without whitespace, with each string escaped only where JSON
    /// requires. Exact, and the payload size when the container has no duplicate key.
    public let compactLength: Int
    /// At most the length of the container written compact whatever a sender does with a key written twice (writes
    /// it once, with its first or its last value): `compactLength` when there is no duplicate key, else less, each
    /// object that has one counted as `{}`.
    public let minimumLength: Int
    /// Whether the container, or any object inside it, has two members with the same key.
    public var hasDuplicateKeys: Bool { firstDuplicate != nil }
    /// The first duplicate key inside (the one whose second occurrence comes first in the text), if any.
    public let firstDuplicate: DuplicateKey?

    public init(isObject: Bool, count: Int, compactLength: Int, minimumLength: Int, firstDuplicate: DuplicateKey?) {
        self.isObject = isObject
        self.count = count
        self.compactLength = compactLength
        self.minimumLength = minimumLength
        self.firstDuplicate = firstDuplicate
    }

    /// A key written twice in one object of an elided container.
    public struct DuplicateKey: Sendable, Hashable {
        /// The reference tokens from the elided container to the object that holds the key (empty: the container itself).
        public let path: [String]
        public let key: String
        /// The range of the key (quotes included) where it is first written, and where it is written again.
        public let first: SourceRange
        public let second: SourceRange

        public init(path: [String], key: String, first: SourceRange, second: SourceRange) {
            self.path = path
            self.key = key
            self.first = first
            self.second = second
        }
    }
}

extension ElidedContainer {
    /// The summary of a container read and kept whole, and how many bytes of its text were elided already (by the
    /// elided nodes inside it).
    public static func summarizing(_ node: DocumentNode) -> (ElidedContainer, elidedInside: Int) {
        if let summary = node.elided { return (summary, node.range.length) }
        var elidedInside = 0
        node.walk { inner, _ in
            if inner.elided != nil { elidedInside += inner.range.length }
        }
        let count = node.members?.count ?? node.elements?.count ?? 0
        let duplicate = node.containsDuplicateKeys ? node.firstDuplicateKey : nil
        let length = node.compactLength
        let summary = ElidedContainer(isObject: node.isObject, count: count, compactLength: length,
                                      minimumLength: duplicate == nil ? length : node.minimumCompactLength, firstDuplicate: duplicate)
        return (summary, elidedInside)
    }
}

extension DocumentNode {
    /// The duplicate key in this node or below it whose second occurrence comes first in the text: the path to the
    /// object that holds it (from this node), the key, and the ranges of its first two occurrences.
    public var firstDuplicateKey: ElidedContainer.DuplicateKey? {
        var found: ElidedContainer.DuplicateKey?
        func consider(_ candidate: ElidedContainer.DuplicateKey) {
            if found.map({ candidate.second.start < $0.second.start }) ?? true { found = candidate }
        }
        walk { node, path in
            if let summary = node.elided, let inner = summary.firstDuplicate {
                consider(ElidedContainer.DuplicateKey(path: path + inner.path, key: inner.key, first: inner.first, second: inner.second))
            }
            guard let members = node.members, let (first, second) = members.firstDuplicate else { return }
            consider(ElidedContainer.DuplicateKey(path: path, key: members[second].key, first: members[first].keyRange,
                                                  second: members[second].keyRange))
        }
        return found
    }

    /// This node's length as compact UTF-8 JSON with every member written (see `ElidedContainer.compactLength`).
    /// Without recursion, so depth costs no thread stack.
    public var compactLength: Int { compactLength(minimum: false) }

    /// At most its length as compact UTF-8 JSON whatever a sender does with duplicate keys (see
    /// `ElidedContainer.minimumLength`).
    public var minimumCompactLength: Int { compactLength(minimum: true) }

    private func compactLength(minimum: Bool) -> Int {
        var length = 0
        var pending: [DocumentNode] = [self]
        while let node = pending.popLast() {
            switch node.value {
            case .object(let members) where minimum && members.hasDuplicateKeys:
                length += 2
            case .object(let members):
                length += 2 + max(0, members.count - 1)
                for member in members {
                    length += compactStringLength(member.key) + 1
                    pending.append(member.value)
                }
            case .array(let elements):
                length += 2 + max(0, elements.count - 1)
                pending.append(contentsOf: elements)
            case .string(let string): length += compactStringLength(string)
            case .number(let number): length += number.text.utf8.count
            case .bool(let bool): length += bool ? 4 : 5
            case .null: length += 4
            case .elided(let summary): length += minimum ? summary.minimumLength : summary.compactLength
            }
        }
        return length
    }
}
