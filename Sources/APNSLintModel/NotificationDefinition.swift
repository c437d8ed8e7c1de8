import APNSLintSyntax

/// The typed model of one notification request, bound from a positioned document tree.
///
/// Every part keeps its fields (key, value, pointer, source range), including unknown keys and wrongly typed
/// values, so rules can report precisely; the typed accessors give the values that have the right type.
public struct NotificationDefinition: Sendable {
    public enum Shape: Sendable, Hashable {
        /// The file is the payload itself: `{"aps": {…}, …}` (or an MDM `{"mdm": "…"}`).
        case payload
        /// The file wraps the payload: `{"headers": {…}, "device-token": "…", "payload": {…}}`.
        case envelope
    }

    /// The whole document as the user wrote it (for an Erlang term: before the library's shape was applied).
    public let root: DocumentNode
    public let shape: Shape
    /// Which of two equal keys counts: the first for Erlang proplists, the last for JSON and YAML.
    public let firstDuplicateWins: Bool
    /// The envelope's own members (only for `.envelope`).
    public let envelope: FieldSet?
    public let headers: Headers
    public let deviceToken: Field?
    /// The payload, or nil when an envelope has no `payload` member.
    public let payload: Payload?

    public init(root: DocumentNode, shape: Shape, firstDuplicateWins: Bool, envelope: FieldSet?, headers: Headers,
                deviceToken: Field?, payload: Payload?) {
        self.root = root
        self.shape = shape
        self.firstDuplicateWins = firstDuplicateWins
        self.envelope = envelope
        self.headers = headers
        self.deviceToken = deviceToken
        self.payload = payload
    }
}

/// The request headers, from the definition's `headers` object and from command-line options.
public struct Headers: Sendable {
    /// All header fields; names compare case-insensitively, as in HTTP.
    public let fields: FieldSet
    /// The `headers` member of the envelope, when there is one.
    public let declaration: Field?

    /// True when anything says what the request's headers are (a `headers` object or a command-line option).
    /// A bare payload without options says nothing about its request, and rules must not assume defaults.
    public var areDeclared: Bool { declaration != nil || !fields.isEmpty }

    public var pushTypeField: Field? { fields[HeaderName.pushType] }
    public var priorityField: Field? { fields[HeaderName.priority] }
    public var topicField: Field? { fields[HeaderName.topic] }
    public var idField: Field? { fields[HeaderName.id] }
    public var expirationField: Field? { fields[HeaderName.expiration] }
    public var collapseIDField: Field? { fields[HeaderName.collapseID] }

    /// The push type, when the header holds one of the documented values.
    public var pushType: PushType? { pushTypeField?.string.flatMap(PushType.init(rawValue:)) }
    public var priority: Int? { priorityField?.integer }
}

/// An APNs payload: `aps`, or `mdm`, plus custom data.
public struct Payload: Sendable {
    public let node: DocumentNode
    public let pointer: JSONPointer
    /// Every top-level member (`aps`, `mdm` and custom keys).
    public let fields: FieldSet
    /// The bound `aps` dictionary, when `aps` is an object.
    public let aps: APS?

    public var isObject: Bool { node.members != nil }
    public var apsField: Field? { fields["aps"] }
    public var mdmField: Field? { fields["mdm"] }
    /// An MDM wake-up payload `{"mdm": "…"}` has no `aps`.
    public var isMDM: Bool { apsField == nil && mdmField != nil }
    /// Custom data: top-level keys other than `aps` (and `mdm` in an MDM payload).
    public var customData: [Field] {
        fields.fields.filter { $0.key != "aps" && !(isMDM && $0.key == "mdm") }
    }

    /// Custom values that are themselves whole payloads (an object with an `aps` dictionary): the silent-push
    /// pattern where the app presents the nested notification itself.
    public var nestedPayloads: [Field] {
        customData.filter { !$0.isShadowed && $0.value.member("aps")?.value.members != nil }
    }
}

/// The `aps` dictionary.
public struct APS: Sendable {
    public let fields: FieldSet

    public var alertField: Field? { fields["alert"] }
    public var badge: Field? { fields["badge"] }
    public var soundField: Field? { fields["sound"] }
    public var contentAvailable: Field? { fields["content-available"] }
    public var mutableContent: Field? { fields["mutable-content"] }

    /// `alert` as a string or a bound dictionary.
    public var alert: AlertContent? {
        guard let field = alertField else { return nil }
        switch field.value.value {
        case .string(let text): return .text(text, field)
        case .object, .array:
            let alert = fields.binding(field.value, pointer: field.pointer, schema: Schema.alert)
            return alert.node.members == nil ? nil : .dictionary(Alert(fields: alert), field)
        default: return nil
        }
    }

    /// `sound` as a name or a critical-alert dictionary.
    public var sound: SoundContent? {
        guard let field = soundField else { return nil }
        switch field.value.value {
        case .string(let name): return .name(name, field)
        case .object, .array:
            let sound = fields.binding(field.value, pointer: field.pointer, schema: Schema.sound)
            return sound.node.members == nil ? nil : .critical(sound, field)
        default: return nil
        }
    }

    /// True when `aps` holds `content-available` and nothing else (a background update).
    public var isContentAvailableOnly: Bool {
        let keys = Set(fields.fields.map(\.key))
        return keys == ["content-available"]
    }
}

public enum AlertContent: Sendable {
    case text(String, Field)
    case dictionary(Alert, Field)

    public var field: Field {
        switch self {
        case .text(_, let field), .dictionary(_, let field): field
        }
    }

    /// True when the alert has something to show: a string alert, or a title, subtitle or body (or their
    /// localized keys).
    public var showsContent: Bool {
        switch self {
        case .text(let text, _): return !text.isEmpty
        case .dictionary(let alert, _):
            return ["title", "subtitle", "body", "title-loc-key", "subtitle-loc-key", "loc-key"].contains { key in
                alert.fields[key].map { $0.string.map { !$0.isEmpty } ?? true } ?? false
            }
        }
    }
}

/// The `alert` dictionary.
public struct Alert: Sendable {
    public let fields: FieldSet
    public subscript(_ key: String) -> Field? { fields[key] }
}

public enum SoundContent: Sendable {
    case name(String, Field)
    case critical(FieldSet, Field)
}

extension NotificationDefinition {
    /// The payload as it goes on the wire (see `WireSerializer`).
    public var payloadBytes: [UInt8]? {
        payload.map { WireSerializer.serialize($0.node, firstDuplicateWins: firstDuplicateWins) }
    }

    /// The payload as a sender whose JSON encoder escapes like `style` puts it on the wire.
    public func payloadBytes(style: WireSerializer.Style) -> [UInt8]? {
        payload.map { WireSerializer.serialize($0.node, firstDuplicateWins: firstDuplicateWins, style: style) }
    }

    /// What the payload suggests the push type is, when no header says so (PyAPNs2 infers it the same way).
    public var inferredPushType: PushType? {
        guard let payload else { return nil }
        if payload.isMDM { return .mdm }
        guard let aps = payload.aps else { return nil }
        let keys = Set(aps.fields.fields.map(\.key))
        if keys.contains("content-state") || keys.contains("event") { return .liveactivity }
        if keys.contains("content-changed") { return .widgets }
        if !keys.isDisjoint(with: ["alert", "badge", "sound"]) { return .alert }
        if keys.contains("content-available") { return .background }
        return nil
    }

    /// The declared push type, else the inferred one; `isInferred` says which.
    public var pushType: (type: PushType, isInferred: Bool)? {
        if let declared = headers.pushType { return (declared, false) }
        if headers.pushTypeField != nil { return nil }
        return inferredPushType.map { ($0, true) }
    }
}
