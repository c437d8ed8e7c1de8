import APNSLintModel
import SwiftSyntax

/// Turns declarations into `CodableShape`s: what JSON the synthesized `init(from:)` of each type accepts.
///
/// Each type's shape is built once and reused. A type met again while its own shape is being built (a type that
/// holds itself), or past `nestingLimit`, is `.unknown`: shapes stay finite and the recursion bounded whatever the input.
struct ShapeResolver {
    let index: TypeIndex
    private var shapes: [String: CodableShape] = [:]
    private var typesBeingResolved: [String] = []
    /// How deep type names and written types (`[[String: [Int]]]`) may nest before the rest is `.unknown`.
    private var nesting = 0
    static let nestingLimit = 48

    init(index: TypeIndex) {
        self.index = index
    }

    /// `declaration.ContentState`: a nested type or a type alias, declared in the type or an extension of it.
    mutating func contentState(of declaration: TypeDeclaration) -> CodableShape? {
        switch index.lookUp(declaration.qualifiedName + ".ContentState", from: []) {
        case .type(let contentState): shape(of: contentState)
        case .alias(let alias): shape(of: alias.type, in: alias.scope)
        case nil: nil
        }
    }

    /// The shape of a declared type: an object of its decoded properties, an enum's raw values, or `.unknown`.
    mutating func shape(of declaration: TypeDeclaration) -> CodableShape {
        let name = declaration.qualifiedName
        if let shape = shapes[name] { return shape }
        guard !typesBeingResolved.contains(name), nesting < Self.nestingLimit else { return .unknown(typeName: name) }
        typesBeingResolved.append(name)
        nesting += 1
        defer {
            typesBeingResolved.removeLast()
            nesting -= 1
        }
        let shape: CodableShape
        if declaration.decodesItself {
            shape = .unknown(typeName: name)
        } else if declaration.kind == .enumeration {
            shape = enumerationShape(of: declaration)
        } else {
            shape = .object(ObjectShape(typeName: name, fields: fields(of: declaration)))
        }
        shapes[name] = shape
        return shape
    }

    /// The stored properties `CodingKeys` names (all of them, without one), each under its JSON key.
    private mutating func fields(of declaration: TypeDeclaration) -> [ObjectShape.Field] {
        let codingKeys = self.codingKeys(of: declaration)
        return declaration.storedProperties.compactMap { property in
            let key: String
            if let codingKeys {
                // A property that `CodingKeys` leaves out is not decoded.
                guard let renamed = codingKeys[property.name] else { return nil }
                key = renamed
            } else {
                key = property.name
            }
            return ObjectShape.Field(key: key, propertyName: property.name, shape: shape(of: property, in: declaration.scope),
                                     hasInitialValue: property.initialValue != nil)
        }
    }

    /// Property name to JSON key, from the type's `CodingKeys` enum; nil when it has none.
    private func codingKeys(of declaration: TypeDeclaration) -> [String: String]? {
        guard case .type(let codingKeys) = index.lookUp(declaration.qualifiedName + ".CodingKeys", from: []) else { return nil }
        var keys: [String: String] = [:]
        for enumCase in codingKeys.enumCases where keys[enumCase.name] == nil {
            keys[enumCase.name] = enumCase.rawValue.flatMap(stringLiteral) ?? enumCase.name
        }
        return keys
    }

    private mutating func shape(of property: StoredProperty, in scope: [String]) -> CodableShape {
        if property.hasPropertyWrapper { return .unknown(typeName: property.type?.trimmedDescription ?? property.name) }
        if let type = property.type { return shape(of: type, in: scope) }
        if let initialValue = property.initialValue { return shape(ofInitialValue: initialValue, in: scope) }
        return .unknown(typeName: property.name)
    }

    /// A property written without a type takes its initial value's: a literal's default type, or the type that a
    /// call (`Status()`) or member (`Status.ready`) names.
    private mutating func shape(ofInitialValue value: ExprSyntax, in scope: [String]) -> CodableShape {
        if value.is(IntegerLiteralExprSyntax.self) { return .integer(.int) }
        if value.is(FloatLiteralExprSyntax.self) { return .number }
        if value.is(StringLiteralExprSyntax.self) { return .string }
        if value.is(BooleanLiteralExprSyntax.self) { return .bool }
        let typeExpression = value.as(FunctionCallExprSyntax.self)?.calledExpression ?? value.as(MemberAccessExprSyntax.self)?.base
        if let reference = typeExpression?.as(DeclReferenceExprSyntax.self), reference.baseName.text.first?.isUppercase == true {
            return shape(ofNamed: unescaped(reference.baseName.text), in: scope)
        }
        return .unknown(typeName: value.trimmedDescription)
    }

    /// The shape of a written type, looked up from `scope`.
    mutating func shape(of type: TypeSyntax, in scope: [String]) -> CodableShape {
        guard nesting < Self.nestingLimit else { return .unknown(typeName: type.trimmedDescription) }
        nesting += 1
        defer { nesting -= 1 }
        if let optional = type.as(OptionalTypeSyntax.self) {
            return .optional(shape(of: optional.wrappedType, in: scope))
        }
        if let optional = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            return .optional(shape(of: optional.wrappedType, in: scope))
        }
        if let array = type.as(ArrayTypeSyntax.self) {
            return .array(of: shape(of: array.element, in: scope))
        }
        if let dictionary = type.as(DictionaryTypeSyntax.self) {
            // Only String keys decode from a JSON object's keys as written.
            guard dottedName(of: dictionary.key).map(Self.isStringType) == true else { return .unknown(typeName: type.trimmedDescription) }
            return .dictionary(of: shape(of: dictionary.value, in: scope))
        }
        if let name = dottedName(of: type) {
            return shape(ofNamed: name, in: scope)
        }
        if let generic = type.as(IdentifierTypeSyntax.self), let arguments = generic.genericArgumentClause?.arguments {
            let argumentTypes = arguments.compactMap { argument -> TypeSyntax? in
                if case .type(let type) = argument.argument { return type }
                return nil
            }
            switch (unescaped(generic.name.text), argumentTypes.count) {
            case ("Optional", 1): return .optional(shape(of: argumentTypes[0], in: scope))
            case ("Array", 1), ("Set", 1): return .array(of: shape(of: argumentTypes[0], in: scope))
            case ("Dictionary", 2) where dottedName(of: argumentTypes[0]).map(Self.isStringType) == true:
                return .dictionary(of: shape(of: argumentTypes[1], in: scope))
            default: break
            }
        }
        return .unknown(typeName: type.trimmedDescription)
    }

    /// A type named in `scope`: the app's own declarations first (as Swift looks names up), then the standard types.
    private mutating func shape(ofNamed name: String, in scope: [String]) -> CodableShape {
        switch index.lookUp(name, from: scope) {
        case .type(let declaration):
            return shape(of: declaration)
        case .alias(let alias):
            guard !typesBeingResolved.contains(name) else { return .unknown(typeName: name) }
            typesBeingResolved.append(name)
            defer { typesBeingResolved.removeLast() }
            return shape(of: alias.type, in: alias.scope)
        case nil:
            return Self.standardShape(of: name) ?? .unknown(typeName: name)
        }
    }

    /// An enum decodes from its raw value: one of its cases' raw values, written or implicit.
    private func enumerationShape(of declaration: TypeDeclaration) -> CodableShape {
        let unknown = CodableShape.unknown(typeName: declaration.qualifiedName)
        // Without a raw type (or with associated values) synthesis decodes a keyed form that is not judged here.
        guard let rawType = declaration.inheritedTypes.lazy.compactMap(Self.standardShape(of:)).first,
              !declaration.enumCases.contains(where: \.hasAssociatedValues) else { return unknown }
        switch rawType {
        case .string:
            var rawValues: [String] = []
            for enumCase in declaration.enumCases {
                // An implicit String raw value is the case's name.
                guard let written = enumCase.rawValue else {
                    rawValues.append(enumCase.name)
                    continue
                }
                guard let rawValue = stringLiteral(written) else { return unknown }
                rawValues.append(rawValue)
            }
            return .enumeration(EnumerationShape(typeName: declaration.qualifiedName, rawValues: .strings(rawValues)))
        case .integer:
            var rawValues: [Int] = []
            for enumCase in declaration.enumCases {
                guard let written = enumCase.rawValue else {
                    // An implicit integer raw value is one more than the case before's, 0 for the first.
                    rawValues.append(rawValues.last.map { $0 &+ 1 } ?? 0)
                    continue
                }
                guard let rawValue = integerLiteral(written) else { return unknown }
                rawValues.append(rawValue)
            }
            return .enumeration(EnumerationShape(typeName: declaration.qualifiedName, rawValues: .integers(rawValues)))
        default:
            // Double and Character raw values are rare in payloads; not judged.
            return unknown
        }
    }

    static func isStringType(_ name: String) -> Bool {
        standardShape(of: name) == .string
    }

    /// The standard and Foundation types synthesized decoding reads from JSON directly.
    static func standardShape(of name: String) -> CodableShape? {
        var name = Substring(name)
        for module in ["Swift.", "Foundation.", "CoreGraphics."] where name.hasPrefix(module) {
            name = name.dropFirst(module.count)
        }
        switch name {
        case "String": return .string
        case "Double", "Float", "Float32", "Float64", "CGFloat", "Decimal", "TimeInterval": return .number
        case "Bool": return .bool
        case "Date": return .date(.secondsSinceReferenceDate)
        case "URL": return .url
        case "UUID": return .uuid
        default: return IntegerType(rawValue: String(name)).map(CodableShape.integer)
        }
    }
}

/// The text of a string literal without interpolation.
private func stringLiteral(_ expression: ExprSyntax) -> String? {
    expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue
}

/// An integer literal, negative ones too.
private func integerLiteral(_ expression: ExprSyntax) -> Int? {
    if let literal = expression.as(IntegerLiteralExprSyntax.self) { return literal.representedLiteralValue }
    if let negation = expression.as(PrefixOperatorExprSyntax.self), negation.operator.text == "-",
       let magnitude = negation.expression.as(IntegerLiteralExprSyntax.self)?.representedLiteralValue {
        return -magnitude
    }
    return nil
}
