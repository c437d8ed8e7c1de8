import APNSLintSyntax

// Which members are marked for inlining across modules, and why: the note in Definition/DefinitionStorage.swift.

/// An APNs payload: `aps`, or `mdm`, plus custom data.
public struct Payload: Sendable {
    public var node: DocumentNode { storage.payload!.node }
    public var pointer: JSONPointer { storage.payload!.pointer }
    /// Every top-level member (`aps`, `mdm` and custom keys).
    public var fields: FieldSet { storage.payload!.fields }
    /// The bound `aps` dictionary, when `aps` is an object.
    public var aps: APS? { storage.aps == nil ? nil : APS(storage: storage) }

    @usableFromInline struct Parts: Sendable {
        let node: DocumentNode
        let pointer: JSONPointer
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
            objectRange = node.isObject ? node.range : nil
            hasWronglyTypedValues = !fields.allFieldsHaveExpectedTypes
        }
    }

    /// A view of the payload of the definition `storage` holds (which has one).
    @usableFromInline let storage: DefinitionStorage
    var parts: Parts { storage.payload! }

    @usableFromInline init(storage: DefinitionStorage) {
        self.storage = storage
    }

    /// Whether the payload is an object (an elided one too: see `NotificationDefinition.elision`).
    public var isObject: Bool { node.isObject }
    public var apsField: Field? { fields[PayloadKey.aps] }
    public var mdmField: Field? { fields[PayloadKey.mdm] }
    /// An MDM wake-up payload `{"mdm": "…"}` has no `aps`.
    public var isMDM: Bool { storage.payload!.isMDM }
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
            // `aps` is never custom data: passed over before its keys are looked through.
            guard !storage.members[index].key.isSameKey(as: "aps"), case .object(let members) = storage.members[index].value.value,
                  members.last(where: { $0.key.isSameKey(as: "aps") })?.value.members != nil else { continue }
            let field = Field(storage, index)
            if isCustomData(field), !field.isShadowed { nested.append(field) }
        }
        return nested
    }
}
