// How YAML 1.1 tools (PyYAML, Ruby's Psych, many senders) read the plain scalars that the YAML 1.2 core schema
// reads otherwise: `yes`, `010`, `1:30`, `2026-11-21`. The YAML reader reports each as it reads it, and reads on.

extension CoreSchema {
    /// How this file reads `text` and how a YAML 1.1 tool reads it, when they differ.
    static func yaml11Reading(of text: String) -> (here: String, elsewhere: String)? {
        let lowered = text.lowercased()
        if ["yes", "no", "on", "off", "y", "n"].contains(lowered) {
            let truth = ["yes", "on", "y"].contains(lowered)
            return ("the string \"\(text)\"", "the boolean \(truth)")
        }
        let bytes = Array(text.utf8)
        func all(_ slice: ArraySlice<UInt8>, _ allowed: (UInt8) -> Bool) -> Bool { !slice.isEmpty && slice.allSatisfy(allowed) }
        let isDigit: (UInt8) -> Bool = { $0 >= 0x30 && $0 <= 0x39 }
        let unsigned = bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") ? bytes[1...] : bytes[...]
        // `00` to `07` are the same number in octal, so only longer octal-looking numbers differ.
        if unsigned.count > 1, unsigned.first == UInt8(ascii: "0"), all(unsigned, isDigit),
           unsigned.drop(while: { $0 == UInt8(ascii: "0") }).count > 1 || !unsigned.allSatisfy({ $0 <= UInt8(ascii: "7") }) {
            let value = integer(text)?.text ?? text
            return ("the integer \(value)", unsigned.allSatisfy { $0 <= UInt8(ascii: "7") } ? "an octal number (\(text) is not \(value) there)" : "a string or an octal number")
        }
        if bytes.count > 2, text.hasPrefix("0o"), all(bytes[2...], { $0 >= 0x30 && $0 <= 0x37 }) {
            return ("the integer \(integer(text)!.text)", "the string \"\(text)\"")
        }
        if bytes.count > 2, text.hasPrefix("0b"), all(bytes[2...], { $0 == 0x30 || $0 == 0x31 }) {
            return ("the string \"\(text)\"", "the binary integer \(Int(text.dropFirst(2), radix: 2).map(String.init) ?? text)")
        }
        if text.contains("_"), all(unsigned, { isDigit($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".") }), unsigned.first.map(isDigit) == true {
            return ("the string \"\(text)\"", "the number \(text.filter { $0 != "_" })")
        }
        // The rest only concerns scalars that start like a number.
        guard let first = bytes.first, isDigit(first) || first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: ".") else {
            return nil
        }
        // Base 60, as PyYAML resolves it: [-+]?[1-9][0-9_]*(:[0-5]?[0-9])+ (and a float form with a fraction).
        if YAML11Pattern.isBase60Integer(bytes) {
            let negative = text.hasPrefix("-")
            // Overflow-checked: any file can hold a huge value.
            var value: Int? = 0
            for part in text.drop(while: { $0 == "-" || $0 == "+" }).split(separator: ":") {
                guard let current = value, let digit = Int(part.filter { $0 != "_" }) else { value = nil; break }
                let (shifted, overflow) = current.multipliedReportingOverflow(by: 60)
                let (sum, overflowAgain) = shifted.addingReportingOverflow(digit)
                value = overflow || overflowAgain ? nil : sum
            }
            return ("the string \"\(text)\"", value.map { "the base-60 integer \(negative ? -$0 : $0)" } ?? "a base-60 integer")
        }
        if YAML11Pattern.isBase60Float(bytes) {
            return ("the string \"\(text)\"", "a base-60 float")
        }
        // Timestamps: a full date, or a date with a time.
        if YAML11Pattern.isDate(bytes) || YAML11Pattern.isTimestamp(bytes) {
            return ("the string \"\(text)\"", "a date or timestamp, which JSON has no type for")
        }
        // YAML 1.1 floats need a '.' and a signed exponent; YAML 1.2 also reads 1e3 and 1.0e3 as numbers.
        if let number = float(text), !YAML11Pattern.isFloat(bytes) {
            return ("the number \(number.text)", "the string \"\(text)\"")
        }
        return nil
    }
}

/// Whole-text matchers for the YAML 1.1 forms `CoreSchema.yaml11Reading` looks for, over UTF-8 bytes (a
/// regular expression built each time cost more than reading the rest of the file). Each says which regular
/// expression it matches; every byte those accept is ASCII, so any other byte fails the match.
enum YAML11Pattern {
    /// A cursor over the bytes: each `take` consumes one byte that matches, or nothing.
    private struct Cursor {
        let bytes: [UInt8]
        var index = 0

        var atEnd: Bool { index == bytes.count }

        mutating func take(_ accepts: (UInt8) -> Bool) -> Bool {
            guard index < bytes.count, accepts(bytes[index]) else { return false }
            index += 1
            return true
        }

        mutating func take(_ byte: Character) -> Bool { take { $0 == byte.asciiValue! } }

        /// Takes bytes while they match; returns how many.
        @discardableResult
        mutating func skip(_ accepts: (UInt8) -> Bool) -> Int {
            let start = index
            while take(accepts) {}
            return index - start
        }

        /// `[0-9]{minimum,maximum}`.
        mutating func digits(_ minimum: Int, _ maximum: Int) -> Bool {
            var count = 0
            while count < maximum, take(isDigit) { count += 1 }
            return count >= minimum
        }

        /// `(:[0-5]?[0-9])+`
        mutating func sexagesimalGroups() -> Bool {
            var groups = 0
            while take(":") {
                guard index < bytes.count, isDigit(bytes[index]) else { return false }
                // Two digits only when the first is 0-5; one digit must then end the group.
                if index + 1 < bytes.count, isDigit(bytes[index + 1]) {
                    guard bytes[index] <= UInt8(ascii: "5") else { return false }
                    index += 2
                } else {
                    index += 1
                }
                groups += 1
            }
            return groups > 0
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    private static func isDigitOrUnderscore(_ byte: UInt8) -> Bool { isDigit(byte) || byte == UInt8(ascii: "_") }
    private static func isSign(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") }
    private static func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

    /// `[-+]?[1-9][0-9_]*(:[0-5]?[0-9])+`
    static func isBase60Integer(_ bytes: [UInt8]) -> Bool {
        var cursor = Cursor(bytes: bytes)
        _ = cursor.take(isSign)
        guard cursor.take({ $0 >= UInt8(ascii: "1") && $0 <= UInt8(ascii: "9") }) else { return false }
        cursor.skip(isDigitOrUnderscore)
        return cursor.sexagesimalGroups() && cursor.atEnd
    }

    /// `[-+]?[0-9][0-9_]*(:[0-5]?[0-9])+\.[0-9_]*`
    static func isBase60Float(_ bytes: [UInt8]) -> Bool {
        var cursor = Cursor(bytes: bytes)
        _ = cursor.take(isSign)
        guard cursor.take(isDigit) else { return false }
        cursor.skip(isDigitOrUnderscore)
        guard cursor.sexagesimalGroups(), cursor.take(".") else { return false }
        cursor.skip(isDigitOrUnderscore)
        return cursor.atEnd
    }

    /// `[0-9]{4}-[0-9]{2}-[0-9]{2}`
    static func isDate(_ bytes: [UInt8]) -> Bool {
        var cursor = Cursor(bytes: bytes)
        return cursor.digits(4, 4) && cursor.take("-") && cursor.digits(2, 2) && cursor.take("-") && cursor.digits(2, 2) && cursor.atEnd
    }

    /// `[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}([Tt]|[ \t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}(\.[0-9]*)?([ \t]*(Z|[-+][0-9]{1,2}(:[0-9]{2})?))?`
    static func isTimestamp(_ bytes: [UInt8]) -> Bool {
        var cursor = Cursor(bytes: bytes)
        guard cursor.digits(4, 4), cursor.take("-"), cursor.digits(1, 2), cursor.take("-"), cursor.digits(1, 2),
              cursor.take({ $0 == UInt8(ascii: "T") || $0 == UInt8(ascii: "t") }) || cursor.skip(isBlank) > 0,
              cursor.digits(1, 2), cursor.take(":"), cursor.digits(2, 2), cursor.take(":"), cursor.digits(2, 2) else { return false }
        if cursor.take(".") { cursor.skip(isDigit) }
        guard !cursor.atEnd else { return true }
        cursor.skip(isBlank)
        if cursor.take("Z") { return cursor.atEnd }
        guard cursor.take(isSign), cursor.digits(1, 2) else { return false }
        if cursor.take(":"), !cursor.digits(2, 2) { return false }
        return cursor.atEnd
    }

    /// `[-+]?([0-9][0-9_]*)?\.[0-9_]*([eE][-+][0-9]+)?`
    static func isFloat(_ bytes: [UInt8]) -> Bool {
        var cursor = Cursor(bytes: bytes)
        _ = cursor.take(isSign)
        if cursor.take(isDigit) { cursor.skip(isDigitOrUnderscore) }
        guard cursor.take(".") else { return false }
        cursor.skip(isDigitOrUnderscore)
        guard !cursor.atEnd else { return true }
        guard cursor.take({ $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }), cursor.take(isSign), cursor.skip(isDigit) > 0 else { return false }
        return cursor.atEnd
    }
}
