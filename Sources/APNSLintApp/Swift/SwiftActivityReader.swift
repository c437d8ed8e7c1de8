import APNSLintModel

/// Reads an app's Swift for its Live Activity types: every type that conforms to `ActivityAttributes`, with the shape
/// of its stored properties and of its `ContentState`, as `JSONDecoder` with the compiler's synthesized `Decodable`
/// would read them.
///
/// The files are read for their declarations only, never compiled: a type the reader cannot resolve, or one that
/// decodes itself, becomes `.unknown` and is never judged.
public enum SwiftActivityReader {
    /// The `ActivityAttributes` types declared in `files`, in file order, then in the order they are written. Types
    /// are looked up across all the files, so a `ContentState` may use a type another file declares.
    public static func activityTypes(in files: [(path: String, bytes: [UInt8])]) -> [ActivityAttributesType] {
        // By position, not by path: two files may share a path in a caller's list.
        var next = 0
        return activityTypes(inFiles: files.map(\.path)) { _ in
            defer { next += 1 }
            return files[next].bytes
        }
    }

    /// The same, each file read by `read` when its turn comes (once, in order) and dropped once its declarations are
    /// taken.
    static func activityTypes(inFiles paths: [String], read: (String) -> [UInt8]?) -> [ActivityAttributesType] {
        var index = TypeIndex()
        for (fileIndex, path) in paths.enumerated() {
            guard let bytes = read(path) else { continue }
            index.add(DeclarationParser.declarations(in: bytes, fileIndex: fileIndex, path: path))
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

    public static func activityTypes(in files: [(path: String, text: String)]) -> [ActivityAttributesType] {
        activityTypes(in: files.map { ($0.path, Array($0.text.utf8)) })
    }

    /// Whether a file's bytes name `ActivityAttributes`: an app none of whose files do has no Live Activity, and its
    /// Swift need not be read.
    static func mentionsActivityAttributes(_ bytes: [UInt8]) -> Bool {
        Places.offset(of: marker, in: bytes, from: 0) != nil
    }

    private static let marker = Array("ActivityAttributes".utf8)
}

/// Every type, type alias and extension of the files read, by qualified name.
struct TypeIndex {
    private(set) var types: [String: TypeDeclaration] = [:]
    private(set) var typeAliases: [String: TypeAliasDeclaration] = [:]
    /// Extensions whose type no file read so far declares: applied once a later file does.
    private var pendingExtensions: [ExtensionDeclaration] = []

    mutating func add(_ file: FileDeclarations) {
        // The first declaration of a name wins: a second is another target's or another `#if` branch's.
        for declaration in file.types where types[declaration.qualifiedName] == nil {
            types[declaration.qualifiedName] = declaration
        }
        for (name, alias) in file.typeAliases where typeAliases[name] == nil {
            typeAliases[name] = alias
        }
        pendingExtensions += file.extensions
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
            if case .string(let renamed)? = enumCase.rawValue {
                keys[enumCase.name] = renamed
            } else {
                keys[enumCase.name] = enumCase.name
            }
        }
        return keys
    }

    private mutating func shape(of property: StoredProperty, in scope: [String]) -> CodableShape {
        if property.hasPropertyWrapper { return .unknown(typeName: property.type?.text ?? property.name) }
        if let type = property.type { return shape(of: type, in: scope) }
        switch property.initialValue {
        // A property written without a type takes its initial value's: a literal's default type, or the type that
        // a call (`Status()`) or member (`Status.ready`) names.
        case .integer?: return .integer(.int)
        case .float?: return .number
        case .string?: return .string
        case .bool?: return .bool
        case .typeReference(let name)?: return shape(ofNamed: name, in: scope)
        case .other(let text)?: return .unknown(typeName: text)
        case nil: return .unknown(typeName: property.name)
        }
    }

    /// The shape of a written type, looked up from `scope`.
    mutating func shape(of type: WrittenType, in scope: [String]) -> CodableShape {
        guard nesting < Self.nestingLimit else { return .unknown(typeName: type.text) }
        nesting += 1
        defer { nesting -= 1 }
        switch type {
        case .optional(let wrapped):
            return .optional(shape(of: wrapped, in: scope))
        case .array(let element):
            return .array(of: shape(of: element, in: scope))
        case .dictionary(let key, let value):
            // Only String keys decode from a JSON object's keys as written.
            guard key.dottedName.map(Self.isStringType) == true else { return .unknown(typeName: type.text) }
            return .dictionary(of: shape(of: value, in: scope))
        case .named(let parts, let arguments) where arguments.isEmpty:
            return shape(ofNamed: parts.joined(separator: "."), in: scope)
        case .named(let parts, let arguments):
            switch (parts.joined(separator: "."), arguments.count) {
            case ("Optional", 1), ("Swift.Optional", 1): return .optional(shape(of: arguments[0], in: scope))
            case ("Array", 1), ("Set", 1), ("Swift.Array", 1), ("Swift.Set", 1): return .array(of: shape(of: arguments[0], in: scope))
            case ("Dictionary", 2) where arguments[0].dottedName.map(Self.isStringType) == true,
                 ("Swift.Dictionary", 2) where arguments[0].dottedName.map(Self.isStringType) == true:
                return .dictionary(of: shape(of: arguments[1], in: scope))
            default: return .unknown(typeName: type.text)
            }
        case .other:
            return .unknown(typeName: type.text)
        }
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
                switch enumCase.rawValue {
                // An implicit String raw value is the case's name.
                case nil: rawValues.append(enumCase.name)
                case .string(let rawValue)?: rawValues.append(rawValue)
                default: return unknown
                }
            }
            return .enumeration(EnumerationShape(typeName: declaration.qualifiedName, rawValues: .strings(rawValues)))
        case .integer:
            var rawValues: [Int] = []
            for enumCase in declaration.enumCases {
                switch enumCase.rawValue {
                // An implicit integer raw value is one more than the case before's, 0 for the first.
                case nil: rawValues.append(rawValues.last.map { $0 &+ 1 } ?? 0)
                case .integer(let rawValue)?: rawValues.append(rawValue)
                default: return unknown
                }
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
