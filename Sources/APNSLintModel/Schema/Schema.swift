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
    public static let aps: [KeySpec] = APSKey.specs
    public static let alert: [KeySpec] = AlertKey.specs
    public static let sound: [KeySpec] = SoundKey.specs
    /// Names are compared case-insensitively.
    public static let headers: [KeySpec] = HeaderKey.specs
    public static let payload: [KeySpec] = PayloadKey.specs
    public static let envelope: [KeySpec] = EnvelopeField.specs
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

}
