import APNSLintModel
import APNSLintSyntax

/// The one way a dialect builds the APNs request its system sends: the headers, the device token and the payload
/// (`aps`, its alert, the keys beside it), each part keeping the range of what the user wrote, so a finding about
/// `aps.content-available` points at Expo's `_contentAvailable`. A key the system renames, or a value it converts
/// (`true` → 1), is recorded in `dialectRanges` so no fix rewrites it in APNs's spelling; what the system adds itself
/// points at `owner` (a `SystemDefault` when a finding there should say so). A library whose encoder writes the
/// payload whole (node-apn's `JSON.stringify`, jsx) hands it over with `payload(encoded:)`.
struct RequestBuilder {
    /// Where parts the system adds point when nothing written stands for them: an empty range at the definition's start.
    let added: SourceRange
    /// Where what a service adds to one message points: the message's opening bracket (`added` for a library's).
    let owner: SourceRange
    /// Where the message is in the document (`/notifications/0`), for the notes' pointers.
    let path: [String]
    /// The request's headers, in the order they are sent.
    var headers = OrderedMembers()
    private(set) var deviceToken: Member?
    /// `aps`'s keys other than an alert made from separate fields (`alert(_:from:)`), which goes first.
    var aps = OrderedMembers()
    private var alertFields = OrderedMembers()
    /// Where the alert dictionary points: the first alert field written, unless `placeAlert` says otherwise.
    private var alertPlace: (key: SourceRange, value: SourceRange)?
    /// An alert written as a string (gorush's `message` alone).
    private var alertText: Member?
    /// The payload's keys beside `aps`, in order.
    var custom = OrderedMembers()
    /// Where `aps` points and where it sits among the payload's keys; `written` is its value as the user wrote it.
    private var apsPlace: APSPlace
    /// A payload as the system's encoder wrote it, sent as it is.
    private var encodedPayload: DocumentNode?
    var notes: [DialectNote] = []
    private(set) var defaults: [SystemDefault] = []
    private(set) var dialectRanges: [SourceRange] = []

    private struct APSPlace {
        var key: SourceRange
        var value: SourceRange
        /// Its index among the payload's keys (0: first; past the end: after every custom key).
        var index: Int
        var written: DocumentNode?
        /// Whether the payload has `aps` when nothing is set in it (every system but FCM's sends one).
        var isSentEmpty: Bool
    }

    /// A builder for the request `document` sends; for one `message` of several (an Expo batch) at `path`.
    init(for document: DocumentNode, message: DocumentNode? = nil, path: [String] = []) {
        self.init(definitionAt: document.range, message: message, path: path)
    }

    /// A builder for the definition at `range` (an Erlang term's).
    init(definitionAt range: SourceRange, message: DocumentNode? = nil, path: [String] = []) {
        added = .added(at: range.start)
        owner = message.map { SourceRange(start: $0.range.start, end: min($0.range.end, $0.range.start + 1)) } ?? added
        self.path = path
        apsPlace = APSPlace(key: owner, value: owner, index: 0, written: nil, isSentEmpty: true)
    }

    func pointer(_ tokens: String...) -> JSONPointer { JSONPointer(path + tokens) }

    // MARK: - What the user wrote

    /// `member`'s value (or `value`, converted from it) as the request's `name` header.
    mutating func header(_ name: String, from member: Member, value: DocumentNode? = nil) {
        headers.set(placed(name, from: member, value: value))
    }

    /// A header as the user wrote it (FCM's `apns.headers`), beside any of the same name.
    mutating func writtenHeader(_ member: Member) {
        headers.append(member)
    }

    mutating func deviceToken(from member: Member, value: DocumentNode? = nil) {
        deviceToken = Member(key: EnvelopeKey.deviceToken, keyRange: member.keyRange, value: value ?? member.value)
    }

    mutating func aps(_ key: String, from member: Member, value: DocumentNode? = nil) {
        aps.set(placed(key, from: member, value: value))
    }

    /// An `aps` the user wrote (FCM's `apns.payload.aps`): its keys are kept, in order, at its place among `index`
    /// payload keys; a value that is not an object is sent as it is unless something is added to it.
    mutating func writtenAPS(_ member: Member, at index: Int) {
        apsPlace = APSPlace(key: member.keyRange, value: member.value.range, index: index, written: member.value, isSentEmpty: true)
        for key in member.value.members ?? [] { aps.append(key) }
    }

    /// Where `aps` points and sits when the system makes it (`index` past the custom keys: after them, as ADCK
    /// writes it); `isSentEmpty` false leaves it out when nothing is set in it (FCM sends none then).
    mutating func placeAPS(key: SourceRange, value: SourceRange, index: Int = 0, isSentEmpty: Bool = true) {
        apsPlace = APSPlace(key: key, value: value, index: index, written: nil, isSentEmpty: isSentEmpty)
    }

    /// One field of an alert dictionary the system makes from separate fields (Expo's `title`, `body`).
    mutating func alert(_ key: String, from member: Member, value: DocumentNode? = nil) {
        if alertPlace == nil { alertPlace = (member.keyRange, member.value.range) }
        alertFields.set(placed(key, from: member, value: value))
    }

    /// Where the alert dictionary points when the user wrote one (gorush's `alert`, Skygear's `message`).
    mutating func placeAlert(key: SourceRange, value: SourceRange) {
        alertPlace = (key, value)
    }

    mutating func alertIsWritten(at member: Member) {
        placeAlert(key: member.keyRange, value: member.value.range)
    }

    /// The alert as one string (`"aps": {"alert": "Hi"}`), unless a dictionary is made.
    mutating func alertText(from member: Member) {
        alertText = placed("alert", from: member, value: nil)
    }

    mutating func custom(_ key: String, from member: Member, value: DocumentNode? = nil) {
        custom.set(placed(key, from: member, value: value))
    }

    /// A key beside `aps` as the user wrote it, beside any of the same name (ADCK's `other` may hold its own `aps`).
    mutating func writtenCustom(_ member: Member) {
        custom.append(member)
    }

    /// A flag the service sends as 1 when it is `true` (Expo's `mutableContent`, gorush's `content_available`).
    mutating func apsFlag(_ key: String, from member: Member) {
        guard member.value.bool == true else { return }
        aps(key, from: member, value: integer(1, at: member.value.range))
    }

    /// The payload as the system's encoder wrote it, in place of one built from parts.
    mutating func payload(encoded: DocumentNode) {
        encodedPayload = encoded
    }

    /// Ranges a fix must not rewrite in APNs's spelling, beyond those the builder records itself.
    mutating func keepsSpelling(_ ranges: [SourceRange]) {
        dialectRanges += ranges
    }

    private mutating func placed(_ key: String, from member: Member, value: DocumentNode?) -> Member {
        if key != member.key { dialectRanges.append(member.keyRange) }
        if value != nil { dialectRanges.append(member.value.range) }
        return Member(key: key, keyRange: member.keyRange, value: value ?? member.value)
    }

    // MARK: - What the system adds

    /// A header the service sends whatever the message says (or when it says nothing): a finding about it says so.
    mutating func systemHeader(_ name: String, _ value: String, at range: SourceRange? = nil, note: String, help: String) {
        let range = range ?? owner
        headers.set(Member(key: name, keyRange: range, value: DocumentNode(.string(value), range: range)))
        defaults.append(SystemDefault(range: range, pointer: JSONPointer([EnvelopeKey.headers, name]), note: note, help: help))
        dialectRanges.append(range)
    }

    /// A header a library adds itself, at `added` (apns_erlv3's default expiry, Skygear's default priority).
    mutating func addedHeader(_ name: String, _ value: DocumentNode) {
        headers.set(Member(key: name, keyRange: added, value: value.at(added)))
    }

    mutating func removeHeader(_ name: String) {
        headers.remove(name)
        defaults.removeAll { $0.pointer == JSONPointer([EnvelopeKey.headers, name]) }
    }

    var hasAlert: Bool { !alertFields.isEmpty || alertText != nil }

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

    /// Whether the payload has an `aps`.
    var sendsAPS: Bool { apsPlace.isSentEmpty || apsPlace.written != nil || !aps.isEmpty || hasAlert }

    /// The payload: the encoded one, else `aps` (its alert first) among the custom keys.
    func payload(range: SourceRange) -> DocumentNode {
        if let encodedPayload { return encodedPayload }
        var payload = custom.members
        if sendsAPS { payload.insert(apsMember(), at: min(apsPlace.index, payload.count)) }
        return object(payload, range: range)
    }

    private func apsMember() -> Member {
        var apsMembers = aps.members
        if !alertFields.isEmpty, let alertPlace {
            apsMembers.insert(Member(key: "alert", keyRange: alertPlace.key, value: object(alertFields.members, range: alertPlace.value)), at: 0)
        } else if let alertText {
            apsMembers.insert(alertText, at: 0)
        }
        // An aps written as another value than an object is sent as written while nothing is added to it.
        if let written = apsPlace.written, written.members == nil, apsMembers.isEmpty {
            return Member(key: "aps", keyRange: apsPlace.key, value: written)
        }
        return Member(key: "aps", keyRange: apsPlace.key, value: object(apsMembers, range: apsPlace.value))
    }

    /// The envelope `{headers, device-token, payload}`, what is empty left out; the bare payload when there is
    /// nothing but the payload. The envelope's own keys point at `owner`.
    func request(range: SourceRange) -> DocumentNode {
        request(payload: payload(range: range), range: range)
    }

    /// The envelope around `payload` (SNS's payload read from a string).
    func request(payload: DocumentNode, range: SourceRange) -> DocumentNode {
        guard !headers.isEmpty || deviceToken != nil else { return payload }
        var members: [Member] = []
        if !headers.isEmpty { members.append(member(EnvelopeKey.headers, object(headers.members, range: owner), keyRange: owner)) }
        if let deviceToken { members.append(deviceToken) }
        members.append(member(EnvelopeKey.payload, payload, keyRange: owner))
        return DocumentNode(.object(members), range: range)
    }

    // MARK: - Nodes

    /// An object at `range`, else at `added`.
    func object(_ members: [Member], range: SourceRange? = nil) -> DocumentNode {
        DocumentNode(.object(members), range: range ?? added)
    }

    func member(_ key: String, _ value: DocumentNode, keyRange: SourceRange? = nil) -> Member {
        Member(key: key, keyRange: keyRange ?? added, value: value)
    }

    func integer(_ value: Int, at range: SourceRange? = nil) -> DocumentNode {
        DocumentNode(.number(NumberLiteral(text: String(value), isInteger: true)), range: range ?? added)
    }

    /// A string header from a number the user wrote (`"ttl": 3600` → `"apns-expiration": "…"`).
    static func string(_ text: String, at range: SourceRange) -> DocumentNode {
        DocumentNode(.string(text), range: range)
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
    mutating func add(_ request: RequestBuilder, range: SourceRange, sends: Bool = true) {
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

    /// `member` after the others, even when one has its key (a document as written may hold a key twice).
    mutating func append(_ member: Member) {
        members.append(member)
    }

    /// Changes the last member named `key` (the one a JSON reader keeps), if there is one.
    mutating func updateLast(_ key: String, _ change: (inout Member) -> Void) {
        guard let index = members.lastIndex(where: { $0.key == key }) else { return }
        change(&members[index])
    }

    mutating func remove(_ key: String) {
        members.removeAll { $0.key == key }
    }

    var isEmpty: Bool { members.isEmpty }
}

extension DocumentNode {
    /// The same value with another source range.
    func at(_ range: SourceRange) -> DocumentNode {
        DocumentNode(value, range: range)
    }
}
