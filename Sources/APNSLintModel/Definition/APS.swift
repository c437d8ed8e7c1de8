// Which members are marked for inlining across modules, and why: the note in Definition/DefinitionStorage.swift.

/// The `aps` dictionary.
public struct APS: Sendable {
    public var fields: FieldSet { storage.aps!.fields }
    /// The effective field of a documented key (`aps[.sound]`).
    public subscript(_ key: APSKey) -> Field? { fields[key] }
    /// `alert` as a string or a bound dictionary.
    public var alert: AlertContent? { storage.aps!.alert }
    /// `sound` as a name or a critical-alert dictionary.
    public var sound: SoundContent? { storage.aps!.sound }
    /// The documented keys `aps` holds.
    public var keys: KeySet<APSKey> { storage.aps!.keys }

    /// The fields of `aps` whose key is one of `keys`, in the file's order.
    public func fields(of keys: KeySet<APSKey>) -> [Field] {
        guard self.keys.intersects(keys) else { return [] }
        return fields.fields.filter { APSKey(name: $0.key).map(keys.contains) == true }
    }

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
    var parts: Parts { storage.aps! }

    @usableFromInline init(storage: DefinitionStorage) {
        self.storage = storage
    }
}

extension APS.Parts {
    /// Binds `alert` and `sound` once: many rules read them.
    init(fields: FieldSet) {
        var hasWronglyTypedValues = !fields.allFieldsHaveExpectedTypes
        var alertKeys: KeySet<AlertKey> = []
        var alertHasUnknownKeys = false
        let alert: AlertContent? = fields[APSKey.alert].flatMap { field in
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
        let sound: SoundContent? = fields[APSKey.sound].flatMap { field in
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
                  inferredPushType: PushType.inferred(fromAPSKeys: keys))
    }
}

extension APS {

    /// The effective field for a documented key of `aps`: found by the key's entry in `Schema.aps`, with no name
    /// compared when no key is written twice.
    public func field(_ key: APSKey) -> Field? { fields[key] }
    public var alertField: Field? { field(.alert) }
    public var badge: Field? { field(.badge) }
    public var soundField: Field? { field(.sound) }
    public var contentAvailable: Field? { field(.contentAvailable) }
    public var mutableContent: Field? { field(.mutableContent) }

    /// True when `aps` holds `content-available` and nothing else (a background update).
    public var isContentAvailableOnly: Bool {
        !fields.fields.isEmpty && fields.fields.allSatisfy { $0.key == "content-available" }
    }
}
