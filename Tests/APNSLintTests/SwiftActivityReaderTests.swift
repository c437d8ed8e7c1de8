import APNSLintModel
@testable import APNSLintApp
import Testing

private let deliveryFile = """
import ActivityKit
import Foundation

struct DeliveryAttributes: ActivityAttributes {
    public struct ContentState: Codable, Hashable {
        var driverName: String
        var estimatedDeliveryTime: Date
        var status: Order.Status
        var stopsRemaining: Int = 0
        var note: String?
        var items: [OrderItem]
        var tips: [String: Double]
        var lastUpdated: Optional<Date>
        var isLate: Bool { estimatedDeliveryTime < .now }
        static var preview = ContentState(driverName: "Ana")

        enum CodingKeys: String, CodingKey {
            case driverName = "driver_name"
            case estimatedDeliveryTime = "eta"
            case status, stopsRemaining, note, items, tips, lastUpdated
        }
    }

    var orderNumber: String
    let restaurant: String
    let createdBy = "app"
}
"""

private let orderFile = """
import Foundation

struct Order {
    enum Status: String, Codable {
        case preparing
        case outForDelivery = "out-for-delivery"
        case delivered
    }
}

struct OrderItem: Codable, Hashable {
    var name: String
    var quantity: UInt8
    var id: UUID
    var image: URL?
}
"""

private let status = CodableShape.enumeration(EnumerationShape(typeName: "Order.Status", rawValues: .strings(["preparing", "out-for-delivery", "delivered"])))
private let orderItem = CodableShape.object(ObjectShape(typeName: "OrderItem", fields: [
    .init(key: "name", propertyName: "name", shape: .string),
    .init(key: "quantity", propertyName: "quantity", shape: .integer(.uint8)),
    .init(key: "id", propertyName: "id", shape: .uuid),
    .init(key: "image", propertyName: "image", shape: .optional(.url)),
]))

/// The object shape of `typeName` with these fields, keys as property names.
private func object(_ typeName: String, _ fields: [(String, CodableShape)]) -> CodableShape {
    .object(ObjectShape(typeName: typeName, fields: fields.map { ObjectShape.Field(key: $0.0, propertyName: $0.0, shape: $0.1) }))
}

@Suite("SwiftActivityReader: Live Activity types from an app's Swift")
struct SwiftActivityReaderTests {
    /// Across two files: CodingKeys renames, an enum and a struct of another file, Optionals, arrays, dictionaries; no
    /// computed or static property, and no `let` with a value (synthesis never decodes those).
    @Test func aDeliveryActivityReadsAsItsContentStateAndAttributes() throws {
        let types = SwiftActivityReader.activityTypes(in: [("App/DeliveryAttributes.swift", deliveryFile), ("App/Order.swift", orderFile)])
        let contentState = CodableShape.object(ObjectShape(typeName: "DeliveryAttributes.ContentState", fields: [
            .init(key: "driver_name", propertyName: "driverName", shape: .string),
            .init(key: "eta", propertyName: "estimatedDeliveryTime", shape: .date(.secondsSinceReferenceDate)),
            .init(key: "status", propertyName: "status", shape: status),
            .init(key: "stopsRemaining", propertyName: "stopsRemaining", shape: .integer(.int), hasInitialValue: true),
            .init(key: "note", propertyName: "note", shape: .optional(.string)),
            .init(key: "items", propertyName: "items", shape: .array(of: orderItem)),
            .init(key: "tips", propertyName: "tips", shape: .dictionary(of: .number)),
            .init(key: "lastUpdated", propertyName: "lastUpdated", shape: .optional(.date(.secondsSinceReferenceDate))),
        ]))
        #expect(types == [ActivityAttributesType(
            name: "DeliveryAttributes", file: "App/DeliveryAttributes.swift", line: 4, column: 8,
            attributes: object("DeliveryAttributes", [("orderNumber", .string), ("restaurant", .string)]),
            contentState: contentState
        )])
    }

    /// The file order does not matter: the enum and struct may come first.
    @Test func typesResolveWhicheverFileDeclaresThem() throws {
        let forward = SwiftActivityReader.activityTypes(in: [("a.swift", deliveryFile), ("b.swift", orderFile)])
        let backward = SwiftActivityReader.activityTypes(in: [("b.swift", orderFile), ("a.swift", deliveryFile)])
        #expect(forward.map(\.contentState) == backward.map(\.contentState))
        #expect(forward.count == 1)
        // Without the second file the enum and item type are unknown, never guessed.
        let alone = SwiftActivityReader.activityTypes(in: [("a.swift", deliveryFile)])
        let shape = try contentStateObject(alone)
        #expect(shape.fields.first { $0.propertyName == "status" }?.shape == .unknown(typeName: "Order.Status"))
        #expect(shape.fields.first { $0.propertyName == "items" }?.shape == .array(of: .unknown(typeName: "OrderItem")))
    }

    /// Conformance in an extension, ContentState a type alias, an Int enum's implicit raw values, `var a, b: Int`,
    /// observers (still stored), an escaped name.
    @Test func anExtensionConformanceWithATypeAliasedContentState() {
        let source = """
        struct WorkoutAttributes {
            var workoutName: String
        }

        extension WorkoutAttributes: ActivityAttributes {
            typealias ContentState = WorkoutState
        }

        struct WorkoutState: Codable, Hashable {
            enum Phase: Int, Codable { case warmUp, work = 5, rest, coolDown = -1, done }
            var phase: Phase
            var heartRate, calories: Int
            var elapsed: TimeInterval
            var pace: Double = 0 { didSet { print(pace) } }
            var `default`: Bool
        }
        """
        let phase = CodableShape.enumeration(EnumerationShape(typeName: "WorkoutState.Phase", rawValues: .integers([0, 5, 6, -1, 0])))
        var contentState = object("WorkoutState", [
            ("phase", phase), ("heartRate", .integer(.int)), ("calories", .integer(.int)), ("elapsed", .number),
            ("pace", .number), ("default", .bool),
        ])
        if case .object(var shape) = contentState {
            shape.fields[4].hasInitialValue = true
            contentState = .object(shape)
        }
        #expect(SwiftActivityReader.activityTypes(in: [("Workout.swift", source)]) == [ActivityAttributesType(
            name: "WorkoutAttributes", file: "Workout.swift", line: 1, column: 8,
            attributes: object("WorkoutAttributes", [("workoutName", .string)]), contentState: contentState
        )])
    }

    /// A type with a hand-written `init(from:)`, in its body or an extension, decodes as it pleases: unknown.
    @Test func aTypeThatDecodesItselfIsUnknown() {
        let source = """
        import ActivityKit

        struct ScoreAttributes: ActivityKit.ActivityAttributes {
            struct ContentState: Codable, Hashable {
                var home: Int
                var away: Score
                init(from decoder: Decoder) throws { fatalError() }
            }
            var teams: [String]
        }

        struct Score: Codable, Hashable { var points: Int }
        extension Score {
            init(from decoder: any Decoder) throws { points = 0 }
        }

        struct Other: ActivityAttributes {
            typealias ContentState = Score
        }
        """
        let types = SwiftActivityReader.activityTypes(in: [("Score.swift", source)])
        #expect(types.map(\.name) == ["ScoreAttributes", "Other"])
        #expect(types.map(\.contentState) == [.unknown(typeName: "ScoreAttributes.ContentState"), .unknown(typeName: "Score")])
        #expect(types.map(\.attributes) == [object("ScoreAttributes", [("teams", .array(of: .string))]), object("Other", [])])
    }

    /// What the reader cannot judge stays unknown: an enum without raw values, a non-String dictionary key, a
    /// property wrapper, a generic type; a `var` without a type takes its literal's.
    @Test func whatCannotBeResolvedIsUnknown() throws {
        let source = """
        struct ParkingAttributes: ActivityAttributes {
            struct ContentState: Codable, Hashable {
                enum Zone: Codable, Hashable { case a, b(Int) }
                var zone: Zone
                var byFloor: [Int: String]
                @Clamped var minutes: Int
                var history: Deque<Int>
                var count = 0
                var label = "P1"
                var rate = 2.5
                var paid = false
                var level = Level.ground
                var id = UUID()
            }
            enum Level: String, Codable { case ground = "G", roof = "R" }
        }
        """
        let level = CodableShape.enumeration(EnumerationShape(typeName: "ParkingAttributes.Level", rawValues: .strings(["G", "R"])))
        let expected = [
            ("zone", CodableShape.unknown(typeName: "ParkingAttributes.ContentState.Zone")), ("byFloor", .unknown(typeName: "[Int: String]")),
            ("minutes", .unknown(typeName: "Int")), ("history", .unknown(typeName: "Deque<Int>")), ("count", .integer(.int)),
            ("label", .string), ("rate", .number), ("paid", .bool), ("level", level), ("id", .uuid),
        ]
        let types = SwiftActivityReader.activityTypes(in: [("Parking.swift", source)])
        let shape = try contentStateObject(types)
        #expect(shape.fields.map(\.propertyName) == expected.map(\.0))
        #expect(shape.fields.map(\.shape) == expected.map(\.1))
        #expect(shape.fields.map(\.hasInitialValue) == [false, false, false, false, true, true, true, true, true, true])
    }

    /// A `CodingKeys` that leaves a property out: that property is not decoded. Keys written as string literals and
    /// enum members in `#if` are read too.
    @Test func codingKeysDecideWhichPropertiesAreDecoded() {
        let source = """
        struct TimerAttributes: ActivityAttributes {
            struct ContentState: Codable, Hashable {
                var endsAt: Date
                var paused: Bool = false
                #if DEBUG
                var debugLabel: String?
                #endif
                private enum CodingKeys: String, CodingKey {
                    case endsAt = "ends_at"
                    case debugLabel = "debug"
                }
            }
        }
        """
        let types = SwiftActivityReader.activityTypes(in: [("Timer.swift", source)])
        #expect(types.first?.contentState == .object(ObjectShape(typeName: "TimerAttributes.ContentState", fields: [
            .init(key: "ends_at", propertyName: "endsAt", shape: .date(.secondsSinceReferenceDate)),
            .init(key: "debug", propertyName: "debugLabel", shape: .optional(.string)),
        ])))
    }

    /// A type that holds itself is cut where it recurs; a long chain of types ends, unknown past a limit.
    @Test func selfReferenceAndLongChainsStayFinite() throws {
        let recursive = """
        struct TreeAttributes: ActivityAttributes {
            struct ContentState: Codable, Hashable { var root: Node }
        }
        struct Node: Codable, Hashable {
            var name: String
            var children: [Node]
        }
        """
        let node = object("Node", [("name", .string), ("children", .array(of: .unknown(typeName: "Node")))])
        #expect(SwiftActivityReader.activityTypes(in: [("Tree.swift", recursive)]).first?.contentState
            == object("TreeAttributes.ContentState", [("root", node)]))

        let chain = (0..<300).map { "struct T\($0): Codable { var next: T\($0 + 1) }" }.joined(separator: "\n")
        let source = """
        struct ChainAttributes: ActivityAttributes {
            struct ContentState: Codable, Hashable { var first: T0; var nested: [[[[[[[[Int]]]]]]]] }
        }
        \(chain)
        """
        let shape = try contentStateObject(SwiftActivityReader.activityTypes(in: [("Chain.swift", source)]))
        #expect(shape.fields.map(\.key) == ["first", "nested"])
        // Each type is two levels of nesting (the type, the property's written type): 48 levels are 24 types.
        #expect(depth(of: shape.fields[0].shape) == 24)
        #expect(depth(of: shape.fields[1].shape) == 9)
    }

    /// Nesting that no real code has (square brackets 5,000 deep, types 2,000 deep) is read in linear time without
    /// exhausting the stack: past the limits the rest is unknown or skipped, and the other files are still read.
    @Test(.timeLimit(.minutes(1)))
    func deepNestingIsBoundedAndTheOtherFilesAreRead() throws {
        let deep = "struct Deep: ActivityAttributes { var x: " + String(repeating: "[", count: 5000) + "Int" + String(repeating: "]", count: 5000) + " }"
        let types = SwiftActivityReader.activityTypes(in: [("Deep.swift", deep), ("Order.swift", orderFile), ("Delivery.swift", deliveryFile)])
        #expect(types.map(\.name) == ["Deep", "DeliveryAttributes"])
        let field = try #require(types.first.flatMap { if case .object(let object) = $0.attributes { object.fields.first } else { nil } })
        #expect(field.key == "x")
        #expect(depth(of: field.shape) <= ShapeResolver.nestingLimit + 1)
    }

    /// Types nested in types are read by their qualified name; nested past `DeclarationParser.typeNestingLimit` they
    /// are skipped, and nothing overflows the stack.
    @Test(arguments: [(5, ["N0.N1.N2.N3.N4.X"]), (2000, [])])
    func deeplyNestedTypesAreReadOrSafelyDropped(levels: Int, names: [String]) {
        let source = (0..<levels).map { "enum N\($0) {" }.joined(separator: "\n")
            + "\nstruct X: ActivityAttributes { var a: Int }\n" + String(repeating: "}\n", count: levels)
        let types = SwiftActivityReader.activityTypes(in: [("Nested.swift", source)])
        #expect(types.map(\.name) == names)
        #expect(types.map(\.attributes) == names.map { object($0, [("a", .integer(.int))]) })
    }

    @Test func aTypeWithoutContentStateHasNoneAndNonActivitiesAreIgnored() {
        let source = """
        struct Plain: Codable { var a: Int }
        protocol Live: ActivityAttributes {}
        enum Namespace {
            struct NestedAttributes: ActivityAttributes {
                var title: String
            }
        }
        """
        #expect(SwiftActivityReader.activityTypes(in: [("N.swift", source)]) == [ActivityAttributesType(
            name: "Namespace.NestedAttributes", file: "N.swift", line: 4, column: 12,
            attributes: object("Namespace.NestedAttributes", [("title", .string)]), contentState: nil
        )])
    }
}

/// The object shape of the first type's ContentState.
private func contentStateObject(_ types: [ActivityAttributesType]) throws -> ObjectShape {
    guard case .object(let shape)? = types.first?.contentState else { throw ReaderTestFailure.noContentState }
    return shape
}

private enum ReaderTestFailure: Error { case noContentState }

/// How many shapes deep `shape` goes.
private func depth(of shape: CodableShape) -> Int {
    switch shape {
    case .object(let object): 1 + (object.fields.map { depth(of: $0.shape) }.max() ?? 0)
    case .optional(let wrapped), .array(of: let wrapped), .dictionary(of: let wrapped): 1 + depth(of: wrapped)
    default: 1
    }
}

/// What a reader of declarations alone must not be misled by: braces and quotes in strings and comments, attributes
/// with arguments, accessors, members that are not stored, bodies with types of their own, generics and `where`.
@Suite("SwiftActivityReader: Swift written every way the compiler accepts")
struct SwiftDeclarationReadingTests {
    @Test func codeAroundTheDeclarationsIsSkippedWhole() throws {
        let source = #"""
        import ActivityKit
        /* a comment with a brace { and /* a nested one } */ a quote " */
        @available(iOS 16.1, *)
        public struct RideAttributes: ActivityAttributes, @unchecked Sendable where Self: Hashable {
            public typealias Status = ContentState
            public struct ContentState: Codable & Hashable, Sendable {
                // var commented: Int
                public private(set) var driver: String
                @MainActor var plate: String
                var eta: Date? = nil
                var fare: Double = { 1.5 * 2 }()
                var greeting = "Hello, \(name) {\"}\"}"
                var multi: String = """
                    var notAProperty: Int { }
                    """
                var raw = #"{"#
                lazy var cache: [String] = []
                class var shared: Int { 1 }
                var computed: Int {
                    get { 1 }
                    set { }
                }
                var observed: Int = 0 {
                    willSet { print(newValue) }
                }
                subscript(index: Int) -> Int { index }
                func describe() -> String {
                    struct Local: Codable { var hidden: Int }
                    let body = "}"
                    return body
                }
                mutating func reset<T>(to value: T) where T: Equatable { }
                #if os(iOS) && !targetEnvironment(macCatalyst)
                var seats: Int8
                #elseif os(watchOS)
                var seats2: Int16
                #else
                #endif
            }

            var route: Array<Swift.String>; var zone: Dictionary<String, Int>
            let id: UUID, vehicle: Vehicle?
            static let preview = RideAttributes(route: [], zone: [:], id: UUID(), vehicle: nil)
            var closure: (Int) -> Void
            var opaque: any Codable
        }

        extension RideAttributes {
            enum Vehicle: Int, Codable { case car = 0x10, van, bike = -0b11 }
        }
        """#
        let types = SwiftActivityReader.activityTypes(in: [("Ride.swift", source)])
        #expect(types.map(\.name) == ["RideAttributes"])
        #expect(types.map(\.line) == [4])
        #expect(types.map(\.column) == [15])
        let contentState = try contentStateObject(types)
        #expect(contentState.fields.map(\.propertyName) == ["driver", "plate", "eta", "fare", "greeting", "multi", "raw", "observed", "seats", "seats2"])
        #expect(contentState.fields.map(\.shape) == [
            .string, .string, .optional(.date(.secondsSinceReferenceDate)), .number, .string, .string, .string, .integer(.int),
            .integer(.int8), .integer(.int16),
        ])
        let vehicle = CodableShape.enumeration(EnumerationShape(typeName: "RideAttributes.Vehicle", rawValues: .integers([16, 17, -3])))
        #expect(types.first?.attributes == object("RideAttributes", [
            ("route", .array(of: .string)), ("zone", .dictionary(of: .integer(.int))), ("id", .uuid), ("vehicle", .optional(vehicle)),
            ("closure", .unknown(typeName: "(Int) -> Void")), ("opaque", .unknown(typeName: "any Codable")),
        ]))
    }

    /// A file cut off anywhere, or garbage, is read as far as it goes: no crash, no hang.
    @Test(.timeLimit(.minutes(1)))
    func brokenSourceIsReadAsFarAsItGoes() {
        for cut in stride(from: 0, to: deliveryFile.utf8.count, by: 7) {
            let prefix = String(decoding: Array(deliveryFile.utf8)[..<cut], as: UTF8.self)
            _ = SwiftActivityReader.activityTypes(in: [("Cut.swift", prefix), ("Order.swift", orderFile)])
        }
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("{}()[]<>:;,.?!=@#\"`/*\\ \nstruct enum var let case ActivityAttributes ContentState".utf8)
        for _ in 0..<200 {
            let bytes = (0..<400).map { _ in alphabet.randomElement(using: &generator)! }
            _ = SwiftActivityReader.activityTypes(in: [(path: "Garbage.swift", bytes: bytes)])
        }
        let unterminated = "struct A: ActivityAttributes { var a: String = \"\n var b: Int\n" + String(repeating: "/*", count: 1000)
        #expect(SwiftActivityReader.activityTypes(in: [("U.swift", unterminated)]).map(\.name) == ["A"])
    }
}
