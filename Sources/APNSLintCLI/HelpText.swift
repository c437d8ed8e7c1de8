import APNSLint

/// The value lists of help and error texts, built from the enums so that a new case shows up by itself (and a switch
/// over the enum asks for its note).
enum HelpText {
    /// `values` as a sentence lists them: "a, b or c" (`last` joins the last two).
    static func list(_ values: [String], last: String = " or ") -> String {
        guard let final = values.last, values.count > 1 else { return values.first ?? "" }
        // An array's own joined(separator:): a slice's is generic code that looks its types up by name at run time.
        return Array(values.dropLast()).joined(separator: ", ") + last + final
    }

    /// The raw values of `cases` as a sentence lists them, each followed by its note in parentheses when it has one:
    /// "a (note), b or c".
    static func list<Value: RawRepresentable>(_ cases: some Sequence<Value>, last: String = " or ",
                                              note: (Value) -> String? = { _ in nil }) -> String where Value.RawValue == String {
        list(cases.map { value in note(value).map { "\(value.rawValue) (\($0))" } ?? value.rawValue }, last: last)
    }

    /// The serializer styles with what each escapes, like whom: "compact (UTF-8), ascii (\uXXXX, like Python), …";
    /// `defaultStyle`'s note says it is the default.
    static func serializerStyles(default defaultStyle: WireSerializer.Style? = nil) -> String {
        list(WireSerializer.Style.allCases) { style in
            let note = switch style {
            case .compact: "UTF-8"
            case .ascii: "\\uXXXX, like Python"
            case .foundation: "\\/, like JSONEncoder"
            case .jsx: "\\u2028, like Erlang's jsx"
            case .go: "\\u003c, like encoding/json"
            }
            return style == defaultStyle ? note + "; the default" : note
        }
    }
}
