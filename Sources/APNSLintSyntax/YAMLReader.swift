import CYaml

/// Reads a YAML stream into positioned `DocumentNode` trees (one per document), through libyaml's event API.
///
/// - Positions come from each event's start and end marks; libyaml counts characters, which are mapped back to
///   byte offsets, so ranges are the same kind as the JSON reader's.
/// - Scalars resolve by the YAML 1.2 core schema (`true`, `null`, `~`, `0x1F`, `1e3`, quoted = string), and the
///   tags `!!str`, `!!int`, `!!float`, `!!bool`, `!!null`, `!!map`, `!!seq` are honoured. Numbers get JSON text
///   (`0x1F` becomes `31`).
/// - Anchors, aliases and merge keys (`<<: *defaults`) are resolved; an aliased value keeps the ranges of its
///   anchor, the place the user changes. Alias expansion has a budget, so a "billion laughs" file stops at once.
/// - Plain scalars that YAML 1.1 tools read differently (`yes`, `010`, `1:30`, `2026-11-21`) and values JSON
///   cannot carry (non-string keys, unknown tags, `.inf`) are reported but do not stop reading.
/// - The builder is iterative and nesting is limited to `maxDepth`, so no input can exhaust the stack.
public enum YAMLReader {
    public static let defaultMaxDepth = 512
    /// How many values alias expansion may add across a document.
    public static let defaultAliasBudget = 100_000

    public static func read(_ source: SourceText, maxDepth: Int = defaultMaxDepth, aliasBudget: Int = defaultAliasBudget) -> ParseResult {
        let bytes = source.bytes
        if bytes.count >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) {
            return ParseResult(documents: [], problems: [SyntaxProblem(
                .invalidSyntax, "the file is UTF-16; apns-lint reads YAML in UTF-8, the encoding APNs payloads use",
                help: "save the file as UTF-8", range: SourceRange(start: 0, end: 2))])
        }
        var builder = YAMLTreeBuilder(source: source, maxDepth: maxDepth, aliasBudget: aliasBudget)
        bytes.withUnsafeBufferPointer { buffer in
            var parser = yaml_parser_t()
            guard yaml_parser_initialize(&parser) != 0 else {
                builder.problems.append(SyntaxProblem(.invalidSyntax, "libyaml could not allocate its parser", range: SourceRange(start: 0, end: 0)))
                return
            }
            defer { yaml_parser_delete(&parser) }
            if let base = buffer.baseAddress {
                yaml_parser_set_input_string(&parser, base, buffer.count)
            } else {
                var empty: UInt8 = 0
                yaml_parser_set_input_string(&parser, &empty, 0)
            }
            var event = yaml_event_t()
            while true {
                guard yaml_parser_parse(&parser, &event) != 0 else {
                    builder.libyamlError(parser)
                    return
                }
                let done = event.type == YAML_STREAM_END_EVENT
                let keepGoing = builder.handle(event)
                yaml_event_delete(&event)
                if done || !keepGoing { return }
            }
        }
        if builder.documents.isEmpty, !builder.problems.contains(where: { $0.kind == .invalidSyntax || $0.kind == .aliasLimit }) {
            builder.problems.append(SyntaxProblem(
                .invalidSyntax, "the file holds no YAML document",
                help: "a notification definition is a mapping such as `aps: {alert: Hi}`", range: SourceRange(start: 0, end: 0)))
        }
        var result = ParseResult(documents: builder.documents, problems: builder.problems)
        result.unfinishedDocumentStart = builder.unfinishedDocumentStart
        return result
    }
}

/// Maps libyaml's character indexes to byte offsets, with a checkpoint every 1024 characters.
///
/// Events arrive in source order, so each lookup walks on from the previous answer when that is closer than
/// the checkpoint; without this every event walked up to 1023 characters.
struct CharacterOffsets {
    private let bytes: [UInt8]
    private var checkpoints: [Int] = []
    private let base: Int
    private var last: (index: Int, offset: Int)
    static let stride = 1024

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        // libyaml skips a UTF-8 byte order mark without counting it.
        base = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        last = (0, base)
        var count = 0
        for offset in base..<bytes.count where bytes[offset] & 0xC0 != 0x80 {
            if count % Self.stride == 0 { checkpoints.append(offset) }
            count += 1
        }
    }

    mutating func offset(ofCharacter index: Int) -> Int {
        let checkpoint = index / Self.stride
        guard checkpoint < checkpoints.count else { return bytes.count }
        var offset = checkpoints[checkpoint]
        var remaining = index % Self.stride
        if last.index <= index, index - last.index < remaining {
            offset = last.offset
            remaining = index - last.index
        }
        defer { last = (index, offset) }
        while remaining > 0, offset < bytes.count {
            offset += 1
            while offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
            remaining -= 1
        }
        return offset
    }
}

private struct YAMLTreeBuilder {
    let source: SourceText
    let maxDepth: Int
    let aliasBudget: Int
    var offsets: CharacterOffsets
    var documents: [DocumentNode] = []
    var problems: [SyntaxProblem] = []
    /// Where the document reading stopped in begins, when it stopped inside one.
    var unfinishedDocumentStart: Int? { isInDocument ? documentStart : nil }

    private var stack: [Frame] = []
    private var root: DocumentNode?
    private var anchors: [String: (node: DocumentNode, count: Int, defined: Int)] = [:]
    /// The anchors aliases used, by where each is defined (the start of its node's properties), with where the last
    /// alias of it stands: deleting a member whose text defines one of them would leave that alias dangling.
    private var aliasedAnchors: [Int: Int] = [:]
    private var expanded = 0
    private var documentStart = 0
    /// Whether a document has started and not ended: when reading stops there, it is the document cut short.
    private var isInDocument = false
    /// Where the last content event ended (a scalar, an alias, a collection's start, a flow collection's end, a `---`).
    private var contentEnd = 0

    init(source: SourceText, maxDepth: Int, aliasBudget: Int) {
        self.source = source
        self.maxDepth = maxDepth
        self.aliasBudget = aliasBudget
        self.offsets = CharacterOffsets(source.bytes)
    }

    struct PendingKey {
        var text: String
        var range: SourceRange
        var isMerge: Bool
        /// Where the member's text starts: the key's properties (`&anchor`, `!tag`) or the `?` of an explicit key.
        var start: Int
    }

    struct Frame {
        var isMapping: Bool
        var isFlow: Bool
        var start: Int
        var end: Int
        /// Where the collection's properties (`&anchor`, `!tag`) start; `start` when it has none.
        var propertiesStart: Int
        var anchor: String?
        /// Set when this container is itself a mapping key (not JSON).
        var isKey = false
        var members: [Member] = []
        var elements: [DocumentNode] = []
        var pendingKey: PendingKey?
        /// Whether a `<<` key stands in this mapping.
        var hasMergeKey = false
        /// Members brought in by merge keys, with the index among `members` where each `<<` stood.
        var merges: [(index: Int, members: [Member])] = []
        var count = 1
    }

    // MARK: Events

    /// Returns false to stop reading.
    mutating func handle(_ event: yaml_event_t) -> Bool {
        var markStart = offsets.offset(ofCharacter: event.start_mark.index)
        var end = max(markStart, offsets.offset(ofCharacter: event.end_mark.index))
        if event.type == YAML_SCALAR_EVENT, markStart == end, event.data.scalar.length == 0,
           event.data.scalar.tag == nil, event.data.scalar.anchor == nil {
            // An empty value with no properties (`a:` at the end of a line, `? key` with no value): libyaml marks it at
            // the next token, often on a later line, so a collection ending in it would reach into the next line's
            // indentation, and an edit of that collection would eat it. It stands right after what precedes it.
            markStart = emptyValuePlace(after: contentEnd, before: markStart)
            end = markStart
        }
        switch event.type {
        case YAML_SCALAR_EVENT, YAML_ALIAS_EVENT, YAML_MAPPING_START_EVENT, YAML_SEQUENCE_START_EVENT, YAML_DOCUMENT_START_EVENT:
            contentEnd = end
        case YAML_MAPPING_END_EVENT, YAML_SEQUENCE_END_EVENT:
            // A block collection's end is marked at the next token; a flow one's at its closing bracket.
            if stack.last?.isFlow == true { contentEnd = end }
        default: break
        }
        // A node's range starts at its content, after any `&anchor` and `!tag`: that is the text a fix replaces.
        let start: Int
        switch event.type {
        case YAML_SCALAR_EVENT: start = skipProperties(from: markStart, before: end, isCollection: false)
        case YAML_MAPPING_START_EVENT, YAML_SEQUENCE_START_EVENT: start = skipProperties(from: markStart, before: end, isCollection: true)
        default: start = markStart
        }
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            documentStart = start
            isInDocument = true
            root = nil
            anchors = [:]
            aliasedAnchors = [:]
            expanded = 0
        case YAML_DOCUMENT_END_EVENT:
            var document = root ?? DocumentNode(.null, range: SourceRange(start: documentStart, end: documentStart))
            if !aliasedAnchors.isEmpty {
                let definitions = aliasedAnchors.sorted { $0.key < $1.key }.map { (offset: $0.key, lastUse: $0.value) }
                Self.pinMembers(in: &document, holdingAnchorsUsedOutside: definitions)
            }
            documents.append(document)
            root = nil
            isInDocument = false
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
            let tag = scalar.tag.map { String(cString: $0) }
            let anchor = scalar.anchor.map { String(cString: $0) }
            let isPlain = scalar.style == YAML_PLAIN_SCALAR_STYLE
            let range = SourceRange(start: start, end: end)
            if var top = stack.last, top.isMapping, top.pendingKey == nil {
                // A mapping key.
                if isPlain, tag == nil { checkAmbiguous(text, range: range) }
                let value = resolve(text, isPlain: isPlain, tag: tag, range: range,
                                    tagged: SourceRange(start: markStart, end: end), reportNonJSON: false)
                if case .string = value {} else {
                    problems.append(SyntaxProblem(
                        .nonJSONValue, "the key \(text) is \(describe(value)) in YAML, but JSON keys are strings; it becomes \"\(text)\"",
                        help: "quote the key: \"\(text)\"", range: range))
                }
                let isMerge = isPlain && tag == nil && text == "<<"
                top.pendingKey = PendingKey(text: text, range: range, isMerge: isMerge, start: memberStart(keyStart: markStart))
                if isMerge { top.hasMergeKey = true }
                stack[stack.count - 1] = top
                if let anchor { anchors[anchor] = (DocumentNode(.string(text), range: range), 1, markStart) }
                return true
            }
            if isPlain, tag == nil { checkAmbiguous(text, range: range) }
            let node = DocumentNode(resolve(text, isPlain: isPlain, tag: tag, range: range,
                                                    tagged: SourceRange(start: markStart, end: end), reportNonJSON: true), range: range)
            return complete(node, count: 1, anchor: anchor.map { ($0, markStart) })
        case YAML_ALIAS_EVENT:
            let name = String(cString: event.data.alias.anchor)
            guard let target = anchors[name] else {
                problems.append(SyntaxProblem(
                    .invalidSyntax, "the alias *\(name) refers to no anchor; an anchor (&\(name)) must come before its aliases in the same document",
                    help: "define &\(name) earlier, or fix the alias name", range: SourceRange(start: start, end: end)))
                return false
            }
            expanded += target.count
            aliasedAnchors[target.defined] = start
            if expanded > aliasBudget {
                problems.append(SyntaxProblem(
                    .aliasLimit,
                    "aliases expand to more than \(aliasBudget) values; apns-lint stops here instead of expanding them (a \"billion laughs\" file can exhaust any reader's memory)",
                    help: "a notification definition needs only a few aliases; expand this structure by hand or reduce the nesting of aliases",
                    range: SourceRange(start: start, end: end)))
                return false
            }
            if var top = stack.last, top.isMapping, top.pendingKey == nil {
                // An alias used as a key.
                let text = target.node.string ?? source.text(target.node.range)
                if target.node.string == nil {
                    problems.append(SyntaxProblem(.nonJSONValue, "the key *\(name) is not a string; JSON keys are strings",
                                                  help: "use a string key", range: SourceRange(start: start, end: end)))
                }
                top.pendingKey = PendingKey(text: text, range: SourceRange(start: start, end: end), isMerge: false,
                                            start: memberStart(keyStart: start))
                stack[stack.count - 1] = top
                return true
            }
            // The alias's own text, not its anchor's, is where the enclosing block collection reaches.
            return complete(target.node, count: target.count, anchor: nil, end: end)
        case YAML_MAPPING_START_EVENT, YAML_SEQUENCE_START_EVENT:
            let isMapping = event.type == YAML_MAPPING_START_EVENT
            let anchorPointer = isMapping ? event.data.mapping_start.anchor : event.data.sequence_start.anchor
            let tagPointer = isMapping ? event.data.mapping_start.tag : event.data.sequence_start.tag
            let isFlow = isMapping
                ? event.data.mapping_start.style == YAML_FLOW_MAPPING_STYLE
                : event.data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE
            guard stack.count < maxDepth else {
                problems.append(SyntaxProblem(
                    .invalidSyntax, "nesting is deeper than \(maxDepth) levels; apns-lint stops here to stay within bounded memory and stack",
                    help: "an APNs payload is at most 5120 bytes and never needs this depth", range: SourceRange(start: start, end: end)))
                return false
            }
            if let tag = tagPointer.map({ String(cString: $0) }) {
                let expected = isMapping ? "tag:yaml.org,2002:map" : "tag:yaml.org,2002:seq"
                if tag != expected, tag != "!" {
                    problems.append(SyntaxProblem(
                        .nonJSONValue, "the tag \(displayTag(tag)) has no meaning in JSON; the \(isMapping ? "mapping" : "sequence") is read without it",
                        help: "remove the tag", range: SourceRange(start: markStart, end: end)))
                }
            }
            var frame = Frame(isMapping: isMapping, isFlow: isFlow, start: start, end: end, propertiesStart: markStart,
                              anchor: anchorPointer.map { String(cString: $0) })
            if let top = stack.last, top.isMapping, top.pendingKey == nil {
                frame.isKey = true
            }
            stack.append(frame)
        case YAML_MAPPING_END_EVENT, YAML_SEQUENCE_END_EVENT:
            guard let frame = stack.popLast() else { return true }
            // A block collection ends where its last child ends; a flow one at its closing bracket.
            let end = frame.isFlow ? end : max(frame.end, frame.start + 1)
            let range = SourceRange(start: frame.start, end: end)
            let node: DocumentNode
            if frame.isMapping {
                node = DocumentNode(.object(applyMerges(frame)), range: range)
            } else {
                node = DocumentNode(.array(frame.elements), range: range)
            }
            if frame.isKey {
                let text = source.text(range)
                problems.append(SyntaxProblem(
                    .nonJSONValue, "a \(frame.isMapping ? "mapping" : "sequence") is used as a key; JSON keys are strings, so this key cannot be sent",
                    help: "use a string key", range: range))
                if var top = stack.last {
                    top.pendingKey = PendingKey(text: text, range: range, isMerge: false, start: memberStart(keyStart: frame.propertiesStart))
                    stack[stack.count - 1] = top
                }
                return true
            }
            return complete(node, count: frame.count, anchor: frame.anchor.map { ($0, frame.propertiesStart) })
        default:
            break
        }
        return true
    }

    /// The offset after the node properties (`&anchor`, `!tag`) and the blanks and comments that follow them.
    /// A block collection's start event ends where its content begins, so for collections the scan may reach
    /// `end`; for a scalar, reaching `end` means the scalar is empty.
    private func skipProperties(from start: Int, before end: Int, isCollection: Bool) -> Int {
        let bytes = source.bytes
        var index = start
        while index < end, bytes[index] == UInt8(ascii: "&") || bytes[index] == UInt8(ascii: "!") {
            while index < end, ![0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
            while index < end {
                if [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) {
                    index += 1
                } else if bytes[index] == UInt8(ascii: "#") {
                    while index < end, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
                } else {
                    break
                }
            }
        }
        // An empty scalar with properties (`a: &x`) keeps its start.
        return index < end || isCollection ? index : start
    }

    /// Where an empty value stands: after `offset` (where the content before it ended), the blanks and the indicator
    /// that introduces it (`:`, `-` or `?` before a blank or a line break), and never after `limit`, libyaml's mark.
    private func emptyValuePlace(after offset: Int, before limit: Int) -> Int {
        let bytes = source.bytes
        var index = min(offset, limit)
        while index < limit, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        if index < limit, [UInt8(ascii: ":"), UInt8(ascii: "-"), UInt8(ascii: "?")].contains(bytes[index]),
           index + 1 == bytes.count || [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index + 1]) {
            index += 1
        }
        return index
    }

    /// Where a member's text starts, given where its key's text (with its properties) starts: at the `?` of an
    /// explicit key written before it on the same line.
    private func memberStart(keyStart: Int) -> Int {
        let bytes = source.bytes
        var index = keyStart - 1
        while index >= 0, bytes[index] == 0x20 || bytes[index] == 0x09 { index -= 1 }
        return index >= 0 && bytes[index] == UInt8(ascii: "?") ? index : keyStart
    }

    /// Pins each member whose deletion range holds the definition of an anchor that an alias after that range uses
    /// (aliases come after their anchors). `definitions` is sorted by offset. Nesting is bounded by `maxDepth`.
    static func pinMembers(in node: inout DocumentNode, holdingAnchorsUsedOutside definitions: [(offset: Int, lastUse: Int)]) {
        switch node.value {
        case .object(var members):
            node.value = .null  // so that `members` is the only reference, and changes in place
            for index in members.indices {
                pinMembers(in: &members[index].value, holdingAnchorsUsedOutside: definitions)
                guard let range = members.deletionRange(ofMember: index) else { continue }
                // The definitions inside the range, from the first at or after its start.
                let first = definitions.partitioningIndex { $0.offset >= range.start }
                if definitions[first...].prefix(while: { $0.offset < range.end }).contains(where: { $0.lastUse >= range.end }) {
                    members[index].pin()
                }
            }
            node.value = .object(members)
        case .array(var elements):
            node.value = .null
            for index in elements.indices { pinMembers(in: &elements[index], holdingAnchorsUsedOutside: definitions) }
            node.value = .array(elements)
        default:
            break
        }
    }

    /// Attaches a finished value to its parent (or makes it the document's root).
    /// - Parameter anchor: the node's anchor and where its properties start (where the anchor is defined).
    private mutating func complete(_ node: DocumentNode, count: Int, anchor: (name: String, defined: Int)?, end: Int? = nil) -> Bool {
        if let anchor { anchors[anchor.name] = (node, count, anchor.defined) }
        guard var top = stack.popLast() else {
            root = node
            return true
        }
        top.count += count
        top.end = max(top.end, end ?? node.range.end)
        if top.isMapping {
            if let key = top.pendingKey {
                if key.isMerge {
                    mergeSources(node, keyRange: key.range).map { top.merges.append((top.members.count, $0)) }
                } else {
                    top.members.append(Member(key: key.text, keyRange: key.range, value: node, start: key.start))
                }
                top.pendingKey = nil
            }
        } else {
            top.elements.append(node)
        }
        stack.append(top)
        return true
    }

    /// The members a merge key brings in: from a mapping, or from each mapping of a sequence (earlier ones win).
    private mutating func mergeSources(_ node: DocumentNode, keyRange: SourceRange) -> [Member]? {
        if let members = node.members { return members }
        if let elements = node.elements, elements.allSatisfy({ $0.members != nil }) {
            var seen = Set<String>()
            var result: [Member] = []
            for element in elements {
                for member in element.members! where seen.insert(member.key).inserted { result.append(member) }
            }
            return result
        }
        problems.append(SyntaxProblem(
            .invalidSyntax, "the merge key << needs a mapping or a list of mappings (usually an alias such as *defaults)",
            help: "write `<<: *name`, where &name marks a mapping", range: keyRange))
        return nil
    }

    /// Explicit keys win over merged ones; merged members stand where their `<<` stood. In a mapping with a merge key
    /// no member is removable by deleting text: a merged one is written elsewhere, and the text between two explicit
    /// ones may hold the `<<` entry.
    private func applyMerges(_ frame: Frame) -> [Member] {
        guard frame.hasMergeKey else { return frame.members }
        var members = frame.members
        for index in members.indices { members[index].pin() }
        var taken = Set(members.map(\.key))
        var result: [Member] = []
        var mergeIndex = 0
        for index in 0...members.count {
            while mergeIndex < frame.merges.count, frame.merges[mergeIndex].index == index {
                for var member in frame.merges[mergeIndex].members where taken.insert(member.key).inserted {
                    member.pin()
                    result.append(member)
                }
                mergeIndex += 1
            }
            if index < members.count { result.append(members[index]) }
        }
        return result
    }

    mutating func libyamlError(_ parser: yaml_parser_t) {
        let problem = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
        let context = parser.context.map { String(cString: $0) }
        if parser.error == YAML_READER_ERROR {
            // Reader errors (bad encoding) carry a byte offset.
            let offset = min(parser.problem_offset, source.count)
            let message = problem.contains("UTF-8") || problem.contains("octet")
                ? "invalid UTF-8: \(problem) at byte offset \(offset)" : problem
            problems.append(SyntaxProblem(
                .invalidSyntax, message, help: "YAML definitions must be UTF-8 text; re-save the file as UTF-8",
                range: SourceRange(start: offset, end: min(offset + 1, source.count))))
            return
        }
        var offset = offsets.offset(ofCharacter: parser.problem_mark.index)
        if let tab = indentingTab(at: offset, problem: problem) {
            // libyaml's words ("found character that cannot start any token") never say what is wrong.
            problems.append(SyntaxProblem(
                .invalidSyntax, "a tab indents this line, and YAML forbids tabs for indentation",
                help: "indent with spaces (the same number on every line of a level)",
                range: SourceRange(start: tab, end: tab + 1)))
            return
        }
        var message = problem
        var help = "fix the YAML syntax here; apns-lint checks the rest once the file parses"
        if let context {
            message += " \(context)"
            var contextOffset = offsets.offset(ofCharacter: parser.context_mark.index)
            if offset >= source.count, contextOffset >= offset, let open = stack.last(where: \.isFlow) {
                // A node missing at the end of a flow collection (`[1, `) is its own context: use the open bracket.
                contextOffset = open.start
            }
            if offset >= source.count, contextOffset < offset {
                // The input ended inside a construct: point at where it started, as for an unterminated string.
                help = "the input ends before this is closed (the file may be truncated)"
                offset = contextOffset
            } else if contextOffset != offset {
                help = "the construct started at \(source.position(of: contextOffset)); " + help
            }
        }
        problems.append(SyntaxProblem(.invalidSyntax, message, help: help,
                                      range: SourceRange(start: offset, end: min(offset + 1, source.count))))
    }

    /// The offset of the tab in the indentation of the line of `offset`, when libyaml stopped there because of it:
    /// at the tab itself, or with a problem that names a tab.
    private func indentingTab(at offset: Int, problem: String) -> Int? {
        let bytes = source.bytes
        guard offset < bytes.count else { return nil }
        var lineStart = offset
        while lineStart > 0, bytes[lineStart - 1] != 0x0A, bytes[lineStart - 1] != 0x0D { lineStart -= 1 }
        var index = lineStart
        var tab: Int?
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 {
            if bytes[index] == 0x09, tab == nil { tab = index }
            if index == offset { break }
            index += 1
        }
        guard let tab else { return nil }
        return tab == offset || (problem.contains("tab") && offset <= index) ? tab : nil
    }

    // MARK: Scalars

    /// - Parameter tagged: the range from the node's properties (its tag) to its end, where tag problems point.
    private mutating func resolve(_ text: String, isPlain: Bool, tag: String?, range: SourceRange, tagged: SourceRange,
                                  reportNonJSON: Bool) -> DocumentNode.Value {
        switch tag {
        case nil:
            return isPlain ? resolvePlain(text, range: range, reportNonJSON: reportNonJSON) : .string(text)
        case "!", "tag:yaml.org,2002:str":
            return .string(text)
        case "tag:yaml.org,2002:int":
            if let number = CoreSchema.integer(text) { return .number(number) }
        case "tag:yaml.org,2002:float":
            if let number = CoreSchema.integer(text) ?? CoreSchema.float(text) {
                return .number(NumberLiteral(text: number.text, isInteger: false))
            }
            // `.inf` and `.nan` are valid floats, only not JSON ones.
            if CoreSchema.isNonFinite(text) { return resolvePlain(text, range: range, reportNonJSON: reportNonJSON) }
        case "tag:yaml.org,2002:bool":
            if let bool = CoreSchema.bool(text) { return .bool(bool) }
        case "tag:yaml.org,2002:null":
            if CoreSchema.isNull(text) { return .null }
        default:
            problems.append(SyntaxProblem(
                .nonJSONValue, "the tag \(displayTag(tag!)) has no meaning in JSON; the value is read as the string \"\(clip(text))\"",
                help: "remove the tag, or use one of !!str !!int !!float !!bool !!null", range: tagged))
            return .string(text)
        }
        problems.append(SyntaxProblem(
            .invalidSyntax, "\"\(clip(text))\" is not a valid \(displayTag(tag!)) value",
            help: "write a value of that type, or remove the tag", range: tagged))
        return .string(text)
    }

    private mutating func resolvePlain(_ text: String, range: SourceRange, reportNonJSON: Bool) -> DocumentNode.Value {
        if CoreSchema.isNull(text) { return .null }
        if let bool = CoreSchema.bool(text) { return .bool(bool) }
        if let number = CoreSchema.integer(text) ?? CoreSchema.float(text) { return .number(number) }
        if CoreSchema.isNonFinite(text) {
            if reportNonJSON {
                problems.append(SyntaxProblem(
                    .nonJSONValue, "\(text) is a YAML float that JSON cannot carry (JSON numbers are finite); it is read as the string \"\(text)\"",
                    help: "use a finite number, or quote it if you mean the text", range: range))
            }
            return .string(text)
        }
        return .string(text)
    }

    private mutating func checkAmbiguous(_ text: String, range: SourceRange) {
        guard let (here, elsewhere) = CoreSchema.yaml11Reading(of: text) else { return }
        problems.append(SyntaxProblem(
            .ambiguousScalar,
            "unquoted \(text) is \(here) here (YAML 1.2), but YAML 1.1 tools (PyYAML, Ruby's Psych and many senders) read it as \(elsewhere)",
            help: "quote it (\"\(text)\") to make it a string everywhere" + (here.hasPrefix("the string") ? "" : ", or write the value in a form both versions agree on"),
            range: range))
    }

    private func describe(_ value: DocumentNode.Value) -> String {
        switch value {
        case .number(let number): number.isInteger ? "an integer" : "a number"
        case .bool: "a boolean"
        case .null: "null"
        default: "not a string"
        }
    }

    private func displayTag(_ tag: String) -> String {
        tag.hasPrefix("tag:yaml.org,2002:") ? "!!" + tag.dropFirst("tag:yaml.org,2002:".count) : tag
    }

    private func clip(_ text: String) -> String {
        text.count > 40 ? String(text.prefix(40)) + "…" : text
    }
}
