import APNSLintModel
import APNSLintSyntax

/// What tells a notification definition apart from any other JSON or YAML document (a `package.json`, a
/// `tsconfig.json`, a JSON schema): the keys at its top level, as each system of a registry marks its own. A
/// directory walk lints only the documents these mark, so the words many other formats use (`data`, `message`,
/// `topic`, `title`, `validate`) are not marks on their own.
public struct DefinitionMarks: Sendable {
    /// The marks of the standard registry's systems.
    public static var standard: DefinitionMarks { DialectRegistry.standard.marks }

    /// The systems, whose own marks are asked.
    private let dialects: [Dialect]
    /// The dialect names a `dialect` key may hold.
    private let names: [String]

    /// Keys another system writes at the top of a definition: a text that holds one may be that system's even where
    /// its top level could not be kept (`Linter` then reads it whole). Each system's `serviceTextKeys`: the keys that
    /// tell it apart, not every key it reads (`badge` or `title`, which any payload has, would read whole every large
    /// payload).
    public let serviceTextKeys: Set<String>

    /// Every key whose mere presence in a text suggests a definition: `dialect`, and each system's `textMarks`. For a text no reader could read, where only its words are left to go by.
    public let textKeys: Set<String>

    /// Top-level keys that mark an Erlang term file besides the keys that mark any definition: each system's
    /// `erlangMarks`.
    private let erlangKeys: Set<String>

    /// Every key whose presence as a key (`{alert, …}`, `{<<"aps">>, …}`) in an Erlang text no reader could read suggests a
    /// definition: `textKeys` and the Erlang marks.
    public let erlangTextKeys: Set<String>

    init(dialects: [Dialect]) {
        self.dialects = dialects
        names = dialects.map(\.rawValue)
        serviceTextKeys = dialects.reduce(into: Set<String>()) { keys, dialect in keys.formUnion(dialect.system.serviceTextKeys) }
        textKeys = dialects.reduce(into: [Dialect.declarationKey]) { keys, dialect in keys.formUnion(dialect.system.textMarks) }
        erlangKeys = dialects.reduce(into: Set<String>()) { keys, dialect in keys.formUnion(dialect.system.erlangMarks) }
        erlangTextKeys = textKeys.union(erlangKeys)
    }

    /// Whether the document looks like a notification definition: an object with a marking key at its top level,
    /// or an array holding one (a list of definitions, which the rules report as not an object).
    public func marksDefinition(_ document: DocumentNode) -> Bool {
        switch document.value {
        case .object(let members): return marks(members)
        case .array(let elements): return elements.contains { $0.members.map(marks) ?? false }
        default: return false
        }
    }

    /// Whether a document read from an Erlang term looks like a notification definition: as `marksDefinition`, with the
    /// Erlang systems' own top-level words (`extra`, `token`) marking it too. An Erlang project's build and release
    /// configuration (`rebar.config`, `sys.config`) is terms too, and names tools and applications there.
    public func marksErlangDefinition(_ document: DocumentNode) -> Bool {
        let marks = { (members: [Member]) in self.marks(members) || members.contains { self.erlangKeys.contains($0.key) } }
        switch document.value {
        case .object(let members): return marks(members)
        case .array(let elements): return elements.contains { $0.members.map(marks) ?? false }
        default: return false
        }
    }

    /// An object's keys mark a definition: a system's marks say it is its, or it declares a dialect.
    private func marks(_ members: [Member]) -> Bool {
        dialects.contains { $0.system.marksDefinition(members) } || members.contains(where: declaresDialect)
    }

    private func declaresDialect(_ member: Member) -> Bool {
        guard member.key == Dialect.declarationKey, let name = member.value.string else { return false }
        return names.contains(name) || Suggestion.closest(to: name, in: names) != nil
    }
}
