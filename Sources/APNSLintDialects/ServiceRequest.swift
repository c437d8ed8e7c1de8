import APNSLintModel
import APNSLintSyntax

/// The APNs request a push service (Expo, OneSignal, gorush) builds from one message written in its own fields. Each
/// part keeps the range of what the user wrote, so a finding about `aps.content-available` points at Expo's
/// `_contentAvailable`; a key the service renames, or a value it converts (`true` → 1), is recorded so no fix rewrites
/// it in APNs's spelling; and what the service adds itself is a `SystemDefault`, pointing at `owner`.
struct ServiceRequest {
    let build: RequestBuilder
    /// Where the message is in the document (`/notifications/0`), for the notes' pointers.
    let path: [String]
    /// Where what the service adds points: the message's opening bracket.
    let owner: SourceRange
    private(set) var headers = OrderedMembers()
    private(set) var aps = OrderedMembers()
    private(set) var alert = OrderedMembers()
    /// Where the alert dictionary points when the service makes one from separate fields (Expo's `title`, `body`).
    private var alertRange: (key: SourceRange, value: SourceRange)?
    /// An alert written as a string (gorush's `message` alone).
    private var alertText: Member?
    /// Keys beside `aps`.
    private(set) var custom = OrderedMembers()
    var notes: [DialectNote] = []
    private(set) var defaults: [SystemDefault] = []
    private(set) var dialectRanges: [SourceRange] = []

    init(message: DocumentNode, in document: DocumentNode, path: [String]) {
        build = RequestBuilder(for: document)
        self.path = path
        owner = SourceRange(start: message.range.start, end: min(message.range.end, message.range.start + 1))
    }

    func pointer(_ tokens: String...) -> JSONPointer { JSONPointer(path + tokens) }

    // MARK: - What the user wrote

    /// `member`'s value (or `value`, converted from it) as the request's `name` header.
    mutating func header(_ name: String, from member: Member, value: DocumentNode? = nil) {
        headers.set(placed(name, from: member, value: value))
    }

    mutating func aps(_ key: String, from member: Member, value: DocumentNode? = nil) {
        aps.set(placed(key, from: member, value: value))
    }

    mutating func alert(_ key: String, from member: Member, value: DocumentNode? = nil) {
        if alertRange == nil { alertRange = (member.keyRange, member.value.range) }
        alert.set(placed(key, from: member, value: value))
    }

    /// Where the alert dictionary points when the user wrote one (gorush's `alert`).
    mutating func alertIsWritten(at member: Member) {
        alertRange = (member.keyRange, member.value.range)
    }

    /// The alert as one string (`"aps": {"alert": "Hi"}`), unless a dictionary is made.
    mutating func alertText(from member: Member) {
        alertText = placed("alert", from: member, value: nil)
    }

    mutating func custom(_ key: String, from member: Member, value: DocumentNode? = nil) {
        custom.set(placed(key, from: member, value: value))
    }

    /// A flag the service sends as 1 when it is `true` (Expo's `mutableContent`, gorush's `content_available`).
    mutating func apsFlag(_ key: String, from member: Member) {
        guard member.value.bool == true else { return }
        aps(key, from: member, value: DocumentNode(.number(NumberLiteral(text: "1", isInteger: true)), range: member.value.range))
    }

    /// A string header from a number the user wrote (`"ttl": 3600` → `"apns-expiration": "…"`).
    static func string(_ text: String, at range: SourceRange) -> DocumentNode {
        DocumentNode(.string(text), range: range)
    }

    private mutating func placed(_ key: String, from member: Member, value: DocumentNode?) -> Member {
        if key != member.key { dialectRanges.append(member.keyRange) }
        if value != nil { dialectRanges.append(member.value.range) }
        return Member(key: key, keyRange: member.keyRange, value: value ?? member.value)
    }

    // MARK: - What the service adds

    /// A header the service sends whatever the message says (or when it says nothing): a finding about it says so.
    mutating func systemHeader(_ name: String, _ value: String, at range: SourceRange? = nil, note: String, help: String) {
        let range = range ?? owner
        headers.set(Member(key: name, keyRange: range, value: DocumentNode(.string(value), range: range)))
        defaults.append(SystemDefault(range: range, pointer: JSONPointer([EnvelopeKey.headers, name]), note: note, help: help))
        dialectRanges.append(range)
    }

    mutating func removeHeader(_ name: String) {
        headers.remove(name)
        defaults.removeAll { $0.pointer == JSONPointer([EnvelopeKey.headers, name]) }
    }

    var hasAlert: Bool { !alert.isEmpty || alertText != nil }

    // MARK: - Notes

    /// A key the service does not read: reported with the closest of `known`, as an error when the key's meaning is
    /// plain and the push cannot work without it (`content-available` for Expo's `_contentAvailable`).
    mutating func dropped(_ member: Member, system: String, known: [String], meant: [String: String] = [:]) {
        let lowered = member.key.lowercased().filter { $0.isLetter }
        if let intended = meant[lowered] {
            notes.append(DialectNote(
                kind: .droppedKey,
                message: "\(system) does not read \"\(member.key)\": the request goes out without it, so what it asks for does not happen",
                help: "write \(intended)",
                range: member.keyRange, pointer: pointer(member.key), severity: .error))
            return
        }
        let suggestion = Suggestion.closest(to: member.key, in: known).map { "did you mean \"\($0)\"? " } ?? ""
        notes.append(DialectNote(
            kind: .droppedKey,
            message: "\"\(member.key)\" is not a field \(system) reads for an Apple device, so nothing of it is sent",
            help: suggestion + "remove it, or write it as one of \(system)'s fields",
            range: member.keyRange, pointer: pointer(member.key)))
    }

    mutating func note(_ kind: DialectNote.Kind, _ message: String, help: String, at range: SourceRange, pointer: JSONPointer,
                       severity: Severity? = nil) {
        notes.append(DialectNote(kind: kind, message: message, help: help, range: range, pointer: pointer, severity: severity))
    }

    // MARK: - The request

    /// The envelope (headers and payload), the payload's `aps` first.
    func request(range: SourceRange) -> DocumentNode {
        var apsMembers = aps.members
        if !alert.isEmpty, let alertRange {
            apsMembers.insert(Member(key: "alert", keyRange: alertRange.key, value: build.object(alert.members, range: alertRange.value)), at: 0)
        } else if let alertText {
            apsMembers.insert(alertText, at: 0)
        }
        let payload = build.object([build.member("aps", build.object(apsMembers, range: owner), keyRange: owner)] + custom.members, range: range)
        guard !headers.isEmpty else { return payload }
        // A finding about a header the message does not set points at the message.
        return build.object([build.member(EnvelopeKey.headers, build.object(headers.members, range: owner), keyRange: owner),
                             build.member(EnvelopeKey.payload, payload, keyRange: owner)], range: range)
    }
}

/// The requests of a body holding several messages (an Expo batch, a gorush request), in order: each is checked as
/// the first is.
struct ServiceBatch {
    private var requests: [DocumentNode] = []
    var notes: [DialectNote] = []
    private var defaults: [SystemDefault] = []
    private var dialectRanges: [SourceRange] = []

    /// Adds what `request` found, and its APNs request unless nothing is sent for it.
    mutating func add(_ request: ServiceRequest, range: SourceRange, sends: Bool = true) {
        if sends { requests.append(request.request(range: range)) }
        notes += request.notes
        defaults += request.defaults
        dialectRanges += request.dialectRanges
    }

    func translation(of document: DocumentNode, capabilities: DialectCapabilities = []) -> DialectTranslation {
        DialectTranslation(
            request: requests.first ?? DocumentNode(.object([]), range: document.range), additionalRequests: Array(requests.dropFirst()),
            notes: notes, dialectKeyRanges: dialectRanges, systemDefaults: defaults, capabilities: capabilities, sendsAPNs: !requests.isEmpty)
    }
}

/// The JSON types a service's field takes, as the service's decoder reads them.
enum ServiceValueType: Sendable {
    case string, bool, integer, number, object, array, stringArray, any

    func admits(_ node: DocumentNode) -> Bool {
        switch self {
        case .string: node.string != nil
        case .bool: node.bool != nil
        case .integer: node.kind == .integer
        case .number: node.number != nil
        case .object: node.members != nil
        case .array: node.elements != nil
        case .stringArray: node.elements.map { $0.allSatisfy { $0.string != nil } } ?? false
        case .any: true
        }
    }

    var phrase: String {
        switch self {
        case .string: "a string"
        case .bool: "true or false"
        case .integer: "an integer"
        case .number: "a number"
        case .object: "an object"
        case .array: "an array"
        case .stringArray: "an array of strings"
        case .any: "any value"
        }
    }
}
