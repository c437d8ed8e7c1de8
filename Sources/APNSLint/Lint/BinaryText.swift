import APNSLintSyntax

/// Whether bytes given as a definition are a binary file (an image, an archive, a compiled file) rather than text:
/// reading one with the JSON, YAML or Erlang reader only gives a syntax error about its first odd byte.
enum BinaryText {
    /// How much of the start of a file is looked at (git's heuristic looks at 8000 bytes).
    static let sampleSize = 8192
    /// Without a NUL byte, the fewest bytes that can be told to be binary from their share of odd bytes.
    static let minimumSampleForText = 32

    /// Why `bytes` look binary; nil when they look like text.
    ///
    /// Only the sample is looked at. Control characters (other than tab, line breaks, form feed and escape), NUL
    /// bytes and bytes of no UTF-8 character are odd: a sample with NUL bytes and more than 10% odd bytes, or of 32
    /// bytes or more with more than 30% odd bytes, is binary (an image, an archive, a compiled file, UTF-16 without a byte order mark). A text
    /// with a stray NUL or control byte, or in another encoding (Latin-1 accents), stays text, for its reader to place
    /// the bad byte. A UTF-16 or UTF-32 byte order mark leaves the bytes to the readers, which say what it is.
    static func evidence(in bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0, 0, 0xFE, 0xFF]) {
            return nil
        }
        // A UTF-8 byte order mark is no part of what is judged: removing it (byte-order-mark's fix) must not turn text
        // into binary by changing the sample's length.
        let sample = bytes.dropFirst(bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0).prefix(sampleSize)
        var odd = 0
        var firstNUL: Int?
        var index = sample.startIndex
        let end = sample.endIndex
        while index < end {
            let byte = sample[index]
            // A sequence cut by the end of the sample counts as well-formed.
            let length = sample.utf8SequenceLength(at: index, pastEnd: true)
            if byte == 0, firstNUL == nil { firstNUL = index }
            if length == 0 || (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D && byte != 0x0C && byte != 0x1B) || byte == 0x7F {
                odd += 1
                index += 1
            } else {
                index += length
            }
        }
        let count = sample.count
        if let firstNUL, odd * 10 > count {
            return "it holds NUL bytes (the first at byte offset \(firstNUL)), which no JSON, YAML or Erlang text does"
        }
        // A few bytes are too few to tell a binary file from a text with a bad byte, which its reader places.
        guard count >= minimumSampleForText, odd * 10 > count * 3 else { return nil }
        return "\(odd) of its first \(count) bytes are control characters or not UTF-8"
    }

    /// The finding a binary file is reported as, by the syntax rule of the format it was taken for: one for the whole
    /// file, with no place in it (an excerpt of binary bytes shows nothing useful).
    static func problem(in bytes: [UInt8]) -> (message: String, help: String)? {
        guard let reason = evidence(in: bytes) else { return nil }
        return ("this looks like a binary file, not a definition: \(reason)",
                "lint the definition's source (JSON, YAML or an Erlang term, as UTF-8 text); leave other files out of the paths or exclude them in the configuration")
    }
}
