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
