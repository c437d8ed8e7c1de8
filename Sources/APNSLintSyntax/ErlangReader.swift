/// Reads Erlang terms in the `file:consult/1` layout (each term ended by `.`, `%` comments, an optional leading
/// `Name =` binding) and turns each term into a positioned `DocumentNode` by the jsx conventions that
/// `apns_json` uses:
///
/// - a list of 2-tuples with atom, binary or integer keys is an object (`[{}]` is the empty object); a map is an
///   object; other lists are arrays;
/// - `true`, `false`, `null` are JSON literals; other atoms and binaries are strings; a `"..."` string (a
///   character list) is a string too, reported because apns_json expects binaries;
/// - `{{Y,M,D},{H,Mi,S}}` is an ISO 8601 string, as jsx writes datetimes.
///
/// In a proplist the first of two equal keys wins (`proplists:get_value/2`), so `firstDuplicateWins` is set.
/// Containers are read with an explicit stack, and nesting is limited to `maxDepth`.
public enum ErlangReader {
    public static let defaultMaxDepth = 512

    public static func read(_ source: SourceText, maxDepth: Int = defaultMaxDepth) -> ParseResult {
        var parser = ErlangParser(source: source, maxDepth: maxDepth)
        var result = parser.parseFile()
        result.firstDuplicateWins = true
        return result
    }
}

/// One token of Erlang's term syntax.
private enum Token: Equatable {
    case atom(String)
    case variable(String)
    case string(String)
    case integer(String)
    case float(String)
    case punct(String)
    case dot
    case end
}

/// A value on its way into the tree: converted already, except for what depends on its parent
/// (a 2-tuple becomes a member only inside a proplist).
private enum Piece {
    case node(DocumentNode)
    /// `{Key, Value}`: a member if the enclosing list turns out to be a proplist.
    case pair(key: String, keyRange: SourceRange, value: DocumentNode, range: SourceRange)
    /// `{}`: only meaningful as `[{}]`, the empty object.
    case emptyTuple(SourceRange)
    /// Any other tuple: JSON has no tuple.
    case tuple(SourceRange)

    var range: SourceRange {
        switch self {
        case .node(let node): node.range
        case .pair(_, _, _, let range), .emptyTuple(let range), .tuple(let range): range
        }
    }
}

private struct ErlangParser {
    let source: SourceText
    let bytes: [UInt8]
    let maxDepth: Int
    var index = 0
    var problems: [SyntaxProblem] = []

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

    mutating func parseFile() -> ParseResult {
        var documents: [DocumentNode] = []
        do {
            try advance()
            if token == .end {
                throw fatal("the file holds no Erlang term", at: 0, 0,
                            help: "write a notification as a proplist ended by a period: [{alert, <<\"Hi\">>}].")
            }
            while token != .end {
                // An optional `Name =` binding, as in the apns_json examples.
                if case .variable = token {
                    let variableStart = tokenStart, variableEnd = tokenEnd
                    try advance()
                    guard token == .punct("=") else {
                        throw fatal("a variable cannot stand in a term: terms in a definition file must be literal values",
                                    at: variableStart, variableEnd - variableStart, help: "write the value itself")
                    }
                    try advance()
                }
                let term = try parseTerm()
                documents.append(try finish(term, atTopLevel: true))
                guard token == .dot else {
                    if token == .end {
                        throw fatal("the term is not ended by '.'", at: term.range.end, 0,
                                    help: "end each term with a period, as file:consult/1 expects")
                    }
                    throw fatal("expected '.' after the term, found \(describe(token))", at: tokenStart, tokenEnd - tokenStart,
                                help: "end each term with a period; separate elements inside a term with ','")
                }
                try advance()
            }
        } catch let error as Fatal {
            problems.append(error.problem)
        } catch {
            preconditionFailure("unexpected error \(error)")
        }
        return ParseResult(documents: documents, problems: problems)
    }

    // MARK: Terms

    struct Open {
        enum Kind { case list, tuple, map, binary }
        let kind: Kind
        let start: Int
        var pieces: [Piece] = []
        /// For maps: the key waiting for its value.
        var mapKey: Piece?
        var binaryText = ""
    }

    /// Reads one term with an explicit stack of open containers.
    mutating func parseTerm() throws -> Piece {
        var open: [Open] = []
        while true {
            var piece: Piece
            let start = tokenStart
            switch token {
            case .punct("["), .punct("{"), .punct("#"), .punct("<<"):
                var kind: Open.Kind
                switch token {
                case .punct("["): kind = .list
                case .punct("{"): kind = .tuple
                case .punct("#"):
                    try advance()
                    guard token == .punct("{") else {
                        throw fatal("expected '{' after '#' (a map is written #{Key => Value})", at: tokenStart, max(1, tokenEnd - tokenStart),
                                    help: "write a map as #{key => value}")
                    }
                    kind = .map
                default: kind = .binary
                }
                guard kind == .binary || open.count < maxDepth else {
                    throw fatal("nesting is deeper than \(maxDepth) levels; apns-lint stops here to stay within bounded memory and stack",
                                at: start, 1, help: "an APNs payload is at most 5120 bytes and never needs this depth")
                }
                try advance()
                let closer = kind == .list ? "]" : kind == .binary ? ">>" : "}"
                if token == .punct(closer) {
                    let end = tokenEnd
                    try advance()
                    piece = try close(Open(kind: kind, start: start), end: end)
                } else {
                    open.append(Open(kind: kind, start: start))
                    if kind == .binary {
                        try readBinarySegments(into: &open[open.count - 1])
                        let end = tokenEnd
                        try advance()
                        piece = try close(open.removeLast(), end: end)
                    } else {
                        continue
                    }
                }
            default:
                piece = try parseScalar()
            }

            // Attach the finished piece; close every container that ends here.
            while true {
                guard var container = open.popLast() else { return piece }
                if container.kind == .map {
                    if let key = container.mapKey {
                        container.pieces.append(try mapPair(key: key, value: piece))
                        container.mapKey = nil
                    } else {
                        container.mapKey = piece
                        guard token == .punct("=>") || token == .punct(":=") else {
                            throw fatal("expected '=>' after a map key, found \(describe(token))", at: tokenStart, max(1, tokenEnd - tokenStart),
                                        help: "write map entries as Key => Value")
                        }
                        try advance()
                        open.append(container)
                        break
                    }
                } else {
                    container.pieces.append(piece)
                }
                let closer = container.kind == .list ? "]" : "}"
                if token == .punct(closer) {
                    let end = tokenEnd
                    try advance()
                    piece = try close(container, end: end)
                    continue
                }
                if token == .punct("|"), container.kind == .list {
                    throw fatal("a list tail ('|') cannot become JSON: write the list out element by element",
                                at: tokenStart, 1, help: "write [A, B, C] instead of [A | Rest]")
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
                open.append(container)
                break
            }
        }
    }

    /// Reads `"..."` segments (optionally `/utf8`) up to `>>`, leaving the token at `>>`.
    mutating func readBinarySegments(into container: inout Open) throws {
        while true {
            guard case .string(let text) = token else {
                throw fatal("apns-lint reads binaries of string segments only (<<\"text\">>), found \(describe(token))",
                            at: tokenStart, max(1, tokenEnd - tokenStart), help: "write the text as <<\"text\">>")
            }
            container.binaryText += text
            try advance()
            // Adjacent string literals concatenate, as in Erlang: <<"a" "b">> is <<"ab">>.
            while case .string(let part) = token {
                container.binaryText += part
                try advance()
            }
            if token == .punct("/") {
                try advance()
                guard case .atom(let type) = token, ["utf8", "binary", "bytes"].contains(type) else {
                    throw fatal("expected utf8 after '/' in a binary segment, found \(describe(token))",
                                at: tokenStart, max(1, tokenEnd - tokenStart), help: "write <<\"text\"/utf8>>")
                }
                try advance()
            }
            if token == .punct(">>") { return }
            guard token == .punct(",") else {
                throw fatal("expected ',' or '>>' in the binary, found \(describe(token))", at: tokenStart, max(1, tokenEnd - tokenStart),
                            help: "close the binary with '>>'")
            }
            try advance()
        }
    }

    /// Converts a closed container by the jsx conventions.
    mutating func close(_ container: Open, end: Int) throws -> Piece {
        let range = SourceRange(start: container.start, end: end)
        switch container.kind {
        case .binary:
            return .node(DocumentNode(.string(container.binaryText), range: range))
        case .tuple:
            let pieces = container.pieces
            if pieces.isEmpty { return .emptyTuple(range) }
            if pieces.count == 3 {
                let integers = pieces.compactMap { piece -> Int? in
                    if case .node(let node) = piece, let number = node.number, number.isInteger { return number.intValue }
                    return nil
                }
                if integers.count == 3 { tupleIntegers[range.start] = integers }
            }
            if pieces.count == 2, let datetime = datetime(pieces) {
                return .node(DocumentNode(.string(datetime), range: range))
            }
            if pieces.count == 2, case .node(let keyNode) = pieces[0], let key = keyText(keyNode) {
                var value: DocumentNode
                if case .node(let node) = pieces[1] {
                    value = node
                } else {
                    // {Key, {…}}: the pair is fine, its value is not JSON.
                    problems.append(SyntaxProblem(
                        .nonJSONValue, "this tuple cannot become JSON (JSON has no tuples); it becomes null",
                        help: "use a list [...] or a proplist [{Key, Value}, ...] instead", range: pieces[1].range))
                    value = DocumentNode(.null, range: pieces[1].range)
                }
                return .pair(key: key, keyRange: keyNode.range, value: value, range: range)
            }
            return .tuple(range)
        case .map:
            var members: [Member] = []
            for piece in container.pieces { if let member = member(piece) { members.append(member) } }
            return .node(DocumentNode(.object(members), range: range))
        case .list:
            let pieces = container.pieces
            if pieces.count == 1, case .emptyTuple = pieces[0] {
                return .node(DocumentNode(.object([]), range: range))
            }
            if !pieces.isEmpty, pieces.allSatisfy({ if case .pair = $0 { true } else { false } }) {
                var members: [Member] = []
                for piece in pieces { if let member = member(piece) { members.append(member) } }
                return .node(DocumentNode(.object(members), range: range))
            }
            var elements: [DocumentNode] = []
            for piece in pieces {
                switch piece {
                case .node(let node): elements.append(node)
                case .pair(_, _, _, let range), .emptyTuple(let range), .tuple(let range):
                    problems.append(SyntaxProblem(
                        .nonJSONValue, "this tuple is in a list that is not a proplist, and JSON has no tuples; it becomes null",
                        help: "make every element a {Key, Value} pair (a proplist, which becomes an object), or none", range: range))
                    elements.append(DocumentNode(.null, range: range))
                }
            }
            return .node(DocumentNode(.array(elements), range: range))
        }
    }

    /// A whole term as a document: a bare tuple cannot become JSON.
    mutating func finish(_ piece: Piece, atTopLevel: Bool) throws -> DocumentNode {
        if case .node(let node) = piece { return node }
        problems.append(SyntaxProblem(
            .nonJSONValue, "a tuple cannot become JSON; a notification is a proplist (a list of {Key, Value} tuples)",
            help: "wrap the tuples in a list: [{alert, <<\"Hi\">>}]", range: piece.range))
        return DocumentNode(.null, range: piece.range)
    }

    /// A proplist entry or map entry as an object member.
    mutating func member(_ piece: Piece) -> Member? {
        // A character-list key was reported where it was read.
        guard case .pair(let key, let keyRange, let value, _) = piece else { return nil }
        return Member(key: key, keyRange: keyRange, value: value)
    }

    mutating func mapPair(key: Piece, value: Piece) throws -> Piece {
        guard case .node(let keyNode) = key, let text = keyText(keyNode) else {
            problems.append(SyntaxProblem(.nonJSONValue, "a map key must be an atom, a binary or an integer to become a JSON key",
                                          help: "use an atom or a binary key", range: key.range))
            return .tuple(key.range)
        }
        guard case .node(let valueNode) = value else {
            problems.append(SyntaxProblem(.nonJSONValue, "a tuple cannot become JSON", help: "use a proplist or a map", range: value.range))
            return .pair(key: text, keyRange: keyNode.range, value: DocumentNode(.null, range: value.range),
                         range: SourceRange(start: key.range.start, end: value.range.end))
        }
        return .pair(key: text, keyRange: keyNode.range, value: valueNode,
                     range: SourceRange(start: key.range.start, end: value.range.end))
    }

    /// The text of a node usable as a key: an atom or binary (strings), a character list, or an integer.
    func keyText(_ node: DocumentNode) -> String? {
        switch node.value {
        case .string(let text): return text
        case .number(let number) where number.isInteger: return number.text
        case .bool(let bool): return bool ? "true" : "false"
        case .null: return "null"
        default: return nil
        }
    }

    /// `{{Y,M,D},{H,Mi,S}}` as jsx writes it: `2026-11-21T10:00:00Z`.
    func datetime(_ pieces: [Piece]) -> String? {
        func integers(_ piece: Piece) -> [Int]? {
            guard case .tuple(let range) = piece else { return nil }
            return tupleIntegers[range.start]
        }
        guard let date = integers(pieces[0]), let time = integers(pieces[1]), date.count == 3, time.count == 3 else { return nil }
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(date[0], 4))-\(pad(date[1], 2))-\(pad(date[2], 2))T\(pad(time[0], 2)):\(pad(time[1], 2)):\(pad(time[2], 2))Z"
    }

    /// 3-tuples of integers by their start, for datetimes.
    var tupleIntegers: [Int: [Int]] = [:]

    mutating func parseScalar() throws -> Piece {
        let start = tokenStart
        switch token {
        case .atom(let name):
            let end = tokenEnd
            try advance()
            let range = SourceRange(start: start, end: end)
            switch name {
            case "true": return .node(DocumentNode(.bool(true), range: range))
            case "false": return .node(DocumentNode(.bool(false), range: range))
            case "null": return .node(DocumentNode(.null, range: range))
            default: return .node(DocumentNode(.string(name), range: range))
            }
        case .string:
            // Adjacent string literals concatenate, as in Erlang.
            var text = ""
            var end = tokenEnd
            while case .string(let part) = token {
                text += part
                end = tokenEnd
                try advance()
            }
            let range = SourceRange(start: start, end: end)
            problems.append(SyntaxProblem(
                .charlistString, "\"\(clip(text))\" is a character list (a string in double quotes); apns_json expects binaries",
                help: "write it as a binary: <<\"\(clip(text))\">>", range: range))
            return .node(DocumentNode(.string(text), range: range))
        case .integer(let text):
            let end = tokenEnd
            try advance()
            return .node(DocumentNode(.number(NumberLiteral(text: text, isInteger: true)), range: SourceRange(start: start, end: end)))
        case .float(let text):
            let end = tokenEnd
            try advance()
            return .node(DocumentNode(.number(NumberLiteral(text: text, isInteger: false)), range: SourceRange(start: start, end: end)))
        case .punct("-"), .punct("+"):
            let negative = token == .punct("-")
            try advance()
            let end = tokenEnd
            switch token {
            case .integer(let text):
                try advance()
                let value = negative && text != "0" ? "-" + text : text
                return .node(DocumentNode(.number(NumberLiteral(text: value, isInteger: true)), range: SourceRange(start: start, end: end)))
            case .float(let text):
                try advance()
                return .node(DocumentNode(.number(NumberLiteral(text: negative ? "-" + text : text, isInteger: false)),
                                          range: SourceRange(start: start, end: end)))
            default:
                throw fatal("expected a number after '\(negative ? "-" : "+")', found \(describe(token))", at: tokenStart,
                            max(1, tokenEnd - tokenStart), help: "write a number such as -1")
            }
        case .variable(let name):
            throw fatal("the variable \(name) cannot stand in a term: terms in a definition file must be literal values",
                        at: start, tokenEnd - start, help: "write the value itself, or quote it as an atom: '\(name)'")
        case .end:
            throw fatal("unexpected end of input: expected a term", at: bytes.count, 0, help: "complete the term (the file may be truncated)")
        default:
            throw fatal("expected a term, found \(describe(token))", at: start, max(1, tokenEnd - start),
                        help: "write an atom, a binary <<\"…\">>, a number, a tuple {…}, a list […] or a map #{…}")
        }
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
            let name = readName()
            token = .atom(name)
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
            token = .variable(readName())
        case UInt8(ascii: "'"):
            token = .atom(try readQuoted(UInt8(ascii: "'")))
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
                let length = utf8Length(at: index)
                guard length > 0 else { throw invalidUTF8(at: index) }
                value = String(decoding: bytes[index..<index + length], as: UTF8.self).unicodeScalars.first!.value
                index += length
            }
            token = .integer(String(value))
        case UInt8(ascii: "."):
            index += 1
            token = .dot
        case UInt8(ascii: "<"):
            if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "<") { index += 2; token = .punct("<<") } else { throw unexpectedCharacter() }
        case UInt8(ascii: ">"):
            if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">") { index += 2; token = .punct(">>") } else { throw unexpectedCharacter() }
        case UInt8(ascii: "="):
            if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">") { index += 2; token = .punct("=>") } else { index += 1; token = .punct("=") }
        case UInt8(ascii: ":"):
            if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "=") { index += 2; token = .punct(":=") } else { throw unexpectedCharacter() }
        case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ","),
             UInt8(ascii: "|"), UInt8(ascii: "#"), UInt8(ascii: "/"), UInt8(ascii: "-"), UInt8(ascii: "+"):
            index += 1
            token = .punct(String(Unicode.Scalar(byte)))
        default:
            throw unexpectedCharacter()
        }
        tokenEnd = index
    }

    mutating func skipWhitespaceAndComments() throws {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0C:
                index += 1
            case UInt8(ascii: "%"):
                while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
            default:
                return
            }
        }
    }

    mutating func readName() -> String {
        let start = index
        while index < bytes.count, isNameByte(bytes[index]) { index += 1 }
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
            let length = utf8Length(at: index)
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
            let length = utf8Length(at: index - 1)
            guard length > 0 else { throw invalidUTF8(at: index - 1) }
            index += length - 1
            // \\, \", \' and any other character stand for themselves.
            return String(decoding: bytes[(index - length)..<index], as: UTF8.self).unicodeScalars.first?.value ?? UInt32(byte)
        }
    }

    /// Integers (`12`, `1_000`, `16#FF`), floats (`1.5`, `2.0e-3`) and the end-of-term dot after a number.
    mutating func readNumber() throws -> Token {
        let start = index
        var digits = ""
        func readDigits(_ radix: Int) {
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "_"), index + 1 < bytes.count, digitValue(bytes[index + 1], radix) != nil, !digits.isEmpty {
                    index += 1
                    continue
                }
                guard digitValue(byte, radix) != nil else { break }
                digits.append(Character(Unicode.Scalar(byte)))
                index += 1
            }
        }
        readDigits(10)
        if index < bytes.count, bytes[index] == UInt8(ascii: "#") {
            guard let radix = Int(digits), (2...36).contains(radix) else {
                throw fatal("the radix of \(digits)#… must be between 2 and 36", at: start, index - start + 1, help: "write 16#FF")
            }
            index += 1
            digits = ""
            readDigits(radix)
            guard !digits.isEmpty, let value = UInt64(digits, radix: radix) else {
                throw fatal("invalid number: \(source.text(SourceRange(start: start, end: index))) has no digits of radix \(radix) or is too large",
                            at: start, max(1, index - start), help: "write the number in decimal")
            }
            return .integer(String(value))
        }
        // A float needs a digit after the point; `1.` followed by space is the integer 1 and the term's end.
        if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "."), isDigit(bytes[index + 1]) {
            index += 1
            var fraction = ""
            while index < bytes.count, isDigit(bytes[index]) || (bytes[index] == UInt8(ascii: "_") && index + 1 < bytes.count && isDigit(bytes[index + 1])) {
                if bytes[index] != UInt8(ascii: "_") { fraction.append(Character(Unicode.Scalar(bytes[index]))) }
                index += 1
            }
            var exponent = ""
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                var cursor = index + 1
                var sign = ""
                if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "-") || bytes[cursor] == UInt8(ascii: "+") {
                    if bytes[cursor] == UInt8(ascii: "-") { sign = "-" }
                    cursor += 1
                }
                var expDigits = ""
                while cursor < bytes.count, isDigit(bytes[cursor]) {
                    expDigits.append(Character(Unicode.Scalar(bytes[cursor])))
                    cursor += 1
                }
                if !expDigits.isEmpty {
                    exponent = "e" + sign + expDigits
                    index = cursor
                }
            }
            return .float(jsonInteger(digits) + "." + fraction + exponent)
        }
        return .integer(jsonInteger(digits))
    }

    /// Decimal digits without leading zeros (`007` is 7 in Erlang; JSON forbids the zeros).
    func jsonInteger(_ digits: String) -> String {
        let trimmed = digits.drop { $0 == "0" }
        return trimmed.isEmpty ? "0" : String(trimmed)
    }

    // MARK: Helpers

    func fatal(_ message: String, at start: Int, _ length: Int, help: String) -> Fatal {
        let start = min(start, bytes.count)
        return Fatal(problem: SyntaxProblem(.invalidSyntax, message, help: help,
                                            range: SourceRange(start: start, end: min(start + length, bytes.count))))
    }

    func unexpectedCharacter() -> Fatal {
        let length = utf8Length(at: index)
        guard length > 0 else { return invalidUTF8(at: index) }
        let text = source.text(SourceRange(start: index, end: index + length))
        return fatal("unexpected character '\(text)' in an Erlang term", at: index, length,
                     help: "write an atom, a binary <<\"…\">>, a number, a tuple {…}, a list […] or a map #{…}")
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
        case .integer(let text), .float(let text): "the number \(text)"
        case .punct(let text): "'\(text)'"
        case .dot: "'.'"
        case .end: "the end of the input"
        }
    }

    func clip(_ text: String) -> String {
        text.count > 40 ? String(text.prefix(40)) + "…" : text
    }

    /// The length of the valid UTF-8 sequence at `position`, or 0.
    func utf8Length(at position: Int) -> Int {
        guard position < bytes.count else { return 0 }
        let lead = bytes[position]
        let length: Int
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return 0
        }
        guard position + length <= bytes.count else { return 0 }
        let decoded = String(validating: bytes[position..<position + length], as: UTF8.self)
        return decoded == nil ? 0 : length
    }
}

private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

private func isNameByte(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
        || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "@")
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
