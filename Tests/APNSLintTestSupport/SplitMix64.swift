/// Deterministic pseudo-random numbers (SplitMix64), so every run sees the same "random" inputs.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    public var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// `count` random bytes, eight per step.
    public mutating func bytes(_ count: Int) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: count)
        result.withUnsafeMutableBytes { buffer in
            var offset = 0
            while offset + 8 <= count {
                buffer.storeBytes(of: next(), toByteOffset: offset, as: UInt64.self)
                offset += 8
            }
            while offset < count {
                buffer[offset] = UInt8(truncatingIfNeeded: next())
                offset += 1
            }
        }
        return result
    }
}
