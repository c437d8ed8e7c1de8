import APNSLintModel
import APNSLintSyntax
import Testing

/// A delivery app's `ContentState`, as the Swift reader would give it.
private let status = CodableShape.enumeration(EnumerationShape(typeName: "Status", rawValues: .strings(["preparing", "out-for-delivery"])))
private let item = ObjectShape(typeName: "Item", fields: [
    .init(key: "name", propertyName: "name", shape: .string),
    .init(key: "quantity", propertyName: "quantity", shape: .integer(.uint8)),
])
private let contentState = CodableShape.object(ObjectShape(typeName: "DeliveryAttributes.ContentState", fields: [
    .init(key: "driver_name", propertyName: "driverName", shape: .string),
    .init(key: "eta", propertyName: "eta", shape: .date(.secondsSinceReferenceDate)),
    .init(key: "stops", propertyName: "stops", shape: .integer(.int), hasInitialValue: true),
    .init(key: "progress", propertyName: "progress", shape: .number),
    .init(key: "status", propertyName: "status", shape: status),
    .init(key: "note", propertyName: "note", shape: .optional(.string)),
    .init(key: "isLate", propertyName: "isLate", shape: .bool),
    .init(key: "items", propertyName: "items", shape: .array(of: .object(item))),
    .init(key: "tips", propertyName: "tips", shape: .dictionary(of: .number)),
]))

/// A content state that decodes: 2.0 for an Int, 1 for a Double, null for an Optional.
private let decodable = #"""
{"driver_name": "Ana", "eta": 788918400, "stops": 2.0, "progress": 1, "status": "out-for-delivery", "note": null,
 "isLate": false, "items": [{"name": "Tea", "quantity": 3}], "tips": {"ana": 1.5}}
"""#

private func document(_ text: String) throws -> DocumentNode {
    try #require(JSONReader.read(SourceText(text)).document)
}

/// The byte range of the `occurrence`-th `needle` in `text`.
private func range(of needle: String, in text: String, occurrence: Int = 0) -> SourceRange {
    let bytes = Array(text.utf8), pattern = Array(needle.utf8)
    var seen = 0
    for start in 0...(bytes.count - pattern.count) where Array(bytes[start..<start + pattern.count]) == pattern {
        if seen == occurrence { return SourceRange(start: start, end: start + pattern.count) }
        seen += 1
    }
    Issue.record("\(needle) is not in the text")
    return SourceRange(start: 0, end: 0)
}

/// `decodable` with `old` replaced by `new`.
private func edited(_ old: String, _ new: String) -> String {
    let text = decodable.replacing(old, with: new)
    #expect(text != decodable, "the edit \(old) → \(new) changed nothing")
    return text
}

@Suite("CodableShape: what JSONDecoder accepts for an app's Codable types")
struct CodableShapeTests {
    @Test func aValueThatDecodesHasNoMismatch() throws {
        #expect(mismatches(of: try document(decodable), against: contentState) == [])
        // An Optional may also be absent; the method form gives the same answer.
        let text = edited(#""note": null,"#, "")
        #expect(contentState.mismatches(of: try document(text)) == [])
    }

    /// `var stops = 0` is still required: synthesized `init(from:)` ignores the initial value.
    @Test func aRequiredKeyThatIsAbsentIsReportedOnTheObject() throws {
        let text = edited(#""stops": 2.0, "#, "")
        let found = mismatches(of: try document(text), against: contentState)
        let whole = SourceRange(start: 0, end: text.utf8.count)
        #expect(found == [ShapeMismatch(kind: .missingKey("stops", expectedShape: .integer(.int)), pointer: .root, range: whole)])
        #expect(found.map(\.kind.failsDecoding) == [true])
    }

    @Test func aMissingKeyInsideAnArrayElementHasThatElementsPointer() throws {
        let text = edited(#"{"name": "Tea", "quantity": 3}"#, #"{"name": "Tea", "quantity": 3}, {"name": "Cake"}"#)
        let found = mismatches(of: try document(text), against: contentState)
        #expect(found == [ShapeMismatch(kind: .missingKey("quantity", expectedShape: .integer(.uint8)),
                                        pointer: JSONPointer(["items", "1"]), range: range(of: #"{"name": "Cake"}"#, in: text))])
    }

    @Test(arguments: [
        // Bool does not take 0 or 1; String does not take a number; Int does not take a numeric string.
        (#""isLate": false"#, #""isLate": 0"#, "isLate", "0", "a boolean", DocumentNode.Kind.integer),
        (#""driver_name": "Ana""#, #""driver_name": 5"#, "driver_name", "5", "a string", .integer),
        (#""stops": 2.0"#, #""stops": "2""#, "stops", #""2""#, "an integer (Int)", .string),
        // null is only for Optionals.
        (#""progress": 1"#, #""progress": null"#, "progress", "null", "a number", .null),
        (#""tips": {"ana": 1.5}"#, #""tips": [1.5]"#, "tips", "[1.5]", "an object", .array),
        (#""items": [{"name": "Tea", "quantity": 3}]"#, #""items": {"name": "Tea"}"#, "items", #"{"name": "Tea"}"#, "an array", .object),
        (#""eta": 788918400"#, #""eta": "2026-01-01T00:00:00Z""#, "eta", #""2026-01-01T00:00:00Z""#,
         "a number of seconds since 2001-01-01 (Date)", .string),
        (#""note": null"#, #""note": 42"#, "note", "42", "a string", .integer),
    ])
    func aValueOfTheWrongJSONTypeIsReportedWhereItIs(old: String, new: String, key: String, value: String, expected: String,
                                                      found: DocumentNode.Kind) throws {
        let text = edited(old, new)
        let mismatches = mismatches(of: try document(text), against: contentState)
        // `new` is `"key": value`: the value is its end.
        let member = range(of: new, in: text)
        let valueRange = SourceRange(start: member.end - value.utf8.count, end: member.end)
        #expect(mismatches == [ShapeMismatch(kind: .wrongType(expected: expected, found: found), pointer: JSONPointer([key]), range: valueRange)])
    }

    @Test func aWrongTypeDeepInsideHasTheFullPointer() throws {
        let text = edited(#""ana": 1.5"#, #""ana": true"#)
        #expect(mismatches(of: try document(text), against: contentState)
            == [ShapeMismatch(kind: .wrongType(expected: "a number", found: .bool), pointer: JSONPointer(["tips", "ana"]),
                              range: range(of: "true", in: text))])
    }

    /// JSONDecoder takes a number that is exactly an integer of the type (`2.0`, `1e2`), and nothing else.
    @Test(arguments: [
        ("1.5", IntegerType.int, false), ("2.0", .int, true), ("1e2", .int, true), ("-3", .int, true),
        ("300", .uint8, false), ("255", .uint8, true), ("-1", .uint, false), ("2.5e0", .int64, false),
        ("9223372036854775808", .int, false), ("9223372036854775808", .uint64, true), ("1e400", .int, false),
    ])
    func anIntegerFieldTakesOnlyNumbersItsTypeHoldsExactly(number: String, type: IntegerType, decodes: Bool) throws {
        let text = #"{"n": \#(number)}"#
        let shape = CodableShape.object(ObjectShape(typeName: "T", fields: [.init(key: "n", propertyName: "n", shape: .integer(type))]))
        let expected = decodes ? [] : [ShapeMismatch(kind: .integerNotRepresentable(type, found: number), pointer: JSONPointer(["n"]),
                                                     range: range(of: number, in: text))]
        #expect(mismatches(of: try document(text), against: shape) == expected)
    }

    @Test func aStringThatIsNoRawValueListsTheRawValues() throws {
        let text = edited(#""status": "out-for-delivery""#, #""status": "outForDelivery""#)
        #expect(mismatches(of: try document(text), against: contentState)
            == [ShapeMismatch(kind: .notAnEnumCase(typeName: "Status", allowed: [#""preparing""#, #""out-for-delivery""#], found: #""outForDelivery""#),
                              pointer: JSONPointer(["status"]), range: range(of: #""outForDelivery""#, in: text))])
    }

    @Test func anIntegerEnumTakesItsRawValuesWrittenAnyExactWay() throws {
        let level = CodableShape.enumeration(EnumerationShape(typeName: "Level", rawValues: .integers([0, 1, 5])))
        let shape = CodableShape.array(of: level)
        let text = #"[0, 1.0, 5, 2, "1"]"#
        #expect(mismatches(of: try document(text), against: shape) == [
            ShapeMismatch(kind: .notAnEnumCase(typeName: "Level", allowed: ["0", "1", "5"], found: "2"), pointer: JSONPointer(["3"]),
                          range: range(of: "2", in: text)),
            ShapeMismatch(kind: .wrongType(expected: "an integer (Level)", found: .string), pointer: JSONPointer(["4"]),
                          range: range(of: #""1""#, in: text)),
        ])
    }

    /// 1767225600 is 2026-01-01 in Unix time; read as seconds since 2001 it is 2057. The same instant since 2001 is
    /// 1767225600 − 978307200 = 788918400.
    @Test func aUnixTimestampForADateIsItsOwnKindWithTheReferenceDateValue() throws {
        let text = edited(#""eta": 788918400"#, #""eta": 1767225600"#)
        let found = mismatches(of: try document(text), against: contentState)
        #expect(found == [ShapeMismatch(kind: .unixTimestampForDate(seconds: "1767225600", referenceDateSeconds: 788_918_400),
                                        pointer: JSONPointer(["eta"]), range: range(of: "1767225600", in: text))])
        #expect(found.map(\.kind.failsDecoding) == [false])
        // Milliseconds are caught too; a date up to 2032 since 2001 is not.
        #expect(mismatches(of: try document(#"[1767225600000, 999999999, 0]"#), against: .array(of: .date(.secondsSinceReferenceDate))).count == 1)
    }

    /// JSONDecoder ignores keys the type does not decode: a warning, reported at the key.
    @Test func aKeyTheTypeDoesNotDecodeIsAnUnknownKeyThatDoesNotFail() throws {
        let text = edited(#""isLate": false"#, #""isLate": false, "driverName": "Ana""#)
        let found = mismatches(of: try document(text), against: contentState)
        #expect(found == [ShapeMismatch(kind: .unknownKey("driverName"), pointer: JSONPointer(["driverName"]),
                                        range: range(of: #""driverName""#, in: text))])
        #expect(found.map(\.kind.failsDecoding) == [false])
    }

    @Test func aUUIDMustBeInTheFormUUIDStringReads() throws {
        let shape = CodableShape.array(of: .uuid)
        let text = #"["E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "e621e1f8-c36c-495a-93fc-0c247a3e6e5f", "E621E1F8C36C495A93FC0C247A3E6E5F"]"#
        #expect(mismatches(of: try document(text), against: shape)
            == [ShapeMismatch(kind: .malformedUUID(found: "E621E1F8C36C495A93FC0C247A3E6E5F"), pointer: JSONPointer(["2"]),
                              range: range(of: #""E621E1F8C36C495A93FC0C247A3E6E5F""#, in: text))])
    }

    /// A type that decodes itself, or that the reader could not resolve, is never judged: not its value, not its absence.
    @Test func anUnknownShapeAcceptsAnythingAndIsNeverMissing() throws {
        let shape = CodableShape.object(ObjectShape(typeName: "T", fields: [
            .init(key: "custom", propertyName: "custom", shape: .unknown(typeName: "Money")),
            .init(key: "other", propertyName: "other", shape: .unknown(typeName: "Other")),
        ]))
        #expect(mismatches(of: try document(#"{"custom": [1, {"a": null}]}"#), against: shape) == [])
        #expect(mismatches(of: try document(#"{"x": 1}"#), against: .unknown(typeName: "Money")) == [])
    }

    /// Of two members with one key, the last is the one decoded.
    @Test func theLastOfDuplicateKeysIsTheOneChecked() throws {
        let shape = CodableShape.object(ObjectShape(typeName: "T", fields: [.init(key: "n", propertyName: "n", shape: .integer(.int))]))
        let text = #"{"n": "one", "n": 1}"#
        #expect(mismatches(of: try document(text), against: shape) == [])
        let reversed = #"{"n": 1, "n": "one"}"#
        #expect(mismatches(of: try document(reversed), against: shape)
            == [ShapeMismatch(kind: .wrongType(expected: "an integer (Int)", found: .string), pointer: JSONPointer(["n"]),
                              range: range(of: #""one""#, in: reversed))])
    }
}
