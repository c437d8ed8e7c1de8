import APNSLintSyntax

// Which members are marked for inlining across modules, and why: the note in Definition/DefinitionStorage.swift.

/// One key/value pair of the request as the user wrote it, bound to the schema.
///
/// Nothing is dropped: unknown keys (`spec == nil`), wrongly typed values (`hasExpectedType == false`) and
/// earlier duplicates (`isShadowed`) are all fields too, so rules can point at them.
public struct Field: Sendable {
    /// Where a field came from: the file, a command-line option, or a configuration file's `headers` (the last two
    /// have no place in the file).
    public enum Origin: Sendable, Hashable {
        case source
        case commandLine(option: String)
        /// Where the configuration file gives it.
        case configuration(location: ExternalLocation)
        /// A header a program passed with the body it lints (`Linter.lint(payload:headers:)`), spelled `name`.
        case requestHeader(name: String)

        /// How the user gave a field from outside the file, for messages: `--priority`, `.apns-lint.yml:4:3`.
        public var outsideSource: String? {
            switch self {
            case .source: nil
            case .commandLine(let option): option
            case .configuration(let location): location.description
            case .requestHeader(let name): name
            }
        }
    }

    /// The set the field belongs to, and its place there: a field is a view into its set, so binding an object
    /// allocates nothing per member, and a copy is one retain.
    @usableFromInline let owner: FieldSet.Storage
    @usableFromInline let index: Int

    @usableFromInline init(_ owner: FieldSet.Storage, _ index: Int) {
        self.owner = owner
        self.index = index
    }

    /// The key as written.
    @inlinable public var key: String { owner.members[index].key }
    /// Built when asked for (rules ask only when they report): most fields are never reported.
    public var pointer: JSONPointer { owner.pointer.appending(key) }
    @inlinable public var value: DocumentNode { owner.members[index].value }
    /// The schema entry, or nil for a key the schema does not know.
    public var spec: KeySpec? {
        let specIndex = owner.specIndices[index]
        return specIndex < 0 ? nil : owner.schema[Int(specIndex)]
    }
    /// True when a later member with the same key overrides this one.
    @inlinable public var isShadowed: Bool { owner.shadowed?[index] ?? false }
    public var origin: Origin {
        index < owner.sourceCount ? .source : owner.addedOptions[index - owner.sourceCount].origin
    }
    var sourceKeyRange: SourceRange { owner.members[index].keyRange }

    /// Where a field's key or value is, for what edits the file.
    public enum Placement: Hashable, Sendable {
        /// Text of the file.
        case inFile(SourceRange)
        /// Not in the file: added by the system the definition is written for, with no text, at `offset`
        /// (`SourceRange.added(at:)`). YAML's empty value (`badge:`) has no text either, and is placed so too: a fix
        /// has nothing to replace.
        case added(at: Int)
        /// Given outside the file: `origin` says where.
        case outside

        init(_ range: SourceRange, origin: Origin) {
            guard origin == .source else {
                self = .outside
                return
            }
            // The one place an empty range is read as "not written": what adds a value places it so.
            self = range.isEmpty ? .added(at: range.start) : .inFile(range)
        }

        /// The text's range, for a place in the file.
        public var range: SourceRange? {
            if case .inFile(let range) = self { return range }
            return nil
        }
    }

    public var keyPlacement: Placement { Placement(sourceKeyRange, origin: origin) }
    public var valuePlacement: Placement { Placement(value.range, origin: origin) }

    /// The key's range in the file (nil for a field from the command line).
    public var keyRange: SourceRange? { origin == .source ? sourceKeyRange : nil }
    /// The value's range in the file (nil for a field from the command line).
    public var valueRange: SourceRange? { origin == .source ? value.range : nil }
    /// From the key to the end of the value.
    public var range: SourceRange? {
        origin == .source ? SourceRange(start: sourceKeyRange.start, end: value.range.end) : nil
    }

    public var isKnown: Bool { owner.specIndices[index] >= 0 }
    /// Looked up in place (no copy of the spec or the value): a rule asks it of every field.
    public var hasExpectedType: Bool { owner.hasExpectedType(at: index) }

    /// The value as a string (for header fields, numbers are read as their text).
    @inlinable public var string: String? { value.string }

    /// An integer value: a JSON integer, or for numeric headers a string of digits.
    public var integer: Int? {
        if let number = value.number { return number.intValue }
        if spec?.type == .headerInteger, let text = value.string { return Int(text) }
        return nil
    }

    public var number: Double? { value.number?.doubleValue }
}
