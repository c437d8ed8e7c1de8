import APNSLintModel
import APNSLintSyntax

/// JavaScript's numbers, as node-apn handles them: every JSON number becomes a double (`JSON.parse`), and is
/// written back with ECMAScript's Number::toString (ECMA-262 §6.1.6.1.20), which `JSON.stringify` and `String(value)`
/// both use. So `1.0` is sent as `1`, `1e21` as `1e+21`, `9007199254740993` as `9007199254740992`, and a number
/// beyond the doubles (`1e400`, Infinity) as `null` in JSON.
enum JavaScriptNumber {
    /// The double `JSON.parse` makes of a JSON number literal (correctly rounded; overflow gives ±Infinity).
    static func value(of literal: NumberLiteral) -> Double {
        Double(literal.text) ?? .nan
    }

    /// Number::toString(x): the shortest digits that read back as `x`, in fixed notation from 1e-6 up to 1e21 and
    /// in exponent notation (`1e+21`, `1.5e-7`) outside; `0` for -0, `NaN`, `Infinity`, `-Infinity`.
    static func text(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        if value == 0 { return "0" }
        let (digits, exponent) = shortestDigits(of: value.magnitude)
        return (value < 0 ? "-" : "") + format(digits: digits, exponent: exponent)
    }

    /// `Number.isInteger(x)`: finite and without a fraction.
    static func isInteger(_ value: Double) -> Bool {
        value.isFinite && value.rounded(.towardZero) == value
    }

    /// The shortest decimal digits `d1…dk` (no leading or trailing zero) and the exponent `n` with
    /// `value = 0.d1…dk × 10^n`, for a positive finite double. Swift's `description` prints the shortest digits
    /// that round-trip (closest to the value when several do), which is what Number::toString asks for; only its
    /// layout differs.
    static func shortestDigits(of value: Double) -> (digits: [UInt8], exponent: Int) {
        let text = Array(value.description.utf8)
        let split = text.firstIndex(of: UInt8(ascii: "e")) ?? text.count
        let mantissa = text[..<split]
        let exponent = split < text.count ? Int(String(decoding: text[(split + 1)...], as: UTF8.self)) ?? 0 : 0
        let point = mantissa.firstIndex(of: UInt8(ascii: ".")).map { $0 - mantissa.startIndex } ?? mantissa.count
        var digits = mantissa.filter { $0 != UInt8(ascii: ".") }
        let leadingZeros = digits.prefix { $0 == UInt8(ascii: "0") }.count
        digits.removeFirst(leadingZeros)
        while digits.last == UInt8(ascii: "0") { digits.removeLast() }
        return (digits, point + exponent - leadingZeros)
    }

    /// Steps 6 to 10 of Number::toString, for `0.digits × 10^exponent`.
    private static func format(digits: [UInt8], exponent n: Int) -> String {
        let k = digits.count
        let zero = UInt8(ascii: "0")
        var out: [UInt8]
        if k <= n && n <= 21 {
            out = digits + Array(repeating: zero, count: n - k)
        } else if 0 < n && n <= 21 {
            out = Array(digits[..<n]) + [UInt8(ascii: ".")] + Array(digits[n...])
        } else if -6 < n && n <= 0 {
            out = Array("0.".utf8) + Array(repeating: zero, count: -n) + digits
        } else {
            let e = n - 1
            out = [digits[0]]
            if k > 1 { out += [UInt8(ascii: ".")] + Array(digits[1...]) }
            out += Array("e\(e < 0 ? "-" : "+")\(e.magnitude)".utf8)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether two number texts (JSON or JavaScript notation) write the same decimal value: `1.0`, `1` and `1e0`
    /// do, `9007199254740993` and `9007199254740992` do not. Zeros of either sign are the same value. Texts that
    /// are not decimal numbers (`Infinity`) are the same only when equal.
    static func sameDecimalValue(_ lhs: String, _ rhs: String) -> Bool {
        guard let left = Decimal(lhs), let right = Decimal(rhs) else { return lhs == rhs }
        if left.digits.isEmpty || right.digits.isEmpty { return left.digits.isEmpty && right.digits.isEmpty }
        return left == right
    }

    /// A decimal number literal reduced to sign, significant digits and exponent (`0.digits × 10^exponent`).
    private struct Decimal: Equatable {
        var negative = false
        var digits: [UInt8] = []
        var exponent = 0

        /// `-?digits(.digits)?([eE][+-]?digits)?`; nil for anything else.
        init?(_ text: String) {
            var bytes = Array(text.utf8)[...]
            if bytes.first == UInt8(ascii: "-") { negative = true; bytes.removeFirst() }
            let isDigit = { (byte: UInt8) in byte >= 0x30 && byte <= 0x39 }
            let whole = bytes.prefix(while: isDigit)
            bytes.removeFirst(whole.count)
            var fraction: ArraySlice<UInt8> = []
            if bytes.first == UInt8(ascii: ".") {
                bytes.removeFirst()
                fraction = bytes.prefix(while: isDigit)
                bytes.removeFirst(fraction.count)
            }
            guard !whole.isEmpty || !fraction.isEmpty else { return nil }
            var written = 0
            if let marker = bytes.first, marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") {
                bytes.removeFirst()
                var sign = 1
                if let first = bytes.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
                    sign = first == UInt8(ascii: "-") ? -1 : 1
                    bytes.removeFirst()
                }
                let exponentDigits = bytes.prefix(while: isDigit)
                guard !exponentDigits.isEmpty else { return nil }
                bytes.removeFirst(exponentDigits.count)
                // A huge exponent only needs to stay huge.
                written = sign * (Int(String(decoding: exponentDigits.prefix(9), as: UTF8.self)) ?? 0)
            }
            guard bytes.isEmpty else { return nil }
            var all = Array(whole) + Array(fraction)
            let leadingZeros = all.prefix { $0 == UInt8(ascii: "0") }.count
            all.removeFirst(leadingZeros)
            while all.last == UInt8(ascii: "0") { all.removeLast() }
            digits = all
            exponent = whole.count + written - leadingZeros
        }
    }

    /// Whether `StringToNumber(text) >= 0` holds (ECMA-262 §7.1.4.1.1), or nil when the text is no number (NaN,
    /// for which every comparison is false). Only the sign and whether the number exists matter to node-apn's
    /// `expiry >= 0`, so no value is computed: the text is blank, a decimal literal (`12`, ` -0.5e3 `, `.5`,
    /// `Infinity`), or a hexadecimal, octal or binary integer (`0x1F`, unsigned).
    static func stringIsNonNegativeNumber(_ text: String) -> Bool? {
        var scalars = Array(text.unicodeScalars)[...]
        while let first = scalars.first, isWhiteSpaceOrLineTerminator(first) { scalars.removeFirst() }
        while let last = scalars.last, isWhiteSpaceOrLineTerminator(last) { scalars.removeLast() }
        if scalars.isEmpty { return true }
        let body = String(String.UnicodeScalarView(scalars))
        if body.count > 2, let marker = body.dropFirst().first, body.first == "0" {
            let radix: Int? = switch marker {
            case "x", "X": 16
            case "o", "O": 8
            case "b", "B": 2
            default: nil
            }
            if let radix {
                return body.dropFirst(2).allSatisfy({ $0.isHexDigit && Int(String($0), radix: radix) != nil }) ? true : nil
            }
        }
        var unsigned = Substring(body)
        var negative = false
        if let sign = unsigned.first, sign == "+" || sign == "-" {
            negative = sign == "-"
            unsigned = unsigned.dropFirst()
        }
        if unsigned == "Infinity" { return !negative }
        // A StrUnsignedDecimalLiteral: digits with an optional point (`5.`, `.5`) and exponent.
        guard !unsigned.hasPrefix("-"), let decimal = Decimal(String(unsigned)) else { return nil }
        return !negative || decimal.digits.isEmpty
    }

    /// ECMAScript's WhiteSpace and LineTerminator (§12.2, §12.3), which StringToNumber trims.
    private static func isWhiteSpaceOrLineTerminator(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0xA0, 0xFEFF, 0x2028, 0x2029: true
        default: scalar.properties.generalCategory == .spaceSeparator
        }
    }
}
