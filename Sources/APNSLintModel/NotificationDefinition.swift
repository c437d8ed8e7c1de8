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
    @inlinable public var root: DocumentNode { storage.definition.root }
    @inlinable public var shape: Shape { storage.definition.shape }
    /// Which of two equal keys counts: the first for Erlang proplists, the last for JSON and YAML.
    @inlinable public var firstDuplicateWins: Bool { storage.definition.firstDuplicateWins }
    /// The envelope's own members (only for `.envelope`).
    @inlinable public var envelope: FieldSet? { storage.definition.envelope }
    @inlinable public var headers: Headers { Headers(storage: storage) }
    @inlinable public var deviceToken: Field? { storage.definition.deviceToken }
    /// The payload, or nil when an envelope has no `payload` member.
    @inlinable public var payload: Payload? { storage.payload == nil ? nil : Payload(storage: storage) }
    /// The size of `payloadBytes` (compact UTF-8 JSON), computed once, when the payload is an object; nil
    /// otherwise (the size rules measure only objects).
    @inlinable public var objectPayloadSize: Int? { storage.definition.objectPayloadSize }
    /// True when the definition was read from compact JSON text that the compact serializer writes back byte for
    /// byte (see `ParseResult.isCompact`).
    @inlinable public var textIsCompact: Bool { storage.definition.textIsCompact }
    /// What the payload suggests the push type is, when no header says so (PyAPNs2 infers it the same way).
    @inlinable public var inferredPushType: PushType? { storage.definition.inferredPushType }

    /// The declared push type, else the inferred one; `isInferred` says which. Worked out once: many rules ask.
    @inlinable public var pushType: (type: PushType, isInferred: Bool)? { storage.definition.pushType }

    @usableFromInline struct Parts: Sendable {
        @usableFromInline let root: DocumentNode
        @usableFromInline let shape: Shape
        @usableFromInline let firstDuplicateWins: Bool
        @usableFromInline let envelope: FieldSet?
        @usableFromInline let deviceToken: Field?
        @usableFromInline let objectPayloadSize: Int?
        @usableFromInline let textIsCompact: Bool
        @usableFromInline let inferredPushType: PushType?
        @usableFromInline let pushType: (type: PushType, isInferred: Bool)?
        let apsKeys: KeySet<APSKey>
        let alertKeys: KeySet<AlertKey>
        let headerKeys: KeySet<HeaderKey>
        let partsWithUnknownKeys: KeySet<KeyedPart>
        let hasWronglyTypedValues: Bool
    }

    /// The documented keys `aps` holds (none without `aps`): read at binding, so asking costs nothing.
    public var apsKeys: KeySet<APSKey> { storage.definition.apsKeys }
    /// The documented keys the alert dictionary holds (none for a string alert).
    public var alertKeys: KeySet<AlertKey> { storage.definition.alertKeys }
    /// The documented headers the request has, from the file or from outside it.
    public var headerKeys: KeySet<HeaderKey> { storage.definition.headerKeys }
    /// The parts (`aps`, the alert dictionary, the headers) that hold a key their schema does not know.
    public var partsWithUnknownKeys: KeySet<KeyedPart> { storage.definition.partsWithUnknownKeys }
    /// Whether a field of the definition (of its envelope, headers, payload, `aps`, alert dictionary or critical
    /// sound) holds a value of another type than its schema's (`FieldSet.allFieldsHaveExpectedTypes` is false).
    public var hasWronglyTypedValues: Bool { storage.definition.hasWronglyTypedValues }

    /// Every rule gets the definition: one reference to immutable parts makes it cheap to pass on. Its headers,
    /// payload and `aps` are views of the same storage, so binding a definition allocates one object for them all.
    @usableFromInline let storage: DefinitionStorage

    /// - Parameter textIsCompact: the request document's text is what the compact serializer writes for it
    ///   (`ParseResult.isCompact`), so the payload's size is the length of its text.
    public init(root: DocumentNode, shape: Shape, firstDuplicateWins: Bool, envelope: FieldSet?, headers: Headers,
                deviceToken: Field?, payload: Payload?, textIsCompact: Bool = false) {
        self.init(root: root, shape: shape, firstDuplicateWins: firstDuplicateWins, envelope: envelope, headers: headers.parts,
                  deviceToken: deviceToken, payload: payload?.parts, aps: payload?.aps?.parts, textIsCompact: textIsCompact)
    }

    init(root: consuming DocumentNode, shape: Shape, firstDuplicateWins: Bool, envelope: consuming FieldSet?,
         headers: consuming Headers.Parts, deviceToken: consuming Field?, payload: consuming Payload.Parts?,
         aps: consuming APS.Parts?, textIsCompact: Bool) {
        // Only plain values are read from the parts (worked out as they were bound): reading a set or a field out of
        // them would copy it, a retain and a release each.
        let size: Int? = if let range = payload?.objectRange {
            textIsCompact ? range.length : payload.map { WireSerializer.size(of: $0.node, firstDuplicateWins: firstDuplicateWins) }
        } else {
            nil
        }
        let inferredPushType: PushType? = switch payload?.isMDM {
        case nil: nil
        case true?: .mdm
        case false?: aps?.inferredPushType
        }
        let pushType: (type: PushType, isInferred: Bool)? = if let declared = headers.pushType {
            (declared, false)
        } else if headers.pushTypeField != nil {
            nil
        } else {
            inferredPushType.map { ($0, true) }
        }
        let hasWronglyTypedValues = headers.hasWronglyTypedValues || envelope?.allFieldsHaveExpectedTypes == false
            || payload?.hasWronglyTypedValues == true || aps?.hasWronglyTypedValues == true
        var partsWithUnknownKeys: KeySet<KeyedPart> = []
        if aps?.hasUnknownKeys == true { partsWithUnknownKeys.insert(.aps) }
        if aps?.alertHasUnknownKeys == true { partsWithUnknownKeys.insert(.alert) }
        if headers.hasUnknownKeys { partsWithUnknownKeys.insert(.headers) }
        storage = DefinitionStorage(
            definition: Parts(root: root, shape: shape, firstDuplicateWins: firstDuplicateWins, envelope: envelope,
                              deviceToken: deviceToken, objectPayloadSize: size, textIsCompact: textIsCompact,
                              inferredPushType: inferredPushType, pushType: pushType, apsKeys: aps?.keys ?? [],
                              alertKeys: aps?.alertKeys ?? [], headerKeys: headers.keys, partsWithUnknownKeys: partsWithUnknownKeys,
                              hasWronglyTypedValues: hasWronglyTypedValues),
            headers: consume headers, payload: consume payload, aps: consume aps)
    }

    /// The push type the keys of `aps` suggest (an MDM payload has no `aps`). The strongest evidence wins: Live
    /// Activity keys, then widgets, then what an alert shows, then a wake-up. Read from the keys found at binding,
    /// without comparing a key.
    static func inferredPushType(of keys: KeySet<APSKey>) -> PushType? {
        if keys.intersects([.contentState, .event]) { return .liveactivity }
        if keys.contains(.contentChanged) { return .widgets }
        if keys.intersects([.alert, .badge, .sound]) { return .alert }
        if keys.contains(.contentAvailable) { return .background }
        return nil
    }
}

/// Everything bound for one definition, behind one reference: copying the definition, or any view of its parts
/// (`Headers`, `Payload`, `APS`), is one retain, however large the parts.
@usableFromInline final class DefinitionStorage: Sendable {
    @usableFromInline let definition: NotificationDefinition.Parts
    @usableFromInline let headers: Headers.Parts
    /// nil when an envelope has no payload.
    @usableFromInline let payload: Payload.Parts?
    /// nil when there is no payload, or its `aps` is not an object.
    @usableFromInline let aps: APS.Parts?

    init(definition: NotificationDefinition.Parts, headers: Headers.Parts, payload: Payload.Parts?, aps: APS.Parts?) {
        self.definition = definition
        self.headers = headers
        self.payload = payload
        self.aps = aps
    }
}

/// The request headers, from the definition's `headers` object and from command-line options.
public struct Headers: Sendable {
    /// All header fields; names compare case-insensitively, as in HTTP.
    @inlinable public var fields: FieldSet { storage.headers.fields }
    /// The `headers` member of the envelope, when there is one.
    @inlinable public var declaration: Field? { storage.headers.declaration }

    @usableFromInline struct Parts: Sendable {
        @usableFromInline let fields: FieldSet
        @usableFromInline let declaration: Field?
        @usableFromInline let pushTypeField: Field?
        @usableFromInline let priorityField: Field?
        @usableFromInline let topicField: Field?
        @usableFromInline let idField: Field?
        @usableFromInline let expirationField: Field?
        @usableFromInline let collapseIDField: Field?
        @usableFromInline let pushType: PushType?
        let keys: KeySet<HeaderKey>
        let hasUnknownKeys: Bool
        let hasWronglyTypedValues: Bool
    }

    /// A view of the headers of the definition `storage` holds.
    @usableFromInline let storage: DefinitionStorage
    @usableFromInline var parts: Parts { storage.headers }

    @inlinable init(storage: DefinitionStorage) {
        self.storage = storage
    }
}

extension Headers.Parts {
    /// Finds the documented headers in one pass, by their entries in `Schema.headers` (found when the set was bound,
    /// names compared case-insensitively): rules ask for them all the time. A field is made only for each one found.
    init(fields: FieldSet, declaration: Field?) {
        var pushTypeField, priorityField, topicField, idField, expirationField, collapseIDField: Field?
        let storage = fields.storage
        for index in storage.members.indices where !(storage.shadowed?[index] ?? false) {
            switch Int(storage.specIndices[index]) {
            case HeaderSpec.pushType: pushTypeField = Field(storage, index)
            case HeaderSpec.priority: priorityField = Field(storage, index)
            case HeaderSpec.topic: topicField = Field(storage, index)
            case HeaderSpec.id: idField = Field(storage, index)
            case HeaderSpec.expiration: expirationField = Field(storage, index)
            case HeaderSpec.collapseID: collapseIDField = Field(storage, index)
            default: break
            }
        }
        self.init(fields: fields, declaration: declaration, pushTypeField: pushTypeField, priorityField: priorityField,
                  topicField: topicField, idField: idField, expirationField: expirationField, collapseIDField: collapseIDField,
                  pushType: pushTypeField?.string.flatMap(PushType.init(rawValue:)), keys: fields.keys(HeaderKey.self),
                  hasUnknownKeys: fields.hasUnknownKeys, hasWronglyTypedValues: !fields.allFieldsHaveExpectedTypes)
    }
}

/// Where the documented headers are in `Schema.headers`, so that the headers set's entries tell them apart without
/// comparing names.
enum HeaderSpec {
    static let pushType = place(of: HeaderName.pushType)
    static let priority = place(of: HeaderName.priority)
    static let topic = place(of: HeaderName.topic)
    static let id = place(of: HeaderName.id)
    static let expiration = place(of: HeaderName.expiration)
    static let collapseID = place(of: HeaderName.collapseID)

    private static func place(of name: String) -> Int {
        guard let index = Schema.headers.index(of: name) else { preconditionFailure("\(name) is not in Schema.headers") }
        return index
    }
}

extension Headers {

    /// True when anything says what the request's headers are (a `headers` object or a command-line option).
    /// A bare payload without options says nothing about its request, and rules must not assume defaults.
    public var areDeclared: Bool { declaration != nil || !fields.isEmpty }

    @inlinable public var pushTypeField: Field? { storage.headers.pushTypeField }
    @inlinable public var priorityField: Field? { storage.headers.priorityField }
    @inlinable public var topicField: Field? { storage.headers.topicField }
    @inlinable public var idField: Field? { storage.headers.idField }
    @inlinable public var expirationField: Field? { storage.headers.expirationField }
    @inlinable public var collapseIDField: Field? { storage.headers.collapseIDField }

    /// The documented headers the request has.
    public var keys: KeySet<HeaderKey> { storage.headers.keys }

    /// The push type, when the header holds one of the documented values.
    @inlinable public var pushType: PushType? { storage.headers.pushType }
    public var priority: Int? { priorityField?.integer }
}

/// An APNs payload: `aps`, or `mdm`, plus custom data.
public struct Payload: Sendable {
    @inlinable public var node: DocumentNode { storage.payload!.node }
    @inlinable public var pointer: JSONPointer { storage.payload!.pointer }
    /// Every top-level member (`aps`, `mdm` and custom keys).
    @inlinable public var fields: FieldSet { storage.payload!.fields }
    /// The bound `aps` dictionary, when `aps` is an object.
    @inlinable public var aps: APS? { storage.aps == nil ? nil : APS(storage: storage) }

    @usableFromInline struct Parts: Sendable {
        @usableFromInline let node: DocumentNode
        @usableFromInline let pointer: JSONPointer
        @usableFromInline let fields: FieldSet
        @usableFromInline let isMDM: Bool
        /// The payload's range when it is an object (the size rules measure only objects).
        let objectRange: SourceRange?
        let hasWronglyTypedValues: Bool

        init(node: DocumentNode, pointer: JSONPointer, fields: FieldSet) {
            self.node = node
            self.pointer = pointer
            self.fields = fields
            // From the set's schema-key bits, without looking either key up.
            let keys = fields.keys(PayloadKey.self)
            isMDM = !keys.contains(.aps) && keys.contains(.mdm)
            objectRange = node.members == nil ? nil : node.range
            hasWronglyTypedValues = !fields.allFieldsHaveExpectedTypes
        }
    }

    /// A view of the payload of the definition `storage` holds (which has one).
    @usableFromInline let storage: DefinitionStorage
    @usableFromInline var parts: Parts { storage.payload! }

    @inlinable init(storage: DefinitionStorage) {
        self.storage = storage
    }

    public var isObject: Bool { node.members != nil }
    @inlinable public var apsField: Field? { fields["aps"] }
    @inlinable public var mdmField: Field? { fields["mdm"] }
    /// An MDM wake-up payload `{"mdm": "…"}` has no `aps`.
    @inlinable public var isMDM: Bool { storage.payload!.isMDM }
    /// Custom data: top-level keys other than `aps` (and `mdm` in an MDM payload). An array built when asked for:
    /// to look through custom data without one, go through `fields` with `isCustomData(_:)`.
    public var customData: [Field] { fields.fields.filter(isCustomData) }

    /// Whether a top-level field is custom data (neither `aps` nor, in an MDM payload, `mdm`).
    @inlinable public func isCustomData(_ field: Field) -> Bool {
        let key = field.key
        return key != "aps" && !(isMDM && key == "mdm")
    }

    /// Custom values that are themselves whole payloads (an object with an `aps` dictionary): the silent-push
    /// pattern where the app presents the nested notification itself.
    public var nestedPayloads: [Field] {
        // Custom values are rarely objects: the members are looked at in place, and a field is made only for a payload.
        let storage = fields.storage
        var nested: [Field] = []
        for index in storage.members.indices {
            guard case .object(let members) = storage.members[index].value.value,
                  members.last(where: { $0.key.isSameKey(as: "aps") })?.value.members != nil else { continue }
            let field = Field(storage, index)
            if isCustomData(field), !field.isShadowed { nested.append(field) }
        }
        return nested
    }
}

/// The `aps` dictionary.
public struct APS: Sendable {
    @inlinable public var fields: FieldSet { storage.aps!.fields }
    /// `alert` as a string or a bound dictionary.
    @inlinable public var alert: AlertContent? { storage.aps!.alert }
    /// `sound` as a name or a critical-alert dictionary.
    @inlinable public var sound: SoundContent? { storage.aps!.sound }
    /// The documented keys `aps` holds.
    public var keys: KeySet<APSKey> { storage.aps!.keys }

    @usableFromInline struct Parts: Sendable {
        @usableFromInline let fields: FieldSet
        @usableFromInline let alert: AlertContent?
        @usableFromInline let sound: SoundContent?
        /// What `aps` and its alert dictionary (none for a string alert) hold, and whether they, or a critical sound
        /// dictionary, hold a value of another type than the schema's: worked out as they are bound.
        let keys: KeySet<APSKey>
        let alertKeys: KeySet<AlertKey>
        let hasUnknownKeys: Bool
        let alertHasUnknownKeys: Bool
        let hasWronglyTypedValues: Bool
        let inferredPushType: PushType?
    }

    /// A view of the `aps` of the definition `storage` holds (which has one).
    @usableFromInline let storage: DefinitionStorage
    @usableFromInline var parts: Parts { storage.aps! }

    @inlinable init(storage: DefinitionStorage) {
        self.storage = storage
    }
}

extension APS.Parts {
    /// Binds `alert` and `sound` once: many rules read them.
    init(fields: FieldSet) {
        var hasWronglyTypedValues = !fields.allFieldsHaveExpectedTypes
        var alertKeys: KeySet<AlertKey> = []
        var alertHasUnknownKeys = false
        let alert: AlertContent? = fields["alert"].flatMap { field in
            switch field.value.value {
            case .string(let text): return .text(text, field)
            case .object, .array:
                let alert = fields.binding(field, schema: Schema.alert)
                guard alert.node.members != nil else { return nil }
                if !alert.allFieldsHaveExpectedTypes { hasWronglyTypedValues = true }
                alertKeys = alert.keys(AlertKey.self)
                alertHasUnknownKeys = alert.hasUnknownKeys
                return .dictionary(Alert(fields: alert), field)
            default: return nil
            }
        }
        let sound: SoundContent? = fields["sound"].flatMap { field in
            switch field.value.value {
            case .string(let name): return .name(name, field)
            case .object, .array:
                let sound = fields.binding(field, schema: Schema.sound)
                guard sound.node.members != nil else { return nil }
                if !sound.allFieldsHaveExpectedTypes { hasWronglyTypedValues = true }
                return .critical(sound, field)
            default: return nil
            }
        }
        let keys = fields.keys(APSKey.self)
        self.init(fields: fields, alert: alert, sound: sound, keys: keys, alertKeys: alertKeys, hasUnknownKeys: fields.hasUnknownKeys,
                  alertHasUnknownKeys: alertHasUnknownKeys, hasWronglyTypedValues: hasWronglyTypedValues,
                  inferredPushType: NotificationDefinition.inferredPushType(of: keys))
    }
}

extension APS {

    @inlinable public var alertField: Field? { fields["alert"] }
    @inlinable public var badge: Field? { fields["badge"] }
    @inlinable public var soundField: Field? { fields["sound"] }
    @inlinable public var contentAvailable: Field? { fields["content-available"] }
    @inlinable public var mutableContent: Field? { fields["mutable-content"] }

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

    /// The keys of an alert dictionary that put text on screen.
    public static let textKeys = ["title", "subtitle", "body", "title-loc-key", "subtitle-loc-key", "loc-key"]

    /// True when the alert has something to show: a string alert that is not empty, or a title, subtitle or body (or
    /// their localized keys) whose effective value is not an empty string. One pass over the alert's fields.
    public var showsContent: Bool {
        switch self {
        case .text(let text, _): return !text.isEmpty
        case .dictionary(let alert, _):
            return alert.fields.fields.contains { field in
                !field.isShadowed && Self.textKeys.contains(field.key) && (field.string.map { !$0.isEmpty } ?? true)
            }
        }
    }
}

/// The `alert` dictionary.
public struct Alert: Sendable {
    public let fields: FieldSet
    public subscript(_ key: String) -> Field? { fields[key] }
    public subscript(_ key: AlertKey) -> Field? { fields[key] }
    /// The documented keys the dictionary holds.
    public var keys: KeySet<AlertKey> { fields.keys(AlertKey.self) }
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
