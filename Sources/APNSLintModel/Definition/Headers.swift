// Which members are marked for inlining across modules, and why: the note in Definition/DefinitionStorage.swift.

/// The request headers, from the definition's `headers` object and from command-line options.
public struct Headers: Sendable {
    /// All header fields; names compare case-insensitively, as in HTTP.
    public var fields: FieldSet { storage.headers.fields }
    /// The `headers` member of the envelope, when there is one.
    public var declaration: Field? { storage.headers.declaration }

    @usableFromInline struct Parts: Sendable {
        let fields: FieldSet
        let declaration: Field?
        @usableFromInline let pushTypeField: Field?
        let priorityField: Field?
        @usableFromInline let topicField: Field?
        let idField: Field?
        let expirationField: Field?
        let collapseIDField: Field?
        @usableFromInline let pushType: PushType?
        let keys: KeySet<HeaderKey>
        let hasUnknownKeys: Bool
        let hasWronglyTypedValues: Bool
    }

    /// A view of the headers of the definition `storage` holds.
    @usableFromInline let storage: DefinitionStorage
    var parts: Parts { storage.headers }

    @usableFromInline init(storage: DefinitionStorage) {
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
        let keys = fields.keys(HeaderKey.self)
        var pushType = pushTypeField?.string.flatMap(PushType.init(rawValue:))
        // The broadcast API writes `LiveActivity` (and `Liveactivity`): a broadcast request's push type in any case.
        if pushType == nil, keys.contains(.channelID), pushTypeField?.string?.lowercased() == PushType.liveactivity.rawValue {
            pushType = .liveactivity
        }
        self.init(fields: fields, declaration: declaration, pushTypeField: pushTypeField, priorityField: priorityField,
                  topicField: topicField, idField: idField, expirationField: expirationField, collapseIDField: collapseIDField,
                  pushType: pushType, keys: keys,
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

    /// True when the definition or its sender says what the request's headers are: a `headers` object, a
    /// command-line option, a request header. A bare payload says nothing about its request, and rules must not
    /// assume defaults; nor do the configuration's `headers`, defaults for every file, declare anything on their own:
    /// they fill in values the rules check, but a rule about a missing header does not report a bare payload linted
    /// with them (issue 38: a configured `apns-topic` made every bare payload "miss" its push type).
    public var areDeclared: Bool {
        if declaration != nil { return true }
        return fields.fields.contains { field in
            if case .configuration = field.origin { return false }
            return true
        }
    }

    public var pushTypeField: Field? { storage.headers.pushTypeField }
    public var priorityField: Field? { storage.headers.priorityField }
    public var topicField: Field? { storage.headers.topicField }
    public var idField: Field? { storage.headers.idField }
    public var expirationField: Field? { storage.headers.expirationField }
    public var collapseIDField: Field? { storage.headers.collapseIDField }

    /// The documented headers the request has.
    public var keys: KeySet<HeaderKey> { storage.headers.keys }

    /// The push type, when the header holds one of the documented values.
    public var pushType: PushType? { storage.headers.pushType }
    public var priority: Int? { priorityField?.integer }

    /// True for a broadcast request (Live Activity channels, iOS 18): it carries `apns-channel-id`, goes to
    /// `/4/broadcasts/apps/<bundle ID>`, and reaches every device subscribed to the channel.
    public var isBroadcast: Bool { keys.contains(.channelID) }
}
