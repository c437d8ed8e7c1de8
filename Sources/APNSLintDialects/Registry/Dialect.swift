import APNSLintModel
import APNSLintSyntax

/// One of the systems whose definition formats apns-lint reads (`DialectRegistry.standard` lists them): what its
/// users write becomes the APNs request the system sends, keeping the source range of every value, so rules check
/// the real request and point at what the user wrote. A value naming a `DialectSystem`; two are equal when they name
/// the same one.
public struct Dialect: Sendable, Hashable, CustomStringConvertible {
    public let system: any DialectSystem.Type

    public init(_ system: any DialectSystem.Type) {
        self.system = system
    }

    public static func == (lhs: Dialect, rhs: Dialect) -> Bool {
        ObjectIdentifier(lhs.system) == ObjectIdentifier(rhs.system)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(system))
    }

    public var title: String { system.title }
    public var description: String { system.name }
    public var distinctiveKeys: Set<String> { system.distinctiveKeys }
    var ownKeys: Set<String> { system.ownKeys }
    /// Why a definition in this dialect whose translation sends nothing to APNs (`DialectTranslation.sendsAPNs`)
    /// does not, for `render`.
    public var whyNoAPNsRequest: String { system.whyNoAPNsRequest }

    /// The key a definition may use to say its dialect: `"dialect": "node-apn"`.
    public static let declarationKey = "dialect"

    /// The request (and what the system drops or changes) for a document written in this dialect.
    /// - Parameters:
    ///   - source: the text the document was read from (SNS reads the JSON written inside its strings there).
    ///   - term: the Erlang term the document was read from, when it was read from an Erlang file.
    ///   - now: the send time as UNIX seconds, when known (Skygear's ttl and FCM's default expiration become dates).
    func translate(_ document: DocumentNode, source: SourceText = SourceText(""), term: ErlangTerm? = nil, now: Int? = nil) -> DialectTranslation {
        system.translate(DialectInput(document: document, source: source, term: term, now: now))
    }
}

/// `--dialect`, `dialect:` and the configuration read a dialect by its name, from the standard registry.
extension Dialect: RawRepresentable, CaseIterable {
    public var rawValue: String { system.name }

    public init?(rawValue: String) {
        guard let dialect = DialectRegistry.standard.dialect(named: rawValue) else { return nil }
        self = dialect
    }

    public static var allCases: [Dialect] { DialectRegistry.standard.dialects }
}

extension Dialect {
    /// The system a file's name says wrote it, whatever the configuration says: an `.apns` file is one the Simulator
    /// reads.
    public static func implied(byFileName name: String) -> Dialect? {
        DialectRegistry.standard.implied(byFileName: name)
    }

    /// The file extensions only one system's files have (JSON each): the Simulator's `.apns`.
    public static var byFileExtension: [String: Dialect] { DialectRegistry.standard.byFileExtension }
}
