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
        result.erlangSourceForm = parser.sourceForm
        return result
    }
}

/// `ErlangReader`'s parser: the file and its terms here; its tokens (ErlangReader+Tokens.swift) and binaries
/// (ErlangReader+Binaries.swift) in files of their own, so it is internal, not private.
struct ErlangParser {
    /// One token of Erlang's term syntax.
    enum Token: Equatable {
        case atom(String)
        case variable(String)
        case string(String)
        case integer(BigInteger)
        case float(Double)
        case punct(String)
        case dot
        case end
    }

    let source: SourceText
    let bytes: [UInt8]
    let maxDepth: Int
    var index = 0
    var problems: [SyntaxProblem] = []
    /// Where the term that a fatal problem cut short begins (nil when every term begun was read).
    var unfinishedTermStart: Int?
    /// The form of Erlang source code the reader stopped at, where a term was expected.
    var sourceForm: ErlangSourceForm?

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
                try refuseSourceForm()
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

    /// At the start of a term: `-name(` (an attribute, `-module(courier).`) or `name(` (a function clause) is Erlang
    /// source code, which no term begins with (file:consult/1 rejects it too). Said as what it is, rather than as
    /// the token a term cannot hold, and recorded (`ErlangSourceForm`): a module is not a file of terms at all.
    mutating func refuseSourceForm() throws {
        let start = tokenStart
        let name: String
        let nameEnd: Int
        let isAttribute = token == .punct("-")
        if isAttribute {
            // Peek at the next token; a term's `-1` or a broken one is read on as before.
            var peek = self
            guard (try? peek.advance()) != nil, case .atom(let atom) = peek.token else { return }
            name = atom
            nameEnd = peek.tokenEnd
        } else {
            guard case .atom(let atom) = token else { return }
            name = atom
            nameEnd = tokenEnd
        }
        var next = nameEnd
        while next < bytes.count, whitespaceLength(at: next) > 0 { next += whitespaceLength(at: next) }
        guard next < bytes.count, bytes[next] == UInt8(ascii: "(") else { return }
        let range = SourceRange(start: start, end: nameEnd)
        let form = ErlangSourceForm(kind: isAttribute ? .attribute(name) : .functionClause(name), range: range)
        sourceForm = form
        throw Fatal(problem: SyntaxProblem(.invalidSyntax, form.message,
                                           help: "file:consult/1 reads only terms, each ended by '.', such as [{key, <<\"value\">>}].", range: range))
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
