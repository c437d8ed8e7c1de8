import APNSLintModel
import APNSLintSyntax

/// The systems whose definition formats apns-lint reads. Each turns what its users write into the APNs request
/// the system sends (and Skygear and FCM also into an FCM message), keeping the source range of every value, so
/// rules check the real request and point at what the user wrote.
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
    /// A Firebase Cloud Messaging HTTP v1 send request (`{"message": {"token", "notification", "apns", …}}`), or
    /// a body of the legacy HTTP API that Google shut down (`to`, `registration_ids`).
    case fcm
    /// An Amazon SNS `Publish` message with `MessageStructure` json: platform keys (`APNS`, `APNS_SANDBOX`, …)
    /// whose values are the payloads as JSON strings, or the `Publish` request around one.
    case sns
    /// An Xcode Simulator `.apns` file: a payload with the app's bundle id under "Simulator Target Bundle", dropped on
    /// the Simulator or passed to `xcrun simctl push`.
    case simulator
    /// An Expo push message (or an array of them) for Expo's push service (`to`, `title`, `_contentAvailable`, …).
    case expo
    /// A OneSignal create-notification body (`app_id`, `contents`, `ios_badgeType`, …), its iOS side.
    case oneSignal = "onesignal"
    /// A gorush push request (`{"notifications": [{"platform": 1, "tokens": […], …}]}`).
    case gorush

    public var title: String {
        switch self {
        case .apns: "APNs request"
        case .apnsJSON: "apns_json (Erlang)"
        case .nodeAPN: "node-apn"
        case .adck: "ADCK"
        case .skygear: "Skygear"
        case .fcm: "Firebase Cloud Messaging"
        case .sns: "Amazon SNS"
        case .simulator: "Simulator .apns file"
        case .expo: "Expo push service"
        case .oneSignal: "OneSignal"
        case .gorush: "gorush"
        }
    }

    /// The key a definition may use to say its dialect: `"dialect": "node-apn"`.
    public static let declarationKey = "dialect"

    /// The request (and what the system drops or changes) for a document written in this dialect.
    /// - Parameters:
    ///   - source: the text the document was read from (SNS reads the JSON written inside its strings there).
    ///   - term: the Erlang term the document was derived from, when it was read from an Erlang file: apns_json reads
    ///     the term itself (atoms, binaries' bytes, exact numbers, tuples). A JSON or YAML document declared apns-json
    ///     has none: its term is the one an Erlang programmer writes for it (`ErlangTerm(jsonDocument:)`).
    ///   - now: the send time as UNIX seconds, when known (Skygear's ttl and FCM's default expiration become dates).
    func translate(_ document: DocumentNode, source: SourceText = SourceText(""), term: ErlangTerm? = nil, now: Int? = nil) -> DialectTranslation {
        switch self {
        case .apns: DialectTranslation(request: document)
        case .apnsJSON: ErlangNotification.translate(term ?? ErlangTerm(jsonDocument: document))
        case .nodeAPN: NodeAPNDialect.translate(document)
        case .adck: ADCKDialect.translate(document)
        case .skygear: SkygearDialect.translate(document, now: now)
        case .fcm: FCMDialect.translate(document, now: now)
        case .sns: SNSDialect.translate(document, source: source)
        case .simulator: SimulatorDialect.translate(document, source: source)
        case .expo: ExpoDialect.translate(document, now: now)
        case .oneSignal: OneSignalDialect.translate(document, now: now)
        case .gorush: GorushDialect.translate(document)
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
        case .fcm: FCMDialect.distinctiveKeys
        case .sns: SNSDialect.distinctiveKeys
        case .simulator: [SimulatorDialect.targetBundleKey]
        case .expo: ExpoDialect.distinctiveKeys
        case .oneSignal: OneSignalDialect.distinctiveKeys
        case .gorush: GorushDialect.distinctiveKeys
        }
    }

    /// Every key this dialect reads at the top of a definition, distinctive or shared with others (FCM's `topic` and
    /// `data`): another dialect's evidence made only of these keys is not evidence against this one.
    var ownKeys: Set<String> {
        switch self {
        case .skygear: Set(SkygearDialect.topLevelKeys)
        case .fcm: FCMDialect.ownKeys
        case .sns: SNSDialect.ownKeys
        case .expo: ExpoDialect.ownKeys
        case .oneSignal: OneSignalDialect.ownKeys
        default: distinctiveKeys
        }
    }

    /// Whether the document's shape, beyond its keys, says this dialect wrote it: FCM's `message` holds a target or a
    /// platform's config (Skygear's holds a title), SNS's platform keys may be written in the wrong case.
    func recognizes(_ members: [Member]) -> Bool {
        switch self {
        case .fcm: FCMDialect.recognizes(members)
        case .sns: SNSDialect.recognizes(members)
        case .expo: ExpoDialect.recognizes(members)
        default: false
        }
    }
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

    /// The dialect a definition declares (`"dialect": "adck"`), else the one its file's name says (an `.apns` file is
    /// the Simulator's), else the configured one, else the one its shape shows. Erlang terms are apns_json's unless
    /// declared otherwise.
    public static func resolve(_ document: DocumentNode, configured: Dialect?, isErlang: Bool, fileName: String? = nil) -> DialectChoice {
        var choice = choose(document, configured: fileName.flatMap(Dialect.implied(byFileName:)) ?? configured, isErlang: isErlang)
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
        guard let members = document.members else {
            // A list of definitions is an APNs mistake (payload-not-object), unless it is a batch of Expo messages.
            let isExpoBatch = document.elements.map(ExpoDialect.recognizes(list:)) ?? false
            return DialectChoice(dialect: isExpoBatch ? .expo : .apns, document: document, notes: notes)
        }
        // aps or an envelope make an APNs request (the usual case, told without a set of the keys); otherwise keys only
        // one system uses decide. Keys several systems share (alert, body, badge, sound) decide nothing: such a
        // definition is checked as an APNs request.
        // An SNS message may hold `aps` where SNS ignores it: its `default` beside it says it is SNS's.
        if members.contains(where: { Dialect.apnsKeys.contains($0.key) }), !Dialect.sns.recognizes(members) {
            return DialectChoice(dialect: .apns, document: document, notes: notes)
        }
        let candidates = Dialect.candidates(for: members)
        guard candidates.count > 1 else {
            return DialectChoice(dialect: candidates.first ?? .apns, document: document, notes: notes)
        }
        let evidence = candidates.map { dialect in
            "\(dialect.title) (\(members.filter { dialect.distinctiveKeys.contains($0.key) || dialect.recognizes([$0]) }.map { "\"\($0.key)\"" }.joined(separator: ", ")))"
        }
        notes.append(DialectNote(
            kind: .unclear,
            message: "this definition mixes the keys of several systems: \(evidence.joined(separator: " and ")); it is checked as \(candidates[0].title)",
            help: "say which system sends it with \"dialect\": \"\(candidates[0].rawValue)\" (or --dialect, or dialect: in .apns-lint.yml), and remove the other system's keys",
            range: members.first { candidates[1].distinctiveKeys.contains($0.key) }?.keyRange ?? document.range, pointer: .root))
        return DialectChoice(dialect: candidates[0], document: document, notes: notes)
    }
}

extension Dialect {
    /// The system a file's name says wrote it, whatever the configuration says: an `.apns` file is one the Simulator
    /// reads.
    public static func implied(byFileName name: String) -> Dialect? {
        guard let dot = name.lastIndex(of: "."), !name[dot...].contains("/") else { return nil }
        return byFileExtension[name[name.index(after: dot)...].lowercased()]
    }

    /// The file extensions only one system's files have (JSON each): the Simulator's `.apns`.
    public static let byFileExtension = [SimulatorDialect.fileExtension: Dialect.simulator]

    /// Why a definition in this dialect whose translation sends nothing to APNs (`DialectTranslation.sendsAPNs`)
    /// does not, for `render`.
    public var whyNoAPNsRequest: String {
        switch self {
        case .skygear: "its platform.ios is false (render --target fcm prints its FCM message)"
        case .fcm: "FCM refuses an apns.payload without aps, and for a data message with no apns payload its documentation does not say what an Apple device gets (render --target fcm prints the FCM request)"
        case .sns: "the message has no payload for an Apple platform (APNS, APNS_SANDBOX, …) and no default text, or SNS refuses it"
        case .expo: "it holds no push message (Expo takes an object, or an array of them)"
        case .gorush: "it holds no iOS notification (platform 1) gorush sends: gorush refuses the request, or every notification is for another platform"
        default: "the system sends nothing for it"
        }
    }
}

extension Dialect {
    /// The systems whose keys a definition without `aps` or an envelope holds, the likeliest first (`DialectChoice`
    /// takes the first, and reports a mix of several). A system is a candidate when the document holds a key only it
    /// uses, or has its shape (FCM's `message` holding a target, SNS's `default` beside a platform key); a candidate
    /// whose only evidence is keys another candidate also reads (FCM's `topic` is node-apn's too, its `data`
    /// Skygear's) gives way to that one.
    static func candidates(for members: [Member]) -> [Dialect] {
        let keys = Set(members.map { $0.key })
        let found = [Dialect.fcm, .sns, .expo, .oneSignal, .gorush, .simulator, .nodeAPN, .adck, .skygear, .apnsJSON].filter { $0.recognizes(members) || !keys.isDisjoint(with: $0.distinctiveKeys) }
        guard found.count > 1 else { return found }
        let evidence = Dictionary(uniqueKeysWithValues: found.map { ($0, keys.intersection($0.distinctiveKeys)) })
        let recognized = found.filter { $0.recognizes(members) }
        return found.filter { dialect in
            // The one system whose shape the document has keeps its place, whatever keys the others share.
            if recognized == [dialect] { return true }
            return !found.contains { other in
                other != dialect && evidence[dialect]!.isSubset(of: other.ownKeys)
                    && (recognized.contains(other) || !evidence[other]!.isSubset(of: dialect.ownKeys))
            }
        }
    }
}

/// What a dialect makes of a definition.
public struct DialectTranslation: Sendable {
    /// The system that wrote the definition (set by the dialect stage).
    public internal(set) var dialect: Dialect = .apns
    /// True when the definition was translated as read: no `dialect` declaration was taken out of it.
    public internal(set) var isDocumentAsWritten = true
    /// The APNs request: a payload, or an envelope with headers, device token and payload.
    public var request: DocumentNode
    /// The FCM v1 message the definition sends (Skygear for Android; an FCM request itself), when it sends one.
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
    /// What only the push services' translations have, behind one reference that is nil for every other: a
    /// translation is made and copied on every lint, and these five fields copied one by one cost the plain APNs
    /// request 3% more instructions (callgrind).
    private let services: ServiceParts?

    private final class ServiceParts: Sendable {
        let additionalRequests: [DocumentNode]
        let fcmRequest: DocumentNode?
        let systemDefaults: [SystemDefault]
        let embeddedTexts: [EmbeddedText]
        let embeddedProblems: [SyntaxProblem]
        let findingsAreAdvice: String?

        init(additionalRequests: [DocumentNode], fcmRequest: DocumentNode?, systemDefaults: [SystemDefault], embeddedTexts: [EmbeddedText],
             embeddedProblems: [SyntaxProblem], findingsAreAdvice: String?) {
            self.additionalRequests = additionalRequests
            self.fcmRequest = fcmRequest
            self.systemDefaults = systemDefaults
            self.embeddedTexts = embeddedTexts
            self.embeddedProblems = embeddedProblems
            self.findingsAreAdvice = findingsAreAdvice
        }
    }

    /// More APNs requests the same definition sends (an SNS message with both `APNS` and `APNS_SANDBOX`), each
    /// checked as the first is.
    public var additionalRequests: [DocumentNode] { services?.additionalRequests ?? [] }
    /// The FCM request around the message (`{"validate_only": …, "message": …}`), when the definition is one.
    public var fcmRequest: DocumentNode? { services?.fcmRequest }
    /// Values the system sets when the definition does not (FCM's `apns-priority` 10): where each points, and what
    /// a finding about it says.
    public var systemDefaults: [SystemDefault] { services?.systemDefaults ?? [] }
    /// Text read from inside the definition's strings (SNS's payloads): a fix there is written back escaped.
    public var embeddedTexts: [EmbeddedText] { services?.embeddedTexts ?? [] }
    /// What the reader found wrong in that text, at the file's offsets.
    public var embeddedProblems: [SyntaxProblem] { services?.embeddedProblems ?? [] }
    /// Why every finding but the system's own notes is advice (info): the definition is sent nowhere as it stands
    /// (FCM's legacy HTTP API), and what it would have sent is shown for the move to what replaced it.
    public var findingsAreAdvice: String? { services?.findingsAreAdvice }

    public init(request: DocumentNode, additionalRequests: [DocumentNode] = [], fcmMessage: DocumentNode? = nil,
                fcmRequest: DocumentNode? = nil, notes: [DialectNote] = [], dialectKeyRanges: [SourceRange] = [],
                systemDefaults: [SystemDefault] = [], embeddedTexts: [EmbeddedText] = [], embeddedProblems: [SyntaxProblem] = [],
                capabilities: DialectCapabilities = [], errorsAreWarnings: String? = nil, findingsAreAdvice: String? = nil,
                sendsAPNs: Bool = true, encoding: WireEncoding? = nil) {
        self.request = request
        self.fcmMessage = fcmMessage
        self.notes = notes
        self.dialectKeyRanges = dialectKeyRanges
        self.capabilities = capabilities
        self.errorsAreWarnings = errorsAreWarnings
        self.sendsAPNs = sendsAPNs
        self.encoding = encoding
        let isService = !additionalRequests.isEmpty || fcmRequest != nil || !systemDefaults.isEmpty || !embeddedTexts.isEmpty
            || !embeddedProblems.isEmpty || findingsAreAdvice != nil
        services = isService ? ServiceParts(additionalRequests: additionalRequests, fcmRequest: fcmRequest, systemDefaults: systemDefaults,
                                            embeddedTexts: embeddedTexts, embeddedProblems: embeddedProblems,
                                            findingsAreAdvice: findingsAreAdvice) : nil
    }

    /// Every APNs request the definition sends, the first first.
    public var requests: [DocumentNode] { [request] + additionalRequests }

    /// The system sends through the legacy binary interface (2048-byte limit).
    public var usesLegacyBinaryInterface: Bool { capabilities.contains(.legacyBinaryInterface) }

    /// The default a finding at `range` and `pointer` is about, if any.
    public func systemDefault(at range: SourceRange?, pointer: JSONPointer) -> SystemDefault? {
        guard let range, !systemDefaults.isEmpty else { return nil }
        return systemDefaults.first { $0.range == range && $0.pointer == pointer }
    }

    /// The innermost embedded text whose string holds `range`.
    public func embeddedText(holding range: SourceRange) -> EmbeddedText? {
        embeddedTexts.filter { $0.fileRange.start <= range.start && range.end <= $0.fileRange.end && $0.fileRange != range }
            .min { $0.fileRange.length < $1.fileRange.length }
    }
}

/// A value the system puts in the request when the definition leaves it out: its member in the request points at
/// `range` (the object the user wrote that the system fills in: FCM's `apns`, else `message`), and a finding there
/// gets `note` and no fix (there is no value in the file to rewrite).
public struct SystemDefault: Sendable, Hashable {
    public let range: SourceRange
    /// Where the value is in the request (`/headers/apns-priority`): several defaults may point at one object.
    public let pointer: JSONPointer
    public let note: String
    /// How to write the value explicitly.
    public let help: String

    public init(range: SourceRange, pointer: JSONPointer, note: String, help: String) {
        self.range = range
        self.pointer = pointer
        self.note = note
        self.help = help
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
