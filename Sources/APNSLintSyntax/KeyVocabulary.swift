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
    /// `maxLength` or not ASCII are left out; a word given twice counts once.
    public init(_ candidates: [String]) {
        var kept: [String] = []
        var seen = Set<String>()
        for word in candidates where !word.isEmpty && word.utf8.count <= Self.maxLength && word.utf8.allSatisfy({ $0 < 0x80 })
            && seen.insert(word).inserted {
            kept.append(word)
        }
        let heads = UnsafeMutablePointer<Int32>.allocate(capacity: (Self.maxLength + 1) * 128)
        heads.initialize(repeating: -1, count: (Self.maxLength + 1) * 128)
        let strings = UnsafeMutablePointer<String>.allocate(capacity: kept.count)
        strings.initialize(from: kept, count: kept.count)
        let starts = UnsafeMutablePointer<Int32>.allocate(capacity: kept.count)
        let nexts = UnsafeMutablePointer<Int32>.allocate(capacity: kept.count)
        let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: kept.reduce(0) { $0 + $1.utf8.count })
        var end = 0
        for (index, word) in kept.enumerated() {
            let head = word.utf8.count * 128 + Int(word.utf8.first!)
            starts[index] = Int32(end)
            nexts[index] = heads[head]
            heads[head] = Int32(index)
            for byte in word.utf8 {
                bytes[end] = byte
                end += 1
            }
        }
        let table = UnsafeMutablePointer<Table>.allocate(capacity: 1)
        table.initialize(to: Table(strings: strings, starts: starts, nexts: nexts, bytes: bytes, heads: heads))
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
            if Self.equal(text, table.pointee.bytes + Int(table.pointee.starts[candidate]), count: count) {
                return table.pointee.strings[candidate]
            }
            candidate = Int(table.pointee.nexts[candidate])
        }
        return nil
    }

    /// Whether `count` bytes at `left` and `right` are equal: eight at a time, then one by one.
    @inline(__always) private static func equal(_ left: UnsafePointer<UInt8>, _ right: UnsafePointer<UInt8>, count: Int) -> Bool {
        let left = UnsafeRawPointer(left), right = UnsafeRawPointer(right)
        var offset = 0
        while offset &+ 8 <= count {
            if left.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != right.loadUnaligned(fromByteOffset: offset, as: UInt64.self) {
                return false
            }
            offset &+= 8
        }
        while offset < count {
            if left.load(fromByteOffset: offset, as: UInt8.self) != right.load(fromByteOffset: offset, as: UInt8.self) { return false }
            offset &+= 1
        }
        return true
    }
}
