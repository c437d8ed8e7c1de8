import APNSLintSyntax

// The declarations of an app's Swift that decoding a Live Activity's JSON depends on: types (at any depth, in
// extensions too), their stored properties and enum cases, hand-written `init(from:)`, type aliases, and the
// conformances extensions add. Read from tokens by a reader of declarations only: function bodies and initial values
// are skipped whole, never parsed.

/// Where a type's name is written (the column counts characters, Unicode scalars, as every place a finding shows).
struct DeclarationLocation: Equatable {
    var fileIndex: Int
    var offset: Int
    var path: String
    var line: Int
    var column: Int
}

/// A struct, class, actor or enum, with what decoding it depends on.
struct TypeDeclaration {
    enum Kind { case structure, classType, enumeration }

    var qualifiedName: String
    var kind: Kind
    var location: DeclarationLocation
    /// Names in its inheritance clause and in those of its extensions (`Codable`, `String`, `ActivityAttributes`).
    var inheritedTypes: [String]
    var storedProperties: [StoredProperty]
    var enumCases: [EnumCase]
    /// It, or an extension of it, writes `init(from:)`: the synthesized decoding is not what runs.
    var decodesItself: Bool

    /// The scope its members' type names are looked up in: its own qualified name, split.
    var scope: [String] { qualifiedName.split(separator: ".").map(String.init) }
}

/// A type as written in a declaration.
indirect enum WrittenType: Equatable {
    /// `A.B.C`, with the generic arguments of its last part (`Optional<Date>`, `Deque<Int>`).
    case named([String], arguments: [WrittenType])
    case optional(WrittenType)
    case array(WrittenType)
    case dictionary(key: WrittenType, value: WrittenType)
    /// A tuple, a function, `some P`, `any P`, `A & B`, a metatype: nothing JSON decodes into by synthesis.
    case other(String)

    /// The type as Swift writes it, for messages: `[Int: String]`, `Deque<Int>`, `Date?`.
    var text: String {
        switch self {
        case .named(let parts, let arguments):
            parts.joined(separator: ".") + (arguments.isEmpty ? "" : "<" + arguments.map(\.text).joined(separator: ", ") + ">")
        case .optional(let wrapped): wrapped.text + "?"
        case .array(let element): "[" + element.text + "]"
        case .dictionary(let key, let value): "[" + key.text + ": " + value.text + "]"
        case .other(let text): text
        }
    }

    /// `A.B` for a type written as plain names; nil for one with generic arguments or of another form.
    var dottedName: String? {
        if case .named(let parts, let arguments) = self, arguments.isEmpty { return parts.joined(separator: ".") }
        return nil
    }
}

/// What a property's initial value says of its type, when the property is written without one.
enum InitialValue: Equatable {
    case integer, float, string, bool
    /// `Status()`, `Status.ready`, `Status(rawValue: 1)`: the capitalized name that is called or whose member is taken.
    case typeReference(String)
    case other(String)
}

/// A raw value written after an enum case's `=`.
enum RawLiteral: Equatable {
    case string(String)
    case integer(Int)
    case other
}

/// A stored property that synthesized `init(from:)` decodes.
struct StoredProperty {
    var name: String
    /// Nil when it was written without one (`var step = 0`); `initialValue` then says what the literal is.
    var type: WrittenType?
    var initialValue: InitialValue?
    /// A property wrapper (`@Clamped var x`) decodes through the wrapper: its shape is unknown.
    var hasPropertyWrapper: Bool
}

struct EnumCase {
    var name: String
    var rawValue: RawLiteral?
    var hasAssociatedValues: Bool
}

/// `typealias Name = Type`, with the scope `Type` is looked up in.
struct TypeAliasDeclaration {
    var type: WrittenType
    var scope: [String]
}

/// What an extension adds to a type declared elsewhere.
struct ExtensionDeclaration {
    var extendedName: String
    var inheritedTypes: [String]
    var decodesItself: Bool
}

/// The declarations of one file.
struct FileDeclarations {
    var types: [TypeDeclaration] = []
    var typeAliases: [(String, TypeAliasDeclaration)] = []
    var extensions: [ExtensionDeclaration] = []
}

/// Reads one file's declarations from its tokens.
///
/// Types nested deeper than `typeNestingLimit`, and written types nested deeper than `writtenTypeNestingLimit`, are
/// skipped (their brackets still matched, without recursion): a hostile file cannot exhaust the stack.
struct DeclarationParser {
    static let typeNestingLimit = 64
    static let writtenTypeNestingLimit = 64

    private let bytes: [UInt8]
    private let tokens: [SwiftTokenizer.Token]
    private let fileIndex: Int
    private let path: String
    private var index = 0
    private var declarations = FileDeclarations()

    static func declarations(in bytes: [UInt8], fileIndex: Int, path: String) -> FileDeclarations {
        var parser = DeclarationParser(bytes: bytes, fileIndex: fileIndex, path: path)
        _ = parser.members(scope: [], depth: 0)
        return parser.declarations
    }

    private init(bytes: [UInt8], fileIndex: Int, path: String) {
        self.bytes = bytes
        tokens = SwiftTokenizer.tokens(of: bytes)
        self.fileIndex = fileIndex
        self.path = path
    }

    // MARK: - Tokens

    private var current: SwiftTokenizer.Token? { index < tokens.count ? tokens[index] : nil }
    private func peek(_ ahead: Int = 0) -> SwiftTokenizer.Token? { index + ahead < tokens.count ? tokens[index + ahead] : nil }
    private func isWord(_ word: String) -> Bool { current?.isWord(word) == true }
    private func isMark(_ mark: String) -> Bool { current?.isPunctuation(mark) == true }

    private mutating func take(_ mark: String) -> Bool {
        guard isMark(mark) else { return false }
        index += 1
        return true
    }

    /// From an opening `{`, `(` or `[`: to after the bracket that closes it, counting without recursion.
    private mutating func skipBracketed() {
        var depth = 0
        while let token = current {
            index += 1
            guard token.kind == .punctuation else { continue }
            switch token.text {
            case "{", "(", "[": depth += 1
            case "}", ")", "]":
                depth -= 1
                if depth <= 0 { return }
            default: break
            }
        }
    }

    /// From a `<`: to after its `>`; stops before a `{` or `}` a broken clause runs into.
    private mutating func skipAngleBracketed() {
        var depth = 0
        while let token = current, !token.isPunctuation("{"), !token.isPunctuation("}") {
            index += 1
            if token.isPunctuation("<") { depth += 1 }
            if token.isPunctuation(">") {
                depth -= 1
                if depth <= 0 { return }
            }
            if token.isPunctuation("(") || token.isPunctuation("[") {
                index -= 1
                skipBracketed()
            }
        }
    }

    /// Words that begin a declaration: the end of what came before when one starts a line.
    private static let declarationWords: Set<String> = [
        "var", "let", "func", "init", "deinit", "subscript", "case", "struct", "class", "enum", "actor", "protocol",
        "extension", "typealias", "import", "associatedtype", "operator", "precedencegroup", "macro",
    ]
    private static let modifiers: Set<String> = [
        "public", "private", "fileprivate", "internal", "open", "package", "final", "static", "lazy", "weak", "unowned",
        "override", "mutating", "nonmutating", "convenience", "required", "dynamic", "indirect", "nonisolated",
        "optional", "prefix", "postfix", "infix", "distributed", "isolated", "consuming", "borrowing", "__consuming",
    ]

    private func startsDeclaration(_ token: SwiftTokenizer.Token) -> Bool {
        switch token.kind {
        case .pound: return ["if", "elseif", "else", "endif"].contains(token.text)
        case .punctuation: return token.text == "@" || token.text == "}"
        case .name(isEscaped: false): return Self.declarationWords.contains(token.text) || Self.modifiers.contains(token.text)
        default: return false
        }
    }

    /// Past an expression or a declaration without a body: to a `,` or `;` (not taken), a closing bracket of the
    /// enclosing scope, or a declaration that starts a line. Brackets inside are matched.
    private mutating func skipExpression(stopAtComma: Bool) -> [SwiftTokenizer.Token] {
        let start = index
        while let token = current {
            if index > start && token.startsLine && startsDeclaration(token) { break }
            if token.kind == .punctuation {
                if token.text == ";" || token.text == "}" || token.text == ")" || token.text == "]" { break }
                if stopAtComma && token.text == "," { break }
                if token.text == "{" || token.text == "(" || token.text == "[" {
                    // `{ didSet … }` after a property's value is its observers, not part of the value.
                    if token.text == "{" && index > start && isObserverBlock(at: index) { break }
                    skipBracketed()
                    continue
                }
            }
            index += 1
        }
        return Array(tokens[start..<index])
    }

    // MARK: - Members

    /// Members to the `}` that closes the scope (taken) or the end of the file.
    private mutating func members(scope: [String], depth: Int) -> [Member] {
        var found: [Member] = []
        while let token = current {
            if token.isPunctuation("}") {
                index += 1
                if depth > 0 { return found }
                continue
            }
            if token.kind == .pound {
                index += 1
                // Every clause of `#if` is read (which one is compiled is unknown); the condition is skipped.
                if token.text == "if" || token.text == "elseif" {
                    while let next = current, !next.startsLine { index += 1 }
                } else if isMark("(") {
                    skipBracketed()
                } else if isMark("{") {
                    skipBracketed()
                }
                continue
            }
            let before = index
            if let member = member(scope: scope, depth: depth) { found.append(member) }
            if index == before { index += 1 }
        }
        return found
    }

    /// What a declaration in a type's body contributes to it.
    private enum Member {
        case properties([StoredProperty])
        case cases([EnumCase])
        case decoderInitializer
    }

    private mutating func member(scope: [String], depth: Int) -> Member? {
        var attributes: [String] = []
        var modifiers: Set<String> = []
        while let token = current {
            if token.isPunctuation("@") {
                index += 1
                if let name = current, name.isName {
                    attributes.append(name.text)
                    index += 1
                    while isMark("."), peek(1)?.isName == true { index += 2 }
                    if isMark("(") { skipBracketed() }
                }
            } else if token.kind == .name(isEscaped: false), Self.modifiers.contains(token.text)
                        || token.text == "class" && peek(1).map({ Self.modifiers.contains($0.text) || ["var", "let", "func", "subscript", "init"].contains($0.text) }) == true {
                modifiers.insert(token.text)
                index += 1
                if isMark("(") { skipBracketed() } // private(set)
            } else {
                break
            }
        }
        guard let keyword = current, keyword.kind == .name(isEscaped: false) else {
            if current?.kind == .punctuation, ["{", "(", "["].contains(current?.text) { skipBracketed() }
            return nil
        }
        switch keyword.text {
        case "struct", "class", "actor", "enum":
            typeDeclaration(scope: scope, depth: depth)
            return nil
        case "protocol":
            index += 1
            skipToBody()
            return nil
        case "extension":
            extensionDeclaration(scope: scope, depth: depth)
            return nil
        case "typealias":
            typeAlias(scope: scope)
            return nil
        case "var", "let":
            let properties = bindings()
            // Static properties belong to the type; a lazy one's decoding is not judged here.
            if !modifiers.isDisjoint(with: ["static", "class", "lazy"]) { return nil }
            let wrapped = attributes.contains { $0.first?.isUppercase == true && !Self.attributesThatAreNoWrappers.contains($0) }
            return .properties(properties.map { property in
                var property = property
                property.hasPropertyWrapper = wrapped
                return property
            })
        case "case":
            index += 1
            return .cases(enumCases())
        case "init":
            return initializer() ? .decoderInitializer : nil
        default:
            index += 1
            if Self.declarationWords.contains(keyword.text) { skipToBody() }
            return nil
        }
    }

    /// Attributes written with a capital that are not property wrappers.
    private static let attributesThatAreNoWrappers: Set<String> = ["MainActor", "ObservationIgnored", "Sendable"]

    /// Past a declaration this reader does not read (a function, a protocol): its signature and its body, if any.
    private mutating func skipToBody() {
        let start = index
        while let token = current {
            if index > start && token.startsLine && startsDeclaration(token) { return }
            if token.isPunctuation("}") || token.isPunctuation(";") { return }
            if token.isPunctuation("{") {
                skipBracketed()
                return
            }
            if token.isPunctuation("(") || token.isPunctuation("[") {
                skipBracketed()
                continue
            }
            index += 1
        }
    }

    private mutating func typeDeclaration(scope: [String], depth: Int) {
        let kind: TypeDeclaration.Kind = switch current?.text {
        case "enum": .enumeration
        case "struct": .structure
        default: .classType
        }
        index += 1
        guard let name = current, name.isName else { return }
        index += 1
        if isMark("<") { skipAngleBracketed() }
        let inherited = inheritanceClause()
        guard isMark("{") else { return }
        guard depth < Self.typeNestingLimit else {
            skipBracketed()
            return
        }
        index += 1
        let qualifiedName = (scope + [name.text]).joined(separator: ".")
        let position = declarations.types.count
        declarations.types.append(TypeDeclaration(
            qualifiedName: qualifiedName, kind: kind,
            location: DeclarationLocation(fileIndex: fileIndex, offset: name.offset, path: path, line: name.line,
                                          column: 1 + bytes[(name.offset - name.column + 1)..<name.offset].count { $0 & 0xC0 != 0x80 }),
            inheritedTypes: inherited, storedProperties: [], enumCases: [], decodesItself: false))
        let found = members(scope: scope + [name.text], depth: depth + 1)
        for member in found {
            switch member {
            case .properties(let properties): declarations.types[position].storedProperties += properties
            case .cases(let cases): declarations.types[position].enumCases += cases
            case .decoderInitializer: declarations.types[position].decodesItself = true
            }
        }
    }

    private mutating func extensionDeclaration(scope: [String], depth: Int) {
        index += 1
        guard let extended = writtenType(depth: 0).dottedName else {
            skipToBody()
            return
        }
        let inherited = inheritanceClause()
        guard isMark("{"), depth < Self.typeNestingLimit else {
            skipToBody()
            return
        }
        index += 1
        // Nested types of `extension A.B` are `A.B.Nested`, looked up from A.B outward.
        let found = members(scope: extended.split(separator: ".").map(String.init), depth: depth + 1)
        declarations.extensions.append(ExtensionDeclaration(
            extendedName: extended, inheritedTypes: inherited,
            decodesItself: found.contains { if case .decoderInitializer = $0 { true } else { false } }))
    }

    /// `: A, B.C, @unchecked Sendable` and a `where` clause, to the `{` of the body (not taken).
    private mutating func inheritanceClause() -> [String] {
        var names: [String] = []
        if take(":") {
            repeat {
                // `~Copyable`, `@unchecked Sendable`, `@preconcurrency P`.
                while true {
                    if take("~") { continue }
                    guard take("@") else { break }
                    if current?.isName == true { index += 1 }
                    if isMark("(") { skipBracketed() }
                }
                let type = writtenType(depth: 0)
                names.append(type.dottedName ?? type.text)
            } while take(",")
        }
        while let token = current, !token.isPunctuation("{"), !token.isPunctuation("}") {
            if token.startsLine && startsDeclaration(token) { break }
            if token.isPunctuation("(") || token.isPunctuation("[") { skipBracketed() } else { index += 1 }
        }
        return names
    }

    private mutating func typeAlias(scope: [String]) {
        index += 1
        guard let name = current, name.isName else { return }
        index += 1
        if isMark("<") { skipAngleBracketed() }
        guard take("=") else { return }
        let type = writtenType(depth: 0)
        declarations.typeAliases.append(((scope + [name.text]).joined(separator: "."), TypeAliasDeclaration(type: type, scope: scope)))
    }

    /// `init(from decoder: Decoder)`: whether the initializer read is the one that makes a type decode itself.
    private mutating func initializer() -> Bool {
        index += 1
        if isMark("?") || isMark("!") { index += 1 }
        if isMark("<") { skipAngleBracketed() }
        var isDecoder = false
        if isMark("(") {
            let open = index
            skipBracketed()
            let inside = tokens[(open + 1)..<max(open + 1, index - 1)]
            var depth = 0
            var commas = 0
            for token in inside where token.kind == .punctuation {
                if ["(", "[", "<"].contains(token.text) { depth += 1 }
                if [")", "]", ">"].contains(token.text) { depth -= 1 }
                if token.text == "," && depth == 0 { commas += 1 }
            }
            isDecoder = inside.first?.isWord("from") == true && commas == 0
        }
        skipToBody()
        return isDecoder
    }

    // MARK: - Properties and cases

    /// The bindings of a `var` or `let` declaration that synthesized `init(from:)` decodes.
    private mutating func bindings() -> [StoredProperty] {
        let isLet = isWord("let")
        index += 1
        struct Binding {
            var name: String?
            var type: WrittenType?
            var initialValue: InitialValue?
            var isComputed = false
        }
        var written: [Binding] = []
        repeat {
            var binding = Binding()
            if let name = current, name.isName {
                binding.name = name.text
                index += 1
            } else if isMark("(") {
                skipBracketed() // a tuple pattern: not a property synthesis decodes
            }
            if take(":") { binding.type = writtenType(depth: 0) }
            if take("=") { binding.initialValue = Self.initialValue(of: skipExpression(stopAtComma: true)) }
            if isMark("{") {
                binding.isComputed = !isObserverBlock(at: index)
                skipBracketed()
            }
            written.append(binding)
        } while take(",")
        var properties: [StoredProperty] = []
        for (position, binding) in written.enumerated() {
            guard let name = binding.name, !binding.isComputed else { continue }
            // A `let` with a value is never decoded (the compiler warns of it); a `var` with one still is.
            if isLet && binding.initialValue != nil { continue }
            // `var a, b: Int`: `a` takes the type written after `b`.
            let type = binding.type ?? (binding.initialValue == nil ? written[(position + 1)...].lazy.compactMap(\.type).first : nil)
            properties.append(StoredProperty(name: name, type: type, initialValue: binding.initialValue, hasPropertyWrapper: false))
        }
        return properties
    }

    /// A `{` whose block holds only `willSet` and `didSet`: the property is still stored.
    private func isObserverBlock(at open: Int) -> Bool {
        var ahead = open + 1
        while ahead < tokens.count, tokens[ahead].isPunctuation("@") || tokens[ahead].kind == .name(isEscaped: false) && Self.modifiers.contains(tokens[ahead].text) {
            ahead += tokens[ahead].isPunctuation("@") ? 2 : 1
        }
        return ahead < tokens.count && (tokens[ahead].isWord("willSet") || tokens[ahead].isWord("didSet"))
    }

    /// `a, b(Int), c = "x"` after `case`.
    private mutating func enumCases() -> [EnumCase] {
        var cases: [EnumCase] = []
        repeat {
            guard let name = current, name.isName else { break }
            index += 1
            var enumCase = EnumCase(name: name.text, rawValue: nil, hasAssociatedValues: false)
            if isMark("(") {
                enumCase.hasAssociatedValues = true
                skipBracketed()
            }
            if take("=") { enumCase.rawValue = Self.rawLiteral(of: skipExpression(stopAtComma: true)) }
            cases.append(enumCase)
        } while take(",")
        return cases
    }

    private static func rawLiteral(of tokens: [SwiftTokenizer.Token]) -> RawLiteral {
        switch tokens.count {
        case 1:
            if case .string(let value?) = tokens[0].kind { return .string(value) }
            if tokens[0].kind == .number, let value = integer(tokens[0].text) { return .integer(value) }
        case 2 where tokens[0].isPunctuation("-") && tokens[1].kind == .number:
            if let value = integer(tokens[1].text) { return .integer(-value) }
        default: break
        }
        return .other
    }

    /// A decimal, hexadecimal, octal or binary integer literal, `_` separators allowed.
    private static func integer(_ text: String) -> Int? {
        let digits = text.filter { $0 != "_" }
        for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] where digits.hasPrefix(prefix) {
            return Int(digits.dropFirst(2), radix: radix)
        }
        return Int(digits)
    }

    private static func initialValue(of tokens: [SwiftTokenizer.Token]) -> InitialValue {
        let text = render(tokens[...])
        guard let first = tokens.first else { return .other(text) }
        let rest = tokens.dropFirst()
        switch first.kind {
        case .string where rest.isEmpty: return .string
        case .number where rest.isEmpty: return first.text.contains(".") || (!first.text.hasPrefix("0x") && first.text.lowercased().contains("e")) ? .float : .integer
        case .punctuation where first.text == "-" && tokens.count == 2 && tokens[1].kind == .number:
            return tokens[1].text.contains(".") ? .float : .integer
        case .name(isEscaped: false) where rest.isEmpty && (first.text == "true" || first.text == "false"):
            return .bool
        case .name where first.text.first?.isUppercase == true:
            // `Name(…)` with nothing after its parentheses, or `Name.member`.
            if let open = rest.first, open.isPunctuation("(") {
                var depth = 0
                for (position, token) in rest.enumerated() where token.kind == .punctuation {
                    if token.text == "(" || token.text == "[" || token.text == "{" { depth += 1 }
                    if token.text == ")" || token.text == "]" || token.text == "}" {
                        depth -= 1
                        if depth == 0 { return position == rest.count - 1 ? .typeReference(first.text) : .other(text) }
                    }
                }
            }
            if rest.count == 2, rest.first?.isPunctuation(".") == true, rest.last?.isName == true { return .typeReference(first.text) }
        default: break
        }
        return .other(text)
    }

    // MARK: - Written types

    /// A type as written, from the current token.
    private mutating func writtenType(depth: Int) -> WrittenType {
        let start = index
        guard depth < Self.writtenTypeNestingLimit else {
            if isMark("[") || isMark("(") { skipBracketed() } else { index += 1 }
            return .other(text(from: start))
        }
        var type: WrittenType
        // Attributes (`@escaping`, `@Sendable`) and specifiers (`inout`, `some`, `any`) before a type.
        while isMark("@") || ["inout", "some", "any", "sending", "borrowing", "consuming", "__owned", "isolated"].contains(where: { isWord($0) }) {
            let isAttribute = isMark("@")
            index += isAttribute ? 2 : 1
            if isAttribute, isMark("(") { skipBracketed() }
        }
        let opaque = index > start && tokens[start..<index].contains { $0.isWord("some") || $0.isWord("any") }
        if take("[") {
            let element = writtenType(depth: depth + 1)
            if take(":") {
                let value = writtenType(depth: depth + 1)
                type = .dictionary(key: element, value: value)
            } else {
                type = .array(element)
            }
            if !take("]") { return .other(text(from: start)) }
        } else if isMark("(") {
            index += 1
            var elements: [WrittenType] = []
            var labelled = false
            while let token = current, !token.isPunctuation(")") {
                if token.isName, peek(1)?.isPunctuation(":") == true {
                    labelled = true
                    index += 2
                }
                let before = index
                elements.append(writtenType(depth: depth + 1))
                if !take(","), index == before { index += 1 }
            }
            _ = take(")")
            type = elements.count == 1 && !labelled ? elements[0] : .other(text(from: start))
        } else if current?.isName == true {
            var parts: [String] = []
            var arguments: [WrittenType] = []
            repeat {
                guard let part = current, part.isName else { break }
                parts.append(part.text)
                index += 1
                arguments = []
                if isMark("<") {
                    index += 1
                    repeat { arguments.append(writtenType(depth: depth + 1)) } while take(",")
                    if !take(">") { return .other(text(from: start)) }
                }
            } while isMark(".") && peek(1)?.isName == true && take(".")
            type = (parts.last == "Type" || parts.last == "Protocol") && parts.count > 1 ? .other(text(from: start)) : .named(parts, arguments: arguments)
        } else {
            return .other(text(from: start))
        }
        // Postfix `?` and `!`; `&` and `->` make a type nothing synthesis decodes.
        while let token = current, token.kind == .punctuation {
            if token.text == "?" || token.text == "!" {
                index += 1
                type = .optional(type)
            } else if token.text == "&" || token.text == "->" {
                index += 1
                _ = writtenType(depth: depth + 1)
                type = .other(text(from: start))
            } else {
                break
            }
        }
        if isWord("async") || isWord("throws") {
            while isWord("async") || isWord("throws") { index += 1 }
            if isMark("(") { skipBracketed() }
            if take("->") {
                _ = writtenType(depth: depth + 1)
                type = .other(text(from: start))
            }
        }
        return opaque ? .other(text(from: start)) : type
    }

    /// The tokens from `start` to here as written, for a type's name in messages.
    private func text(from start: Int) -> String {
        Self.render(tokens[start..<min(index, tokens.count)])
    }

    /// Tokens as Swift is written: a space after `,` and `:`, around `->` and `&`, and between two names.
    private static func render(_ tokens: ArraySlice<SwiftTokenizer.Token>) -> String {
        var text = ""
        var previous: SwiftTokenizer.Token?
        for token in tokens {
            if let previous, previous.isName && token.isName || ["->", "&", "="].contains(where: { previous.isPunctuation($0) || token.isPunctuation($0) })
                || previous.isPunctuation(",") || previous.isPunctuation(":") {
                text += " "
            }
            if case .string = token.kind { text += "\"…\"" } else { text += token.text }
            previous = token
        }
        return text
    }
}
