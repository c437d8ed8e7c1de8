/// Builds a binary bit by bit, as Erlang's binary construction does.
struct BitWriter {
    var bytes: [UInt8] = []
    var bitCount = 0

    mutating func appendBit(_ bit: Bool) {
        if bitCount % 8 == 0 { bytes.append(0) }
        if bit { bytes[bytes.count - 1] |= 0x80 >> UInt8(bitCount % 8) }
        bitCount += 1
    }

    /// The low `bits` bits of `value`, most significant first.
    mutating func append(_ value: UInt64, bits: Int) {
        for position in stride(from: bits - 1, through: 0, by: -1) { appendBit(position < 64 && (value >> UInt64(position)) & 1 == 1) }
    }

    /// An integer segment: the low `bits` bits, big-endian, or byte-swapped for `/little`.
    mutating func append(_ value: BigInteger, bits: Int, little: Bool) {
        if little && bits % 8 == 0 {
            for byte in 0..<(bits / 8) {
                for position in stride(from: byte * 8 + 7, through: byte * 8, by: -1) { appendBit(value.bit(position)) }
            }
            return
        }
        for position in stride(from: bits - 1, through: 0, by: -1) { appendBit(value.bit(position)) }
    }
}
