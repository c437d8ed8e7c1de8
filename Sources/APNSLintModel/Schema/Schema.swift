import APNSLintSyntax

/// The JSON type a key expects.
public enum ValueType: Sendable, Hashable {
    case string
    case integer
    case number
    case boolean
    case object
    /// A dictionary, also when written as a proplist (`aps`).
    case objectOrProplist
    case stringArray
    /// A string, or `null` (legacy `action-loc-key: null` means "a single OK button").
    case nullableString
    /// A number; `1` is the only meaningful value. Rules own the exact checks (`content-available-not-1`).
    case flag
    /// `alert`: a string or a dictionary.
    case stringOrObject
    /// A header value: a string as on the wire.
    case headerString
    /// A numeric header value: a number, or a string of digits as on the wire.
    case headerInteger

    @inline(__always) public func accepts(_ node: DocumentNode) -> Bool {
        // The type first, then a look at the value in place: a `switch` over `(self, node.value)` would copy the value
        // (a retain), and this runs for every field of every definition.
        switch self {
        case .flag: return true
        case .string, .headerString:
            if case .string = node.value { return true }
        case .integer:
            if case .number(let number) = node.value { return number.isInteger }
        case .number:
            if case .number = node.value { return true }
        case .boolean:
            if case .bool = node.value { return true }
        case .object:
            if case .object = node.value { return true }
        case .objectOrProplist, .stringOrObject:
            switch node.value {
            case .object: return true
            case .string: return self == .stringOrObject
            case .array: return Proplist.members(of: node) != nil
            default: return false
            }
        case .stringArray:
            if case .array(let elements) = node.value { return elements.allSatisfy { $0.string != nil } }
        case .nullableString:
            switch node.value {
            case .string, .null: return true
            default: return false
            }
        case .headerInteger:
            switch node.value {
            case .number(let number): return number.isInteger
            case .string(let text): return Int(text) != nil
            default: return false
            }
        }
        return false
    }

    /// "a string", "an array of strings", ... for messages.
    public var phrase: String {
        switch self {
        case .string, .headerString: "a string"
        case .integer: "an integer"
        case .number: "a number"
        case .boolean: "a boolean"
        case .object, .objectOrProplist: "a dictionary (JSON object)"
        case .stringArray: "an array of strings"
        case .nullableString: "a string or null"
        case .flag: "the number 1"
        case .stringOrObject: "a string or a dictionary"
        case .headerInteger: "an integer (a number, or a string of digits)"
        }
    }
}

/// A key the schema knows: its name and the type APNs expects.
public struct KeySpec: Sendable, Hashable {
    public let name: String
    public let type: ValueType

    public init(_ name: String, _ type: ValueType) {
        self.name = name
        self.type = type
    }
}

/// Every key APNs documents, per dictionary (../shared/reference/apns-spec.md §1–§2), as the binder looks them up:
/// each list is its enum's cases, in order, so entry `i` of `Schema.aps` is `APSKey(rawValue: i)`.
public enum Schema {
    public static let aps = KeyList(APSKey.specs)
    public static let alert = KeyList(AlertKey.specs)
    public static let sound = KeyList(SoundKey.specs)
    /// Names are compared case-insensitively.
    public static let headers = KeyList(HeaderKey.specs)
    public static let payload = KeyList(PayloadKey.specs)
    public static let envelope = KeyList(EnvelopeField.specs)
    /// Every name above (literals all), for a reader to hand out instead of making a string for each key it reads.
    public static let vocabulary = KeyVocabulary([aps, alert, sound, headers, payload, envelope].flatMap { $0.map(\.name) })
}

/// The keys of one dictionary a schema knows, in a buffer made once and kept for the life of the process (each list is
/// a `static let`). Not an array: every field set holds its schema's list, and an array's storage is reference
/// counted, so the threads of a parallel run all wrote the same count, two atomic operations a set (perf: the first
/// source of contention between threads). This holds a pointer and nothing to count.
// Unchecked: the buffer is never written after it is made, and never freed.
public struct KeyList: @unchecked Sendable, RandomAccessCollection, Hashable {
    let buffer: UnsafeBufferPointer<KeySpec>

    /// A list of `specs` that is never freed: for the schema's static lists only.
    package init(_ specs: [KeySpec]) {
        let storage = UnsafeMutableBufferPointer<KeySpec>.allocate(capacity: specs.count)
        _ = storage.initialize(from: specs)
        buffer = UnsafeBufferPointer(storage)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { buffer.count }
    public subscript(position: Int) -> KeySpec { buffer[position] }

    /// The entry for `name`, if the schema knows it (keys compared by length first).
    public func index(of name: String) -> Int? {
        buffer.firstIndex { $0.name.isSameKey(as: name) }
    }

    public static func == (lhs: KeyList, rhs: KeyList) -> Bool { lhs.buffer.baseAddress == rhs.buffer.baseAddress }
    public func hash(into hasher: inout Hasher) { hasher.combine(buffer.baseAddress) }
}

/// The documented headers' names, for code that writes them.
public enum HeaderName {
    public static let pushType = HeaderKey.pushType.name
    public static let priority = HeaderKey.priority.name
    public static let topic = HeaderKey.topic.name
    public static let id = HeaderKey.id.name
    public static let expiration = HeaderKey.expiration.name
    public static let collapseID = HeaderKey.collapseID.name
}

/// The envelope's keys' names, for code that writes them.
public enum EnvelopeKey {
    public static let payload = EnvelopeField.payload.name
    public static let headers = EnvelopeField.headers.name
    public static let deviceToken = EnvelopeField.deviceToken.name
    public static let environment = EnvelopeField.environment.name
    public static let response = EnvelopeField.response.name
}

/// The values of `apns-push-type` (§2.4).
public enum PushType: String, Sendable, CaseIterable {
    case alert, background, location, voip, complication, fileprovider, mdm, liveactivity, pushtotalk, widgets, controls

    /// The type's place in `allCases`, for tables indexed by push type (its spec, a rule plan's subscribers): a switch,
    /// since hashing a push type, as a dictionary would, hashes its name.
    @inlinable
    package var ordinal: Int {
        switch self {
        case .alert: 0
        case .background: 1
        case .location: 2
        case .voip: 3
        case .complication: 4
        case .fileprovider: 5
        case .mdm: 6
        case .liveactivity: 7
        case .pushtotalk: 8
        case .widgets: 9
        case .controls: 10
        }
    }
}
