import APNSLintModel
import APNSLintSyntax

/// One system whose definitions apns-lint reads: everything the rest of the linter knows of it. A dialect is a type
/// conforming to this in a folder of its own, plus one line in `DialectRegistry.standard`; detection, the directory
/// walk's marks, `--dialect`'s values, the configuration schema and the docs' table all iterate the registry.
public protocol DialectSystem: SendableMetatype {
    /// The name `--dialect`, `dialect:` and a definition's `"dialect"` key use (`node-apn`).
    static var name: String { get }
    /// The name people know it by, for messages (`Firebase Cloud Messaging`).
    static var title: String { get }
    /// What its definitions look like and what it sends, one line for the docs' table (Markdown).
    static var docsRow: DialectDocsRow { get }

    // MARK: Evidence

    /// Top-level keys only this system uses among the systems apns-lint reads: one of them is evidence for it.
    static var distinctiveKeys: Set<String> { get }
    /// Every key it reads at the top of a definition, distinctive or shared (FCM's `topic` is node-apn's too): another
    /// system's evidence made only of these keys is not evidence against this one.
    static var ownKeys: Set<String> { get }
    /// What of the definition's shape, beyond its keys, says this system wrote it (FCM's `message` holding a target),
    /// as a phrase for "read as … because …"; nil when its shape says nothing.
    static func shapeEvidence(_ members: [Member]) -> String?
    /// The same for a top-level list (a batch of Expo messages); nil when the list is not its.
    static func shapeEvidence(list elements: [DocumentNode]) -> String?
    /// Whether a definition with `aps` or an envelope's keys is still this system's: its messages may hold them where
    /// it ignores them (SNS's `aps` beside `default`). Asked of every definition with `aps`: look at keys first.
    static func claimsAPNsKeys(_ members: [Member]) -> Bool
    /// Lowercased file extensions only this system's files have (the Simulator's `apns`): such a file is its, whatever
    /// the configuration says.
    static var fileExtensions: Set<String> { get }
    /// Whether an Erlang term file is this system's unless it declares another.
    static var readsErlangTerms: Bool { get }

    // MARK: The directory walk

    /// Whether a document found while walking a directory is one of this system's definitions (most JSON and YAML
    /// files are not notifications, so the words many formats use are not marks on their own).
    static func marksDefinition(_ members: [Member]) -> Bool
    /// Its distinctive keys that are words other formats use too (node-apn's `topic`): not a mark on their own.
    static var commonWords: Set<String> { get }
    /// Keys whose mere presence, written as a key anywhere in a text no reader could read, marks it as a definition.
    static var textMarks: Set<String> { get }
    /// Keys that mark an Erlang term file found in a walk as this system's definition, beside what `marksDefinition`
    /// marks: an Erlang project's other term files (`rebar.config`, `sys.config`) are walked too, so its words are asked
    /// of them, and of a term file the reader could not read whole.
    static var erlangMarks: Set<String> { get }
    /// Keys that may make a text this system's even where its top level could not be kept (the linter then reads it
    /// whole): its distinctive keys, and what else only its messages hold.
    static var serviceTextKeys: Set<String> { get }

    // MARK: The request

    /// The APNs request(s) the system sends for a definition, and what it drops, rewrites or refuses on the way.
    static func translate(_ input: DialectInput) -> DialectTranslation
    /// Why a definition whose translation sends nothing to APNs does not, for `render`.
    static var whyNoAPNsRequest: String { get }
}

extension DialectSystem {
    public static var ownKeys: Set<String> { distinctiveKeys }
    public static func shapeEvidence(_ members: [Member]) -> String? { nil }
    public static func shapeEvidence(list elements: [DocumentNode]) -> String? { nil }
    public static func claimsAPNsKeys(_ members: [Member]) -> Bool { false }
    public static var fileExtensions: Set<String> { [] }
    public static var readsErlangTerms: Bool { false }
    public static func marksDefinition(_ members: [Member]) -> Bool {
        members.contains { distinctiveKeys.contains($0.key) && !commonWords.contains($0.key) }
    }
    public static var commonWords: Set<String> { [] }
    public static var textMarks: Set<String> { [] }
    public static var erlangMarks: Set<String> { [] }
    public static var serviceTextKeys: Set<String> { distinctiveKeys }
    public static var whyNoAPNsRequest: String { "the system sends nothing for it" }
}

/// What a dialect's `translate` reads.
public struct DialectInput: Sendable {
    /// The definition, without its `dialect` declaration.
    public let document: DocumentNode
    /// The text the document was read from (SNS and the Simulator read the JSON written inside strings there).
    public let source: SourceText
    /// The Erlang term the document was read from, when it was (apns_json reads the term itself: atoms, binaries'
    /// bytes, exact numbers); nil for a JSON or YAML document.
    public let term: ErlangTerm?
    /// The send time as UNIX seconds, when known (a service's time to live becomes a date).
    public let now: Int?

    public init(document: DocumentNode, source: SourceText = SourceText(""), term: ErlangTerm? = nil, now: Int? = nil) {
        self.document = document
        self.source = source
        self.term = term
        self.now = now
    }
}

/// A dialect's row in the docs' table of systems.
public struct DialectDocsRow: Sendable {
    /// What a definition looks like (Markdown).
    public let writtenAs: String
    /// Where its format is documented (a URL), the source of its mapping to APNs.
    public let source: String
    /// The page of these docs that describes it.
    public let page: String

    public init(writtenAs: String, source: String, page: String) {
        self.writtenAs = writtenAs
        self.source = source
        self.page = page
    }
}
