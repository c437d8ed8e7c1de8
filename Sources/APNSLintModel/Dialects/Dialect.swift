import APNSLintSyntax

/// The systems whose definition formats apns-lint reads. Each turns what its users write into the APNs request
/// the system sends (and Skygear also into an FCM message), keeping the source range of every value, so rules
/// check the real request and point at what the user wrote.
public enum Dialect: String, Sendable, Hashable, CaseIterable {
    /// The APNs request itself: a payload, or an envelope with headers, device token and payload.
    case apns
    /// Erlang's apns_json / apns_erlv3 notification proplists (the default for Erlang files).
    case apnsJSON = "apns-json"
    /// node-apn's `Notification` fields (`body`, `locArgs`, `payload`, `rawPayload`, `topic`, …).
    case nodeAPN = "node-apn"
    /// The ADCK Ruby gem's `Message` options (`body`, `loc_key`, `truncate`, `validate`, …), sent through the
    /// retired binary interface.
    case adck
    /// Skygear's unified push payload (`message`, `custom`, `platform`, `data`), for APNs and FCM.
    case skygear

    public var title: String {
        switch self {
        case .apns: "APNs request"
        case .apnsJSON: "apns_json (Erlang)"
        case .nodeAPN: "node-apn"
        case .adck: "ADCK"
        case .skygear: "Skygear"
        }
    }

    /// The key a definition may use to say its dialect: `"dialect": "node-apn"`.
    public static let declarationKey = "dialect"

    /// The request (and what the system drops or changes) for a document written in this dialect.
    /// - Parameters:
    ///   - term: the Erlang term the document was derived from, when it was read from an Erlang file: apns_json reads
    ///     the term itself (atoms, binaries' bytes, exact numbers, tuples). A JSON or YAML document declared apns-json
    ///     has none: its term is the one an Erlang programmer writes for it (`ErlangTerm(jsonDocument:)`).
    ///   - now: the send time as UNIX seconds, when known (Skygear's ttl becomes an absolute expiration).
    public func translate(_ document: DocumentNode, term: ErlangTerm? = nil, now: Int? = nil) -> DialectTranslation {
        switch self {
        case .apns: DialectTranslation(request: document)
        case .apnsJSON: ErlangNotification.translate(term ?? ErlangTerm(jsonDocument: document))
        case .nodeAPN: NodeAPNDialect.translate(document)
        case .adck: ADCKDialect.translate(document)
        case .skygear: SkygearDialect.translate(document, now: now)
        }
    }

    /// Keys only this dialect uses at the top of a definition, which tell it apart from the others.
    /// `aps` or an envelope's keys: a definition with one is an APNs request.
    static let apnsKeys: Set<String> = [EnvelopeKey.headers, EnvelopeKey.deviceToken, "aps"]

    public var distinctiveKeys: Set<String> {
        switch self {
        case .apns: Self.apnsKeys
        case .apnsJSON: ["extra"]
        case .nodeAPN: NodeAPNDialect.distinctiveKeys
        case .adck: ADCKDialect.distinctiveKeys
        case .skygear: SkygearDialect.distinctiveKeys
        }
    }
}

/// Where a rule's request goes: APNs, or (for Skygear's Android half) FCM.
public enum DeliveryTarget: String, Sendable, Hashable, CaseIterable {
    case apns, fcm
}

/// Which dialect a document is in, and why.
public struct DialectChoice: Sendable {
    public var dialect: Dialect
    /// The document without its `dialect` declaration.
    public var document: DocumentNode
    /// Problems with the choice: an unknown declared name, or a shape that fits several dialects.
    public var notes: [DialectNote]
    /// True when `document` is the document as written: it declared no dialect, so nothing was taken out of it.
    public var isDocumentAsWritten = true

    /// An APNs request as written, whatever keys it holds (a request body: a `dialect` key in it is custom data).
    public static func apns(asWritten document: DocumentNode) -> DialectChoice {
        DialectChoice(dialect: .apns, document: document, notes: [])
    }

    /// The dialect a definition declares (`"dialect": "adck"`), else the configured one, else the one its shape
    /// shows. Erlang terms are apns_json's unless declared otherwise.
    public static func resolve(_ document: DocumentNode, configured: Dialect?, isErlang: Bool) -> DialectChoice {
        var choice = choose(document, configured: configured, isErlang: isErlang)
        // Only a declaration is ever taken out.
        choice.isDocumentAsWritten = choice.document.members?.count == document.members?.count
        return choice
    }

    private static func choose(_ document: DocumentNode, configured: Dialect?, isErlang: Bool) -> DialectChoice {
        var notes: [DialectNote] = []
        var document = document
        if let members = document.members, let declaration = members.last(where: { $0.key.isSameKey(as: Dialect.declarationKey) }),
           !isErlang || declaration.value.string != nil {
            document = DocumentNode(.object(members.filter { $0.key != Dialect.declarationKey }), range: document.range)
            if let name = declaration.value.string, let declared = Dialect(rawValue: name) {
                return DialectChoice(dialect: declared, document: document, notes: [])
            }
            let names = Dialect.allCases.map(\.rawValue)
            let text = declaration.value.string.map { "\"\($0)\"" } ?? declaration.value.kind.phrase
            notes.append(DialectNote(
                kind: .unclear,
                message: "\(text) is not a dialect apns-lint reads, so the definition is checked by its shape",
                help: (declaration.value.string.flatMap { Suggestion.closest(to: $0, in: names) }.map { "did you mean \"\($0)\"? " } ?? "")
                    + "the dialects are \(names.joined(separator: ", "))",
                range: declaration.value.range, pointer: JSONPointer([Dialect.declarationKey])))
        }
        if let configured { return DialectChoice(dialect: configured, document: document, notes: notes) }
        if isErlang { return DialectChoice(dialect: .apnsJSON, document: document, notes: notes) }
        guard let members = document.members else { return DialectChoice(dialect: .apns, document: document, notes: notes) }
        // aps or an envelope make an APNs request (the usual case, told without a set of the keys); otherwise keys only
        // one system uses decide. Keys several systems share (alert, body, badge, sound) decide nothing: such a
        // definition is checked as an APNs request.
        if members.contains(where: { Dialect.apnsKeys.contains($0.key) }) { return DialectChoice(dialect: .apns, document: document, notes: notes) }
        let keys = Set(members.map { $0.key })
        let candidates = [Dialect.nodeAPN, .adck, .skygear, .apnsJSON].filter { !keys.isDisjoint(with: $0.distinctiveKeys) }
        guard candidates.count > 1 else {
            return DialectChoice(dialect: candidates.first ?? .apns, document: document, notes: notes)
        }
        let evidence = candidates.map { dialect in
            "\(dialect.title) (\(members.filter { dialect.distinctiveKeys.contains($0.key) }.map { "\"\($0.key)\"" }.joined(separator: ", ")))"
        }
        notes.append(DialectNote(
            kind: .unclear,
            message: "this definition mixes the keys of several systems: \(evidence.joined(separator: " and ")); it is checked as \(candidates[0].title)",
            help: "say which system sends it with \"dialect\": \"\(candidates[0].rawValue)\" (or --dialect, or dialect: in .apns-lint.yml), and remove the other system's keys",
            range: members.first { candidates[1].distinctiveKeys.contains($0.key) }?.keyRange ?? document.range, pointer: .root))
        return DialectChoice(dialect: candidates[0], document: document, notes: notes)
    }
}

/// What a dialect makes of a definition.
public struct DialectTranslation: Sendable {
    /// The APNs request: a payload, or an envelope with headers, device token and payload.
    public var request: DocumentNode
    /// Skygear: the FCM v1 message for Android, when the definition sends one.
    public var fcmMessage: DocumentNode?
    /// What the system drops, changes or requires, found while translating.
    public var notes: [DialectNote]
    /// Keys written in the dialect's own spelling (`locArgs` for `loc-args`): a fix must not rename them.
    public var dialectKeyRanges: [SourceRange]
    /// What the system does with every request it sends, whatever the definition says.
    public var capabilities: DialectCapabilities
    /// Why errors are reported as warnings (ADCK's `validate: false`), if they are.
    public var errorsAreWarnings: String?
    /// False when the definition sends nothing to APNs (Skygear with `platform.ios: false`): only the FCM
    /// message is checked.
    public var sendsAPNs: Bool
    /// How the library writes the payload it sends (its JSON encoder), when the dialect is a library's: `render`
    /// prints these bytes and the size rules count them. Nil for a request as written.
    public var encoding: WireEncoding?

    public init(request: DocumentNode, fcmMessage: DocumentNode? = nil, notes: [DialectNote] = [], dialectKeyRanges: [SourceRange] = [],
                capabilities: DialectCapabilities = [], errorsAreWarnings: String? = nil, sendsAPNs: Bool = true,
                encoding: WireEncoding? = nil) {
        self.request = request
        self.fcmMessage = fcmMessage
        self.notes = notes
        self.dialectKeyRanges = dialectKeyRanges
        self.capabilities = capabilities
        self.errorsAreWarnings = errorsAreWarnings
        self.sendsAPNs = sendsAPNs
        self.encoding = encoding
    }

    /// The system sends through the legacy binary interface (2048-byte limit).
    public var usesLegacyBinaryInterface: Bool { capabilities.contains(.legacyBinaryInterface) }
}

/// What a system does with the requests it sends, beyond what a definition says: rules that depend on it read
/// these (a definition in a format with no push-type field cannot be told to set one).
public struct DialectCapabilities: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The format has no field for `apns-push-type`: the system, not the definition, decides the push type.
    public static let decidesPushType = DialectCapabilities(rawValue: 1 << 0)
    /// The system shortens the alert until the payload fits the size limit.
    public static let truncatesToFit = DialectCapabilities(rawValue: 1 << 1)
    /// The system sends through the legacy binary interface (retired March 2021), with its 2048-byte limit.
    public static let legacyBinaryInterface = DialectCapabilities(rawValue: 1 << 2)
}

/// Something a dialect drops, changes or requires, found while building the request. The kind says what it is;
/// the rules layer says which rule reports it.
public struct DialectNote: Sendable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The definition declares a dialect apns-lint does not read, or mixes several systems' keys.
        case unclear
        /// A key the system does not send (not one of its fields, or a value its setter ignores).
        case droppedKey
        /// A key the system requires is missing.
        case missingKey
        /// The system shortens the alert to fit.
        case truncated
        /// The system sends through the retired binary interface.
        case legacyBinaryInterface
        /// The definition sends nothing (Skygear: no platform, or a dry run).
        case notSent
        /// A custom data key the request's own `aps` collides with.
        case reservedDataKey
        /// An alert property the library does not read (apns_json).
        case unknownAlertProperty
        /// A notification property the library does not read (apns_json).
        case unknownNotificationProperty
        /// A value of a type the library cannot send (apns_json's `extra`).
        case invalidValueType
        /// The library's documentation asks for something its code does not enforce, and the definition relies on
        /// the code (ADCK sends `loc_key` without the `loc_args` its README requires).
        case codeDiffersFromDocs
        /// The library throws (or crashes) on the definition: nothing is sent.
        case libraryError
        /// The library sends another value than the one written (a number rounded, a type converted, a value
        /// replaced or added).
        case rewrittenValue
    }

    public let kind: Kind
    public let message: String
    public let help: String
    public let range: SourceRange
    public let pointer: JSONPointer

    public init(kind: Kind, message: String, help: String, range: SourceRange, pointer: JSONPointer) {
        self.kind = kind
        self.message = message
        self.help = help
        self.range = range
        self.pointer = pointer
    }
}

/// Building request documents from what a user wrote: every value keeps its source range; parts the system adds
/// have an empty range at the start of the definition.
struct RequestBuilder {
    /// Where added parts point.
    let added: SourceRange

    init(for document: DocumentNode) {
        added = SourceRange(start: document.range.start, end: document.range.start)
    }

    func object(_ members: [Member], range: SourceRange? = nil) -> DocumentNode {
        DocumentNode(.object(members), range: range ?? added)
    }

    func member(_ key: String, _ value: DocumentNode, keyRange: SourceRange? = nil) -> Member {
        Member(key: key, keyRange: keyRange ?? added, value: value)
    }

    func integer(_ value: Int) -> DocumentNode {
        DocumentNode(.number(NumberLiteral(text: String(value), isInteger: true)), range: added)
    }

    /// The envelope `{headers, device-token, payload}`, leaving out what is empty; a bare payload when there is
    /// nothing but the payload.
    func envelope(headers: [Member], deviceToken: Member?, payload: DocumentNode, range: SourceRange) -> DocumentNode {
        guard !headers.isEmpty || deviceToken != nil else { return payload }
        var members: [Member] = []
        if !headers.isEmpty { members.append(member(EnvelopeKey.headers, object(headers))) }
        if let deviceToken { members.append(deviceToken) }
        members.append(member(EnvelopeKey.payload, payload))
        return DocumentNode(.object(members), range: range)
    }
}

/// Ordered members with unique keys: a later set replaces the value where the key first appeared, as a
/// JavaScript or Ruby object keeps insertion order.
struct OrderedMembers {
    private(set) var members: [Member] = []

    subscript(key: String) -> Member? {
        members.first { $0.key == key }
    }

    mutating func set(_ member: Member) {
        if let index = members.firstIndex(where: { $0.key == member.key }) {
            members[index] = member
        } else {
            members.append(member)
        }
    }

    mutating func remove(_ key: String) {
        members.removeAll { $0.key == key }
    }

    var isEmpty: Bool { members.isEmpty }
}
