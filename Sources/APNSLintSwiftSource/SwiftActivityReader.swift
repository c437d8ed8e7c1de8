import APNSLintModel
import SwiftParser
import SwiftSyntax

/// Reads an app's Swift for its Live Activity types: every type that conforms to `ActivityAttributes`, with the shape
/// of its stored properties and of its `ContentState`, as `JSONDecoder` with the compiler's synthesized `Decodable`
/// would read them.
///
/// The files are parsed by swift-syntax (the compiler's own parser), never compiled: a type the reader cannot
/// resolve, or one that decodes itself, becomes `.unknown` and is never judged.
public enum SwiftActivityReader {
    /// The `ActivityAttributes` types declared in `files`, in file order, then in the order they are written. Types
    /// are looked up across all the files, so a `ContentState` may use a type another file declares.
    ///
    /// A file that nests square brackets deeper than real code does is not read (see `squareBracketNestingLimit`):
    /// its types are unknown to the others.
    public static func activityTypes(in files: [(path: String, text: String)]) -> [ActivityAttributesType] {
        var index = TypeIndex()
        for (fileIndex, file) in files.enumerated() {
            guard !nestsSquareBracketsDeeper(than: squareBracketNestingLimit, in: file.text) else { continue }
            let tree = Parser.parse(source: file.text)
            let collector = DeclarationCollector(
                fileIndex: fileIndex, path: file.path, converter: SourceLocationConverter(fileName: file.path, tree: tree)
            )
            collector.walk(tree)
            index.add(collector)
        }
        var resolver = ShapeResolver(index: index)
        return index.activityAttributesDeclarations().map { declaration in
            ActivityAttributesType(
                name: declaration.qualifiedName,
                file: declaration.location.path,
                line: declaration.location.line,
                column: declaration.location.column,
                attributes: resolver.shape(of: declaration),
                contentState: resolver.contentState(of: declaration)
            )
        }
    }
}

// MARK: - Declarations

/// Where a type's name is written.
struct DeclarationLocation {
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

/// A stored property that synthesized `init(from:)` decodes.
struct StoredProperty {
    var name: String
    /// Nil when it was written without one (`var step = 0`); `inferredShape` then says what the literal is.
    var type: TypeSyntax?
    var initialValue: ExprSyntax?
    /// A property wrapper (`@Clamped var x`) decodes through the wrapper: its shape is unknown.
    var hasPropertyWrapper: Bool
}

struct EnumCase {
    var name: String
    var rawValue: ExprSyntax?
    var hasAssociatedValues: Bool
}

/// `typealias Name = Type`, with the scope `Type` is looked up in.
struct TypeAliasDeclaration {
    var type: TypeSyntax
    var scope: [String]
}

/// What an extension adds to a type declared elsewhere.
struct ExtensionDeclaration {
    var extendedName: String
    var inheritedTypes: [String]
    var decodesItself: Bool
}

/// Every type, type alias and extension of the files read, by qualified name.
struct TypeIndex {
    private(set) var types: [String: TypeDeclaration] = [:]
    private(set) var typeAliases: [String: TypeAliasDeclaration] = [:]

    mutating func add(_ collector: DeclarationCollector) {
        // The first declaration of a name wins: a second is another target's or another `#if` branch's.
        for declaration in collector.types where types[declaration.qualifiedName] == nil {
            types[declaration.qualifiedName] = declaration
        }
        for (name, alias) in collector.typeAliases where typeAliases[name] == nil {
            typeAliases[name] = alias
        }
        pendingExtensions += collector.extensions
        applyExtensions()
    }

    /// Extensions whose type no file read so far declares: applied once a later file does.
    private var pendingExtensions: [ExtensionDeclaration] = []

    private mutating func applyExtensions() {
        pendingExtensions.removeAll { extensionDeclaration in
            guard var type = types[extensionDeclaration.extendedName] else { return false }
            type.inheritedTypes += extensionDeclaration.inheritedTypes
            type.decodesItself = type.decodesItself || extensionDeclaration.decodesItself
            types[extensionDeclaration.extendedName] = type
            return true
        }
    }

    func activityAttributesDeclarations() -> [TypeDeclaration] {
        types.values
            .filter { $0.inheritedTypes.contains { $0 == "ActivityAttributes" || $0 == "ActivityKit.ActivityAttributes" } }
            .sorted { ($0.location.fileIndex, $0.location.offset) < ($1.location.fileIndex, $1.location.offset) }
    }

    enum Found {
        case type(TypeDeclaration)
        case alias(TypeAliasDeclaration)
    }

    /// `name` (possibly dotted, `Order.Status`) as Swift looks it up from `scope`: innermost scope first.
    func lookUp(_ name: String, from scope: [String]) -> Found? {
        for depth in stride(from: scope.count, through: 0, by: -1) {
            let candidate = (scope.prefix(depth) + [name]).joined(separator: ".")
            if let type = types[candidate] { return .type(type) }
            if let alias = typeAliases[candidate] { return .alias(alias) }
        }
        return nil
    }
}

/// Collects the declarations of one file: types at any depth (in extensions too), their stored properties, enum cases
/// and hand-written `init(from:)`, type aliases, and the conformances extensions add.
final class DeclarationCollector: SyntaxVisitor {
    let fileIndex: Int
    let path: String
    let converter: SourceLocationConverter
    private(set) var types: [TypeDeclaration] = []
    private(set) var typeAliases: [(String, TypeAliasDeclaration)] = []
    private(set) var extensions: [ExtensionDeclaration] = []
    /// The names of the types and extensions around the node being visited.
    private var scope: [String] = []

    init(fileIndex: Int, path: String, converter: SourceLocationConverter) {
        self.fileIndex = fileIndex
        self.path = path
        self.converter = converter
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(.structure, name: node.name, inheritance: node.inheritanceClause, members: node.memberBlock)
    }
    override func visitPost(_ node: StructDeclSyntax) { scope.removeLast() }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(.classType, name: node.name, inheritance: node.inheritanceClause, members: node.memberBlock)
    }
    override func visitPost(_ node: ClassDeclSyntax) { scope.removeLast() }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(.classType, name: node.name, inheritance: node.inheritanceClause, members: node.memberBlock)
    }
    override func visitPost(_ node: ActorDeclSyntax) { scope.removeLast() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(.enumeration, name: node.name, inheritance: node.inheritanceClause, members: node.memberBlock)
    }
    override func visitPost(_ node: EnumDeclSyntax) { scope.removeLast() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let extendedName = dottedName(of: node.extendedType) ?? node.extendedType.trimmedDescription
        let members = flattened(node.memberBlock)
        extensions.append(ExtensionDeclaration(
            extendedName: extendedName,
            inheritedTypes: inheritedNames(node.inheritanceClause),
            decodesItself: members.contains { isDecoderInitializer($0) }
        ))
        // Nested types of `extension A.B` are `A.B.Nested`, looked up from A.B outward.
        scope.append(contentsOf: extendedName.split(separator: ".").map(String.init))
        extensionScopeLengths.append(extendedName.split(separator: ".").count)
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) {
        scope.removeLast(extensionScopeLengths.removeLast())
    }
    private var extensionScopeLengths: [Int] = []

    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = (scope + [unescaped(node.name.text)]).joined(separator: ".")
        typeAliases.append((name, TypeAliasDeclaration(type: node.initializer.value, scope: scope)))
        return .skipChildren
    }

    // Types declared in bodies are local to them; properties and initializers were read by `enter`.
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    private func enter(_ kind: TypeDeclaration.Kind, name: TokenSyntax, inheritance: InheritanceClauseSyntax?,
                       members memberBlock: MemberBlockSyntax) -> SyntaxVisitorContinueKind {
        let members = flattened(memberBlock)
        let qualifiedName = (scope + [unescaped(name.text)]).joined(separator: ".")
        let position = name.positionAfterSkippingLeadingTrivia
        let location = converter.location(for: position)
        types.append(TypeDeclaration(
            qualifiedName: qualifiedName,
            kind: kind,
            location: DeclarationLocation(fileIndex: fileIndex, offset: position.utf8Offset, path: path,
                                          line: location.line, column: location.column),
            inheritedTypes: inheritedNames(inheritance),
            storedProperties: members.flatMap(storedProperties),
            enumCases: members.flatMap(enumCases),
            decodesItself: members.contains { isDecoderInitializer($0) }
        ))
        scope.append(unescaped(name.text))
        return .visitChildren
    }
}

/// A member block's declarations, with those inside `#if` clauses (every clause: which one is compiled is unknown).
private func flattened(_ memberBlock: MemberBlockSyntax) -> [DeclSyntax] {
    var declarations: [DeclSyntax] = []
    var pending = Array(memberBlock.members.map(\.decl).reversed())
    while let declaration = pending.popLast() {
        guard let ifConfig = declaration.as(IfConfigDeclSyntax.self) else {
            declarations.append(declaration)
            continue
        }
        for clause in ifConfig.clauses.reversed() {
            if case .decls(let items) = clause.elements {
                pending.append(contentsOf: items.map(\.decl).reversed())
            }
        }
    }
    return declarations
}

private func inheritedNames(_ clause: InheritanceClauseSyntax?) -> [String] {
    clause?.inheritedTypes.map { dottedName(of: $0.type) ?? $0.type.trimmedDescription } ?? []
}

/// `init(from decoder: Decoder)`: the type decodes itself.
private func isDecoderInitializer(_ declaration: DeclSyntax) -> Bool {
    guard let initializer = declaration.as(InitializerDeclSyntax.self) else { return false }
    let parameters = initializer.signature.parameterClause.parameters
    return parameters.count == 1 && parameters.first?.firstName.text == "from"
}

/// The properties of a `var` or `let` that synthesized `init(from:)` decodes.
private func storedProperties(_ declaration: DeclSyntax) -> [StoredProperty] {
    guard let variable = declaration.as(VariableDeclSyntax.self) else { return [] }
    // Static properties belong to the type; a lazy one is left out, as its decoding is not judged here.
    let skipped: Set<String> = ["static", "class", "lazy"]
    if variable.modifiers.contains(where: { skipped.contains($0.name.text) }) { return [] }
    let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
    let hasPropertyWrapper = variable.attributes.contains { attribute in
        guard case .attribute(let attribute) = attribute else { return false }
        return attribute.attributeName.trimmedDescription.first?.isUppercase == true
    }
    let bindings = Array(variable.bindings)
    var properties: [StoredProperty] = []
    for (position, binding) in bindings.enumerated() {
        guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
        if let accessors = binding.accessorBlock, isComputed(accessors) { continue }
        // A `let` with a value is never decoded (the compiler warns of it); a `var` with one still is.
        if isLet && binding.initializer != nil { continue }
        // `var a, b: Int`: `a` takes the type written after `b`.
        let type = binding.typeAnnotation?.type
            ?? (binding.initializer == nil ? bindings[(position + 1)...].lazy.compactMap(\.typeAnnotation).first?.type : nil)
        properties.append(StoredProperty(
            name: unescaped(pattern.identifier.text),
            type: type,
            initialValue: binding.initializer?.value,
            hasPropertyWrapper: hasPropertyWrapper
        ))
    }
    return properties
}

/// A getter body, or accessors other than the observers `willSet` and `didSet`.
private func isComputed(_ accessors: AccessorBlockSyntax) -> Bool {
    switch accessors.accessors {
    case .getter:
        return true
    case .accessors(let list):
        return list.contains { $0.accessorSpecifier.tokenKind != .keyword(.willSet) && $0.accessorSpecifier.tokenKind != .keyword(.didSet) }
    }
}

private func enumCases(_ declaration: DeclSyntax) -> [EnumCase] {
    guard let caseDeclaration = declaration.as(EnumCaseDeclSyntax.self) else { return [] }
    return caseDeclaration.elements.map { element in
        EnumCase(name: unescaped(element.name.text), rawValue: element.rawValue?.value, hasAssociatedValues: element.parameterClause != nil)
    }
}

/// `A.B.C` for a type written as plain names; nil for one with generic arguments or of another form.
func dottedName(of type: TypeSyntax) -> String? {
    if let identifier = type.as(IdentifierTypeSyntax.self), identifier.genericArgumentClause == nil {
        return unescaped(identifier.name.text)
    }
    if let member = type.as(MemberTypeSyntax.self), member.genericArgumentClause == nil, let base = dottedName(of: member.baseType) {
        return base + "." + unescaped(member.name.text)
    }
    return nil
}

/// `` `default` `` is the name `default`.
func unescaped(_ identifier: String) -> String {
    identifier.hasPrefix("`") && identifier.hasSuffix("`") && identifier.count >= 2 ? String(identifier.dropFirst().dropLast()) : identifier
}
