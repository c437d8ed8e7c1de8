#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Keys a reader hands out as they are instead of making a string for each one it reads: the keys the caller expects
/// in most texts (the linter gives the schema's names). Finding a plain key here costs a few comparisons; making its
/// string costs a UTF-8 check and a copy (callgrind: most of what a typical payload's keys cost the JSON reader).
///
/// Words are plain ASCII, up to `maxLength` bytes. Give it string literals (the schema's names are): a literal, like
/// any string of up to 15 bytes, is never reference counted, so the threads of a parallel run share no count.
// Unchecked: the tables are written once, when the vocabulary is made, and never freed (a vocabulary is a `static let`).
public struct KeyVocabulary: @unchecked Sendable {
    public static let maxLength = 32
    /// No words: every key is made anew.
    public static let none = KeyVocabulary(table: nil)

    private struct Table {
        /// The words, and where each one's bytes start in `bytes`.
        let strings: UnsafeMutablePointer<String>
        let starts: UnsafeMutablePointer<Int32>
        /// For each word, the next word of the same length and first byte, or -1.
        let nexts: UnsafeMutablePointer<Int32>
        let bytes: UnsafeMutablePointer<UInt8>
        /// For each length and first byte (`length * 128 + byte`), the first word so, or -1.
        let heads: UnsafeMutablePointer<Int32>
    }

    /// One pointer, so a reader holding the vocabulary stays as small as it was.
    private let table: UnsafePointer<Table>?

    private init(table: UnsafePointer<Table>?) {
        self.table = table
    }

    /// A vocabulary of `candidates` that is never freed: for a `static let` only. Words that are empty, longer than
    /// `maxLength` or not ASCII are left out. Made at the first lint: each word is read through its buffer once (through
    /// `utf8` and a set against repeats, the schema's vocabulary cost a one-file `check` 1.2% of its instructions).
    public init(_ candidates: [String]) {
        var kept: [String] = []
        var keptBytes: [UInt8] = []
        var starts: [Int32] = []
        for candidate in candidates {
            var word = candidate
            word.withUTF8 { bytes in
                guard !bytes.isEmpty, bytes.count <= Self.maxLength, bytes.allSatisfy({ $0 < 0x80 }) else { return }
                kept.append(candidate)
                starts.append(Int32(keptBytes.count))
                keptBytes.append(contentsOf: bytes)
            }
        }
        let headCount = (Self.maxLength + 1) * 128
        let heads = UnsafeMutablePointer<Int32>.allocate(capacity: headCount)
        heads.initialize(repeating: -1, count: headCount)
        let nexts = UnsafeMutablePointer<Int32>.allocate(capacity: kept.count)
        for index in kept.indices {
            let start = Int(starts[index])
            let end = index + 1 < kept.count ? Int(starts[index + 1]) : keptBytes.count
            // A word given twice is chained twice: either is the same word.
            let head = (end - start) * 128 + Int(keptBytes[start])
            nexts[index] = heads[head]
            heads[head] = Int32(index)
        }
        func copied<Element>(_ elements: [Element]) -> UnsafeMutablePointer<Element> {
            let copy = UnsafeMutablePointer<Element>.allocate(capacity: elements.count)
            copy.initialize(from: elements, count: elements.count)
            return copy
        }
        let table = UnsafeMutablePointer<Table>.allocate(capacity: 1)
        table.initialize(to: Table(strings: copied(kept), starts: copied(starts), nexts: nexts, bytes: copied(keptBytes), heads: heads))
        self.table = UnsafePointer(table)
    }

    /// Whether `key` is one of the words (a set's `contains` without a hash). A candidate left out when the
    /// vocabulary was made (not ASCII, empty, longer than `maxLength`) is not.
    public func contains(_ key: String) -> Bool {
        var key = key
        return key.withUTF8 { bytes in bytes.baseAddress.flatMap { word(at: $0, count: bytes.count) } } != nil
    }

    /// The word whose bytes are the `count` at `text`, if there is one.
    @inline(__always) func word(at text: UnsafePointer<UInt8>, count: Int) -> String? {
        guard let table, count > 0, count <= Self.maxLength, text[0] < 0x80 else { return nil }
        var candidate = Int(table.pointee.heads[count &* 128 &+ Int(text[0])])
        while candidate >= 0 {
            if memcmp(text, table.pointee.bytes + Int(table.pointee.starts[candidate]), count) == 0 {
                return table.pointee.strings[candidate]
            }
            candidate = Int(table.pointee.nexts[candidate])
        }
        return nil
    }
}
