import APNSLintSyntax

// Which members are marked for inlining across modules, and why: the note in Definition/DefinitionStorage.swift.

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

    /// Whether the reader elided part of the document (a container larger than its retention limit, see
    /// `ElidedContainer`), and where.
    public enum Elision: Sendable, Hashable {
        /// Nothing was elided: the usual case.
        case none
        /// Only values inside the payload's custom data (under a key other than `aps`): the model is whole, and
        /// every rule runs; an elided value is a container whose contents are unknown.
        case inCustomData
        /// Something the model reads was elided (the whole document, the payload, `aps` or a part of it, the
        /// headers): only the rules that can judge what is left run (`RuleDescriptor.runsOnElidedDefinitions`).
        case inModel
    }

    /// The whole document as the user wrote it (for an Erlang term: before the library's shape was applied).
    public var root: DocumentNode { storage.definition.root }
    public var shape: Shape { storage.definition.shape }
    /// Where the document came from and how its payload goes on the wire.
    public var provenance: Provenance { storage.definition.provenance }
    /// The envelope's own members (only for `.envelope`).
    public var envelope: FieldSet? { storage.definition.envelope }
    public var headers: Headers { Headers(storage: storage) }
    public var deviceToken: Field? { storage.definition.deviceToken }
    /// The payload, or nil when an envelope has no `payload` member.
    public var payload: Payload? { storage.payload == nil ? nil : Payload(storage: storage) }
    /// The size of `payloadBytes` (compact UTF-8 JSON, or as the sending library writes it), computed once, when the
    /// payload is an object; nil otherwise (the size rules measure only objects).
    public var objectPayloadSize: Int? { storage.definition.objectPayloadSize }
    /// The object payload's size on the wire, as its sender writes it (`Provenance.style`) or as the request body's
    /// bytes, measured once, when the definition was bound; nil when the payload is not an object.
    public var payloadSize: PayloadSize? { storage.definition.payloadSize }
    /// True when the definition was read from compact JSON text that the compact serializer writes back byte for
    /// byte (`provenance.textIsCompact`).
    public var textIsCompact: Bool { storage.definition.provenance.textIsCompact }
    /// What the payload suggests the push type is, when no header says so (PyAPNs2 infers it the same way).
    public var inferredPushType: PushType? { storage.definition.inferredPushType }
    /// Whether the reader elided part of the document, and where.
    public var elision: Elision { storage.definition.elision }
    /// Whether the payload holds an elided container; then its size (`objectPayloadSize`) counts the container's
    /// `compactLength`, exact unless a duplicate key is inside (`payloadElisionHasDuplicateKeys`).
    public var payloadHoldsElidedContent: Bool { storage.definition.payloadElision != .none }
    /// Whether an elided container in the payload holds a duplicate key: then what a sender writes of it is not known,
    /// only that it is at least the container's `minimumLength`.
    public var payloadElisionHasDuplicateKeys: Bool { storage.definition.payloadElision == .withDuplicateKeys }

    /// What the payload holds of elided containers.
    enum PayloadElision: Sendable {
        case none, withoutDuplicateKeys, withDuplicateKeys
    }

    /// The declared push type, else the inferred one; `isInferred` says which. Worked out once: many rules ask.
    public var pushType: (type: PushType, isInferred: Bool)? { storage.definition.pushType }

    struct Parts: Sendable {
        let root: DocumentNode
        let shape: Shape
        let provenance: Provenance
        let envelope: FieldSet?
        let deviceToken: Field?
        let objectPayloadSize: Int?
        let payloadSize: PayloadSize?
        let inferredPushType: PushType?
        let pushType: (type: PushType, isInferred: Bool)?
        let elision: Elision
        let payloadElision: PayloadElision
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

    public init(root: DocumentNode, shape: Shape, envelope: FieldSet?, headers: Headers, deviceToken: Field?, payload: Payload?,
                provenance: Provenance = Provenance()) {
        self.init(root: root, shape: shape, envelope: envelope, headers: headers.parts, deviceToken: deviceToken,
                  payload: payload?.parts, aps: payload?.aps?.parts, provenance: provenance)
    }

    init(root: consuming DocumentNode, shape: Shape, envelope: consuming FieldSet?, headers: consuming Headers.Parts,
         deviceToken: consuming Field?, payload: consuming Payload.Parts?, aps: consuming APS.Parts?, provenance: Provenance) {
        // Only plain values are read from the parts (worked out as they were bound): reading a set or a field out of
        // them would copy it, a retain and a release each.
        let (elision, payloadElision) = provenance.hasElidedContent ? Self.elision(in: root, shape: shape, payload: payload) : (.none, .none)
        // The payload is measured here, once: as its text when that is what the compact serializer writes, else as its
        // sender writes it (`PayloadSize.measure` writes it out again only in another style, or to count elisions).
        let size: Int? = if let range = payload?.objectRange {
            provenance.textIsCompact && provenance.encoding == nil ? range.length
                : payload.map { WireSerializer.size(of: $0.node, duplicates: provenance.duplicates, style: provenance.encoding?.style ?? .compact) }
        } else {
            nil
        }
        let payloadSize: PayloadSize? = if let size {
            provenance.bodySize == nil && payloadElision == .none && provenance.style == (provenance.encoding?.style ?? .compact)
                ? PayloadSize(bytes: size, compactBytes: size, style: provenance.style)
                : payload.map { PayloadSize.measure($0.node, size: size, provenance: provenance, elision: payloadElision) }
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
            definition: Parts(root: root, shape: shape, provenance: provenance, envelope: envelope,
                              deviceToken: deviceToken, objectPayloadSize: size, payloadSize: payloadSize,
                              inferredPushType: inferredPushType, pushType: pushType, elision: elision, payloadElision: payloadElision,
                              apsKeys: aps?.keys ?? [],
                              alertKeys: aps?.alertKeys ?? [], headerKeys: headers.keys, partsWithUnknownKeys: partsWithUnknownKeys,
                              hasWronglyTypedValues: hasWronglyTypedValues),
            headers: consume headers, payload: consume payload, aps: consume aps)
    }

    /// Where `root` holds elided containers (`Elision`), and what the payload holds of them. Out of line: most
    /// definitions have none.
    @inline(never)
    static func elision(in root: DocumentNode, shape: Shape, payload: Payload.Parts?) -> (Elision, PayloadElision) {
        let elision = Binder.elision(in: root, payloadAt: shape == .envelope ? [EnvelopeKey.payload] : [], payload: payload)
        var payloadElision = PayloadElision.none
        if elision != .none, let node = payload?.node {
            node.walk { node, _ in
                guard let summary = node.elided else { return }
                if summary.hasDuplicateKeys { payloadElision = .withDuplicateKeys } else if payloadElision == .none { payloadElision = .withoutDuplicateKeys }
            }
        }
        return (elision, payloadElision)
    }
}

extension NotificationDefinition {
    /// The payload as it goes on the wire (see `WireSerializer`): as the sending library writes it, or compact.
    public var payloadBytes: [UInt8]? {
        payloadBytes(style: provenance.encoding?.style ?? .compact)
    }

    /// The payload as a sender whose JSON encoder escapes like `style` puts it on the wire; nil without a payload, or
    /// when it holds an elided container (whose bytes the reader did not keep).
    public func payloadBytes(style: WireSerializer.Style) -> [UInt8]? {
        guard !payloadHoldsElidedContent else { return nil }
        return payload.map { WireSerializer.serialize($0.node, duplicates: provenance.duplicates, style: style) }
    }
}
