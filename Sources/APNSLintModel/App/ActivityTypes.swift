import APNSLintSyntax

/// A Live Activity's `ActivityAttributes` type as declared in an app's Swift: what a push-to-start's `aps.attributes`
/// and every update's `aps.content-state` must decode into on the device.
///
/// Plain data, so checking a payload needs no Swift parser: a library user's `AppContext` holds the app's types.
public struct ActivityAttributesType: Sendable, Hashable {
    /// The type's name as a push-to-start's `aps.attributes-type` names it (`DeliveryAttributes`); a nested type has
    /// its qualified name (`Widgets.DeliveryAttributes`).
    public var name: String
    /// The path of the file that declares the type, as given to the reader.
    public var file: String
    /// Where the type's name is written in that file, 1-based (the column counts characters: Unicode scalars).
    public var line: Int
    public var column: Int
    /// The type's stored properties other than `ContentState`: what `aps.attributes` decodes into.
    public var attributes: CodableShape
    /// `ContentState`, what `aps.content-state` decodes into; nil when the reader found no such type.
    public var contentState: CodableShape?

    public init(name: String, file: String, line: Int, column: Int, attributes: CodableShape, contentState: CodableShape?) {
        self.name = name
        self.file = file
        self.line = line
        self.column = column
        self.attributes = attributes
        self.contentState = contentState
    }
}

/// What `JSONDecoder` accepts for a Swift type whose `Decodable` conformance the compiler synthesizes.
public indirect enum CodableShape: Sendable, Hashable {
    /// A struct or class: a JSON object with these keys.
    case object(ObjectShape)
    /// `T?`: the key may be absent, the value may be `null`.
    case optional(CodableShape)
    /// `[T]` (and `Set<T>`): a JSON array.
    case array(of: CodableShape)
    /// `[String: T]`: a JSON object with any keys.
    case dictionary(of: CodableShape)
    case string
    /// `Int`, `Int8` … `UInt64`: a number that is exactly an integer within the type's range.
    case integer(IntegerType)
    /// `Double`, `Float`, `CGFloat`, `Decimal`: any number.
    case number
    /// `Bool`: `true` or `false` only (not `0` or `1`).
    case bool
    /// `Date`, decoded as `strategy` says.
    case date(DateDecoding)
    /// `URL`: a string.
    case url
    /// `UUID`: a string in the 8-4-4-4-12 hexadecimal form.
    case uuid
    /// An enum with a `String` or integer raw type: one of its raw values.
    case enumeration(EnumerationShape)
    /// A type the reader could not resolve, or one that decodes itself (`init(from:)`): anything is accepted and
    /// nothing is reported.
    case unknown(typeName: String)

    /// How the app's `JSONDecoder` turns JSON into a `Date`.
    public enum DateDecoding: Sendable, Hashable {
        /// The default (`.deferredToDate`): a number of seconds since 2001-01-01 00:00:00 UTC, Apple's reference
        /// date, not since 1970.
        case secondsSinceReferenceDate
    }

    /// True for `.optional`: the key may be absent or `null`.
    public var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    /// What a value of this shape is, for messages: "an integer (Int)", "an object (ContentState)".
    public var expectedPhrase: String {
        switch self {
        case .object(let object): "an object (\(object.typeName))"
        case .optional(let wrapped): wrapped.expectedPhrase + " or null"
        case .array: "an array"
        case .dictionary: "an object"
        case .string: "a string"
        case .integer(let type): "an integer (\(type.rawValue))"
        case .number: "a number"
        case .bool: "a boolean"
        case .date: "a number of seconds since 2001-01-01 (Date)"
        case .url: "a string (URL)"
        case .uuid: "a UUID string"
        case .enumeration(let enumeration):
            switch enumeration.rawValues {
            case .strings: "a string (\(enumeration.typeName))"
            case .integers: "an integer (\(enumeration.typeName))"
            }
        case .unknown(let typeName): "a \(typeName)"
        }
    }
}

/// The fields a struct's synthesized `init(from:)` decodes, in declaration order.
public struct ObjectShape: Sendable, Hashable {
    public var typeName: String
    public var fields: [Field]

    public init(typeName: String, fields: [Field]) {
        self.typeName = typeName
        self.fields = fields
    }

    public struct Field: Sendable, Hashable {
        /// The JSON key: the `CodingKeys` raw value when the type renames the property, else the property's name.
        public var key: String
        public var propertyName: String
        public var shape: CodableShape
        /// The property is a `var` with an initial value (`var step = 0`). Synthesized `init(from:)` ignores that
        /// value: the key is still required unless the type is Optional.
        public var hasInitialValue: Bool

        public init(key: String, propertyName: String, shape: CodableShape, hasInitialValue: Bool = false) {
            self.key = key
            self.propertyName = propertyName
            self.shape = shape
            self.hasInitialValue = hasInitialValue
        }

        /// Whether the JSON must have the key: only an Optional may be absent. A field of unknown shape is never
        /// called required (it may decode itself).
        public var isRequired: Bool {
            switch shape {
            case .optional, .unknown: false
            default: true
            }
        }
    }
}

/// A fixed-width integer type and the values it holds.
public enum IntegerType: String, Sendable, Hashable, CaseIterable {
    case int = "Int", int8 = "Int8", int16 = "Int16", int32 = "Int32", int64 = "Int64"
    case uint = "UInt", uint8 = "UInt8", uint16 = "UInt16", uint32 = "UInt32", uint64 = "UInt64"

    /// Whether this type holds the integer written as `text` (decimal digits, an optional minus sign).
    func holds(integerText text: String) -> Bool {
        switch self {
        case .int: Int(text) != nil
        case .int8: Int8(text) != nil
        case .int16: Int16(text) != nil
        case .int32: Int32(text) != nil
        case .int64: Int64(text) != nil
        case .uint: UInt(text) != nil
        case .uint8: UInt8(text) != nil
        case .uint16: UInt16(text) != nil
        case .uint32: UInt32(text) != nil
        case .uint64: UInt64(text) != nil
        }
    }

    /// Whether this type holds `value`, an integral Double.
    func holds(integralValue value: Double) -> Bool {
        switch self {
        case .int: Int(exactly: value) != nil
        case .int8: Int8(exactly: value) != nil
        case .int16: Int16(exactly: value) != nil
        case .int32: Int32(exactly: value) != nil
        case .int64: Int64(exactly: value) != nil
        case .uint: UInt(exactly: value) != nil
        case .uint8: UInt8(exactly: value) != nil
        case .uint16: UInt16(exactly: value) != nil
        case .uint32: UInt32(exactly: value) != nil
        case .uint64: UInt64(exactly: value) != nil
        }
    }
}

/// An enum with raw values: JSON must hold one of them.
public struct EnumerationShape: Sendable, Hashable {
    public var typeName: String
    public var rawValues: RawValues

    public init(typeName: String, rawValues: RawValues) {
        self.typeName = typeName
        self.rawValues = rawValues
    }

    public enum RawValues: Sendable, Hashable {
        case strings([String])
        case integers([Int])
    }

    /// The raw values as they are written in JSON, for messages: `"a"`, `"bee"`; `0`, `5`.
    public var allowedValues: [String] {
        switch rawValues {
        case .strings(let strings): strings.map { "\"\($0)\"" }
        case .integers(let integers): integers.map(String.init)
        }
    }
}

/// One way a JSON value would fail to decode into (or, for `.unknownKey`, be partly ignored by) a `CodableShape`.
public struct ShapeMismatch: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// A required key is absent from the object at `pointer`: decoding fails (`keyNotFound`).
        case missingKey(String, expectedShape: CodableShape)
        /// The value is of the wrong JSON type: decoding fails (`typeMismatch`, or `valueNotFound` for `null`).
        case wrongType(expected: String, found: DocumentNode.Kind)
        /// A number that the integer type cannot hold exactly (`1.5`, or `300` for `UInt8`): decoding fails
        /// (`dataCorrupted`).
        case integerNotRepresentable(IntegerType, found: String)
        /// A string that is not one of the enum's raw values: decoding fails (`dataCorrupted`).
        case notAnEnumCase(typeName: String, allowed: [String], found: String)
        /// A string that `UUID(uuidString:)` rejects: decoding fails (`dataCorrupted`).
        case malformedUUID(found: String)
        /// A `Date` given what looks like a Unix timestamp: it decodes, but as seconds since 2001, so the date is
        /// about 31 years late. `referenceDateSeconds` is the same instant as the default strategy reads it.
        case unixTimestampForDate(seconds: String, referenceDateSeconds: Double)
        /// A key the type does not decode: `JSONDecoder` ignores it, so nothing fails; worth a warning only.
        case unknownKey(String)

        /// Whether the device fails to decode the whole value: every kind but the ignored key and the late date.
        public var failsDecoding: Bool {
            switch self {
            case .unknownKey, .unixTimestampForDate: false
            default: true
            }
        }
    }

    public var kind: Kind
    /// Where, relative to the value checked: for `.missingKey` the object that lacks the key, for `.unknownKey` the
    /// member itself.
    public var pointer: JSONPointer
    /// The text in question: the value's range; for `.missingKey` the object's, for `.unknownKey` the key's.
    public var range: SourceRange

    public init(kind: Kind, pointer: JSONPointer, range: SourceRange) {
        self.kind = kind
        self.pointer = pointer
        self.range = range
    }
}

/// Seconds from 1970-01-01 to 2001-01-01, UTC: what separates a Unix timestamp from the seconds a `Date` decodes.
public let unixTimeOfReferenceDate: Double = 978_307_200

/// Above this many seconds since 2001 (the year 2032), a `Date` is taken for a Unix timestamp: Unix time passed it
/// in 2001, and a Live Activity rarely looks that far ahead.
public let unixTimestampThreshold: Double = 1e9

/// The ways `value` would not decode into `shape` with a default `JSONDecoder`, in document order, plus the keys the
/// decoder would ignore.
public func mismatches(of value: DocumentNode, against shape: CodableShape) -> [ShapeMismatch] {
    var checker = ShapeChecker()
    checker.check(value, against: shape, at: .root, depth: 0)
    return checker.found
}

extension CodableShape {
    /// `mismatches(of:against:)` with this shape.
    public func mismatches(of value: DocumentNode) -> [ShapeMismatch] {
        APNSLintModel.mismatches(of: value, against: self)
    }
}

private struct ShapeChecker {
    var found: [ShapeMismatch] = []

    /// Deeper than this the checker stops: shapes are finite, but a hand-built one may be deep, and no document may
    /// be too deep for a thread's stack.
    static let depthLimit = 128

    mutating func check(_ value: DocumentNode, against shape: CodableShape, at pointer: JSONPointer, depth: Int) {
        guard depth < Self.depthLimit else { return }
        func wrongType() {
            found.append(ShapeMismatch(kind: .wrongType(expected: shape.expectedPhrase, found: value.kind), pointer: pointer, range: value.range))
        }
        switch shape {
        case .unknown:
            return
        case .optional(let wrapped):
            if value.isNull { return }
            check(value, against: wrapped, at: pointer, depth: depth + 1)
        case .object(let object):
            guard value.isObject else { return wrongType() }
            checkMembers(of: value, against: object, at: pointer, depth: depth)
        case .dictionary(let element):
            guard value.isObject else { return wrongType() }
            for member in value.members ?? [] {
                check(member.value, against: element, at: pointer.appending(member.key), depth: depth + 1)
            }
        case .array(let element):
            guard value.kind == .array else { return wrongType() }
            for (index, item) in (value.elements ?? []).enumerated() {
                check(item, against: element, at: pointer.appending(index), depth: depth + 1)
            }
        case .string, .url:
            guard value.string != nil else { return wrongType() }
        case .uuid:
            guard let string = value.string else { return wrongType() }
            if !isUUIDString(string) {
                found.append(ShapeMismatch(kind: .malformedUUID(found: string), pointer: pointer, range: value.range))
            }
        case .bool:
            guard value.bool != nil else { return wrongType() }
        case .number:
            guard value.number != nil else { return wrongType() }
        case .integer(let type):
            guard let number = value.number else { return wrongType() }
            if !type.holds(number) {
                found.append(ShapeMismatch(kind: .integerNotRepresentable(type, found: number.text), pointer: pointer, range: value.range))
            }
        case .date(.secondsSinceReferenceDate):
            guard let number = value.number else { return wrongType() }
            if let seconds = number.doubleValue, seconds > unixTimestampThreshold {
                let kind = ShapeMismatch.Kind.unixTimestampForDate(seconds: number.text, referenceDateSeconds: seconds - unixTimeOfReferenceDate)
                found.append(ShapeMismatch(kind: kind, pointer: pointer, range: value.range))
            }
        case .enumeration(let enumeration):
            checkRawValue(value, of: enumeration, at: pointer)
        }
    }

    /// Each field from the member of its key (the last one, as a dictionary keeps it), then the members no field reads.
    mutating func checkMembers(of value: DocumentNode, against object: ObjectShape, at pointer: JSONPointer, depth: Int) {
        // An elided object's members are unknown: nothing to say about them.
        guard let members = value.members else { return }
        for field in object.fields {
            if let member = members.last(where: { $0.key.isSameKey(as: field.key) }) {
                check(member.value, against: field.shape, at: pointer.appending(field.key), depth: depth + 1)
            } else if field.isRequired {
                found.append(ShapeMismatch(kind: .missingKey(field.key, expectedShape: field.shape), pointer: pointer, range: value.range))
            }
        }
        for member in members where !object.fields.contains(where: { $0.key.isSameKey(as: member.key) }) {
            found.append(ShapeMismatch(kind: .unknownKey(member.key), pointer: pointer.appending(member.key), range: member.keyRange))
        }
    }

    mutating func checkRawValue(_ value: DocumentNode, of enumeration: EnumerationShape, at pointer: JSONPointer) {
        let matches: Bool
        switch enumeration.rawValues {
        case .strings(let rawValues):
            guard let string = value.string else {
                return found.append(ShapeMismatch(kind: .wrongType(expected: CodableShape.enumeration(enumeration).expectedPhrase, found: value.kind),
                                                  pointer: pointer, range: value.range))
            }
            matches = rawValues.contains(string)
        case .integers(let rawValues):
            // The raw type decodes first, so 1.0 matches case 1 as it decodes as Int 1.
            guard let number = value.number else {
                return found.append(ShapeMismatch(kind: .wrongType(expected: CodableShape.enumeration(enumeration).expectedPhrase, found: value.kind),
                                                  pointer: pointer, range: value.range))
            }
            matches = number.exactInteger.map(rawValues.contains) ?? false
        }
        if !matches {
            let kind = ShapeMismatch.Kind.notAnEnumCase(typeName: enumeration.typeName, allowed: enumeration.allowedValues, found: value.shortDescription)
            found.append(ShapeMismatch(kind: kind, pointer: pointer, range: value.range))
        }
    }
}

extension IntegerType {
    /// Whether `JSONDecoder` decodes this number as this type: an integer literal in range, or (as Foundation's
    /// decoder does on Apple platforms) another number that is exactly such an integer, such as `1.0` or `1e2`.
    func holds(_ number: NumberLiteral) -> Bool {
        if number.isInteger { return holds(integerText: number.text) }
        guard let value = number.doubleValue, value.isFinite, value.rounded(.towardZero) == value else { return false }
        return holds(integralValue: value)
    }
}

extension NumberLiteral {
    /// The value as `Int` when it is exactly one, written as an integer or not (`1`, `1.0`, `1e2`).
    var exactInteger: Int? {
        if isInteger { return Int(text) }
        guard let value = doubleValue else { return nil }
        return Int(exactly: value)
    }
}

/// The form `UUID(uuidString:)` accepts: 36 characters, hyphens after the 8th, 12th, 16th and 20th hex digit.
func isUUIDString(_ string: String) -> Bool {
    let bytes = Array(string.utf8)
    guard bytes.count == 36 else { return false }
    for (index, byte) in bytes.enumerated() {
        if index == 8 || index == 13 || index == 18 || index == 23 {
            guard byte == UInt8(ascii: "-") else { return false }
        } else {
            let isHexDigit = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
            guard isHexDigit else { return false }
        }
    }
    return true
}
