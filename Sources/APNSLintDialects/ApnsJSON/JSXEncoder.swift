import APNSLintModel
import APNSLintSyntax

/// A crash of the Erlang code on its way from the term to the request: the exception it raises and the term it
/// raises on.
struct ErlangCrash: Error, Sendable {
    /// `error:badarg in jsx_encoder:unzip/2`, as Erlang names it.
    let exception: String
    /// Why, in words.
    let reason: String
    let range: SourceRange
}

/// `jsx:encode/1` of jsx 2.8.0 (talentdeficit/jsx@3074d48, compiled with maps support): an Erlang term as the JSON
/// it writes, as a positioned document whose strings are the text jsx writes (invalid UTF-8 already replaced) and
/// whose numbers' texts are jsx's (`integer_to_list/1`, `io_lib:format("~p")` for floats). Strings are escaped by
/// `WireSerializer.Style.jsx` when written.
///
/// jsx writes a list of pairs as it stands, so an object keeps every pair of a key given twice
/// (`WireSerializer.DuplicateKeys.everyPair`). A term jsx raises on gives the first `ErlangCrash`; the document is
/// still built, with null where the offending value was, so the other rules can run.
///
/// The walk is `ErlangTerm.document(shapedBy:)`'s (an explicit stack: the reader bounds the depth, and the thread's
/// stack does not); what is here is what jsx makes of each term.
struct JSXEncoder {
    private(set) var crash: ErlangCrash?
    /// Values jsx writes otherwise than they read in Erlang: a binary that is not UTF-8, a character list.
    private(set) var rewritten: [(range: SourceRange, message: String)] = []

    private mutating func fail(_ exception: String, _ reason: String, at range: SourceRange) {
        if crash == nil { crash = ErlangCrash(exception: exception, reason: reason, range: range) }
    }

    private typealias Child = ErlangTerm.DocumentChild
    private typealias Shape = ErlangTerm.DocumentShape

    mutating func encode(_ term: ErlangTerm) -> DocumentNode {
        term.document { shape(of: $0) }
    }

    /// jsx_encoder:encode/2 and encode_/2 (jsx_encoder.erl:46-65): what one term is, its children not yet encoded.
    private mutating func shape(of term: ErlangTerm) -> Shape {
        switch term.value {
        case .map(let entries):
            // maps:keys/1 gives the keys in Erlang's term order (numbers < atoms < binaries, for the maps of up to
            // 32 keys a definition holds), and jsx writes them in that order (jsx_encoder.erl:80-84). A later equal
            // key replaces an earlier one.
            var unique: [(key: ErlangTerm, value: ErlangTerm)] = []
            for entry in entries {
                guard Self.isKey(entry.key) else {
                    fail("error:function_clause in jsx_encoder:unpack/3", "jsx takes only atom, binary and integer map keys; this key is \(entry.key.shortDescription)",
                         at: entry.key.range)
                    continue
                }
                if let index = unique.firstIndex(where: { Self.sameKey($0.key, entry.key) }) {
                    unique[index].value = entry.value
                    unique[index].key = entry.key
                } else {
                    unique.append(entry)
                }
            }
            unique.sort { Self.termOrder($0.key, $1.key) }
            return .container(unique.map { Child(key: (keyText($0.key), $0.key.range), term: $0.value) }, isObject: true)
        case .list(let elements, let tail):
            return listShape(elements, tail: tail, range: term.range)
        case .string(let text):
            if text.isEmpty { return .container([], isObject: false) }
            rewritten.append((term.range, "jsx writes the character list \(term.shortDescription) as an array of numbers, not as a string (a string is a binary: <<\"…\"/utf8>>)"))
            return .container(term.listElements!.map { Child(key: nil, term: $0) }, isObject: false)
        default:
            return .scalar(value(term))
        }
    }

    private mutating func listShape(_ elements: [ErlangTerm], tail: ErlangTerm?, range: SourceRange) -> Shape {
        if elements.isEmpty {
            if let tail { fail("error:function_clause in jsx_encoder:unhitch/2", "the list's tail \(tail.shortDescription) is not a list", at: tail.range) }
            return .container([], isObject: false)
        }
        if elements.count == 1, tail == nil, case .tuple(let inner) = elements[0].value, inner.isEmpty {
            return .container([], isObject: true)
        }
        // A list starting with a {{_,_,_},{_,_,_}} datetime is an array (jsx_encoder.erl:57-59), one starting with any
        // other 2-tuple an object whose every element must be a {Key, Value} pair (jsx_encoder.erl:60-71).
        if let (first, second) = elements[0].pair, !(first.tupleCount == 3 && second.tupleCount == 3) {
            var children: [Child] = []
            for element in elements {
                guard let (key, value) = element.pair, Self.isKey(key) else {
                    fail("error:badarg in jsx_encoder:unzip/2",
                         element.pair == nil ? "a list that starts with a {Key, Value} pair is an object, and \(element.shortDescription) is not a pair"
                            : "a key must be an atom, a binary or an integer, not \(element.pair!.0.shortDescription)",
                         at: element.range)
                    continue
                }
                children.append(Child(key: (keyText(key), key.range), term: value))
            }
            if let tail { fail("error:badarg in jsx_encoder:unzip/2", "the proplist's tail \(tail.shortDescription) is not a list", at: tail.range) }
            return .container(children, isObject: true)
        }
        if let tail { fail("error:function_clause in jsx_encoder:unhitch/2", "the list's tail \(tail.shortDescription) is not a list", at: tail.range) }
        return .container(elements.map { Child(key: nil, term: $0) }, isObject: false)
    }

    /// jsx_parser:value/4 (jsx_parser.erl:90-153): a term that is not a list or map.
    private mutating func value(_ term: ErlangTerm) -> DocumentNode {
        let range = term.range
        switch term.value {
        case .atom(let name):
            switch name {
            case "true": return DocumentNode(.bool(true), range: range)
            case "false": return DocumentNode(.bool(false), range: range)
            case "null": return DocumentNode(.null, range: range)
            default: return DocumentNode(.string(name), range: range)   // atom_to_binary(Atom, utf8)
            }
        case .integer(let text):
            return DocumentNode(.number(NumberLiteral(text: text, isInteger: true)), range: range)
        case .float(let double):
            return DocumentNode(.number(NumberLiteral(text: ErlangFloat.text(double), isInteger: false)), range: range)
        case .binary(let bytes, _, let bits):
            guard bits == nil else {
                fail("error:badarg in jsx_parser:value/4", "a bitstring (not a whole number of bytes) is not a JSON value", at: range)
                return DocumentNode(.null, range: range)
            }
            return DocumentNode(.string(clean(bytes, at: range)), range: range)
        case .tuple(let elements):
            if let text = ErlangTerm.datetimeText(elements) { return DocumentNode(.string(text), range: range) }
            if let text = Self.datetimeWithFloatSeconds(elements) { return DocumentNode(.string(text), range: range) }
            // jsx's tagged values (jsx_parser.erl:132-146).
            if elements.count == 2, let tag = elements[0].atom {
                let inner = elements[1]
                let unwrapped: Bool
                switch (tag, inner.value) {
                case ("literal", .atom): unwrapped = ["true", "false", "null"].contains(inner.atom ?? "")
                case ("string", .atom), ("string", .binary(_, _, nil)),
                     ("integer", .integer), ("float", .float), ("number", .integer), ("number", .float): unwrapped = true
                default: unwrapped = false
                }
                if unwrapped { return value(ErlangTerm(inner.value, range: range)) }
            }
            fail("error:badarg in jsx_parser:value/4", "JSON has no tuple, and \(term.shortDescription) is not a {{Y,M,D},{H,Mi,S}} datetime", at: range)
            return DocumentNode(.null, range: range)
        case .list, .string, .map:
            preconditionFailure("containers are shaped, not valued")
        }
    }

    /// `{{Y,M,D},{H,Mi,S}}` with float seconds: `~9.6.0f` seconds (jsx_parser.erl:122-131).
    private static func datetimeWithFloatSeconds(_ elements: [ErlangTerm]) -> String? {
        guard elements.count == 2, case .tuple(let date) = elements[0].value, case .tuple(let time) = elements[1].value,
              date.count == 3, time.count == 3, case .float(let seconds) = time[2].value else { return nil }
        guard let text = ErlangTerm.datetimeText([ErlangTerm(.tuple(date), range: elements[0].range),
                                                  ErlangTerm(.tuple([time[0], time[1], ErlangTerm(.integer("0"), range: time[2].range)]), range: elements[1].range)])
        else { return nil }
        var fixed = String(format6(seconds))
        if fixed.count < 9 { fixed = String(repeating: "0", count: 9 - fixed.count) + fixed }
        if fixed.count > 9 { fixed = String(repeating: "*", count: 9) }
        return String(text.dropLast(3)) + fixed + "Z"
    }

    /// A float with six decimals, as `~.6f` writes it.
    private static func format6(_ value: Double) -> String {
        let scaled = (abs(value) * 1_000_000).rounded()
        let whole = Int(scaled / 1_000_000), fraction = Int(scaled.truncatingRemainder(dividingBy: 1_000_000))
        let fractionText = String(fraction)
        return (value < 0 ? "-" : "") + String(whole) + "." + String(repeating: "0", count: 6 - fractionText.count) + fractionText
    }

    /// A key's text: jsx_parser:fix_key/1 (an atom's UTF-8 text, an integer's decimal digits), then cleaned.
    private mutating func keyText(_ term: ErlangTerm) -> String {
        switch term.value {
        case .atom(let name): return name
        case .integer(let text): return text
        case .binary(let bytes, _, _): return clean(bytes, at: term.range)
        default: return ""
        }
    }

    /// jsx_parser:clean/3 (jsx_parser.erl:221-322) with jsx's defaults: valid UTF-8 stays; a surrogate's three
    /// bytes, and each invalid lead byte with the continuation bytes it claims, become one U+FFFD. The escapes jsx
    /// adds (`\u2028`, `\u2029`, control characters) are the serializer's.
    mutating func clean(_ bytes: [UInt8], at range: SourceRange) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var scalars = String.UnicodeScalarView()
        var index = 0
        func continuation(_ position: Int) -> Bool { position < bytes.count && bytes[position] >= 0x80 && bytes[position] <= 0xBF }
        while index < bytes.count {
            let lead = bytes[index]
            let length = bytes.utf8SequenceLength(at: index)
            if length > 0 {
                for scalar in String(decoding: bytes[index..<index + length], as: UTF8.self).unicodeScalars { scalars.append(scalar) }
                index += length
                continue
            }
            scalars.append("\u{FFFD}")
            if lead == 0xED, index + 2 < bytes.count, bytes[index + 1] >= 0xA0 {
                index += 3   // an encoded surrogate: three bytes, one replacement (jsx_parser.erl:309-310)
                continue
            }
            // Strip up to as many continuation bytes as the lead byte claims (jsx_parser.erl:312-321).
            let claimed = lead >= 0xC0 && lead <= 0xDF ? 1 : lead >= 0xE0 && lead <= 0xEF ? 2 : lead >= 0xF0 && lead <= 0xF7 ? 3 : 0
            index += 1
            var stripped = 0
            while stripped < claimed, continuation(index) {
                index += 1
                stripped += 1
            }
        }
        rewritten.append((range, "this binary is not valid UTF-8 (a character above 127 written without /utf8 is cut to one byte), so jsx sends U+FFFD (�) in place of the invalid bytes"))
        return String(scalars)
    }

    static func isKey(_ term: ErlangTerm) -> Bool {
        switch term.value {
        case .atom, .integer, .binary(_, _, nil): true
        default: false
        }
    }

    /// Map key equality (exact: `1` and `<<"1">>` are different keys).
    static func sameKey(_ lhs: ErlangTerm, _ rhs: ErlangTerm) -> Bool {
        switch (lhs.value, rhs.value) {
        case (.atom(let a), .atom(let b)): a == b
        case (.integer(let a), .integer(let b)): a == b
        case (.binary(let a, _, nil), .binary(let b, _, nil)): a == b
        default: false
        }
    }

    /// Erlang's term order for map keys: integers by value < atoms by text < binaries by bytes.
    static func termOrder(_ lhs: ErlangTerm, _ rhs: ErlangTerm) -> Bool {
        func rank(_ term: ErlangTerm) -> Int {
            switch term.value {
            case .integer: 0
            case .atom: 1
            default: 2
            }
        }
        if rank(lhs) != rank(rhs) { return rank(lhs) < rank(rhs) }
        switch (lhs.value, rhs.value) {
        case (.integer(let a), .integer(let b)): return integerLess(a, b)
        case (.atom(let a), .atom(let b)): return Array(a.unicodeScalars.map(\.value)).lexicographicallyPrecedes(b.unicodeScalars.map(\.value))
        case (.binary(let a, _, _), .binary(let b, _, _)): return a.lexicographicallyPrecedes(b)
        default: return false
        }
    }

    /// `a < b` for exact decimal texts.
    static func integerLess(_ a: String, _ b: String) -> Bool {
        let negativeA = a.hasPrefix("-"), negativeB = b.hasPrefix("-")
        if negativeA != negativeB { return negativeA }
        let magnitudeA = negativeA ? a.dropFirst() : Substring(a), magnitudeB = negativeB ? b.dropFirst() : Substring(b)
        let less = magnitudeA.count != magnitudeB.count ? magnitudeA.count < magnitudeB.count : magnitudeA < magnitudeB
        let equal = magnitudeA == magnitudeB
        return negativeA ? (!less && !equal) : less
    }
}

extension ErlangTerm {
    /// The number of elements of a tuple, nil for anything else.
    var tupleCount: Int? {
        if case .tuple(let elements) = value { return elements.count }
        return nil
    }
}
