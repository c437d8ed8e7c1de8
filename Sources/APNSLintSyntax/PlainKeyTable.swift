#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A set of plain keys, each a range of the text, compared byte for byte: open addressing with linear probing, a
/// slot a word (the key's start, its length and 16 bits of its hash, so that most slots a probe passes are told apart
/// without a look at the text), a cheap hash with a seed of its own (so no text can be made to collide on purpose).
/// About a quarter of what a `Set` of the keys' strings costs, in time and memory.
struct PlainKeyTable {
    /// A key's range is shorter than this (quotes included), and the text shorter than `longestText`: a key this
    /// table cannot hold is compared as a string instead.
    static let longestKey = 1 << 16
    static let longestText = 1 << 32
    private var slots: [UInt64]
    private var count = 0
    private let seed: UInt64

    init(seed: UInt64) {
        self.seed = seed
        slots = Array(repeating: 0, count: 64)
    }

    /// Adds the key at `range` (quotes included) of `text`; returns the range of the same key when it is there already.
    mutating func insert(_ range: SourceRange, in text: UnsafeBufferPointer<UInt8>) -> SourceRange? {
        if (count + 1) * 10 > slots.count * 7 { grow(text) }
        let hash = hash(range, text)
        // The start (plus one, so no slot is 0), the length, and the hash's top 16 bits.
        let slot = UInt64(range.start + 1) << 32 | UInt64(range.length) << 16 | hash >> 48
        let mask = slots.count - 1
        var place = Int(truncatingIfNeeded: hash) & mask
        while true {
            let existing = slots[place]
            if existing == 0 {
                slots[place] = slot
                count += 1
                return nil
            }
            if existing & 0xFFFF_FFFF == slot & 0xFFFF_FFFF {
                let other = Self.range(existing)
                if memcmp(text.baseAddress! + other.start, text.baseAddress! + range.start, range.length) == 0 { return other }
            }
            place = (place + 1) & mask
        }
    }

    /// Every key's range.
    var ranges: [SourceRange] { slots.filter { $0 != 0 }.map(Self.range) }

    private static func range(_ slot: UInt64) -> SourceRange {
        let start = Int(slot >> 32) - 1
        return SourceRange(start: start, end: start + Int((slot >> 16) & 0xFFFF))
    }

    private mutating func grow(_ text: UnsafeBufferPointer<UInt8>) {
        let old = slots
        slots = Array(repeating: 0, count: old.count * 2)
        let mask = slots.count - 1
        for slot in old where slot != 0 {
            var place = Int(truncatingIfNeeded: hash(Self.range(slot), text)) & mask
            while slots[place] != 0 { place = (place + 1) & mask }
            slots[place] = slot
        }
    }

    /// A multiply-and-fold hash over the key a word at a time (wyhash's mixing step).
    private func hash(_ range: SourceRange, _ text: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let base = UnsafeRawPointer(text.baseAddress!)
        var state = seed ^ UInt64(range.length)
        var offset = range.start
        while offset + 8 <= range.end {
            state = Self.mix(state ^ base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        if offset < range.end {
            var tail: UInt64 = 0
            if offset + 8 <= text.count {
                // The word at the tail, less what lies past the key.
                tail = base.loadUnaligned(fromByteOffset: offset, as: UInt64.self) & ((1 << UInt64((range.end - offset) * 8)) - 1)
            } else {
                var shift: UInt64 = 0
                while offset < range.end {
                    tail |= UInt64(text[offset]) << shift
                    shift += 8
                    offset += 1
                }
            }
            state = Self.mix(state ^ tail)
        }
        return Self.mix(state)
    }

    private static func mix(_ value: UInt64) -> UInt64 {
        let product = value.multipliedFullWidth(by: 0x9E37_79B9_7F4A_7C15)
        return product.high ^ product.low
    }
}
