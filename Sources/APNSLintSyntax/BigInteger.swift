/// An integer of any size (Erlang integers are bignums): a sign and base-2^32 limbs, least significant first.
struct BigInteger: Equatable {
    var negative = false
    var limbs: [UInt32] = []

    init(_ value: UInt32) {
        limbs = value == 0 ? [] : [value]
    }

    init(digits: [Int], radix: Int) {
        for digit in digits { multiplyAdd(UInt32(radix), UInt32(digit)) }
    }

    mutating func negate() {
        if !limbs.isEmpty { negative.toggle() }
    }

    mutating func multiplyAdd(_ factor: UInt32, _ addend: UInt32) {
        var carry = UInt64(addend)
        for index in limbs.indices {
            let product = UInt64(limbs[index]) * UInt64(factor) + carry
            limbs[index] = UInt32(truncatingIfNeeded: product)
            carry = product >> 32
        }
        if carry > 0 { limbs.append(UInt32(carry)) }
    }

    /// Divides the magnitude by `divisor`, returning the remainder.
    mutating func divide(by divisor: UInt32) -> UInt32 {
        var remainder: UInt64 = 0
        for index in limbs.indices.reversed() {
            let value = (remainder << 32) | UInt64(limbs[index])
            limbs[index] = UInt32(value / UInt64(divisor))
            remainder = value % UInt64(divisor)
        }
        while limbs.last == 0 { limbs.removeLast() }
        return UInt32(remainder)
    }

    var decimalText: String {
        guard !limbs.isEmpty else { return "0" }
        var magnitude = self
        var chunks: [UInt32] = []
        while !magnitude.limbs.isEmpty { chunks.append(magnitude.divide(by: 1_000_000_000)) }
        var text = negative ? "-" : ""
        text += String(chunks.last!)
        for chunk in chunks.dropLast().reversed() {
            let part = String(chunk)
            text += String(repeating: "0", count: 9 - part.count) + part
        }
        return text
    }

    /// Bit `position` of the two's complement representation.
    func bit(_ position: Int) -> Bool {
        if !negative {
            let limb = position / 32
            return limb < limbs.count && (limbs[limb] >> UInt32(position % 32)) & 1 == 1
        }
        // -m in two's complement is ~(m - 1).
        var borrow = true
        var result = false
        for limb in 0...(position / 32) {
            let value = limb < limbs.count ? limbs[limb] : 0
            let decremented = borrow ? value &- 1 : value
            borrow = borrow && value == 0
            if limb == position / 32 { result = (~decremented >> UInt32(position % 32)) & 1 == 1 }
        }
        return result
    }
}
