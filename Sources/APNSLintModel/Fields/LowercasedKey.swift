/// `key.lowercased()`, without building a new string when there is nothing to lower (header names usually).
public func lowercasedKey(_ key: String) -> String {
    isLowercase(key) ? key : key.lowercased()
}

/// Whether `key` is ASCII with no capital letter, so lowercasing leaves it as it is.
func isLowercase(_ key: String) -> Bool {
    var key = key
    // Eight bytes at a time (header names are 10 to 20 bytes; a byte at a time cost 170 instructions a name).
    return key.withUTF8 { bytes in
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        let count = bytes.count
        guard count >= 8 else {
            // One word, padded with zero bytes (which pass).
            var word: UInt64 = 0
            for offset in 0..<count { word |= UInt64(bytes[offset]) &<< UInt64(truncatingIfNeeded: offset &* 8) }
            return isLowercaseASCII(word)
        }
        var offset = 0
        while offset &+ 8 < count {
            if !isLowercaseASCII(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) { return false }
            offset &+= 8
        }
        // The last eight bytes, overlapping the word before.
        return isLowercaseASCII(raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self))
    }
}

/// Whether the eight bytes of `word` are ASCII and none is a capital letter. For a byte below 0x80, adding 0x3F sets
/// its high bit when it is 'A' or above, and adding 0x25 when it is above 'Z'; no sum carries into the next byte.
@inline(__always) private func isLowercaseASCII(_ word: UInt64) -> Bool {
    let highBits: UInt64 = 0x8080_8080_8080_8080
    guard word & highBits == 0 else { return false }
    let fromA = word &+ 0x3F3F_3F3F_3F3F_3F3F
    let aboveZ = word &+ 0x2525_2525_2525_2525
    return fromA & ~aboveZ & highBits == 0
}
