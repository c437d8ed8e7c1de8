import APNSLintSyntax

/// `JSON.stringify`'s output for a value, as a positioned document: each value at the range of what the user
/// wrote (or of the member that made it), numbers as JavaScript writes them, undefined properties left out.
struct JSONStringifier {
    let sources: JSSources
    /// Where keys node-apn adds point: nowhere in particular, the start of the definition.
    let added: SourceRange
    /// The sources whose values are in the output.
    private(set) var written = Set<Int>()
    /// Numbers written with another value than the one the user wrote: (source, what is written).
    private(set) var rewrittenNumbers: [(source: Int, text: String)] = []

    init(sources: JSSources, added: SourceRange) {
        self.sources = sources
        self.added = added
    }

    /// Nil for undefined, which JSON.stringify leaves out. It keeps its own stack of open containers, so the
    /// stack of a thread does not limit the depth it writes.
    mutating func node(_ root: JSValue, fallback: SourceRange) -> DocumentNode? {
        var open: [WriteFrame] = []
        var step = start(root, fallback: fallback, open: &open)
        while true {
            if case .done(let node) = step {
                guard !open.isEmpty else { return node }
                let index = open.count - 1
                if let properties = open[index].properties {
                    let property = properties[open[index].next - 1]
                    if let node {
                        open[index].members.append(Member(key: property.key, keyRange: property.keyRange ?? added, value: node))
                    }
                } else {
                    // No undefined element can come from JSON; JSON.stringify would write null for one.
                    open[index].elements.append(node ?? DocumentNode(.null, range: open[index].range))
                }
            }
            let index = open.count - 1
            let next = open[index].next
            let range = open[index].range
            switch open[index].value.kind {
            case .array(let array) where next < array.elements.count:
                open[index].next += 1
                step = start(array.elements[next], fallback: range, open: &open)
            case .object where next < open[index].properties?.count ?? 0:
                open[index].next += 1
                step = start(open[index].properties![next].value, fallback: range, open: &open)
            default:
                let frame = open.removeLast()
                if case .array = frame.value.kind {
                    step = .done(DocumentNode(.array(frame.elements), range: frame.range))
                } else {
                    step = .done(DocumentNode(.object(removable(frame.members, of: frame.value)), range: frame.range))
                }
            }
        }
    }

    /// An object's members as the request has them. Where they are the user's object's members in the user's
    /// order, they are those members (a fix may delete one with its separator, as in any definition); where
    /// node-apn has moved, added or left out keys (a key given twice is once), deleting a member's text would take
    /// its request neighbours' text with it, so every member is pinned.
    private func removable(_ members: [Member], of value: JSValue) -> [Member] {
        if let source = value.source, let written = sources[source].node.members, written.count == members.count,
           zip(written, members).allSatisfy({ $0.key == $1.key && $0.keyRange == $1.keyRange }) {
            return zip(written, members).map { written, member in
                var kept = written
                kept.value = member.value
                return kept
            }
        }
        return members.map { member in
            var pinned = member
            pinned.pin()
            return pinned
        }
    }

    private enum Step {
        /// The node written for a value (nil for undefined).
        case done(DocumentNode?)
        /// A container was opened.
        case opened
    }

    /// A container being written: its value, and what is written of it so far.
    private struct WriteFrame {
        let value: JSValue
        let range: SourceRange
        /// An object's properties, in order (computed once).
        var properties: [JSObject.Property]?
        var next = 0
        var members: [Member] = []
        var elements: [DocumentNode] = []
    }

    /// A scalar's node, or `.opened` after opening a container.
    private mutating func start(_ value: JSValue, fallback: SourceRange, open: inout [WriteFrame]) -> Step {
        let range = value.range ?? value.source.map { sources[$0].node.range } ?? fallback
        if case .undefined = value.kind { return .done(nil) }
        if let source = value.source { written.insert(source) }
        switch value.kind {
        case .undefined: return .done(nil)
        case .null: return .done(DocumentNode(.null, range: range))
        case .bool(let bool): return .done(DocumentNode(.bool(bool), range: range))
        case .string(let string): return .done(DocumentNode(.string(string), range: range))
        case .number(let number):
            guard number.isFinite else {
                if let source = value.source, sources[source].node.number != nil { rewrittenNumbers.append((source, "null")) }
                return .done(DocumentNode(.null, range: range))
            }
            let text = JavaScriptNumber.text(number)
            if let source = value.source, let literal = sources[source].node.number, literal.text != text,
               !JavaScriptNumber.sameDecimalValue(literal.text, text) {
                rewrittenNumbers.append((source, text))
            }
            let isInteger = !text.utf8.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") }
            return .done(DocumentNode(.number(NumberLiteral(text: text, isInteger: isInteger)), range: range))
        case .array, .object:
            var properties: [JSObject.Property]?
            if case .object(let object) = value.kind { properties = object.properties }
            open.append(WriteFrame(value: value, range: range, properties: properties))
            return .opened
        }
    }
}
