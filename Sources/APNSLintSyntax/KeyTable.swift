/// The keys of an object being elided that has many, or one that is not plain ASCII: plain ASCII keys by their
/// bytes in the text; once one key is not plain ASCII, every key as a string, and the first pair of equal keys as
/// `hasDuplicateKeys` would find it with few members (`firstSameLength`) and with many (`firstEquivalent`).
struct KeyTable {
    var plain: PlainKeyTable
    /// The first range of each key, as strings compare.
    var strings: [String: SourceRange]?
    /// The first range of each key, as `isSameKey` compares.
    var sameLength: [SameLengthKey: SourceRange] = [:]
    var firstSameLength: ElidedContainer.DuplicateKey?
    var firstEquivalent: ElidedContainer.DuplicateKey?

    init(seed: UInt64) {
        plain = PlainKeyTable(seed: seed)
    }
}

/// A key compared as `isSameKey` compares: the same length in UTF-8, and equal as strings.
struct SameLengthKey: Hashable {
    let text: String
    let length: Int

    init(_ text: String) {
        self.text = text
        length = text.utf8.count
    }
}
