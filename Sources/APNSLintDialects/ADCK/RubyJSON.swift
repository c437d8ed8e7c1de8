import APNSLintModel
import APNSLintSyntax

/// What a definition's values become in Ruby: ADCK is given the Hash that the json gem (2.6.1) parses from the
/// definition, and writes its payload with the same gem (`MultiJson.dump`, message.rb:116-118). So an object's key
/// written twice is kept once, at its first place with its last value (the parser stores each pair into a Hash);
/// numbers come back as Ruby prints them (`Integer#to_s`, `Float#to_s`); strings are written as compact UTF-8
/// JSON with only `"`, `\` and control characters escaped.
enum RubyJSON {
    /// Ruby's truth: everything but `nil` and `false` is true (`0` and `""` too).
    static func isTruthy(_ node: DocumentNode) -> Bool {
        switch node.value {
        case .null: false
        case .bool(let value): value
        default: true
        }
    }

    /// The class of the Ruby object the json gem parses the value into.
    static func className(of node: DocumentNode) -> String {
        switch node.value {
        case .object: "Hash"
        case .array: "Array"
        case .elided(let summary): summary.isObject ? "Hash" : "Array"
        case .string: "String"
        case .number(let number): number.isInteger ? "Integer" : "Float"
        case .bool(let value): value ? "TrueClass" : "FalseClass"
        case .null: "NilClass"
        }
    }

    /// The value for a message: "a string (\"x\")", "a Float (1.5)", "null".
    static func phrase(of node: DocumentNode) -> String {
        switch node.value {
        case .null: "null"
        case .bool(let value): "\(value)"
        case .object: "an object"
        case .array: "an array"
        case .elided(let summary): summary.isObject ? "an object" : "an array"
        case .string: "a string (\(inspect(node)))"
        case .number(let number): "\(number.isInteger ? "an Integer" : "a Float") (\(number.text))"
        }
    }

    /// How Ruby 3.1 names the receiver in a `NoMethodError`: `"x":String`, `nil:NilClass`; an inspection longer
    /// than 65 characters is replaced by the object's address, which apns-lint cannot know (`#<Array:…>`).
    static func receiver(_ node: DocumentNode) -> String {
        let text = inspect(node)
        return text.count > 65 ? "#<\(className(of: node)):…>" : "\(text):\(className(of: node))"
    }

    /// `Object#inspect` of the parsed value: `"x"`, `nil`, `[1, "a"]`, `{"k"=>1}`.
    static func inspect(_ node: DocumentNode) -> String {
        switch node.value {
        case .null: return "nil"
        case .bool(let value): return "\(value)"
        case .number(let number): return text(of: number) ?? (number.isNegative ? "-Infinity" : "Infinity")
        case .array(let elements): return "[" + elements.map(inspect).joined(separator: ", ") + "]"
        // Not reached: the linter reads a dialect's definition whole (`Linter.lint`).
        case .elided(let summary): return summary.isObject ? "{…}" : "[…]"
        case .object(let members):
            return "{" + parsedMembers(members).map { inspect(DocumentNode(.string($0.key), range: $0.keyRange)) + "=>" + inspect($0.value) }
                .joined(separator: ", ") + "}"
        case .string(let string):
            var text = "\""
            for scalar in string.unicodeScalars {
                switch scalar {
                case "\"": text += "\\\""
                case "\\": text += "\\\\"
                default:
                    if let name = controlNames[scalar.value] {
                        text += "\\" + name
                    } else if scalar.value < 0x20 || scalar.value == 0x7F {
                        let hex = String(scalar.value, radix: 16, uppercase: true)
                        text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    } else {
                        text.unicodeScalars.append(scalar)
                    }
                }
            }
            return text + "\""
        }
    }

    /// The control characters `String#inspect` writes by name.
    private static let controlNames: [UInt32: String] = [0x07: "a", 0x08: "b", 0x09: "t", 0x0A: "n", 0x0B: "v", 0x0C: "f", 0x0D: "r", 0x1B: "e"]

    /// An object's members as the parsed Hash holds them: a key written twice once, at its first place, with its
    /// last value (and that value's member, so positions point at what counts).
    static func parsedMembers(_ members: [Member]) -> [Member] {
        guard members.hasDuplicateKeys else { return members }
        var index: [String: Int] = [:]
        var result: [Member] = []
        for member in members {
            if let at = index[member.key] {
                result[at] = member
            } else {
                index[member.key] = result.count
                result.append(member)
            }
        }
        return result
    }

    /// A number the json gem writes differently from the definition (`1e+21` → `1.0e+21`).
    struct Reformatted {
        let written: String
        let sent: String
        let range: SourceRange
        let pointer: JSONPointer
    }

    /// A float beyond Double's range: Ruby parses it as Infinity, and the json gem refuses to write it
    /// (`JSON::GeneratorError`).
    struct NonFinite {
        let written: String
        let range: SourceRange
        let pointer: JSONPointer
    }

    /// The value as ADCK writes it: objects as parsed (`parsedMembers`, recursively), numbers as Ruby prints them.
    /// Every node keeps the range of what the user wrote; `pointer` is the value's place in the definition, for
    /// what `reformatted` and `nonFinite` collect.
    static func written(_ node: DocumentNode, pointer: JSONPointer, reformatted: inout [Reformatted], nonFinite: inout [NonFinite]) -> DocumentNode {
        switch node.value {
        case .object(let members):
            let parsed = parsedMembers(members).map { member in
                Member(key: member.key, keyRange: member.keyRange,
                       value: written(member.value, pointer: pointer.appending(member.key), reformatted: &reformatted, nonFinite: &nonFinite))
            }
            return DocumentNode(.object(parsed), range: node.range)
        case .array(let elements):
            let parsed = elements.enumerated().map { index, element in
                written(element, pointer: pointer.appending(index), reformatted: &reformatted, nonFinite: &nonFinite)
            }
            return DocumentNode(.array(parsed), range: node.range)
        case .number(let number):
            guard let text = text(of: number) else {
                nonFinite.append(NonFinite(written: number.text, range: node.range, pointer: pointer))
                return node
            }
            guard text != number.text else { return node }
            reformatted.append(Reformatted(written: number.text, sent: text, range: node.range, pointer: pointer))
            return DocumentNode(.number(NumberLiteral(text: text, isInteger: number.isInteger)), range: node.range)
        case .string, .bool, .null, .elided:
            return node
        }
    }

    /// The text Ruby prints for the number the json gem parses from `literal`: `Integer#to_s` for an integer
    /// (`-0` → `0`), `Float#to_s` for a number with a fraction or an exponent (`1e+21` → `1.0e+21`, `1E2` →
    /// `100.0`). Nil for a float beyond Double's range (Ruby's Infinity). Text that is no number is kept.
    static func text(of literal: NumberLiteral) -> String? {
        if literal.isInteger {
            var digits = Substring(literal.text)
            let negative = digits.first == "-"
            if negative || digits.first == "+" { digits = digits.dropFirst() }
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return literal.text }
            let significant = digits.drop { $0 == "0" }
            return significant.isEmpty ? "0" : (negative ? "-" : "") + significant
        }
        guard let value = Double(literal.text) else { return literal.text }
        return floatText(value)
    }

    /// Ruby's `Float#to_s` (numeric.c `flo_to_s`): the shortest digits that read back as the same double; fixed
    /// notation with at least one digit after the point when the decimal exponent is between -4 and 16
    /// (`100.0`, `0.0001`), else `d.ddde±XX` (`1.0e+16`, `1.5e-05`). Nil for infinity and NaN.
    static func floatText(_ value: Double) -> String? {
        guard value.isFinite else { return nil }
        let sign = value.sign == .minus ? "-" : ""
        guard value != 0 else { return sign + "0.0" }
        let (digits, point) = shortestDigits(of: value.magnitude)
        let count = digits.count
        if point > 0, point < count {
            return sign + String(digits[..<point]) + "." + String(digits[point...])
        }
        if point > 0, point <= 15 {
            return sign + String(digits) + String(repeating: "0", count: point - count) + ".0"
        }
        if point <= 0, point > -4 {
            return sign + "0." + String(repeating: "0", count: -point) + String(digits)
        }
        let exponent = point - 1
        let exponentDigits = String(exponent.magnitude)
        return sign + String(digits[0]) + "." + (count > 1 ? String(digits[1...]) : "0")
            + "e" + (exponent < 0 ? "-" : "+") + String(repeating: "0", count: max(0, 2 - exponentDigits.count)) + exponentDigits
    }

    /// The shortest decimal digits of a positive finite double and where the decimal point goes (`digits` × 10^(point -
    /// count)): 100.0 → ("1", 3), 0.0001 → ("1", -3). Swift's `description` writes the same shortest round-trip
    /// digits as Ruby's dtoa (mode 0); only the layout differs.
    private static func shortestDigits(of value: Double) -> (digits: [Character], point: Int) {
        let text = value.description
        let parts = text.split(separator: "e", maxSplits: 1)
        let mantissa = parts[0].split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let integer = mantissa[0], fraction = mantissa.count > 1 ? mantissa[1] : ""
        var digits = Array(integer + fraction)
        var point = integer.count + (parts.count > 1 ? Int(parts[1]) ?? 0 : 0)
        while digits.first == "0" {
            digits.removeFirst()
            point -= 1
        }
        while digits.last == "0" { digits.removeLast() }
        return (digits, point)
    }
}
