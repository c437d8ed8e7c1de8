import APNSLintModel
import APNSLintSyntax

/// What a dialect makes of a definition.
public struct DialectTranslation: Sendable {
    /// The system that wrote the definition (set with `reading`; kept apart, since every lint asks it several times
    /// and a `Dialect` is copied with no reference to count).
    public private(set) var dialect = Dialect(APNsDialect.self)
    /// Which system wrote the definition, and why (set by the dialect stage; a request body's when it sets none).
    public internal(set) var reading: DialectReading {
        get { readingSet ?? .requestBody }
        set {
            readingSet = newValue
            dialect = newValue.dialect
        }
    }
    /// Nil for a request body: the translation made on every `lint(payload:)` holds no reference for it.
    private var readingSet: DialectReading?
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
        let unsentPayloads: [DocumentNode]
        let fcmRequest: DocumentNode?
        let systemDefaults: [SystemDefault]
        let embeddedTexts: [EmbeddedText]
        let embeddedProblems: [SyntaxProblem]
        let findingsAreAdvice: String?

        init(additionalRequests: [DocumentNode], unsentPayloads: [DocumentNode], fcmRequest: DocumentNode?, systemDefaults: [SystemDefault],
             embeddedTexts: [EmbeddedText], embeddedProblems: [SyntaxProblem], findingsAreAdvice: String?) {
            self.additionalRequests = additionalRequests
            self.unsentPayloads = unsentPayloads
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
    /// Requests the author meant that the system does not send as written (an SNS platform's payload written as an
    /// object, which SNS ignores): checked as the request they would be once written as the system reads them, so what
    /// is wrong inside is reported too, but never rendered, and never what the device gets.
    public var unsentRequests: [DocumentNode] { services?.unsentPayloads ?? [] }
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

    public init(request: DocumentNode, additionalRequests: [DocumentNode] = [], unsentRequests: [DocumentNode] = [], fcmMessage: DocumentNode? = nil,
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
        let isService = !additionalRequests.isEmpty || !unsentRequests.isEmpty || fcmRequest != nil || !systemDefaults.isEmpty || !embeddedTexts.isEmpty
            || !embeddedProblems.isEmpty || findingsAreAdvice != nil
        services = isService ? ServiceParts(additionalRequests: additionalRequests, unsentPayloads: unsentRequests, fcmRequest: fcmRequest, systemDefaults: systemDefaults,
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
