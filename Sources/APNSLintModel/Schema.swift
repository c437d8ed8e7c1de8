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

/// Every key APNs documents, per dictionary (../shared/reference/apns-spec.md §1–§2).
public enum Schema {
    /// Keys of the `aps` dictionary (§1.1).
    public static let aps: [KeySpec] = [
        KeySpec("alert", .stringOrObject),
        KeySpec("badge", .integer),
        KeySpec("sound", .stringOrObject),
        KeySpec("thread-id", .string),
        KeySpec("category", .string),
        KeySpec("content-available", .flag),
        KeySpec("mutable-content", .flag),
        KeySpec("target-content-id", .string),
        KeySpec("interruption-level", .string),
        KeySpec("relevance-score", .number),
        KeySpec("filter-criteria", .string),
        KeySpec("url-args", .stringArray),
        KeySpec("timestamp", .integer),
        KeySpec("event", .string),
        KeySpec("content-state", .object),
        KeySpec("stale-date", .integer),
        KeySpec("dismissal-date", .integer),
        KeySpec("attributes-type", .string),
        KeySpec("attributes", .object),
        KeySpec("input-push-token", .integer),
        KeySpec("input-push-channel", .string),
        KeySpec("content-changed", .boolean),
    ]

    /// Keys of the `alert` dictionary (§1.2). `sound` belongs here only in Live Activity alerts.
    public static let alert: [KeySpec] = [
        KeySpec("title", .string),
        KeySpec("subtitle", .string),
        KeySpec("body", .string),
        KeySpec("launch-image", .string),
        KeySpec("title-loc-key", .string),
        KeySpec("title-loc-args", .stringArray),
        KeySpec("subtitle-loc-key", .string),
        KeySpec("subtitle-loc-args", .stringArray),
        KeySpec("loc-key", .string),
        KeySpec("loc-args", .stringArray),
        KeySpec("action-loc-key", .nullableString),
        KeySpec("action", .string),
        KeySpec("summary-arg", .string),
        KeySpec("summary-arg-count", .integer),
        KeySpec("sound", .string),
    ]

    /// Keys of a critical-alert `sound` dictionary (§1.3).
    public static let sound: [KeySpec] = [
        KeySpec("critical", .flag),
        KeySpec("name", .string),
        KeySpec("volume", .number),
    ]

    /// Request headers a definition may set (§2.3). Names are compared case-insensitively.
    public static let headers: [KeySpec] = [
        KeySpec(HeaderName.pushType, .headerString),
        KeySpec(HeaderName.priority, .headerInteger),
        KeySpec(HeaderName.topic, .headerString),
        KeySpec(HeaderName.id, .headerString),
        KeySpec(HeaderName.expiration, .headerInteger),
        KeySpec(HeaderName.collapseID, .headerString),
        // Real headers apns-lint does not check yet; known so they are not reported as typos.
        KeySpec("authorization", .headerString),
        KeySpec("apns-channel-id", .headerString),
        KeySpec("apns-request-id", .headerString),
    ]

    /// Keys of a definition envelope: `{"headers": {…}, "device-token": "…", "payload": {…}}`.
    /// The keys of a payload APNs reads (the others are custom data).
    public static let payload: [KeySpec] = [KeySpec("aps", .objectOrProplist), KeySpec("mdm", .string)]

    public static let envelope: [KeySpec] = [
        KeySpec(EnvelopeKey.payload, .object),
        KeySpec(EnvelopeKey.headers, .object),
        KeySpec(EnvelopeKey.deviceToken, .string),
    ]
}

public enum HeaderName {
    public static let pushType = "apns-push-type"
    public static let priority = "apns-priority"
    public static let topic = "apns-topic"
    public static let id = "apns-id"
    public static let expiration = "apns-expiration"
    public static let collapseID = "apns-collapse-id"
}

public enum EnvelopeKey {
    public static let payload = "payload"
    public static let headers = "headers"
    public static let deviceToken = "device-token"
}

/// The values of `apns-push-type` (§2.4).
public enum PushType: String, Sendable, CaseIterable {
    case alert, background, location, voip, complication, fileprovider, mdm, liveactivity, pushtotalk, widgets, controls
}

extension [KeySpec] {
    /// The entry for `name`, if the schema knows it (keys compared by length first).
    @inlinable public func index(of name: String) -> Int? {
        firstIndex { $0.name.isSameKey(as: name) }
    }

    /// The bits that stand for `names` in `FieldSet.schemaKeysPresent` of a set bound to this schema; a name the
    /// schema does not know (or past its 64th key) has none.
    public func bits(of names: [String]) -> UInt64 {
        names.reduce(0) { bits, name in
            guard let index = index(of: name), index < 64 else { return bits }
            return bits | 1 << UInt64(index)
        }
    }
}
