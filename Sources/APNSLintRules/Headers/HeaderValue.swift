import APNSLintModel
import APNSLintSyntax

/// Shared by the header and push-type rules: header values as they go on the wire.
enum HeaderValue {
    /// The value as it goes on the wire: a string as written, a number as its source text; nil for other types.
    static func text(of field: Field) -> String? {
        field.value.string ?? field.value.number?.text
    }

    /// A numeric header's value when it is written exactly as an integer: a JSON integer, or a string of ASCII
    /// digits with an optional leading `-` (no spaces, no `+`, no fraction).
    static func integer(of field: Field) -> Int? {
        switch field.value.value {
        case .number(let number): return number.intValue
        case .string(let text):
            let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int(text)
        default: return nil
        }
    }

    /// A short "what it is" for a value of the wrong type: `a boolean (true)`.
    static func describeType(of field: Field) -> String {
        field.value.isNull ? "null" : "\(field.value.kind.phrase) (\(field.value.shortDescription))"
    }

    /// Where the header fields from outside the file come from (`--priority`, `.apns-lint.yml:4:3`), for messages
    /// about headers that have no place in the file.
    static func outsideSources(in headers: Headers) -> [String] {
        headers.fields.fields.compactMap(\.origin.outsideSource)
    }
}

extension String {
    /// Without leading and trailing whitespace (including line breaks).
    var trimmingWhitespace: String {
        var view = Substring(self)
        while let first = view.first, first.isWhitespace { view.removeFirst() }
        while let last = view.last, last.isWhitespace { view.removeLast() }
        return String(view)
    }
}
