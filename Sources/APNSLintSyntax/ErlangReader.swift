/// Reads Erlang terms exactly as `file:consult/1` (Erlang/OTP 25) reads them: each term ended by a `.` followed by
/// whitespace, a `%` comment or the end of the file; `%` comments; whitespace as `erl_scan` counts it (U+0000–U+0020
/// and U+0080–U+00A0). What `file:consult/1` rejects is an `invalidSyntax` problem with its position: a variable, a
/// reserved word as an atom (`end`), a float out of range (`1.0e400`), `#{K := V}`, a record, a `fun`, a `.` not
/// followed by whitespace (`].[`), and a leading `Name =` binding (the apns_json documentation writes its examples
/// that way, but file:consult/1 cannot read them: that problem has a fix removing the binding, and the term after it
/// is still read, so the rules check it).
///
/// Each term becomes a positioned `ErlangTerm` (`ParseResult.erlangTerms`) and, derived from it by the jsx
/// conventions, a `DocumentNode` (`ParseResult.documents`); what has no JSON form is reported in
/// `ParseResult.termProblems`. In a proplist the first of two equal keys wins (`proplists:get_value/2`), so
/// `firstDuplicateWins` is set. Containers are read with an explicit stack, and nesting is limited to `maxDepth`.
public enum ErlangReader {
    public static let defaultMaxDepth = 512

    /// erl_scan's reserved words: never an atom unless quoted (`'end'`).
    public static let reservedWords: Set<String> = [
        "after", "and", "andalso", "band", "begin", "bnot", "bor", "bsl", "bsr", "bxor", "case", "catch", "cond", "div",
        "end", "fun", "if", "let", "not", "of", "or", "orelse", "receive", "rem", "try", "when", "xor",
    ]

    public static func read(_ source: SourceText, maxDepth: Int = defaultMaxDepth) -> ParseResult {
        var parser = ErlangParser(source: source, maxDepth: maxDepth)
        let terms = parser.parseFile()
        var termProblems: [SyntaxProblem] = []
        let documents = terms.map { $0.jsonDocument(problems: &termProblems) }
        var result = ParseResult(documents: documents, problems: parser.problems)
        result.unfinishedDocumentStart = parser.unfinishedTermStart
        result.erlangTerms = terms
        result.termProblems = termProblems
        result.firstDuplicateWins = true
        return result
    }
}

/// One token of Erlang's term syntax.
private enum Token: Equatable {
    case atom(String)
    case variable(String)
    case string(String)
    case integer(BigInteger)
    case float(Double)
    case punct(String)
    case dot
    case end
}

private struct ErlangParser {
    let source: SourceText
    let bytes: [UInt8]
    let maxDepth: Int
    var index = 0
    var problems: [SyntaxProblem] = []
    /// Where the term that a fatal problem cut short begins (nil when every term begun was read).
    var unfinishedTermStart: Int?

    // The current token and where it is.
    var token: Token = .end
    var tokenStart = 0
    var tokenEnd = 0

    init(source: SourceText, maxDepth: Int) {
        self.source = source
        self.bytes = source.bytes
        self.maxDepth = maxDepth
    }

    struct Fatal: Error {
        let problem: SyntaxProblem
    }

    // MARK: File

    mutating func parseFile() -> [ErlangTerm] {
        var terms: [ErlangTerm] = []
        // Where the term being read begins.
        var termStart: Int?
        do {
            try advance()
            // An empty file, or one holding only comments, is zero terms: file:consult/1 returns {ok, []}.
            while token != .end {
                termStart = tokenStart
                if case .variable(let name) = token {
                    try skipBinding(name)
                }
                let term = try parseTerm()
                terms.append(term)
                termStart = nil
                guard token == .dot else {
                    if token == .end {
                        throw fatal("the term is not ended by '.' (file:consult/1: syntax error at the end of the file)", at: term.range.end, 0,
                                    help: "end each term with a period followed by a newline, as file:consult/1 expects")
                    }
                    if token == .punct(".") {
                        throw fatal("a '.' ends a term only when whitespace, a '%' comment or the end of the file follows it",
                                    at: tokenStart, 1, help: "put a newline after the period")
                    }
                    throw fatal("expected '.' after the term, found \(describe(token))", at: tokenStart, max(1, tokenEnd - tokenStart),
                                help: "end each term with a period; separate elements inside a term with ','")
                }
                // A next term begins after the '.', even where its first token cannot be read.
                termStart = tokenEnd
                try advance()
            }
        } catch let error as Fatal {
            problems.append(error.problem)
            unfinishedTermStart = termStart
        } catch {
            preconditionFailure("unexpected error \(error)")
        }
        return terms
    }

    /// At a variable starting a term: `Name = Term` is how apns_json's documentation writes its examples, and
    /// file:consult/1 rejects it ({error, {Line, erl_parse, "bad term"}}). Reported with a fix that removes the
    /// binding; the term after it is read on. Any other variable is fatal.
    mutating func skipBinding(_ name: String) throws {
        let variableStart = tokenStart, variableEnd = tokenEnd
        try advance()
        guard token == .punct("=") else {
            throw fatal("the variable \(name) cannot stand in a term: file:consult/1 reads literal values only (bad term)",
                        at: variableStart, variableEnd - variableStart, help: "write the value itself, or quote it as an atom: '\(name)'")
        }
        try advance()
        let binding = SourceRange(start: variableStart, end: tokenStart)
        problems.append(SyntaxProblem(
            .invalidSyntax,
            "file:consult/1 cannot read a binding ('\(name) = …' is an expression, not a term: bad term); a file meant for file:consult/1 must drop it",
            help: "remove '\(name) = ' and keep the term",
            range: SourceRange(start: variableStart, end: variableEnd),
            fix: Fix("Remove the binding '\(name) ='", edits: [TextEdit.delete(binding)], applicability: .safe)))
    }

    // MARK: Terms

    struct Open {
        enum Kind { case list, tuple, map }
        let kind: Kind
        let start: Int
        var elements: [ErlangTerm] = []
        var tail: ErlangTerm?
        var inTail = false
        var mapKey: ErlangTerm?
        var entries: [(key: ErlangTerm, value: ErlangTerm)] = []
    }

    /// Reads one term with an explicit stack of open containers.
    mutating func parseTerm() throws -> ErlangTerm {
        var open: [Open] = []
        next: while true {
            var term: ErlangTerm
            let start = tokenStart
            switch token {
            case .punct("["), .punct("{"), .punct("#"):
                var kind: Open.Kind = token == .punct("[") ? .list : .tuple
                if token == .punct("#") {
                    try advance()
                    guard token == .punct("{") else {
                        if case .atom = token {
                            throw fatal("a record (#name{…}) is not a term file:consult/1 reads (bad term)", at: start, max(1, tokenEnd - start),
                                        help: "write the value as a tuple or a map #{key => value}")
                        }
                        throw fatal("expected '{' after '#' (a map is written #{Key => Value})", at: tokenStart, max(1, tokenEnd - tokenStart),
                                    help: "write a map as #{key => value}")
                    }
                    kind = .map
                }
                guard open.count < maxDepth else {
                    throw fatal("nesting is deeper than \(maxDepth) levels; apns-lint stops here to stay within bounded memory and stack",
                                at: start, 1, help: "an APNs payload is at most 5120 bytes and never needs this depth")
                }
                try advance()
                let closer = kind == .list ? "]" : "}"
                if token == .punct(closer) {
                    let end = tokenEnd
                    try advance()
                    term = build(Open(kind: kind, start: start), end: end)
                } else {
                    open.append(Open(kind: kind, start: start))
                    continue next
                }
            case .punct("<<"):
                term = try parseBinary()
            default:
                term = try parseScalar()
            }

            // Attach the finished term; close every container that ends here.
            while true {
                guard var container = open.popLast() else { return term }
                switch container.kind {
                case .map:
                    if let key = container.mapKey {
                        container.entries.append((key, term))
                        container.mapKey = nil
                    } else {
                        container.mapKey = term
                        if token == .punct(":=") {
                            throw fatal("'Key := Value' updates a map that exists; a map written in a term takes 'Key => Value' (file:consult/1: bad term)",
                                        at: tokenStart, 2, help: "write Key => Value")
                        }
                        guard token == .punct("=>") else {
                            throw fatal("expected '=>' after a map key, found \(describe(token))", at: tokenStart, max(1, tokenEnd - tokenStart),
                                        help: "write map entries as Key => Value")
                        }
                        try advance()
                        open.append(container)
                        continue next
                    }
                case .list:
                    if container.inTail {
                        container.tail = term
                        guard token == .punct("]") else {
                            throw fatal("expected ']' after the tail of the list, found \(describe(token))", at: tokenStart, max(1, tokenEnd - tokenStart),
                                        help: "a list tail is written [Head | Tail]")
                        }
                    } else {
                        container.elements.append(term)
                    }
                case .tuple:
                    container.elements.append(term)
                }
                let closer = container.kind == .list ? "]" : "}"
                if token == .punct(closer) {
                    let end = tokenEnd
                    try advance()
                    term = build(container, end: end)
                    continue
                }
                if token == .punct("|"), container.kind == .list, !container.inTail {
                    try advance()
                    container.inTail = true
                    open.append(container)
                    continue next
                }
                guard token == .punct(",") else {
                    let what = container.kind == .list ? "list" : container.kind == .map ? "map" : "tuple"
                    if token == .end || token == .dot {
                        throw fatal("the \(what) opened at \(source.position(of: container.start)) is never closed",
                                    at: token == .end ? bytes.count : tokenStart, token == .end ? 0 : 1,
                                    help: "add the missing '\(closer)' (the file may be truncated)")
                    }
                    let missingComma: Bool
                    switch token {
                    case .punct("{"), .punct("["), .punct("<<"), .punct("#"), .atom, .string, .integer, .float: missingComma = true
                    default: missingComma = false
                    }
                    throw fatal("expected ',' or '\(closer)' in the \(what), found \(describe(token))" + (missingComma ? " (is a ',' missing?)" : ""),
                                at: tokenStart, max(1, tokenEnd - tokenStart),
                                help: "separate elements with ',' and close the \(what) with '\(closer)'")
                }
                try advance()
                if container.kind == .list, token == .punct("]") {
                    throw fatal("a trailing ',' before ']' (file:consult/1: syntax error before ']')", at: tokenStart, 1,
                                help: "remove the last ','")
                }
                open.append(container)
                continue next
            }
        }
    }

    /// A closed container as a term. `[A | [B]]` is the proper list `[A, B]`, as Erlang builds it.
    func build(_ container: Open, end: Int) -> ErlangTerm {
        let range = SourceRange(start: container.start, end: end)
        switch container.kind {
        case .tuple:
            return ErlangTerm(.tuple(container.elements), range: range)
        case .map:
            return ErlangTerm(.map(container.entries), range: range)
        case .list:
            var elements = container.elements
            var tail = container.tail
            if let last = tail {
                switch last.value {
                case .list(let more, let rest):
                    elements += more
                    tail = rest
                case .string:
                    elements += last.listElements ?? []
                    tail = nil
                default:
                    break
                }
            }
            return ErlangTerm(.list(elements, tail: tail), range: range)
        }
    }

    mutating func parseScalar() throws -> ErlangTerm {
        let start = tokenStart
        switch token {
        case .atom(let name):
            let end = tokenEnd
            try advance()
            return ErlangTerm(.atom(name), range: SourceRange(start: start, end: end))
        case .string:
            // Adjacent string literals concatenate, as in Erlang.
            var text = ""
            var end = tokenEnd
            while case .string(let part) = token {
                text += part
                end = tokenEnd
                try advance()
            }
            return ErlangTerm(.string(text), range: SourceRange(start: start, end: end))
        case .integer(let value):
            let end = tokenEnd
            try advance()
            return ErlangTerm(.integer(value.decimalText), range: SourceRange(start: start, end: end))
        case .float(let value):
            let end = tokenEnd
            try advance()
            return ErlangTerm(.float(value), range: SourceRange(start: start, end: end))
        case .punct("-"), .punct("+"):
            // One sign before a number (erl_parse:normalise/1 takes no more: `- -1` is a bad term).
            let negative = token == .punct("-")
            try advance()
            let end = tokenEnd
            switch token {
            case .integer(var value):
                try advance()
                if negative { value.negate() }
                return ErlangTerm(.integer(value.decimalText), range: SourceRange(start: start, end: end))
            case .float(let value):
                try advance()
                return ErlangTerm(.float(negative ? -value : value), range: SourceRange(start: start, end: end))
            default:
                throw fatal("expected a number after '\(negative ? "-" : "+")', found \(describe(token)) (file:consult/1: bad term)", at: tokenStart,
                            max(1, tokenEnd - tokenStart), help: "write a number such as -1")
            }
        case .variable(let name):
            throw fatal("the variable \(name) cannot stand in a term: file:consult/1 reads literal values only (bad term)",
                        at: start, tokenEnd - start, help: "write the value itself, or quote it as an atom: '\(name)'")
        case .end:
            throw fatal("unexpected end of input: expected a term", at: bytes.count, 0, help: "complete the term (the file may be truncated)")
        default:
            throw fatal("expected a term, found \(describe(token))", at: start, max(1, tokenEnd - start),
                        help: "write an atom, a binary <<\"…\">>, a number, a tuple {…}, a list […] or a map #{…}")
        }
    }

    // MARK: Binaries

    /// `<<Segment, …>>`, each segment `Value[:Size][/Type-Specifiers]` with a literal value (an integer, a
    /// character, a float or a string), evaluated as Erlang builds the binary: an integer in Size bits (8 by
    /// default), a string as one such integer per character (so a character above 255 is cut to its low 8 bits),
    /// unless `/utf8`, `/utf16` or `/utf32` encodes it.
    mutating func parseBinary() throws -> ErlangTerm {
        let start = tokenStart
        try advance()
        var writer = BitWriter()
        var isUTF8Text = true
        if token != .punct(">>") {
            while true {
                let segmentStart = tokenStart
                enum SegmentValue { case integers([BigInteger]), float(Double), text([UInt32]) }
                var value: SegmentValue
                switch token {
                case .string:
                    var scalars: [UInt32] = []
                    while case .string(let part) = token {
                        scalars += part.unicodeScalars.map(\.value)
                        try advance()
                    }
                    value = .text(scalars)
                case .integer(let integer):
                    try advance()
                    value = .integers([integer])
                case .float(let float):
                    try advance()
                    value = .float(float)
                case .punct("-"):
                    try advance()
                    switch token {
                    case .integer(var integer):
                        integer.negate()
                        try advance()
                        value = .integers([integer])
                    case .float(let float):
                        try advance()
                        value = .float(-float)
                    default:
                        throw fatal("expected a number after '-' in a binary segment, found \(describe(token))", at: tokenStart,
                                    max(1, tokenEnd - tokenStart), help: "write <<\"text\">> or <<1, 2, 3>>")
                    }
                default:
                    throw fatal("a binary segment must be a literal string, character, integer or float (found \(describe(token)))",
                                at: tokenStart, max(1, tokenEnd - tokenStart), help: "write <<\"text\"/utf8>> or <<104, 105>>")
                }
                var size: Int?
                if token == .punct(":") {
                    try advance()
                    guard case .integer(let integer) = token, let bits = Int(integer.decimalText), bits >= 0, bits <= 1 << 20 else {
                        throw fatal("expected a size (an integer) after ':' in a binary segment, found \(describe(token))",
                                    at: tokenStart, max(1, tokenEnd - tokenStart), help: "write <<65:8>>")
                    }
                    size = bits
                    try advance()
                }
                var type = "integer", little = false, unit: Int?
                if token == .punct("/") {
                    repeat {
                        try advance()
                        guard case .atom(let specifier) = token else {
                            throw fatal("expected a type after '/' in a binary segment (utf8, integer, binary…), found \(describe(token))",
                                        at: tokenStart, max(1, tokenEnd - tokenStart), help: "write <<\"text\"/utf8>>")
                        }
                        let specifierStart = tokenStart
                        try advance()
                        switch specifier {
                        case "integer", "float", "binary", "bytes", "bitstring", "bits", "utf8", "utf16", "utf32": type = specifier
                        case "signed", "unsigned", "big": break
                        case "little", "native": little = true
                        case "unit":
                            guard token == .punct(":") else { throw fatal("expected ':' after unit", at: tokenStart, 1, help: "write unit:8") }
                            try advance()
                            guard case .integer(let integer) = token, let value = Int(integer.decimalText), (1...256).contains(value) else {
                                throw fatal("a unit is an integer from 1 to 256", at: tokenStart, max(1, tokenEnd - tokenStart), help: "write unit:8")
                            }
                            unit = value
                            try advance()
                        default:
                            throw fatal("'\(specifier)' is not a binary type specifier", at: specifierStart, specifier.utf8.count,
                                        help: "use utf8, utf16, utf32, integer, float, binary, signed, unsigned, big or little")
                        }
                    } while token == .punct("-")
                }
                let segmentRange = SourceRange(start: segmentStart, end: tokenStart)
                func invalid(_ why: String) -> Fatal {
                    fatal("this binary segment cannot be built (\(why)), so file:consult/1 fails on it", at: segmentRange.start,
                          max(1, segmentRange.end - segmentRange.start), help: "write <<\"text\"/utf8>> or <<104, 105>>")
                }
                switch type {
                case "utf8", "utf16", "utf32":
                    guard size == nil, unit == nil else { throw invalid("a utf type takes no size") }
                    let codes: [UInt32]
                    switch value {
                    case .text(let scalars): codes = scalars
                    case .integers(let integers): codes = integers.map { UInt32(clamping: Int($0.decimalText) ?? -1) }
                    case .float: throw invalid("a float is not a character")
                    }
                    for code in codes {
                        guard let scalar = Unicode.Scalar(code) else { throw invalid("\(code) is not a Unicode character") }
                        if type != "utf8" && code > 0x7F { isUTF8Text = false }
                        switch type {
                        case "utf8": for byte in String(scalar).utf8 { writer.append(UInt64(byte), bits: 8) }
                        case "utf16":
                            for unit in String(scalar).utf16 {
                                writer.append(UInt64(little ? unit.byteSwapped : unit), bits: 16)
                            }
                        default: writer.append(UInt64(little ? code.byteSwapped : code), bits: 32)
                        }
                    }
                case "float":
                    let bits = (size ?? 64) * (unit ?? 1)
                    let double: Double
                    switch value {
                    case .float(let float): double = float
                    case .integers(let integers): double = Double(integers[0].decimalText) ?? 0
                    case .text: throw invalid("a string is not a float")
                    }
                    switch bits {
                    case 64: writer.append(little ? double.bitPattern.byteSwapped : double.bitPattern, bits: 64)
                    case 32: writer.append(UInt64(little ? Float(double).bitPattern.byteSwapped : Float(double).bitPattern), bits: 32)
                    case 16: writer.append(UInt64(little ? Float16Bits(double).byteSwapped : Float16Bits(double)), bits: 16)
                    default: throw invalid("a float is 16, 32 or 64 bits")
                    }
                case "binary", "bytes", "bitstring", "bits":
                    throw invalid("a literal is not a binary")
                default:
                    let bits = (size ?? 8) * (unit ?? 1)
                    switch value {
                    case .float: throw invalid("a float segment needs /float")
                    case .text(let scalars):
                        for code in scalars {
                            // Each character is an integer of `bits` bits: above 127 it is not its UTF-8 encoding.
                            if code > 0x7F { isUTF8Text = false }
                            writer.append(BigInteger(code), bits: bits, little: little)
                        }
                    case .integers(let integers):
                        for integer in integers { writer.append(integer, bits: bits, little: little) }
                    }
                }
                if token == .punct(">>") { break }
                guard token == .punct(",") else {
                    throw fatal("expected ',' or '>>' in the binary, found \(describe(token))", at: tokenStart, max(1, tokenEnd - tokenStart),
                                help: "close the binary with '>>'")
                }
                try advance()
            }
        }
        let end = tokenEnd
        try advance()
        return ErlangTerm(.binary(writer.bytes, utf8: isUTF8Text, bits: writer.bitCount % 8 == 0 ? nil : writer.bitCount),
                          range: SourceRange(start: start, end: end))
    }

    // MARK: Tokens

    mutating func advance() throws {
        try skipWhitespaceAndComments()
        tokenStart = index
        guard index < bytes.count else {
            token = .end
            tokenEnd = index
            return
        }
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"):
            token = try atomToken(readName())
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
            token = .variable(readName())
        case 0xC3 where index + 1 < bytes.count && isLatin1Letter(bytes[index + 1]):
            // Latin-1 letters written in UTF-8 (U+00C0–U+00FF): lowercase ones start an atom, uppercase ones a variable.
            let lowercase = bytes[index + 1] >= 0x9F
            let name = readName()
            token = try lowercase ? atomToken(name) : .variable(name)
        case UInt8(ascii: "'"):
            let name = try readQuoted(UInt8(ascii: "'"))
            guard name.unicodeScalars.count <= 255 else {
                throw fatal("an atom has at most 255 characters (file:consult/1: atom too long)", at: tokenStart, index - tokenStart,
                            help: "use a binary <<\"…\"/utf8>> for long text")
            }
            token = .atom(name)
        case UInt8(ascii: "\""):
            token = .string(try readQuoted(UInt8(ascii: "\"")))
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            token = try readNumber()
        case UInt8(ascii: "$"):
            index += 1
            guard index < bytes.count else { throw fatal("'$' must be followed by a character", at: tokenStart, 1, help: "write $a for the code of a") }
            let value: UInt32
            if bytes[index] == UInt8(ascii: "\\") {
                value = try readEscape()
            } else {
                let length = bytes.utf8SequenceLength(at: index)
                guard length > 0 else { throw invalidUTF8(at: index) }
                value = String(decoding: bytes[index..<index + length], as: UTF8.self).unicodeScalars.first!.value
                index += length
            }
            token = .integer(BigInteger(value))
        case UInt8(ascii: "."):
            index += 1
            // erl_scan ends a term at a '.' followed by whitespace, a comment or the end; any other '.' is an operator.
            if index >= bytes.count || bytes[index] == UInt8(ascii: "%") || whitespaceLength(at: index) > 0 {
                token = .dot
            } else {
                token = .punct(".")
            }
        case UInt8(ascii: "<"):
            if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "<") { index += 2; token = .punct("<<") } else { throw unexpectedCharacter() }
        case UInt8(ascii: ">"):
            if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">") { index += 2; token = .punct(">>") } else { throw unexpectedCharacter() }
        case UInt8(ascii: "="):
            if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">") { index += 2; token = .punct("=>") } else { index += 1; token = .punct("=") }
        case UInt8(ascii: ":"):
            if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "=") { index += 2; token = .punct(":=") } else { index += 1; token = .punct(":") }
        case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ","),
             UInt8(ascii: "|"), UInt8(ascii: "#"), UInt8(ascii: "/"), UInt8(ascii: "-"), UInt8(ascii: "+"):
            index += 1
            token = .punct(String(Unicode.Scalar(byte)))
        default:
            throw unexpectedCharacter()
        }
        tokenEnd = index
    }

    /// An unquoted name that starts with a lowercase letter: an atom, unless it is a reserved word.
    mutating func atomToken(_ name: String) throws -> Token {
        if ErlangReader.reservedWords.contains(name) {
            throw fatal("'\(name)' is a reserved word, not an atom (file:consult/1: syntax error before '\(name)')", at: tokenStart,
                        name.utf8.count, help: "quote it to make it an atom: '\(name)'")
        }
        return .atom(name)
    }

    /// The length of the whitespace character at `position` (erl_scan: U+0000–U+0020 and U+0080–U+00A0), or 0.
    func whitespaceLength(at position: Int) -> Int {
        guard position < bytes.count else { return 0 }
        let byte = bytes[position]
        if byte <= 0x20 { return 1 }
        if byte == 0xC2, position + 1 < bytes.count, bytes[position + 1] >= 0x80, bytes[position + 1] <= 0xA0 { return 2 }
        return 0
    }

    mutating func skipWhitespaceAndComments() throws {
        while index < bytes.count {
            let length = whitespaceLength(at: index)
            if length > 0 {
                index += length
            } else if bytes[index] == UInt8(ascii: "%") {
                while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
            } else {
                return
            }
        }
    }

    /// Name characters: ASCII letters, digits, `_`, `@`, and the Latin-1 letters (U+00C0–U+00FF but × and ÷).
    mutating func readName() -> String {
        let start = index
        while index < bytes.count {
            if isNameByte(bytes[index]) {
                index += 1
            } else if bytes[index] == 0xC3, index + 1 < bytes.count, isLatin1Letter(bytes[index + 1]) {
                index += 2
            } else {
                break
            }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// A quoted atom or string, with Erlang's escapes.
    mutating func readQuoted(_ quote: UInt8) throws -> String {
        let start = index
        index += 1
        var scalars = String.UnicodeScalarView()
        while true {
            guard index < bytes.count else {
                throw fatal("unterminated \(quote == UInt8(ascii: "'") ? "quoted atom" : "string"): no closing \(quote == UInt8(ascii: "'") ? "'" : "\"")",
                            at: start, 1, help: "close it (the file may be truncated)")
            }
            let byte = bytes[index]
            if byte == quote {
                index += 1
                return String(scalars)
            }
            if byte == UInt8(ascii: "\\") {
                let escapeStart = index
                guard let scalar = Unicode.Scalar(try readEscape()) else {
                    throw fatal("the escape does not name a Unicode character", at: escapeStart, index - escapeStart,
                                help: "use a code below 0x110000, not a surrogate")
                }
                scalars.append(scalar)
                continue
            }
            let length = bytes.utf8SequenceLength(at: index)
            guard length > 0 else { throw invalidUTF8(at: index) }
            // One scalar at a time: append(contentsOf:) copies the whole view each time, which is quadratic.
            for scalar in String(decoding: bytes[index..<index + length], as: UTF8.self).unicodeScalars { scalars.append(scalar) }
            index += length
        }
    }

    /// At a backslash: Erlang's escape sequences. Returns the code point.
    mutating func readEscape() throws -> UInt32 {
        let start = index
        index += 1
        guard index < bytes.count else { throw fatal("unterminated escape sequence", at: start, 1, help: "complete the escape") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "b"): return 8
        case UInt8(ascii: "d"): return 127
        case UInt8(ascii: "e"): return 27
        case UInt8(ascii: "f"): return 12
        case UInt8(ascii: "n"): return 10
        case UInt8(ascii: "r"): return 13
        case UInt8(ascii: "s"): return 32
        case UInt8(ascii: "t"): return 9
        case UInt8(ascii: "v"): return 11
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
            var value = UInt32(byte - 0x30)
            var digits = 1
            while digits < 3, index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x37 {
                value = value * 8 + UInt32(bytes[index] - 0x30)
                index += 1
                digits += 1
            }
            return value
        case UInt8(ascii: "x"):
            var value: UInt32 = 0
            if index < bytes.count, bytes[index] == UInt8(ascii: "{") {
                index += 1
                var digits = 0
                while index < bytes.count, let digit = hexDigit(bytes[index]), digits < 8 {
                    value = value * 16 + UInt32(digit)
                    index += 1
                    digits += 1
                }
                guard digits > 0, index < bytes.count, bytes[index] == UInt8(ascii: "}") else {
                    throw fatal("invalid escape: \\x{…} needs hex digits and a closing '}'", at: start, index - start, help: "write \\x{E9}")
                }
                index += 1
                return value
            }
            for _ in 0..<2 {
                guard index < bytes.count, let digit = hexDigit(bytes[index]) else {
                    throw fatal("invalid escape: \\x needs two hex digits", at: start, index - start, help: "write \\xE9 or \\x{E9}")
                }
                value = value * 16 + UInt32(digit)
                index += 1
            }
            return value
        case UInt8(ascii: "^"):
            guard index < bytes.count else { throw fatal("unterminated escape sequence", at: start, 2, help: "write \\^A for control-A") }
            let control = bytes[index]
            index += 1
            // \^? is DEL, as in erl_scan; \^A to \^Z (and \^@ \^[ … \^_) are control characters.
            return control == UInt8(ascii: "?") ? 127 : UInt32(control & 0x1F)
        default:
            let length = bytes.utf8SequenceLength(at: index - 1)
            guard length > 0 else { throw invalidUTF8(at: index - 1) }
            index += length - 1
            // \\, \", \' and any other character stand for themselves.
            return String(decoding: bytes[(index - length)..<index], as: UTF8.self).unicodeScalars.first?.value ?? UInt32(byte)
        }
    }

    /// Integers (`12`, `1_000`, `16#FF`, bignums) and floats (`1.5`, `2.0e-3`, `1_0.0_1`). `1.` followed by a space
    /// is the integer 1 and the term's end; `1e3` is the integer 1 followed by the atom `e3` (erl_scan).
    mutating func readNumber() throws -> Token {
        let start = index
        /// Digits of `radix`, with single `_` between digits.
        func readDigits(_ radix: Int) -> [Int] {
            var digits: [Int] = []
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "_"), !digits.isEmpty, index + 1 < bytes.count, digitValue(bytes[index + 1], radix) != nil {
                    index += 1
                    continue
                }
                guard let digit = digitValue(byte, radix) else { break }
                digits.append(digit)
                index += 1
            }
            return digits
        }
        let decimal = readDigits(10)
        if index < bytes.count, bytes[index] == UInt8(ascii: "#") {
            let radix = decimal.count <= 3 ? decimal.reduce(0) { $0 * 10 + $1 } : 0
            guard (2...36).contains(radix) else {
                throw fatal("the base of \(source.text(SourceRange(start: start, end: index)))#… must be between 2 and 36 (file:consult/1: {base, …})",
                            at: start, index - start + 1, help: "write 16#FF")
            }
            index += 1
            let digits = readDigits(radix)
            guard !digits.isEmpty else {
                throw fatal("invalid number: \(source.text(SourceRange(start: start, end: index))) has no digits of base \(radix)",
                            at: start, max(1, index - start), help: "write the number in decimal")
            }
            return .integer(BigInteger(digits: digits, radix: radix))
        }
        // A float needs a digit after the point.
        if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "."), isDigit(bytes[index + 1]) {
            index += 1
            let fraction = readDigits(10)
            var exponent = ""
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                var cursor = index + 1
                var sign = ""
                if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "-") || bytes[cursor] == UInt8(ascii: "+") {
                    if bytes[cursor] == UInt8(ascii: "-") { sign = "-" }
                    cursor += 1
                }
                if cursor < bytes.count, isDigit(bytes[cursor]) {
                    index = cursor
                    exponent = "e" + sign + readDigits(10).map(String.init).joined()
                }
            }
            let text = decimal.map(String.init).joined() + "." + fraction.map(String.init).joined() + exponent
            guard let value = Double(text), value.isFinite else {
                throw fatal("the float \(source.text(SourceRange(start: start, end: index))) is out of range (file:consult/1: illegal float)",
                            at: start, index - start, help: "a float is a 64-bit double, at most about 1.8e308")
            }
            return .float(value)
        }
        return .integer(BigInteger(digits: decimal, radix: 10))
    }

    // MARK: Helpers

    func fatal(_ message: String, at start: Int, _ length: Int, help: String) -> Fatal {
        let start = min(start, bytes.count)
        return Fatal(problem: SyntaxProblem(.invalidSyntax, message, help: help,
                                            range: SourceRange(start: start, end: min(start + length, bytes.count))))
    }

    func unexpectedCharacter() -> Fatal {
        let length = bytes.utf8SequenceLength(at: index)
        guard length > 0 else { return invalidUTF8(at: index) }
        let text = source.text(SourceRange(start: index, end: index + length))
        let scalar = text.unicodeScalars.first!.value
        let name = scalar == 0xFEFF ? "a byte order mark (U+FEFF)" : scalar < 0x7F ? "'\(text)'" : "'\(text)' (U+\(String(scalar, radix: 16, uppercase: true)))"
        return fatal("unexpected character \(name) in an Erlang term (file:consult/1: illegal character or syntax error)", at: index, length,
                     help: "write an atom, a binary <<\"…\">>, a number, a tuple {…}, a list […] or a map #{…}; text outside ASCII and Latin-1 goes in quotes")
    }

    func invalidUTF8(at position: Int) -> Fatal {
        fatal("invalid UTF-8: byte \(hexByte(bytes[position])) at byte offset \(position) is not part of a valid UTF-8 sequence",
              at: position, 1, help: "save the file as UTF-8")
    }

    func describe(_ token: Token) -> String {
        switch token {
        case .atom(let name): "the atom \(name)"
        case .variable(let name): "the variable \(name)"
        case .string: "a string"
        case .integer(let value): "the number \(value.decimalText)"
        case .float(let value): "the number \(ErlangFloat.text(value))"
        case .punct(let text): "'\(text)'"
        case .dot: "'.'"
        case .end: "the end of the input"
        }
    }
}

private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

private func isNameByte(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
        || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "@")
}

/// The second UTF-8 byte of a Latin-1 letter U+00C0–U+00FF (lead byte 0xC3), but × (U+00D7) and ÷ (U+00F7).
private func isLatin1Letter(_ second: UInt8) -> Bool {
    second >= 0x80 && second <= 0xBF && second != 0x97 && second != 0xB7
}

private func hexDigit(_ byte: UInt8) -> Int? { digitValue(byte, 16) }

private func digitValue(_ byte: UInt8, _ radix: Int) -> Int? {
    let value: Int
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): value = Int(byte - 0x30)
    case UInt8(ascii: "a")...UInt8(ascii: "z"): value = Int(byte - 0x61) + 10
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = Int(byte - 0x41) + 10
    default: return nil
    }
    return value < radix ? value : nil
}

/// A half-precision float's bits (for `<<F:16/float>>`).
private func Float16Bits(_ value: Double) -> UInt16 {
    #if arch(arm64)
    return Float16(value).bitPattern
    #else
    // Round through Float: sign, exponent and the top 10 bits of the mantissa.
    let bits = Float(value).bitPattern
    let sign = UInt16((bits >> 16) & 0x8000)
    let exponent = Int((bits >> 23) & 0xFF) - 127 + 15
    if exponent <= 0 { return sign }
    if exponent >= 31 { return sign | 0x7C00 }
    return sign | UInt16(exponent << 10) | UInt16((bits >> 13) & 0x3FF)
    #endif
}
