extension RandomAccessCollection where Element == UInt8, Index == Int {
    /// The length of the well-formed UTF-8 sequence that starts at `position` (RFC 3629's table: no overlong form, no
    /// surrogate, nothing above U+10FFFF), or 0 when none does or `position` is at the end. With `pastEnd`, bytes
    /// missing after the end count as valid continuation bytes: a sequence the end cuts off has its whole length.
    ///
    /// The one definition the readers, the binary-file check and the apns_json encoder share (each had its own).
    /// `package`: a program that imports the library does not get it on its collections. `@inlinable`, so each caller
    /// gets it specialized for its collection: the JSON reader calls it on every byte above 127 of a string.
    @inlinable
    package func utf8SequenceLength(at position: Int, pastEnd: Bool = false) -> Int {
        guard position < endIndex else { return 0 }
        let lead = self[position]
        func continuation(_ offset: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            position + offset < endIndex ? range.contains(self[position + offset]) : pastEnd
        }
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: return continuation(1) ? 2 : 0
        case 0xE0: return continuation(1, 0xA0...0xBF) && continuation(2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF: return continuation(1) && continuation(2) ? 3 : 0
        case 0xED: return continuation(1, 0x80...0x9F) && continuation(2) ? 3 : 0
        case 0xF0: return continuation(1, 0x90...0xBF) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF1...0xF3: return continuation(1) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF4: return continuation(1, 0x80...0x8F) && continuation(2) && continuation(3) ? 4 : 0
        default: return 0
        }
    }
}
