/// A key of one of the dictionaries APNs documents, as a case of an enum: code that names a key by its case cannot
/// misspell it. The case order is the schema's order (`Schema.aps` is `APSKey.allCases` as specs), and a case's
/// `rawValue` is its place there, so a set of keys is a word of bits (`KeySet`).
public protocol SchemaKey: KeySetElement {
    /// The key as written on the wire, and the type APNs expects of its value.
    var spec: KeySpec { get }
}

extension SchemaKey {
    /// The key as written on the wire (`"content-available"`).
    public var name: String { spec.name }

    /// The key whose wire name is `name`, if the dictionary has one.
    public init?(name: String) {
        guard let key = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = key
    }

    /// Every key's spec, in the schema's order.
    static var specs: [KeySpec] { allCases.map(\.spec) }
}

/// What a `KeySet` holds: the cases of an enum whose `rawValue` is the case's place (0, 1, 2, …).
public protocol KeySetElement: RawRepresentable, CaseIterable, Hashable, Sendable where RawValue == Int, AllCases == [Self] {}

/// Keys of the `aps` dictionary (../shared/reference/apns-spec.md §1.1).
public enum APSKey: Int, SchemaKey {
    case alert, badge, sound, threadID, category, contentAvailable, mutableContent, targetContentID, interruptionLevel,
         relevanceScore, filterCriteria, urlArgs, timestamp, event, contentState, staleDate, dismissalDate,
         attributesType, attributes, inputPushToken, inputPushChannel, contentChanged, pttPushType

    public var spec: KeySpec {
        switch self {
        case .alert: KeySpec("alert", .stringOrObject)
        case .badge: KeySpec("badge", .integer)
        case .sound: KeySpec("sound", .stringOrObject)
        case .threadID: KeySpec("thread-id", .string)
        case .category: KeySpec("category", .string)
        case .contentAvailable: KeySpec("content-available", .flag)
        case .mutableContent: KeySpec("mutable-content", .flag)
        case .targetContentID: KeySpec("target-content-id", .string)
        case .interruptionLevel: KeySpec("interruption-level", .string)
        case .relevanceScore: KeySpec("relevance-score", .number)
        case .filterCriteria: KeySpec("filter-criteria", .string)
        case .urlArgs: KeySpec("url-args", .stringArray)
        case .timestamp: KeySpec("timestamp", .integer)
        case .event: KeySpec("event", .string)
        case .contentState: KeySpec("content-state", .object)
        case .staleDate: KeySpec("stale-date", .integer)
        case .dismissalDate: KeySpec("dismissal-date", .integer)
        case .attributesType: KeySpec("attributes-type", .string)
        case .attributes: KeySpec("attributes", .object)
        case .inputPushToken: KeySpec("input-push-token", .integer)
        case .inputPushChannel: KeySpec("input-push-channel", .string)
        case .contentChanged: KeySpec("content-changed", .boolean)
        // Push to Talk: "service-update" marks a service update push (Apple DTS, forums thread 787878).
        case .pttPushType: KeySpec("ptt-push-type", .string)
        }
    }
}

/// Keys of the `alert` dictionary (§1.2). `sound` belongs here only in Live Activity alerts.
public enum AlertKey: Int, SchemaKey {
    case title, subtitle, body, launchImage, titleLocKey, titleLocArgs, subtitleLocKey, subtitleLocArgs, locKey, locArgs,
         actionLocKey, action, summaryArg, summaryArgCount, sound

    public var spec: KeySpec {
        switch self {
        case .title: KeySpec("title", .string)
        case .subtitle: KeySpec("subtitle", .string)
        case .body: KeySpec("body", .string)
        case .launchImage: KeySpec("launch-image", .string)
        case .titleLocKey: KeySpec("title-loc-key", .string)
        case .titleLocArgs: KeySpec("title-loc-args", .stringArray)
        case .subtitleLocKey: KeySpec("subtitle-loc-key", .string)
        case .subtitleLocArgs: KeySpec("subtitle-loc-args", .stringArray)
        case .locKey: KeySpec("loc-key", .string)
        case .locArgs: KeySpec("loc-args", .stringArray)
        case .actionLocKey: KeySpec("action-loc-key", .nullableString)
        case .action: KeySpec("action", .string)
        case .summaryArg: KeySpec("summary-arg", .string)
        case .summaryArgCount: KeySpec("summary-arg-count", .integer)
        case .sound: KeySpec("sound", .string)
        }
    }
}

/// Keys of a critical-alert `sound` dictionary (§1.3).
public enum SoundKey: Int, SchemaKey {
    case critical, name, volume

    public var spec: KeySpec {
        switch self {
        case .critical: KeySpec("critical", .flag)
        case .name: KeySpec("name", .string)
        case .volume: KeySpec("volume", .number)
        }
    }
}

/// Request headers a definition may set (§2.3). Names are compared case-insensitively.
public enum HeaderKey: Int, SchemaKey {
    case pushType, priority, topic, id, expiration, collapseID
    // Real headers apns-lint does not check yet; known so they are not reported as typos.
    case authorization, channelID, requestID

    public var spec: KeySpec {
        switch self {
        case .pushType: KeySpec("apns-push-type", .headerString)
        case .priority: KeySpec("apns-priority", .headerInteger)
        case .topic: KeySpec("apns-topic", .headerString)
        case .id: KeySpec("apns-id", .headerString)
        case .expiration: KeySpec("apns-expiration", .headerInteger)
        case .collapseID: KeySpec("apns-collapse-id", .headerString)
        case .authorization: KeySpec("authorization", .headerString)
        case .channelID: KeySpec("apns-channel-id", .headerString)
        case .requestID: KeySpec("apns-request-id", .headerString)
        }
    }
}

/// The keys of a payload APNs reads (the others are custom data).
public enum PayloadKey: Int, SchemaKey {
    case aps, mdm

    public var spec: KeySpec {
        switch self {
        case .aps: KeySpec("aps", .objectOrProplist)
        case .mdm: KeySpec("mdm", .string)
        }
    }
}

/// Keys of a definition envelope: `{"headers": {…}, "device-token": "…", "payload": {…}}`; `environment`, the APNs
/// environment the request goes to (`development` or `production`); and `response`, what APNs answered, as a send log
/// records it beside the request (the APNs sandbox's log does): not part of the request; `apns-rejected` reports an
/// answer other than 200, and a record with it is an envelope even without `payload`.
public enum EnvelopeField: Int, SchemaKey {
    case payload, headers, deviceToken, response, environment

    public var spec: KeySpec {
        switch self {
        case .payload: KeySpec("payload", .object)
        case .headers: KeySpec("headers", .object)
        case .deviceToken: KeySpec("device-token", .string)
        case .response: KeySpec("response", .object)
        case .environment: KeySpec("environment", .string)
        }
    }
}

/// The parts of a definition that hold keys of a schema, for what asks which of them hold unknown keys.
public enum KeyedPart: Int, KeySetElement {
    case aps, alert, headers
}

/// A set of keys of one dictionary: one bit per key, so asking whether a set holds any of several keys is one `&`.
public struct KeySet<Key: KeySetElement>: Sendable, Hashable, Sequence, ExpressibleByArrayLiteral {
    /// Bit `key.rawValue` for each key (no enum of keys has 64 cases or more).
    var bits: UInt64

    init(bits: UInt64) { self.bits = bits }

    public init() { bits = 0 }

    public init<S: Sequence>(_ keys: S) where S.Element == Key {
        var bits: UInt64 = 0
        for key in keys { bits |= 1 << UInt64(key.rawValue) }
        self.bits = bits
    }

    // Inlined, so a literal costs no array where it is used (sets are made on every lint).
    @inline(__always) public init(arrayLiteral keys: Key...) {
        var bits: UInt64 = 0
        for key in keys { bits |= 1 << UInt64(key.rawValue) }
        self.bits = bits
    }

    public var isEmpty: Bool { bits == 0 }
    public func contains(_ key: Key) -> Bool { bits & 1 << UInt64(key.rawValue) != 0 }
    /// Whether the two sets share a key.
    public func intersects(_ other: KeySet) -> Bool { bits & other.bits != 0 }
    public func union(_ other: KeySet) -> KeySet { KeySet(bits: bits | other.bits) }
    public mutating func insert(_ key: Key) { bits |= 1 << UInt64(key.rawValue) }
    public mutating func subtract(_ other: KeySet) { bits &= ~other.bits }

    /// The keys, in the schema's order.
    public func makeIterator() -> Iterator { Iterator(bits: bits) }

    public struct Iterator: IteratorProtocol {
        var bits: UInt64
        public mutating func next() -> Key? {
            guard bits != 0 else { return nil }
            let index = bits.trailingZeroBitCount
            bits &= bits - 1
            return Key(rawValue: index)
        }
    }
}
