import APNSLintModel
import APNSLintSyntax

/// Which system a definition is read as, and why: what decided it, and the other systems whose keys it also holds,
/// weighed and set aside. `check --show-dialect`, `render`, the JSON report and the Language Server's hover say it.
/// A class: every lint's translation and report carry one, and a reference costs one retain to copy where the fields
/// cost one each (callgrind); the two readings of most lints, a request body's and a payload's with `aps`, are shared.
public final class DialectReading: Sendable, Hashable {
    /// What decided the reading.
    public enum Basis: Sendable, Hashable {
        /// A request body (the bytes APNs receives) is the APNs payload whatever keys it holds.
        case requestBody
        /// The definition's own `"dialect"` key.
        case declared
        /// The file's extension (`.apns`: the Simulator's).
        case fileExtension(String)
        /// `--dialect`, or `dialect:` in the configuration.
        case configured
        /// An Erlang term file is apns_json's unless it declares another.
        case erlangTerm
        /// `aps` or an envelope's key (`headers`, `device-token`) at the top level: the first of them.
        case apnsKey(String)
        /// Keys at the top level only this system uses.
        case keys([String])
        /// The definition's shape, beyond its keys (FCM's `message` holding a target).
        case shape(String)
        /// The only evidence for another system was a key that is `aps` misspelt (`apns`, `APS`), holding `aps`'s keys:
        /// read as the APNs payload its author meant.
        case misspeltAPS(String)
        /// No system's keys: read as an APNs request.
        case noSystemKeys
        /// Not an object (nor another system's list): read as an APNs request, which must be one.
        case notAnObject
    }

    public let dialect: Dialect
    public let basis: Basis
    /// Other systems whose keys or shape the definition also has, weighed and set aside, the likeliest first.
    public let weighed: [Dialect]
    /// Whether the reading could be another: several systems' keys are mixed, or `aps` was misspelt as another
    /// system's key. A finding on such a definition says how it was read.
    public let isCertain: Bool

    init(_ dialect: Dialect, _ basis: Basis, weighed: [Dialect] = [], isCertain: Bool = true) {
        self.dialect = dialect
        self.basis = basis
        self.weighed = weighed
        self.isCertain = isCertain
    }

    /// A request body's reading.
    static let requestBody = DialectReading(.apns, .requestBody)
    /// A payload with `aps` at its top level.
    static let apnsPayload = DialectReading(.apns, .apnsKey(PayloadKey.aps.name))

    public static func == (lhs: DialectReading, rhs: DialectReading) -> Bool {
        lhs === rhs || lhs.dialect == rhs.dialect && lhs.basis == rhs.basis && lhs.weighed == rhs.weighed && lhs.isCertain == rhs.isCertain
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(dialect)
        hasher.combine(basis)
        hasher.combine(weighed)
        hasher.combine(isCertain)
    }

    /// "read as Firebase Cloud Messaging because …": the reading and its evidence, in words.
    public var explanation: String {
        var text = "read as \(dialect.title) because \(because)"
        if !weighed.isEmpty {
            text += "; weighed against \(weighed.map(\.title).spokenList("and"))"
        }
        return text
    }

    /// Why, in words.
    public var because: String {
        switch basis {
        case .requestBody: "it is a request body, the bytes APNs receives"
        case .declared: "the definition says so (\"\(Dialect.declarationKey)\": \"\(dialect.rawValue)\")"
        case .fileExtension(let name): "the file is a .\(name) file"
        case .configured: "the configuration or --dialect says so"
        case .erlangTerm: "it is an Erlang term file, and names no other dialect"
        case .apnsKey(let key): "its top level has \"\(key)\""
        case .keys(let keys): "its top level has \(Self.quoted(keys)), which only \(dialect.title) uses"
        case .shape(let phrase): phrase
        case .misspeltAPS(let key): "its \"\(key)\" holds aps's keys: \"aps\" misspelt, not another system's field"
        case .noSystemKeys: "it has no other system's keys"
        case .notAnObject: "its top level is not an object"
        }
    }

    private static func quoted(_ keys: [String]) -> String {
        keys.map { "\"\($0)\"" }.spokenList("and")
    }
}

/// Which dialect a document is in, and why.
public struct DialectChoice: Sendable {
    public var dialect: Dialect { reading.dialect }
    public var reading: DialectReading
    /// The document without its `dialect` declaration.
    public var document: DocumentNode
    /// Problems with the choice: an unknown declared name, or a shape that fits several dialects.
    public var notes: [DialectNote]
    /// True when `document` is the document as written: it declared no dialect, so nothing was taken out of it.
    public var isDocumentAsWritten = true

    /// The dialect a definition declares (`"dialect": "adck"`), else the one its file's name says (an `.apns` file is
    /// the Simulator's), else the configured one, else the one its shape shows. Erlang terms are apns_json's unless
    /// declared otherwise.
    public static func resolve(_ document: DocumentNode, configured: Dialect?, isErlang: Bool, fileName: String? = nil,
                               registry: DialectRegistry = .standard) -> DialectChoice {
        let implied = fileName.flatMap(registry.implied(byFileName:))
        let given = implied.map { dialect in
            DialectReading(dialect, .fileExtension(dialect.system.fileExtensions.sorted().first ?? dialect.rawValue))
        } ?? configured.map { DialectReading($0, .configured) }
        var choice = choose(document, given: given, isErlang: isErlang, registry: registry)
        // Only a declaration is ever taken out.
        choice.isDocumentAsWritten = choice.document.members?.count == document.members?.count
        return choice
    }

    private static func choose(_ document: DocumentNode, given: DialectReading?, isErlang: Bool, registry: DialectRegistry) -> DialectChoice {
        var notes: [DialectNote] = []
        var document = document
        func chosen(_ reading: DialectReading) -> DialectChoice { DialectChoice(reading: reading, document: document, notes: notes) }
        if let members = document.members, let declaration = members.last(where: { $0.key.isSameKey(as: Dialect.declarationKey) }),
           !isErlang || declaration.value.string != nil {
            document = DocumentNode(.object(members.filter { $0.key != Dialect.declarationKey }), range: document.range)
            if let name = declaration.value.string, let declared = registry.dialect(named: name) {
                return chosen(DialectReading(declared, .declared))
            }
            let names = registry.names
            let text = declaration.value.string.map { "\"\($0)\"" } ?? declaration.value.kind.phrase
            notes.append(DialectNote(
                kind: .unclear,
                message: "\(text) is not a dialect apns-lint reads, so the definition is checked by its shape",
                help: (declaration.value.string.flatMap { Suggestion.closest(to: $0, in: names) }.map { "did you mean \"\($0)\"? " } ?? "")
                    + "the dialects are \(names.joined(separator: ", "))",
                range: declaration.value.range, pointer: JSONPointer([Dialect.declarationKey])))
        }
        if let given { return chosen(given) }
        if isErlang { return chosen(DialectReading(registry.erlangDefault ?? registry.base, .erlangTerm)) }
        guard let members = document.members else {
            // A list of definitions is an APNs mistake (payload-not-object), unless it is a batch of another system's messages.
            for dialect in registry.others {
                if let elements = document.elements, let shape = dialect.system.shapeEvidence(list: elements) {
                    return chosen(DialectReading(dialect, .shape(shape)))
                }
            }
            return chosen(DialectReading(registry.base, .notAnObject))
        }
        // aps or an envelope make an APNs request (the usual case, told without a set of the keys), unless a system
        // whose messages may hold them where it ignores them (SNS's `aps` beside `default`) has the shape; otherwise
        // keys only one system uses decide. Keys several systems share (alert, body, badge, sound) decide nothing: such
        // a definition is checked as an APNs request.
        if let apnsKey = members.first(where: { APNsDialect.distinctiveKeys.contains($0.key) })?.key {
            if let claimant = registry.others.first(where: { $0.system.claimsAPNsKeys(members) }), let shape = claimant.system.shapeEvidence(members) {
                return chosen(DialectReading(claimant, .shape(shape), weighed: [registry.base]))
            }
            return chosen(apnsKey == PayloadKey.aps.name && registry.base == .apns ? .apnsPayload : DialectReading(registry.base, .apnsKey(apnsKey)))
        }
        let weighing = registry.weigh(members)
        // `aps` misspelt (`APS`), or misspelt as another system's key (`apns` is FCM's): when that is all the evidence for
        // another system, the author meant an APNs payload, and missing-aps says so at the key.
        if let misspelt = members.first(where: isMisspeltAPS), registry.weigh(members.filter { $0.key != misspelt.key }).found.isEmpty {
            return chosen(DialectReading(registry.base, .misspeltAPS(misspelt.key), weighed: weighing.found, isCertain: weighing.found.isEmpty))
        }
        guard let first = weighing.candidates.first else {
            return chosen(DialectReading(registry.base, .noSystemKeys))
        }
        let setAside = weighing.found.filter { $0 != first }
        guard weighing.candidates.count > 1 else {
            return chosen(DialectReading(first, weighing.basis(of: first), weighed: setAside))
        }
        let evidence = weighing.candidates.map { dialect in "\(dialect.title) (\(weighing.evidence(of: dialect)))" }
        let reading = DialectReading(first, weighing.basis(of: first), weighed: setAside, isCertain: false)
        notes.append(DialectNote(
            kind: .unclear,
            message: "this definition mixes the keys of several systems: \(evidence.joined(separator: " and ")); it is \(reading.explanation)",
            help: "say which system sends it with \"dialect\": \"\(first.rawValue)\" (or --dialect, or dialect: in .apns-lint.yml), and remove the other system's keys",
            range: members.first { weighing.candidates[1].distinctiveKeys.contains($0.key) }?.keyRange ?? document.range, pointer: .root))
        return chosen(reading)
    }

    /// A key that is `aps` misspelt (`apns`, `APS`, `Aps`, `aps ` ) and holds what `aps` holds (`alert`, `badge`, …),
    /// none of what an FCM `apns` config holds (`headers`, `payload`, …, in either of FCM's spellings).
    static func isMisspeltAPS(_ member: Member) -> Bool {
        let key = member.key
        guard key != PayloadKey.aps.name, let fields = member.value.members else { return false }
        let folded = key.lowercased().filter { $0.isLetter }
        guard folded == "aps" || folded == "apns" || Suggestion.closest(to: key, in: [PayloadKey.aps.name]) != nil else { return false }
        let apsKeys = Set(APSKey.allCases.map(\.name))
        return fields.contains { apsKeys.contains($0.key) } && !fields.contains { FCMSchema.apns.field(spelledBy: $0.key) != nil }
    }
}

/// The systems whose keys or shape a definition without `aps` or an envelope has.
struct DialectWeighing {
    /// Every system with evidence, in the registry's order.
    let found: [Dialect]
    /// Those that stand after weighing, the likeliest first (`DialectChoice` takes the first, and reports a mix of
    /// several): a system whose only evidence is keys another also reads (FCM's `topic` is node-apn's too, its `data`
    /// Skygear's) gives way to that one.
    let candidates: [Dialect]
    private let keys: Set<String>
    private let shapes: [Dialect: String]

    init(members: [Member], registry: DialectRegistry) {
        keys = Set(members.map(\.key))
        var shapes: [Dialect: String] = [:]
        var found: [Dialect] = []
        for dialect in registry.others {
            let shape = dialect.system.shapeEvidence(members)
            if let shape { shapes[dialect] = shape }
            if shape != nil || !keys.isDisjoint(with: dialect.distinctiveKeys) { found.append(dialect) }
        }
        self.found = found
        self.shapes = shapes
        guard found.count > 1 else {
            candidates = found
            return
        }
        let keys = keys
        let evidence = Dictionary(uniqueKeysWithValues: found.map { ($0, keys.intersection($0.distinctiveKeys)) })
        let recognized = found.filter { shapes[$0] != nil }
        candidates = found.filter { dialect in
            // The one system whose shape the document has keeps its place, whatever keys the others share.
            if recognized == [dialect] { return true }
            return !found.contains { other in
                other != dialect && evidence[dialect]!.isSubset(of: other.ownKeys)
                    && (recognized.contains(other) || !evidence[other]!.isSubset(of: dialect.ownKeys))
            }
        }
    }

    /// The keys that are evidence for `dialect`, in no particular order but sorted.
    func evidenceKeys(of dialect: Dialect) -> [String] {
        keys.intersection(dialect.distinctiveKeys).sorted()
    }

    /// The evidence for `dialect` in words: its keys (`"locArgs"`), else its shape.
    func evidence(of dialect: Dialect) -> String {
        let keys = evidenceKeys(of: dialect)
        return keys.isEmpty ? shapes[dialect] ?? "" : keys.map { "\"\($0)\"" }.joined(separator: ", ")
    }

    func basis(of dialect: Dialect) -> DialectReading.Basis {
        if let shape = shapes[dialect] { return .shape(shape) }
        return .keys(evidenceKeys(of: dialect))
    }
}

extension DialectRegistry {
    func weigh(_ members: [Member]) -> DialectWeighing {
        DialectWeighing(members: members, registry: self)
    }
}
