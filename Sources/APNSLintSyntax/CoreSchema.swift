/// YAML 1.2 core schema resolution, with JSON text for numbers (the YAML 1.1 readings that differ:
/// `YAML11Reading.swift`).
enum CoreSchema {
    static func isNull(_ text: String) -> Bool {
        ["", "~", "null", "Null", "NULL"].contains(text)
    }

    static func bool(_ text: String) -> Bool? {
        switch text {
        case "true", "True", "TRUE": true
        case "false", "False", "FALSE": false
        default: nil
        }
    }

    static func isNonFinite(_ text: String) -> Bool {
        [".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF", ".nan", ".NaN", ".NAN"].contains(text)
    }

    /// `[-+]?[0-9]+`, `0o[0-7]+`, `0x[0-9a-fA-F]+`, as a JSON integer literal.
    static func integer(_ text: String) -> NumberLiteral? {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { return nil }
        if bytes.count > 2, bytes[0] == UInt8(ascii: "0"), bytes[1] == UInt8(ascii: "o") || bytes[1] == UInt8(ascii: "x") {
            let radix = bytes[1] == UInt8(ascii: "o") ? 8 : 16
            // `UInt64(_:radix:)` accepts a sign, which the core schema does not (`0x+1F` is a string).
            guard bytes[2] != UInt8(ascii: "+"), bytes[2] != UInt8(ascii: "-"),
                  let value = UInt64(String(decoding: bytes[2...], as: UTF8.self), radix: radix) else { return nil }
            return NumberLiteral(text: String(value), isInteger: true)
        }
        var index = 0
        var negative = false
        if bytes[0] == UInt8(ascii: "-") || bytes[0] == UInt8(ascii: "+") {
            negative = bytes[0] == UInt8(ascii: "-")
            index = 1
        }
        guard index < bytes.count, bytes[index...].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        var digits = bytes[index...].drop { $0 == UInt8(ascii: "0") }
        if digits.isEmpty { digits = [UInt8(ascii: "0")] }
        return NumberLiteral(text: (negative ? "-" : "") + String(decoding: digits, as: UTF8.self), isInteger: true)
    }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`, as a JSON number literal.
    static func float(_ text: String) -> NumberLiteral? {
        let bytes = Array(text.utf8)
        var index = 0
        func isDigit(_ i: Int) -> Bool { i < bytes.count && bytes[i] >= 0x30 && bytes[i] <= 0x39 }
        var sign = ""
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            if bytes[index] == UInt8(ascii: "-") { sign = "-" }
            index += 1
        }
        var integerPart = ""
        while isDigit(index) { integerPart.append(Character(Unicode.Scalar(bytes[index]))); index += 1 }
        var fraction: String?
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            var digits = ""
            while isDigit(index) { digits.append(Character(Unicode.Scalar(bytes[index]))); index += 1 }
            fraction = digits
        }
        guard !integerPart.isEmpty || !(fraction ?? "").isEmpty else { return nil }
        var exponent = ""
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            var exponentSign = ""
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                if bytes[index] == UInt8(ascii: "-") { exponentSign = "-" }
                index += 1
            }
            var digits = ""
            while isDigit(index) { digits.append(Character(Unicode.Scalar(bytes[index]))); index += 1 }
            guard !digits.isEmpty else { return nil }
            exponent = "e" + exponentSign + digits
        }
        guard index == bytes.count, fraction != nil || !exponent.isEmpty else { return nil }
        var whole = String(integerPart.drop { $0 == "0" })
        if whole.isEmpty { whole = "0" }
        var json = sign + whole
        if let fraction { json += "." + (fraction.isEmpty ? "0" : fraction) }
        return NumberLiteral(text: json + exponent, isInteger: false)
    }
}
