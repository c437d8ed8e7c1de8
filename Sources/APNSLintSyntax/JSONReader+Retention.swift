#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The retention limit (`JSONReader.read(_:retentionLimit:)`): how the reader keeps memory bounded on a document of any
// size. It still reads every byte, with the same checks and the same problems; what it does not keep is nodes.
//
// A container keeps the text from its opening bracket on, less the text of what was elided inside it: its "retained"
// bytes. After each entry it reads, the reader makes sure no open container retains more than the limit. An outer
// container retains all an inner one does, so only the outermost needs a look, until it is over: then, from the
// deepest container over the limit, the reader looks for the largest thing to give up. A container's largest child
// that retains at least an eighth of the limit goes: a finished one is summarized in place; for an open one, the
// reader looks inside it the same way (so in `{"payload": {"aps": {…}, "data": [...]}}` it is `data` that goes, not
// `payload`). A container whose children are all smaller is elided whole, and the rest of its text skimmed. So a
// large custom value is elided and the small `aps` beside it kept, and a container of many small values (1.5 million
// objects in an array) is elided whole rather than kept as 1.5 million summaries.

extension JSONParser {
    /// The bytes `container` retains: its text so far, less what was elided inside it.
    func retained(_ container: OpenContainer) -> Int {
        index - container.opener - (elidedBytes - container.elidedBefore)
    }

    /// Keeps every open container (`open`, then `innermost`) within the retention limit (see above). Returns the node
    /// of an open container that was elided (its text read to its closing bracket; `open` then ends before it, and
    /// `innermost` is not to be used), or nil when the open containers stay open (a finished child may have been
    /// summarized in place). Out of line, so that `parseValue`'s loop, which calls it only past the limit, stays as
    /// it is without one.
    @inline(never)
    mutating func retain(_ open: inout [OpenContainer], innermost: inout OpenContainer) throws -> DocumentNode? {
        open.append(innermost)
        if let elided = try retain(&open) { return elided }
        innermost = open.removeLast()
        return nil
    }

    private mutating func retain(_ open: inout [OpenContainer]) throws -> DocumentNode? {
        let worthEliding = retentionLimit / 8
        while retained(open[0]) > retentionLimit {
            var level = open.count - 1
            while retained(open[level]) <= retentionLimit { level -= 1 }
            while true {
                let (entry, entryLength) = largestFinishedChild(of: open, at: level)
                let openChild = level + 1 < open.count ? retained(open[level + 1]) : -1
                if let entry, entryLength >= openChild, entryLength >= worthEliding {
                    elideFinished(entry, isObject: open[level].isObject)
                    break
                }
                guard openChild >= worthEliding else { return try elideOpen(&open, from: level) }
                level += 1
            }
        }
        return nil
    }

    /// Where the entries of `open[level]` end in its stack (`openMembers` or `openElements`): where the next open
    /// container of the same kind starts its own.
    private func entriesEnd(of open: [OpenContainer], at level: Int) -> Int {
        let isObject = open[level].isObject
        for deeper in open[(level + 1)...] where deeper.isObject == isObject { return deeper.firstEntry }
        return isObject ? openMembers.count : openElements.count
    }

    /// The finished, kept container among `open[level]`'s entries with the longest text: its place in the stack and
    /// its length.
    private func largestFinishedChild(of open: [OpenContainer], at level: Int) -> (Int?, Int) {
        let container = open[level]
        var best: Int?
        var bestLength = -1
        for place in container.firstEntry..<entriesEnd(of: open, at: level) {
            let node = container.isObject ? openMembers[place].value : openElements[place]
            switch node.value {
            case .object, .array:
                if node.range.length > bestLength { (best, bestLength) = (place, node.range.length) }
            default:
                break
            }
        }
        return (best, bestLength)
    }

    /// Replaces the finished container at `place` of a stack by its summary.
    private mutating func elideFinished(_ place: Int, isObject: Bool) {
        let node = isObject ? openMembers[place].value : openElements[place]
        let (summary, elidedInside) = ElidedContainer.summarizing(node)
        let elided = DocumentNode(.elided(summary), range: node.range)
        if isObject { openMembers[place].value = elided } else { openElements[place] = elided }
        elidedBytes += node.range.length - elidedInside
        hasElidedContent = true
    }

    /// Elides `open[target]`: what it and the containers open inside it hold is summarized and freed, and the rest
    /// of its text is read without keeping anything. Returns its node; `open` ends before it.
    private mutating func elideOpen(_ open: inout [OpenContainer], from target: Int) throws -> DocumentNode {
        skimDuplicate = nil
        var stack = SkimStack()
        stack.outer.reserveCapacity(open.count - target + 8)
        var membersStart = openMembers.count, elementsStart = openElements.count
        for level in target..<open.count {
            let container = open[level]
            let end = entriesEnd(of: open, at: level)
            let frame = SkimFrame(opener: container.opener, isObject: container.isObject, keyBase: skimKeys.count)
            if level == target { stack.top = frame } else { stack.push(frame) }
            for place in container.firstEntry..<end {
                let value: DocumentNode
                if container.isObject {
                    let member = openMembers[place]
                    stack.top.keyRange = member.keyRange
                    stack.top.keyLength = compactStringLength(member.key) + 1
                    noteKey(member.keyRange, in: &stack, string: Self.unlessPlain(member.key, member.keyRange))
                    value = member.value
                } else {
                    value = openElements[place]
                }
                if skimDuplicate == nil, value.containsDuplicateKeys, let inside = value.firstDuplicateKey {
                    let token = container.isObject ? openMembers[place].key : String(stack.top.count)
                    skimDuplicate = ElidedContainer.DuplicateKey(path: path(in: stack) + [token] + inside.path, key: inside.key,
                                                                 first: inside.first, second: inside.second)
                }
                stack.top.add(value.compactLength, minimum: value.minimumCompactLength)
            }
            // The key of the open container below, whose value is being read.
            if container.isObject, level + 1 < open.count {
                stack.top.keyRange = container.keyRange
                stack.top.keyLength = compactStringLength(container.key) + 1
                noteKey(container.keyRange, in: &stack, string: Self.unlessPlain(container.key, container.keyRange))
            }
            if container.isObject { membersStart = min(membersStart, container.firstEntry) } else { elementsStart = min(elementsStart, container.firstEntry) }
        }
        openMembers.removeSubrange(membersStart...)
        openElements.removeSubrange(elementsStart...)
        let elidedBefore = open[target].elidedBefore
        open.removeSubrange(target...)
        let node = try skim(&stack)
        elidedBytes = elidedBefore + node.range.length
        hasElidedContent = true
        return node
    }

    /// Reads the rest of the containers `stack` stands for, each after an entry it has just read, as `parseValue`
    /// reads them (the same checks, problems and errors), keeping nothing: returns the outermost's node, elided.
    private mutating func skim(_ stack: inout SkimStack) throws -> DocumentNode {
        var valueLength = 0, valueMinimum = 0
        var readValue = false
        while true {
            if readValue {
                guard index < bytes.count else {
                    throw fatal("unexpected end of input: expected a value", at: index, length: 0,
                                help: "complete the value (the file may be truncated)")
                }
                switch bytes[index] {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    let opener = index
                    let isObject = bytes[index] == UInt8(ascii: "{")
                    try enterContainer(index)
                    index += 1
                    try skipWhitespace()
                    if index < bytes.count, bytes[index] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                        index += 1
                        depth -= 1
                        valueLength = 2
                        valueMinimum = 2
                    } else {
                        stack.push(SkimFrame(opener: opener, isObject: isObject, keyBase: skimKeys.count))
                        try beginSkimEntry(&stack)
                        continue
                    }
                case UInt8(ascii: "\""):
                    valueLength = try skimString()
                    valueMinimum = valueLength
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    let start = index
                    _ = try scanNumber()
                    valueLength = index - start
                    valueMinimum = valueLength
                default:
                    valueLength = try scanLiteral()
                    valueMinimum = valueLength
                }
                stack.top.add(valueLength, minimum: valueMinimum)
            }
            readValue = true
            // After an entry: a comma and the next entry, or the closing bracket (and then the same for the container
            // around it).
            while true {
                try skipWhitespace()
                let isObject = stack.top.isObject
                guard index < bytes.count else { throw unclosed(isObject ? "{" : "[", opener: stack.top.opener) }
                let byte = bytes[index]
                let closer = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if byte == closer {
                    if let node = closeSkimFrame(&stack) { return node }
                    continue
                }
                guard byte == UInt8(ascii: ",") else { throw missingSeparator(inObject: isObject) }
                let comma = index
                index += 1
                try skipWhitespace()
                if index < bytes.count, bytes[index] == closer {
                    trailingComma(at: comma, before: isObject ? "}" : "]")
                    if let node = closeSkimFrame(&stack) { return node }
                    continue
                }
                try beginSkimEntry(&stack)
                break
            }
        }
    }

    /// At the closing bracket of the innermost frame: closes it. Returns the elided node when it was the outermost,
    /// else adds it to the frame around it and returns nil.
    private mutating func closeSkimFrame(_ stack: inout SkimStack) -> DocumentNode? {
        index += 1
        depth -= 1
        let frame = stack.top
        if skimKeys.count > frame.keyBase { skimKeys.removeSubrange(frame.keyBase...) }
        var hasDuplicate = frame.hasDuplicate
        if frame.table >= 0 {
            // Keys compared as strings: which pair is a duplicate depends on how many members there are.
            let table = skimTables.removeLast()
            if let duplicate = frame.count <= 16 ? table.firstSameLength : table.firstEquivalent {
                hasDuplicate = true
                noteDuplicate(duplicate)
            }
        }
        let length = frame.length + 1
        // What a sender writes of an object with a duplicate key depends on the sender: `{}` is the least.
        let minimum = hasDuplicate ? 2 : frame.minimum + 1
        guard !stack.outer.isEmpty else {
            let summary = ElidedContainer(isObject: frame.isObject, count: frame.count, compactLength: length, minimumLength: minimum,
                                          firstDuplicate: skimDuplicate)
            skimDuplicate = nil
            return DocumentNode(.elided(summary), range: SourceRange(start: frame.opener, end: index))
        }
        stack.pop()
        stack.top.add(length, minimum: minimum)
        return nil
    }

    /// `beginEntry` for the innermost frame: for an object, reads the key and its ':' and looks for an earlier
    /// member of the same key; for an array, checks that an element follows.
    private mutating func beginSkimEntry(_ stack: inout SkimStack) throws {
        let opener = stack.top.opener
        guard index < bytes.count else { throw unclosed(stack.top.isObject ? "{" : "[", opener: opener) }
        guard stack.top.isObject else {
            if bytes[index] == UInt8(ascii: ",") { throw missingElement() }
            return
        }
        let keyStart = index
        guard bytes[index] == UInt8(ascii: "\"") else { throw badKey() }
        let keyLength = try skimString()
        let keyRange = SourceRange(start: keyStart, end: index)
        let plain = lastStringIsPlain
        try skipWhitespace()
        guard index < bytes.count else { throw unclosed("{", opener: opener) }
        guard bytes[index] == UInt8(ascii: ":") else { throw missingColon(after: decodedString(at: keyStart)) }
        index += 1
        try skipWhitespace()
        stack.top.keyRange = keyRange
        stack.top.keyLength = keyLength + 1
        // One duplicate is enough to know the object has one.
        guard !stack.top.hasDuplicate else { return }
        noteKey(keyRange, in: &stack, string: plain ? nil : decodedString(at: keyStart))
    }

    /// Adds the innermost frame's key (at `range`) to its object's keys, and notes a key an earlier member has.
    /// `string` is the key's text when it is not plain ASCII (escaped, or not ASCII).
    ///
    /// Keys are compared as `hasDuplicateKeys` compares the kept tree's: plain ASCII keys byte for byte; other keys as
    /// Swift strings, which compare by canonical equivalence (`"é"` and `"e\u0301"`, `"K"` and the Kelvin sign), but
    /// for an object of 16 members or fewer only when their UTF-8 is as long (`isSameKey`). As the number of members
    /// is known only at the end, such an object keeps the first pair of each kind until it closes (`KeyTable`).
    private mutating func noteKey(_ range: SourceRange, in stack: inout SkimStack, string: String?) {
        guard !stack.top.hasDuplicate else { return }
        let base = stack.top.keyBase
        if stack.top.table < 0, string == nil, skimKeys.count - base < 32 {
            // Few keys, all plain: compared byte for byte.
            var place = base
            while place < skimKeys.count {
                if skimKeys[place + 1] - skimKeys[place] == range.length, sameBytes(skimKeys[place], range.start, count: range.length) {
                    noteDuplicate(first: SourceRange(start: skimKeys[place], end: skimKeys[place + 1]), second: range, key: nil, in: &stack)
                    return
                }
                place += 2
            }
            skimKeys.append(range.start)
            skimKeys.append(range.end)
            return
        }
        if stack.top.table < 0 {
            var table = KeyTable(seed: .random(in: .min ... .max))
            var place = base
            while place < skimKeys.count {
                _ = table.plain.insert(SourceRange(start: skimKeys[place], end: skimKeys[place + 1]), in: bytes)
                place += 2
            }
            skimKeys.removeSubrange(base...)
            stack.top.table = skimTables.count
            skimTables.append(table)
        }
        let table = stack.top.table
        if skimTables[table].strings == nil {
            if string == nil, range.length < PlainKeyTable.longestKey, bytes.count < PlainKeyTable.longestText {
                if let first = skimTables[table].plain.insert(range, in: bytes) {
                    noteDuplicate(first: first, second: range, key: nil, in: &stack)
                }
                return
            }
            // The first key that is not plain ASCII (or very long): from now on every key is compared as a string.
            var strings: [String: SourceRange] = [:]
            var sameLength: [SameLengthKey: SourceRange] = [:]
            for first in skimTables[table].plain.ranges {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[(first.start + 1)..<(first.end - 1)]), as: UTF8.self)
                strings[text] = first
                sameLength[SameLengthKey(text)] = first
            }
            skimTables[table].plain = PlainKeyTable(seed: .random(in: .min ... .max))
            skimTables[table].strings = strings
            skimTables[table].sameLength = sameLength
        }
        let key = string ?? decodedString(at: range.start)
        if let first = skimTables[table].sameLength[SameLengthKey(key)] {
            if skimTables[table].firstSameLength == nil {
                skimTables[table].firstSameLength = ElidedContainer.DuplicateKey(path: path(in: stack), key: key, first: first, second: range)
            }
        } else {
            skimTables[table].sameLength[SameLengthKey(key)] = range
        }
        if let first = skimTables[table].strings![key] {
            if skimTables[table].firstEquivalent == nil {
                skimTables[table].firstEquivalent = ElidedContainer.DuplicateKey(path: path(in: stack), key: key, first: first, second: range)
            }
        } else {
            skimTables[table].strings![key] = range
        }
    }

    /// A duplicate key found: the first if it comes before the one found so far.
    private mutating func noteDuplicate(_ duplicate: ElidedContainer.DuplicateKey) {
        textIsCompact = false
        if skimDuplicate.map({ duplicate.second.start < $0.second.start }) ?? true { skimDuplicate = duplicate }
    }

    /// A key of the innermost frame that an earlier member has (plain keys: a duplicate whatever the number of members).
    private mutating func noteDuplicate(first: SourceRange, second: SourceRange, key: String?, in stack: inout SkimStack) {
        stack.top.hasDuplicate = true
        textIsCompact = false
        // A later duplicate cannot be the first.
        guard skimDuplicate == nil else { return }
        noteDuplicate(ElidedContainer.DuplicateKey(path: path(in: stack), key: key ?? decodedString(at: second.start), first: first, second: second))
    }

    /// Whether the `count` bytes at `first` and at `second` are the same: compared a word at a time where the words
    /// lie inside the text (keys are short).
    private func sameBytes(_ first: Int, _ second: Int, count: Int) -> Bool {
        let base = UnsafeRawPointer(bytes.baseAddress!)
        if count <= 8, max(first, second) + 8 <= bytes.count {
            let mask: UInt64 = count == 8 ? .max : (1 << UInt64(count * 8)) - 1
            return (base.loadUnaligned(fromByteOffset: first, as: UInt64.self) ^ base.loadUnaligned(fromByteOffset: second, as: UInt64.self)) & mask == 0
        }
        return memcmp(base + first, base + second, count) == 0
    }

    /// The reference tokens from the outermost frame to the innermost: the key or index each outer frame is reading.
    private mutating func path(in stack: SkimStack) -> [String] {
        stack.outer.map { $0.isObject ? decodedString(at: $0.keyRange.start) : String($0.count) }
    }

    /// The string whose opening quote is at `start` (read before, so valid).
    private mutating func decodedString(at start: Int) -> String {
        let saved = index
        defer { index = saved }
        index = start
        return (try? parseString()) ?? ""
    }
    /// `key` (read from `range`), unless it is plain: ASCII written without an escape, so that its bytes compare as
    /// the string does.
    static func unlessPlain(_ key: String, _ range: SourceRange) -> String? {
        range.length == key.utf8.count + 2 && key.utf8.allSatisfy({ $0 < 0x80 }) ? nil : key
    }

}

/// A container being elided, as `skim` reads it.
struct SkimFrame {
    let opener: Int
    let isObject: Bool
    /// Its entries so far.
    var count = 0
    /// Its compact length so far: the opening bracket, its entries and the commas between them.
    var length = 1
    /// The same, with each object that has a duplicate key counted as `{}` (`ElidedContainer.minimumLength`).
    var minimum = 1
    /// Whether it has a duplicate key (found so far; an object whose keys are compared as strings knows at its end).
    var hasDuplicate = false
    /// The current member's key (an object's): its compact length with the ':', and its range as written.
    var keyLength = 0
    var keyRange = SourceRange(start: 0, end: 0)
    /// Where its keys start in `skimKeys`, and its table in `skimTables` once it has many (-1 before).
    let keyBase: Int
    var table = -1

    init(opener: Int, isObject: Bool, keyBase: Int) {
        self.opener = opener
        self.isObject = isObject
        self.keyBase = keyBase
    }

    /// Counts an entry whose value is `valueLength` bytes, at least `valueMinimum` (with the current key, for an object).
    @inline(__always) mutating func add(_ valueLength: Int, minimum valueMinimum: Int) {
        let separator = (count > 0 ? 1 : 0) + (isObject ? keyLength : 0)
        length += separator + valueLength
        minimum += separator + valueMinimum
        count += 1
    }
}

/// The frames of the containers being elided: the innermost apart, so the one `skim` works on is no array element.
struct SkimStack {
    var outer: [SkimFrame] = []
    var top = SkimFrame(opener: 0, isObject: false, keyBase: 0)

    mutating func push(_ frame: SkimFrame) {
        outer.append(top)
        top = frame
    }

    mutating func pop() {
        top = outer.removeLast()
    }
}
