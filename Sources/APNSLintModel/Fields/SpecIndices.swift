/// For each member of a set, its entry in the schema, or -1 for a key the schema does not know. Most objects have a
/// few members: up to eight entries are packed into one word, and only a larger object (or a schema of 128 keys or
/// more, which no schema has) needs an array (an array is an allocation for each set, on every lint).
struct SpecIndices: Sendable {
    /// Entry `i` in byte `i`, as an `Int8`; used when `large` is nil.
    var packed: UInt64 = 0
    var large: [Int16]?

    init(count: Int, schemaCount: Int) {
        if count > 8 || schemaCount > Int(Int8.max) { large = Array(repeating: -1, count: count) }
    }

    // Masking shifts (`&<<`): a packed index is below 8, so its shift is below 64, and the checks of `<<` for a
    // larger one cost more than the rest of the step.
    @inline(__always) mutating func set(_ specIndex: Int16, at index: Int) {
        if large != nil {
            large![index] = specIndex
        } else {
            let shift = UInt64(truncatingIfNeeded: index &* 8)
            packed = packed & ~(0xFF &<< shift) | UInt64(UInt8(truncatingIfNeeded: specIndex)) &<< shift
        }
    }

    @inline(__always) subscript(index: Int) -> Int16 {
        if let large { return large[index] }
        return Int16(Int8(truncatingIfNeeded: packed &>> UInt64(truncatingIfNeeded: index &* 8)))
    }
}
