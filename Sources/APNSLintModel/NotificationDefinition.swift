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
    public var root: DocumentNode { parts.value.root }
    public var shape: Shape { parts.value.shape }
    /// Which of two equal keys counts: the first for Erlang proplists, the last for JSON and YAML.
    public var firstDuplicateWins: Bool { parts.value.firstDuplicateWins }
    /// The envelope's own members (only for `.envelope`).
    public var envelope: FieldSet? { parts.value.envelope }
    public var headers: Headers { parts.value.headers }
    public var deviceToken: Field? { parts.value.deviceToken }
    /// The payload, or nil when an envelope has no `payload` member.
    public var payload: Payload? { parts.value.payload }
    /// The size of `payloadBytes` (compact UTF-8 JSON), computed once, when the payload is an object; nil
    /// otherwise (the size rules measure only objects).
    public var objectPayloadSize: Int? { parts.value.objectPayloadSize }
    /// What the payload suggests the push type is, when no header says so (PyAPNs2 infers it the same way).
    public var inferredPushType: PushType? { parts.value.inferredPushType }

    /// The declared push type, else the inferred one; `isInferred` says which.
    public var pushType: (type: PushType, isInferred: Bool)? {
        if let declared = headers.pushType { return (declared, false) }
        if headers.pushTypeField != nil { return nil }
        return inferredPushType.map { ($0, true) }
    }

    private struct Parts: Sendable {
        let root: DocumentNode
        let shape: Shape
        let firstDuplicateWins: Bool
        let envelope: FieldSet?
        let headers: Headers
        let deviceToken: Field?
        let payload: Payload?
        let objectPayloadSize: Int?
        let inferredPushType: PushType?
    }

    /// Every rule gets the definition: one reference to immutable parts makes it cheap to pass on.
    private let parts: Box<Parts>

    public init(root: DocumentNode, shape: Shape, firstDuplicateWins: Bool, envelope: FieldSet?, headers: Headers,
                deviceToken: Field?, payload: Payload?) {
        let size = payload.flatMap { payload in
            payload.isObject ? WireSerializer.size(of: payload.node, firstDuplicateWins: firstDuplicateWins) : nil
        }
        parts = Box(Parts(root: root, shape: shape, firstDuplicateWins: firstDuplicateWins, envelope: envelope, headers: headers,
                          deviceToken: deviceToken, payload: payload, objectPayloadSize: size,
                          inferredPushType: payload.flatMap(Self.inferredPushType)))
    }

    private static func inferredPushType(of payload: Payload) -> PushType? {
        if payload.isMDM { return .mdm }
        guard let aps = payload.aps else { return nil }
        let keys = aps.fields.fields.map { $0.key }
        if keys.contains("content-state") || keys.contains("event") { return .liveactivity }
        if keys.contains("content-changed") { return .widgets }
        if keys.contains(where: { ["alert", "badge", "sound"].contains($0) }) { return .alert }
        if keys.contains("content-available") { return .background }
        return nil
    }
}

/// An immutable value behind one reference: copying it is one retain, however large the value.
final class Box<Value: Sendable>: Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}

/// The request headers, from the definition's `headers` object and from command-line options.
public struct Headers: Sendable {
    /// All header fields; names compare case-insensitively, as in HTTP.
    public var fields: FieldSet { parts.value.fields }
    /// The `headers` member of the envelope, when there is one.
    public var declaration: Field? { parts.value.declaration }

    private struct Parts: Sendable {
        let fields: FieldSet
        let declaration: Field?
        let pushTypeField: Field?
        let pushType: PushType?
    }

    private let parts: Box<Parts>

    /// Looks the push type up once: most rules ask for it.
    init(fields: FieldSet, declaration: Field?) {
        let pushTypeField = fields[HeaderName.pushType]
        parts = Box(Parts(fields: fields, declaration: declaration, pushTypeField: pushTypeField,
                          pushType: pushTypeField?.string.flatMap(PushType.init(rawValue:))))
    }

    /// True when anything says what the request's headers are (a `headers` object or a command-line option).
    /// A bare payload without options says nothing about its request, and rules must not assume defaults.
    public var areDeclared: Bool { declaration != nil || !fields.isEmpty }

    public var pushTypeField: Field? { parts.value.pushTypeField }
    public var priorityField: Field? { fields[HeaderName.priority] }
    public var topicField: Field? { fields[HeaderName.topic] }
    public var idField: Field? { fields[HeaderName.id] }
    public var expirationField: Field? { fields[HeaderName.expiration] }
    public var collapseIDField: Field? { fields[HeaderName.collapseID] }

    /// The push type, when the header holds one of the documented values.
    public var pushType: PushType? { parts.value.pushType }
    public var priority: Int? { priorityField?.integer }
}

/// An APNs payload: `aps`, or `mdm`, plus custom data.
public struct Payload: Sendable {
    public var node: DocumentNode { parts.value.node }
    public var pointer: JSONPointer { parts.value.pointer }
    /// Every top-level member (`aps`, `mdm` and custom keys).
    public var fields: FieldSet { parts.value.fields }
    /// The bound `aps` dictionary, when `aps` is an object.
    public var aps: APS? { parts.value.aps }

    private struct Parts: Sendable {
        let node: DocumentNode
        let pointer: JSONPointer
        let fields: FieldSet
        let aps: APS?
        let isMDM: Bool
        let customData: [Field]
    }

    private let parts: Box<Parts>

    init(node: DocumentNode, pointer: JSONPointer, fields: FieldSet, aps: APS?) {
        let isMDM = fields["aps"] == nil && fields["mdm"] != nil
        let customData = fields.fields.filter { $0.key != "aps" && !(isMDM && $0.key == "mdm") }
        parts = Box(Parts(node: node, pointer: pointer, fields: fields, aps: aps, isMDM: isMDM, customData: customData))
    }

    public var isObject: Bool { node.members != nil }
    public var apsField: Field? { fields["aps"] }
    public var mdmField: Field? { fields["mdm"] }
    /// An MDM wake-up payload `{"mdm": "…"}` has no `aps`.
    public var isMDM: Bool { parts.value.isMDM }
    /// Custom data: top-level keys other than `aps` (and `mdm` in an MDM payload).
    public var customData: [Field] { parts.value.customData }

    /// Custom values that are themselves whole payloads (an object with an `aps` dictionary): the silent-push
    /// pattern where the app presents the nested notification itself.
    public var nestedPayloads: [Field] {
        customData.filter { !$0.isShadowed && $0.value.member("aps")?.value.members != nil }
    }
}

/// The `aps` dictionary.
public struct APS: Sendable {
    public var fields: FieldSet { parts.value.fields }
    /// `alert` as a string or a bound dictionary.
    public var alert: AlertContent? { parts.value.alert }
    /// `sound` as a name or a critical-alert dictionary.
    public var sound: SoundContent? { parts.value.sound }

    private struct Parts: Sendable {
        let fields: FieldSet
        let alert: AlertContent?
        let sound: SoundContent?
    }

    private let parts: Box<Parts>

    /// Binds `alert` and `sound` once: many rules read them.
    init(fields: FieldSet) {
        let alert: AlertContent? = fields["alert"].flatMap { field in
            switch field.value.value {
            case .string(let text): return .text(text, field)
            case .object, .array:
                let alert = fields.binding(field.value, pointer: field.pointer, schema: Schema.alert)
                return alert.node.members == nil ? nil : .dictionary(Alert(fields: alert), field)
            default: return nil
            }
        }
        let sound: SoundContent? = fields["sound"].flatMap { field in
            switch field.value.value {
            case .string(let name): return .name(name, field)
            case .object, .array:
                let sound = fields.binding(field.value, pointer: field.pointer, schema: Schema.sound)
                return sound.node.members == nil ? nil : .critical(sound, field)
            default: return nil
            }
        }
        parts = Box(Parts(fields: fields, alert: alert, sound: sound))
    }

    public var alertField: Field? { fields["alert"] }
    public var badge: Field? { fields["badge"] }
    public var soundField: Field? { fields["sound"] }
    public var contentAvailable: Field? { fields["content-available"] }
    public var mutableContent: Field? { fields["mutable-content"] }

    /// True when `aps` holds `content-available` and nothing else (a background update).
    public var isContentAvailableOnly: Bool {
        !fields.fields.isEmpty && fields.fields.allSatisfy { $0.key == "content-available" }
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
}
