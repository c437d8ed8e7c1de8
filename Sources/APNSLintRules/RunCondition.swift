import APNSLintModel

/// Something a definition must hold for a rule to have anything to report: a rule about `loc-args` has nothing to
/// say about an alert without one. A rule names its conditions in `RuleMetadata.runsWhen`, and the linter runs it
/// only on definitions where at least one holds (as ESLint rules subscribe to node types, and Spectral rules
/// name the paths they look at). A rule that names none runs on every definition.
///
/// Conditions must hold wherever the rule can report: they say where a rule looks, never what it finds. The tests
/// lint every rule example and every file under `Examples/` with and without them and compare the reports.
public enum RunCondition: Sendable, Hashable {
    /// `aps` (an object, or a proplist bound as one) holds this key, of `Schema.aps`.
    case apsKey(String)
    /// The `alert` dictionary holds this key, of `Schema.alert`.
    case alertKey(String)
    /// The request has this header, of `Schema.headers`: from the file or from outside it, in any case.
    case header(String)
    /// The push type, declared or inferred (`NotificationDefinition.pushType`), is this one.
    case pushType(PushType)
    /// The part holds a key its schema does not know (for the rules about unknown keys).
    case unknownKey(in: KeyedPart)
    /// A field holds a value of another type than its schema's (`NotificationDefinition.Keys.hasWronglyTypedValues`).
    case wronglyTypedValue

    /// The parts of a definition whose keys conditions test.
    public enum KeyedPart: Sendable, Hashable {
        case aps, alert, headers

        var bit: UInt8 {
            switch self {
            case .aps: 1
            case .alert: 2
            case .headers: 4
            }
        }
    }
}

/// A rule's conditions as bit masks, worked out once: testing them on a definition is a few `&`s.
public struct RunConditions: Sendable {
    @usableFromInline var aps: UInt64 = 0
    @usableFromInline var alert: UInt64 = 0
    @usableFromInline var headers: UInt64 = 0
    /// Bit `i` for `PushType.allCases[i]`.
    @usableFromInline var pushTypes: UInt64 = 0
    /// The parts in which an unknown key makes the rule run (`KeyedPart.bit`).
    @usableFromInline var unknownKeyParts: UInt8 = 0
    @usableFromInline var wronglyTypedValue = false
    /// True when the rule runs on every definition: it names no condition, or one these masks cannot hold (a key
    /// no schema knows), which must never make a rule skip a definition.
    public let always: Bool

    public init(_ conditions: [RunCondition]) {
        var resolvesAll = true
        for condition in conditions {
            switch condition {
            case .apsKey(let key): resolvesAll = Self.add(Schema.aps.bits(of: [key]), to: &aps) && resolvesAll
            case .alertKey(let key): resolvesAll = Self.add(Schema.alert.bits(of: [key]), to: &alert) && resolvesAll
            case .header(let name): resolvesAll = Self.add(Schema.headers.bits(of: [lowercasedKey(name)]), to: &headers) && resolvesAll
            case .pushType(let type): pushTypes |= DefinitionFacts.bit(of: type)
            case .unknownKey(let part): unknownKeyParts |= part.bit
            case .wronglyTypedValue: wronglyTypedValue = true
            }
        }
        always = conditions.isEmpty || !resolvesAll
    }

    /// Adds a key's bit to `mask`; false when the key has none (the schema's first 64 keys do not include it).
    private static func add(_ bit: UInt64, to mask: inout UInt64) -> Bool {
        mask |= bit
        return bit != 0
    }

    /// Whether the rule has anything to look at in the definition these facts describe.
    @inlinable public func hold(for facts: DefinitionFacts) -> Bool {
        always || holdsSome(for: facts)
    }

    @inlinable func holdsSome(for facts: DefinitionFacts) -> Bool {
        aps & facts.apsKeys != 0 || alert & facts.alertKeys != 0 || headers & facts.headers != 0
            || pushTypes & facts.pushTypeBit != 0 || unknownKeyParts & facts.partsWithUnknownKeys != 0
            || wronglyTypedValue && facts.hasWronglyTypedValues
    }
}

/// What run conditions test in one definition, read once for all its rules.
public struct DefinitionFacts: Sendable {
    /// The keys of `Schema.aps` that `aps` holds, as `FieldSet.schemaKeysPresent` gives them (0 without `aps`).
    public let apsKeys: UInt64
    /// The keys of `Schema.alert` that the alert dictionary holds (0 for a string alert or none).
    public let alertKeys: UInt64
    /// The headers of `Schema.headers` the request has.
    public let headers: UInt64
    public let pushType: PushType?
    /// `pushType` as a bit of a mask (0 for none).
    @usableFromInline let pushTypeBit: UInt64
    /// The parts that hold a key their schema does not know, as `RunCondition.KeyedPart` bits.
    @usableFromInline let partsWithUnknownKeys: UInt8
    /// A field holds a value of another type than its schema's.
    public let hasWronglyTypedValues: Bool

    public init(_ definition: NotificationDefinition) {
        // Read at binding: no view of aps or the alert is made here.
        let keys = definition.keys
        apsKeys = keys.aps
        alertKeys = keys.alert
        headers = keys.headers
        partsWithUnknownKeys = (keys.apsHasUnknownKeys ? RunCondition.KeyedPart.aps.bit : 0)
            | (keys.alertHasUnknownKeys ? RunCondition.KeyedPart.alert.bit : 0)
            | (keys.headersHaveUnknownKeys ? RunCondition.KeyedPart.headers.bit : 0)
        hasWronglyTypedValues = keys.hasWronglyTypedValues
        pushType = definition.pushType?.type
        pushTypeBit = pushType.map(Self.bit) ?? 0
    }

    /// A bit for each push type (a switch, not a search of `allCases`: a definition asks once per lint).
    static func bit(of type: PushType) -> UInt64 {
        let index = switch type {
        case .alert: 0
        case .background: 1
        case .location: 2
        case .voip: 3
        case .complication: 4
        case .fileprovider: 5
        case .mdm: 6
        case .liveactivity: 7
        case .pushtotalk: 8
        case .widgets: 9
        case .controls: 10
        }
        return 1 << UInt64(index)
    }
}
