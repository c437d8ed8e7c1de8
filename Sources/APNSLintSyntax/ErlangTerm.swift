/// An Erlang term as `file:consult/1` returns it, with the byte range of every part: what the Erlang reader
/// produces before anything is made JSON of it.
///
/// Nothing is decided here about JSON or APNs: an atom stays an atom (not a string), a binary keeps its bytes
/// (and whether its text was written with `/utf8`), a `"…"` character list stays a list of character codes,
/// integers keep their exact value (bignums too), and tuples stay tuples. The jsx-convention `DocumentNode` the
/// generic rules read is derived from it (`ErlangTerm.jsonDocument`), and a library's dialect reads the term
/// itself.
public struct ErlangTerm: Sendable {
    public indirect enum Value: Sendable {
        /// `alert`, `'loc-key'`: the atom's text.
        case atom(String)
        /// An integer, as exact decimal text (`-12`, `123456789012345678901234567890`).
        case integer(String)
        case float(Double)
        /// `<<…>>`: its bytes. `utf8` is false when a segment holding a character above 127 was not written with
        /// `/utf8` (each such character was cut to 8 bits) or was written as UTF-16/32: then the bytes are not the
        /// text as written. `bits` is the length in bits when it is not a whole number of bytes (a bitstring).
        case binary([UInt8], utf8: Bool, bits: Int?)
        /// `"…"`: a list of character codes, written as a string (`""` is the empty list).
        case string(String)
        /// `[A, B]` (`tail` nil), or an improper list `[A | T]` whose tail `T` is not a list.
        case list([ErlangTerm], tail: ErlangTerm?)
        case tuple([ErlangTerm])
        /// `#{K => V}`: entries in source order (a later equal key replaces an earlier one when Erlang builds it).
        case map([(key: ErlangTerm, value: ErlangTerm)])
    }

    public var value: Value
    /// From the term's first byte to its last (a container's brackets included).
    public var range: SourceRange

    public init(_ value: Value, range: SourceRange) {
        self.value = value
        self.range = range
    }

    public var atom: String? {
        if case .atom(let name) = value { return name }
        return nil
    }

    public var integerText: String? {
        if case .integer(let text) = value { return text }
        return nil
    }

    /// The integer as `Int` when it fits.
    public var intValue: Int? { integerText.flatMap { Int($0) } }

    public var binaryBytes: [UInt8]? {
        if case .binary(let bytes, _, nil) = value { return bytes }
        return nil
    }

    public var isTuple: Bool {
        if case .tuple = value { return true }
        return false
    }

    /// A proper list's elements (a `"…"` string's as integers), nil for anything else.
    public var listElements: [ErlangTerm]? {
        switch value {
        case .list(let elements, nil): return elements
        case .string(let text):
            // Each character a separate integer term; they share the string's range.
            return text.unicodeScalars.map { ErlangTerm(.integer(String($0.value)), range: range) }
        default: return nil
        }
    }

    /// True for `[]` and `""`.
    public var isEmptyList: Bool {
        switch value {
        case .list(let elements, nil): elements.isEmpty
        case .string(let text): text.isEmpty
        default: false
        }
    }

    /// A list (proper or not, `"…"` included).
    public var isList: Bool {
        switch value {
        case .list, .string: true
        default: false
        }
    }

    /// `{A, B}`'s two elements.
    public var pair: (ErlangTerm, ErlangTerm)? {
        if case .tuple(let elements) = value, elements.count == 2 { return (elements[0], elements[1]) }
        return nil
    }

    /// How the term is written in Erlang, shortened for messages: `<<"Hi">>`, `'loc-key'`, `[…]`, `{…}`.
    public var shortDescription: String {
        switch value {
        case .atom(let name): return ErlangTerm.atomText(name)
        case .integer(let text): return text.count > 24 ? String(text.prefix(24)) + "…" : text
        case .float(let value): return ErlangFloat.text(value)
        case .binary(let bytes, _, let bits):
            if bits != nil { return "<<…>>" }
            guard let text = String(validating: bytes, as: UTF8.self), text.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0 != "\"" && $0 != "\\" }) else {
                return "<<" + bytes.prefix(8).map(String.init).joined(separator: ",") + (bytes.count > 8 ? ",…" : "") + ">>"
            }
            let clipped = text.count > 32 ? String(text.prefix(32)) + "…" : text
            return "<<\"\(clipped)\">>"
        case .string(let text):
            let clipped = text.count > 32 ? String(text.prefix(32)) + "…" : text
            return "\"\(clipped)\""
        case .list(let elements, let tail): return elements.isEmpty && tail == nil ? "[]" : "[…]"
        case .tuple(let elements): return elements.isEmpty ? "{}" : "{…}"
        case .map(let entries): return entries.isEmpty ? "#{}" : "#{…}"
        }
    }

    /// An atom as Erlang writes it: bare when it can be, else quoted.
    public static func atomText(_ name: String) -> String {
        let scalars = Array(name.unicodeScalars)
        let bare = !scalars.isEmpty && scalars[0].value >= 0x61 && scalars[0].value <= 0x7A
            && scalars.allSatisfy { ($0.value >= 0x61 && $0.value <= 0x7A) || ($0.value >= 0x41 && $0.value <= 0x5A)
                || ($0.value >= 0x30 && $0.value <= 0x39) || $0 == "_" || $0 == "@" }
            && !ErlangReader.reservedWords.contains(name)
        guard !bare else { return name }
        var quoted = "'"
        for character in name {
            if character == "\\" || character == "'" { quoted.append("\\") }
            quoted.append(character)
        }
        return quoted + "'"
    }
}

/// Erlang's float text: what `io_lib:format("~p", [F])` writes on OTP 25 (jsx 2.8.0 writes floats with it,
/// jsx_to_json.erl:117-118): the shortest digits that read back as the same double, placed by
/// `io_lib_format:insert_decimal/2`: `0.5`, `100.0`, `1.5e3`, `1.0e-5`, `123456789.123`.
public enum ErlangFloat {
    public static func text(_ value: Double) -> String {
        if value == 0 { return value.sign == .minus ? "-0.0" : "0.0" }
        // Swift's description also prints the shortest round-trip digits; take them and place them as Erlang does.
        let (digits, place) = shortestDigits(abs(value))
        return (value < 0 ? "-" : "") + insertDecimal(place: place, digits: digits)
    }

    /// The shortest round-trip decimal digits of a positive finite double and the position of the decimal point:
    /// the value is `0.DIGITS × 10^place`.
    static func shortestDigits(_ value: Double) -> (String, Int) {
        var text = "\(value)"   // "1500.0", "1.5e-05", "1e+22"
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            exponent = Int(text[text.index(after: e)...]) ?? 0
            text = String(text[..<e])
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        let integer = String(parts[0]), fraction = parts.count > 1 ? String(parts[1]) : ""
        var digits = integer + fraction
        var place = integer.count + exponent
        // Leading zeros move the point; trailing zeros are not digits.
        while digits.first == "0" { digits.removeFirst(); place -= 1 }
        while digits.last == "0" { digits.removeLast() }
        return (digits.isEmpty ? "0" : digits, place)
    }

    /// io_lib_format:insert_decimal/2 (OTP 25): plain notation unless the exponent form is shorter.
    static func insertDecimal(place: Int, digits: String) -> String {
        let length = digits.count
        if place == 0 { return "0." + digits }
        if place > 0 && place < length {
            let split = digits.index(digits.startIndex, offsetBy: place)
            return digits[..<split] + "." + digits[split...]
        }
        let exponentText = String(place - 1)
        let exponentCost = exponentText.count + 1 + (length == 1 ? 2 : 1)
        if place < 0 {
            if 2 - place <= exponentCost { return "0." + String(repeating: "0", count: -place) + digits }
        } else if place - length + 2 <= exponentCost {
            return digits + String(repeating: "0", count: place - length) + ".0"
        }
        let first = digits.prefix(1), rest = digits.dropFirst()
        return first + "." + (rest.isEmpty ? "0" : rest) + "e" + exponentText
    }
}

// MARK: - The jsx-convention document

extension ErlangTerm {
    /// The term as the JSON data model, by the jsx conventions apns_json documents: a list of `{Key, Value}`
    /// pairs (atom, binary or integer keys) or a map is an object (`[{}]` the empty object), other lists arrays,
    /// `true`/`false`/`null` literals, other atoms and binaries strings, a `"…"` string a string (reported: jsx
    /// would write it as an array of numbers), `{{Y,M,D},{H,Mi,S}}` an ISO 8601 string. What has no JSON form (a
    /// tuple, an improper list's tail) becomes null and is reported in `problems`.
    public func jsonDocument(problems: inout [SyntaxProblem]) -> DocumentNode {
        document { $0.containerShape(problems: &problems) }
    }

    /// What one term is in a document built from it (`document(shapedBy:)`): a finished node, or a container whose
    /// children are shaped next.
    package enum DocumentShape {
        case scalar(DocumentNode)
        /// An object's members (each child with its key's text and range) or an array's elements (no keys).
        case container([DocumentChild], isObject: Bool)
    }

    package struct DocumentChild {
        package var key: (text: String, range: SourceRange)?
        package var term: ErlangTerm

        package init(key: (text: String, range: SourceRange)?, term: ErlangTerm) {
            self.key = key
            self.term = term
        }
    }

    /// The document a convention builds from the term, `shape` saying what each term is, the term first, then each
    /// container's children in order. The one walk the jsx-convention document (`jsonDocument`) and apns_json's jsx
    /// encoder share: they differ only in what a term is.
    ///
    /// An explicit stack, not recursion: the reader's depth limit bounds the memory, not the thread's stack.
    package func document(shapedBy shape: (ErlangTerm) -> DocumentShape) -> DocumentNode {
        // Each open frame: the container's range, its children to convert, and what is converted so far.
        struct Frame {
            let range: SourceRange
            let children: [DocumentChild]
            let isObject: Bool
            var done: [DocumentNode] = []
        }
        var stack: [Frame] = []
        var result: DocumentNode?
        var next: ErlangTerm? = self
        while true {
            if let term = next {
                next = nil
                switch shape(term) {
                case .scalar(let node):
                    result = node
                case .container(let children, let isObject):
                    if children.isEmpty {
                        result = DocumentNode(isObject ? .object([]) : .array([]), range: term.range)
                    } else {
                        stack.append(Frame(range: term.range, children: children, isObject: isObject))
                        next = children[0].term
                        continue
                    }
                }
            }
            // A value is finished: give it to its parent, then go on with the parent's next child or close it.
            guard let value = result else { preconditionFailure("no value") }
            result = nil
            guard !stack.isEmpty else { return value }
            stack[stack.count - 1].done.append(value)
            let top = stack[stack.count - 1]
            if top.done.count < top.children.count {
                next = top.children[top.done.count].term
                continue
            }
            stack.removeLast()
            if top.isObject {
                var members: [Member] = []
                members.reserveCapacity(top.done.count)
                for (child, node) in zip(top.children, top.done) {
                    guard let key = child.key else { continue }
                    members.append(Member(key: key.text, keyRange: key.range, value: node))
                }
                result = DocumentNode(.object(members), range: top.range)
            } else {
                result = DocumentNode(.array(top.done), range: top.range)
            }
        }
    }

    /// What one term becomes, without looking into its children's children.
    private func containerShape(problems: inout [SyntaxProblem]) -> DocumentShape {
        switch value {
        case .atom(let name):
            switch name {
            case "true": return .scalar(DocumentNode(.bool(true), range: range))
            case "false": return .scalar(DocumentNode(.bool(false), range: range))
            case "null": return .scalar(DocumentNode(.null, range: range))
            default: return .scalar(DocumentNode(.string(name), range: range))
            }
        case .integer(let text):
            return .scalar(DocumentNode(.number(NumberLiteral(text: text, isInteger: true)), range: range))
        case .float(let value):
            return .scalar(DocumentNode(.number(NumberLiteral(text: ErlangFloat.text(value), isInteger: false)), range: range))
        case .binary(let bytes, _, _):
            return .scalar(DocumentNode(.string(String(decoding: bytes, as: UTF8.self)), range: range))
        case .string(let text):
            let clipped = text.count > 40 ? String(text.prefix(40)) + "…" : text
            problems.append(SyntaxProblem(
                .charlistString, "\"\(clipped)\" is a character list (a string in double quotes), read here as a string; jsx writes it as an array of numbers",
                help: "write it as a binary: <<\"\(clipped)\"/utf8>>", range: range))
            return .scalar(DocumentNode(.string(text), range: range))
        case .tuple(let elements):
            if let datetime = ErlangTerm.datetimeText(elements) { return .scalar(DocumentNode(.string(datetime), range: range)) }
            problems.append(SyntaxProblem(
                .nonJSONValue, elements.count == 2
                    ? "a {Key, Value} tuple stands for a member only in a proplist (a list of such tuples); here JSON has no tuple, so it becomes null"
                    : "this tuple cannot become JSON (JSON has no tuples); it becomes null",
                help: "use a list [...] or a proplist [{Key, Value}, ...] instead", range: range))
            return .scalar(DocumentNode(.null, range: range))
        case .map(let entries):
            var children: [DocumentChild] = []
            for entry in entries {
                guard let key = entry.key.jsonKey else {
                    problems.append(SyntaxProblem(.nonJSONValue, "a map key must be an atom, a binary or an integer to become a JSON key",
                                                  help: "use an atom or a binary key", range: entry.key.range))
                    continue
                }
                entry.key.reportCharlistKey(&problems)
                children.append(DocumentChild(key: (key, entry.key.range), term: entry.value))
            }
            return .container(children, isObject: true)
        case .list(let elements, let tail):
            if let tail {
                problems.append(SyntaxProblem(.nonJSONValue, "an improper list's tail ('|' followed by a term that is not a list) cannot become JSON; it is left out",
                                              help: "write the list out element by element: [A, B, C]", range: tail.range))
            }
            if elements.count == 1, case .tuple(let inner) = elements[0].value, inner.isEmpty { return .container([], isObject: true) }
            if !elements.isEmpty, elements.allSatisfy({ $0.pair.map { $0.0.jsonKey != nil } ?? false }) {
                return .container(elements.map { element in
                    let (key, value) = element.pair!
                    key.reportCharlistKey(&problems)
                    return DocumentChild(key: (key.jsonKey!, key.range), term: value)
                }, isObject: true)
            }
            return .container(elements.map { DocumentChild(key: nil, term: $0) }, isObject: false)
        }
    }

    /// A character-list key, reported where it is read as an object's key (jsx would not take it).
    func reportCharlistKey(_ problems: inout [SyntaxProblem]) {
        guard case .string(let text) = value else { return }
        let clipped = text.count > 40 ? String(text.prefix(40)) + "…" : text
        problems.append(SyntaxProblem(
            .charlistString, "\"\(clipped)\" is a character list (a string in double quotes), read here as a key; jsx takes only atom, binary and integer keys",
            help: "write the key as a binary: <<\"\(clipped)\"/utf8>>", range: range))
    }

    /// The text of a term usable as a JSON key: an atom, a binary, a character list or an integer.
    var jsonKey: String? {
        switch value {
        case .atom(let name): name
        case .binary(let bytes, _, nil): String(decoding: bytes, as: UTF8.self)
        case .string(let text): text
        case .integer(let text): text
        default: nil
        }
    }

    /// `{{Y,M,D},{H,Mi,S}}` with integer parts, as jsx writes a datetime (jsx_parser.erl:112-121):
    /// `2026-11-21T10:00:00Z`; nil for any other tuple.
    public static func datetimeText(_ elements: [ErlangTerm]) -> String? {
        guard elements.count == 2, case .tuple(let date) = elements[0].value, case .tuple(let time) = elements[1].value,
              date.count == 3, time.count == 3 else { return nil }
        let parts = (date + time).compactMap(\.intValue)
        guard parts.count == 6 else { return nil }
        // io_lib's ~W.10.0B: zero-padded to the width; a value wider than its field is written as W asterisks.
        func field(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            if text.count > width { return String(repeating: "*", count: width) }
            return String(repeating: "0", count: width - text.count) + text
        }
        return "\(field(parts[0], 4))-\(field(parts[1], 2))-\(field(parts[2], 2))T\(field(parts[3], 2)):\(field(parts[4], 2)):\(field(parts[5], 2))Z"
    }
}

// MARK: - A JSON document as a term

extension ErlangTerm {
    /// The term an Erlang programmer writes for a JSON value, so a definition written in JSON or YAML and declared
    /// `"dialect": "apns-json"` goes through the same code as an Erlang file: an object is a proplist with atom keys
    /// (`[{}]` when empty), an array a list, a string a `/utf8` binary, `true`/`false`/`null` atoms.
    public init(jsonDocument document: DocumentNode) {
        struct Frame {
            let node: DocumentNode
            var done: [ErlangTerm] = []
        }
        func shape(_ node: DocumentNode) -> ErlangTerm? {
            switch node.value {
            case .string(let text): ErlangTerm(.binary(Array(text.utf8), utf8: true, bits: nil), range: node.range)
            case .number(let number):
                number.isInteger ? ErlangTerm(.integer(number.text.hasPrefix("-0") && Int(number.text) == 0 ? "0" : number.text), range: node.range)
                    : ErlangTerm(.float(number.doubleValue ?? 0), range: node.range)
            case .bool(let bool): ErlangTerm(.atom(bool ? "true" : "false"), range: node.range)
            case .null: ErlangTerm(.atom("null"), range: node.range)
            case .object(let members) where members.isEmpty:
                ErlangTerm(.list([ErlangTerm(.tuple([]), range: node.range)], tail: nil), range: node.range)
            case .array(let elements) where elements.isEmpty: ErlangTerm(.list([], tail: nil), range: node.range)
            default: nil
            }
        }
        func children(_ node: DocumentNode) -> [DocumentNode] {
            switch node.value {
            case .object(let members): members.map(\.value)
            case .array(let elements): elements
            default: []
            }
        }
        if let scalar = shape(document) {
            self = scalar
            return
        }
        var stack = [Frame(node: document)]
        var finished: ErlangTerm?
        while true {
            if let term = finished {
                finished = nil
                guard !stack.isEmpty else { self = term; return }
                stack[stack.count - 1].done.append(term)
            }
            let top = stack[stack.count - 1]
            let kids = children(top.node)
            if top.done.count < kids.count {
                let child = kids[top.done.count]
                if let scalar = shape(child) { finished = scalar } else { stack.append(Frame(node: child)) }
                continue
            }
            stack.removeLast()
            if let members = top.node.members {
                finished = ErlangTerm(.list(zip(members, top.done).map { member, value in
                    ErlangTerm(.tuple([ErlangTerm(.atom(member.key), range: member.keyRange), value]),
                               range: SourceRange(start: min(member.keyRange.start, value.range.start), end: max(member.keyRange.end, value.range.end)))
                }, tail: nil), range: top.node.range)
            } else {
                finished = ErlangTerm(.list(top.done, tail: nil), range: top.node.range)
            }
        }
    }
}
