import APNSLintModel
import APNSLintSyntax

/// A JavaScript value as node-apn holds it: what `JSON.parse` made of the definition, or what node-apn's code
/// made of it. Values keep where they came from, so the request built from them points at what the user wrote.
struct JSValue: Sendable {
    enum Kind: Sendable {
        case undefined, null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array(JSArray)
        case object(JSObject)
    }

    var kind: Kind
    /// What the user wrote that this value is (an index into `JSSources`), or nil for a value node-apn makes.
    var source: Int?
    /// Where a value node-apn makes points (the member that made it); nil for a value the user wrote.
    var range: SourceRange?

    init(_ kind: Kind, source: Int? = nil, range: SourceRange? = nil) {
        self.kind = kind
        self.source = source
        self.range = range
    }

    static let undefined = JSValue(.undefined)

    var isUndefined: Bool {
        if case .undefined = kind { return true }
        return false
    }

    /// `value == null`: null or undefined.
    var isNullish: Bool {
        switch kind {
        case .undefined, .null: true
        default: false
        }
    }

    /// `typeof value === 'object'`: an object, an array, or null.
    var isObjectType: Bool {
        switch kind {
        case .null, .array, .object: true
        default: false
        }
    }

    var string: String? {
        if case .string(let string) = kind { return string }
        return nil
    }

    var number: Double? {
        if case .number(let number) = kind { return number }
        return nil
    }

    /// ToBoolean: false for `undefined`, `null`, `false`, `0`, `-0`, `NaN` and `""`.
    var isTruthy: Bool {
        switch kind {
        case .undefined, .null: false
        case .bool(let bool): bool
        case .number(let number): number != 0 && !number.isNaN
        case .string(let string): !string.isEmpty
        case .array, .object: true
        }
    }

    /// `String(value)`, which node's http2 module writes for a header value: arrays joined with `,` (null and
    /// undefined elements as nothing), objects as `[object Object]`.
    var stringValue: String {
        switch kind {
        case .undefined: return "undefined"
        case .null: return "null"
        case .bool(let bool): return bool ? "true" : "false"
        case .number(let number): return JavaScriptNumber.text(number)
        case .string(let string): return string
        case .object: return "[object Object]"
        case .array(let root):
            // Nested arrays join into the same text (`[1, [2, 3]]` → `1,2,3`); walked with a stack of its own.
            var text = ""
            var open: [(elements: [JSValue], next: Int)] = [(root.elements, 0)]
            while let index = open.indices.last {
                let next = open[index].next
                guard next < open[index].elements.count else {
                    open.removeLast()
                    continue
                }
                open[index].next += 1
                if next > 0 { text += "," }
                let element = open[index].elements[next]
                switch element.kind {
                case .array(let nested): open.append((nested.elements, 0))
                case .undefined, .null: break
                default: text += element.stringValue
                }
            }
            return text
        }
    }

    /// `value >= 0`, as JavaScript compares: the value becomes a number first (null → 0, true → 1, a string by
    /// StringToNumber, an array through its string, an object → NaN), and NaN compares false.
    var isAtLeastZero: Bool {
        switch kind {
        case .undefined, .object: false
        case .null: true
        case .bool: true
        case .number(let number): number >= 0
        case .string(let string): JavaScriptNumber.stringIsNonNegativeNumber(string) ?? false
        case .array: JavaScriptNumber.stringIsNonNegativeNumber(stringValue) ?? false
        }
    }

    /// A phrase for messages: `"5" (a string)`, `null`, `an object`.
    var phrase: String {
        switch kind {
        case .undefined: "undefined"
        case .null: "null"
        case .bool(let bool): "\(bool) (a boolean)"
        case .number(let number): "\(JavaScriptNumber.text(number)) (a number)"
        case .string(let string): "\"\(string.count > 40 ? String(string.prefix(40)) + "…" : string)\" (a string)"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// A TypeError JavaScript throws, with V8's message (and node's error code, if it has one).
    struct TypeError: Error, CustomStringConvertible {
        let message: String
        var code: String?

        /// `TypeError: message`, or `TypeError [CODE]: message`.
        var description: String { "TypeError\(code.map { " [\($0)]" } ?? ""): \(message)" }
    }

    /// `value[key]`: an object's or array's own property (none of the names node-apn reads is inherited), nothing
    /// for other primitives; a TypeError for null and undefined.
    func property(_ key: String) throws(TypeError) -> JSValue {
        switch kind {
        case .undefined, .null:
            throw TypeError(message: "Cannot read properties of \(stringValue) (reading '\(key)')")
        case .object(let object): return object[key] ?? .undefined
        case .array(let array): return array.named[key] ?? .undefined
        case .bool, .number, .string: return .undefined
        }
    }

    /// What `value[key] = newValue` did.
    enum Assignment {
        /// The property now holds the value; `replaced` is what it held before.
        case stored(replaced: JSValue?)
        /// The value is an array: the property is set, but JSON.stringify writes only an array's elements.
        case storedUnseen
        /// The value is a string, number or boolean: sloppy-mode code (node-apn's) ignores the assignment.
        case ignored
    }

    /// `value[key] = newValue` in sloppy mode (node-apn's files have no "use strict"); a TypeError for null and
    /// undefined. The keys node-apn writes are never array indexes.
    mutating func setProperty(_ key: String, _ newValue: JSValue, keyRange: SourceRange?) throws(TypeError) -> Assignment {
        switch kind {
        case .undefined, .null:
            throw TypeError(message: "Cannot set properties of \(stringValue) (setting '\(key)')")
        case .object(var object):
            kind = .undefined
            let replaced = object.set(key, newValue, keyRange: keyRange)
            kind = .object(object)
            return .stored(replaced: replaced)
        case .array(var array):
            kind = .undefined
            array.named.set(key, newValue, keyRange: keyRange)
            kind = .array(array)
            return .storedUnseen
        case .bool, .number, .string:
            return .ignored
        }
    }

    /// `Object.keys(value)`; a TypeError for null and undefined.
    func ownKeys() throws(TypeError) -> [String] {
        switch kind {
        case .undefined, .null: throw TypeError(message: "Cannot convert undefined or null to object")
        case .bool, .number: return []
        case .string(let string): return (0..<string.utf16.count).map { String($0) }
        case .array(let array): return array.elements.indices.map { String($0) } + array.named.properties.map(\.key)
        case .object(let object): return object.properties.map(\.key)
        }
    }

    /// The own enumerable properties `{...value}` copies, in order: an object's, an array's elements and
    /// properties, a string's UTF-16 code units (`"str"` gives `0: "s", 1: "t", 2: "r"`); nothing for other values.
    func spreadProperties(range: SourceRange?) -> [JSObject.Property] {
        switch kind {
        case .object(let object): return object.properties
        case .array(let array):
            return array.elements.enumerated().map { JSObject.Property(key: String($0.offset), value: $0.element, keyRange: nil) }
                + array.named.properties
        case .string(let string):
            // A character outside the BMP is two code units; each half alone is no Unicode scalar, and is read
            // here as U+FFFD (JSON.stringify writes it as a \uXXXX escape).
            return string.utf16.enumerated().map { index, unit in
                let text = Unicode.Scalar(unit).map { String(Character($0)) } ?? "\u{FFFD}"
                return JSObject.Property(key: String(index), value: JSValue(.string(text), source: source, range: range), keyRange: nil)
            }
        case .undefined, .null, .bool, .number: return []
        }
    }
}

struct JSArray: Sendable {
    var elements: [JSValue]
    /// Properties that are not indexes (node-apn's setters add them to an array `aps` or alert); JSON.stringify
    /// does not write them.
    var named = JSObject()
}

/// A JavaScript object's own properties, in the order JavaScript keeps (ECMA-262 OrdinaryOwnPropertyKeys): keys
/// that are array indexes (`"0"` … `"4294967294"`, no leading zero) first, in ascending order, then the other keys
/// in the order they were first set. A key set again keeps its place.
struct JSObject: Sendable {
    struct Property: Sendable {
        var key: String
        var value: JSValue
        /// The key the user wrote (or the member that made the property); nil for keys node-apn adds.
        var keyRange: SourceRange?
    }

    /// The array-index keys, ascending (with their values as numbers).
    private var indexed: [(index: UInt32, property: Property)] = []
    /// The other keys, in the order first set, and where each is (a large object is looked up, not searched).
    private var named: [Property] = []
    private var namedPositions: [String: Int] = [:]

    /// The properties in JavaScript's order.
    var properties: [Property] { indexed.isEmpty ? named : indexed.map(\.property) + named }

    var isEmpty: Bool { indexed.isEmpty && named.isEmpty }

    subscript(key: String) -> JSValue? { property(key)?.value }

    func property(_ key: String) -> Property? {
        if let index = Self.arrayIndex(key) {
            let position = indexPosition(index)
            return position < indexed.count && indexed[position].index == index ? indexed[position].property : nil
        }
        return namedPositions[key].map { named[$0] }
    }

    /// Where `index` is, or would be inserted, in `indexed`.
    private func indexPosition(_ index: UInt32) -> Int {
        var low = 0, high = indexed.count
        while low < high {
            let middle = (low + high) / 2
            if indexed[middle].index < index { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Sets a property copied from another object (`{...payload}`).
    mutating func set(_ property: Property) {
        set(property.key, property.value, keyRange: property.keyRange)
    }

    private mutating func update(_ key: String, _ change: (inout Property) -> Void) {
        if let index = Self.arrayIndex(key) {
            let position = indexPosition(index)
            if position < indexed.count, indexed[position].index == index { change(&indexed[position].property) }
        } else if let position = namedPositions[key] {
            change(&named[position])
        }
    }

    /// `object[key] = value`; returns the value it replaces. A key set again keeps its place; with no
    /// `keyRange`, the property keeps the key it had.
    @discardableResult
    mutating func set(_ key: String, _ value: JSValue, keyRange: SourceRange?) -> JSValue? {
        var replaced: JSValue?
        update(key) { property in
            replaced = property.value
            property.value = value
            if let keyRange { property.keyRange = keyRange }
        }
        if replaced != nil { return replaced }
        let property = Property(key: key, value: value, keyRange: keyRange)
        if let index = Self.arrayIndex(key) {
            indexed.insert((index, property), at: indexPosition(index))
        } else {
            namedPositions[key] = named.count
            named.append(property)
        }
        return nil
    }

    /// The key's value as an array index (a canonical decimal below 2^32 − 1), or nil.
    static func arrayIndex(_ key: String) -> UInt32? {
        let utf8 = key.utf8
        guard let first = utf8.first, first >= 0x30, first <= 0x39, utf8.count <= 10,
              first != UInt8(ascii: "0") || utf8.count == 1, let value = UInt32(key), value != UInt32.max else { return nil }
        return value
    }
}

/// What the user wrote, for the values read from it: each `JSValue.source` indexes `entries`.
struct JSSources {
    struct Entry {
        /// The member's key as written; nil for an array element or the whole definition.
        let keyRange: SourceRange?
        let node: DocumentNode
        /// Where it is in the definition.
        let pointer: JSONPointer

        /// The key, or for an array element the value: where findings about it point.
        var anchor: SourceRange { keyRange ?? node.range }
    }

    private(set) var entries: [Entry] = []

    subscript(source: Int) -> Entry { entries[source] }

    /// `JSON.parse`'s value for a node: objects in JavaScript's key order, a key given twice once (at its first
    /// place, with its last value and key; `duplicate-key` reports the others on the definition as written),
    /// numbers as doubles. It keeps its own stack of open containers, so the stack
    /// of a thread does not limit the depth it reads.
    mutating func parse(_ root: DocumentNode, keyRange: SourceRange?, pointer: JSONPointer) -> JSValue {
        var open: [ParseFrame] = []
        var finished = start(root, keyRange: keyRange, pointer: pointer, open: &open)
        while true {
            if let value = finished {
                guard !open.isEmpty else { return value }
                let index = open.count - 1
                if case .object(let members) = open[index].node.value {
                    let member = members[open[index].next - 1]
                    open[index].object.set(member.key, value, keyRange: member.keyRange)
                } else {
                    open[index].elements.append(value)
                }
            }
            let index = open.count - 1
            let next = open[index].next
            switch open[index].node.value {
            case .array(let elements) where next < elements.count:
                open[index].next += 1
                finished = start(elements[next], keyRange: nil, pointer: open[index].pointer.appending(next), open: &open)
            case .object(let members) where next < members.count:
                open[index].next += 1
                finished = start(members[next].value, keyRange: members[next].keyRange,
                                 pointer: open[index].pointer.appending(members[next].key), open: &open)
            default:
                let frame = open.removeLast()
                finished = frame.node.elements != nil
                    ? JSValue(.array(JSArray(elements: frame.elements)), source: frame.source)
                    : JSValue(.object(frame.object), source: frame.source)
            }
        }
    }

    /// A container being read: its node, and what is read of it so far.
    private struct ParseFrame {
        let node: DocumentNode
        let source: Int
        let pointer: JSONPointer
        var next = 0
        var elements: [JSValue] = []
        var object = JSObject()
    }

    /// Registers a node as a source: a scalar's value, or nil after opening a container.
    private mutating func start(_ node: DocumentNode, keyRange: SourceRange?, pointer: JSONPointer, open: inout [ParseFrame]) -> JSValue? {
        let source = entries.count
        entries.append(Entry(keyRange: keyRange, node: node, pointer: pointer))
        switch node.value {
        case .null: return JSValue(.null, source: source)
        case .bool(let bool): return JSValue(.bool(bool), source: source)
        case .number(let literal): return JSValue(.number(JavaScriptNumber.value(of: literal)), source: source)
        case .string(let string): return JSValue(.string(string), source: source)
        // Not reached: the linter reads a dialect's definition whole (`Linter.lint`), so no container is elided.
        case .elided: return JSValue(.null, source: source)
        case .array, .object:
            open.append(ParseFrame(node: node, source: source, pointer: pointer))
            return nil
        }
    }
}
