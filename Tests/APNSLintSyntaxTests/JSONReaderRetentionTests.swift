import APNSLintSyntax
import APNSLintTestSupport
import Foundation
import Testing

/// Reads `text` keeping at most about `limit` bytes of text in nodes for each container.
private func read(_ text: String, limit: Int?) -> ParseResult {
    JSONReader.read(SourceText(text), retentionLimit: limit)
}

private func read(bytes: [UInt8], limit: Int?) -> ParseResult {
    JSONReader.read(SourceText(bytes: bytes), retentionLimit: limit)
}

/// `{"id":0,"name":"item 0","ok":true}, …`: `count` small objects, one per line.
private func items(_ count: Int, from first: Int = 0) -> String {
    (first..<(first + count)).map { #"{"id":\#($0),"name":"item \#($0)","tags":["a","b"],"ok":\#($0 % 3 == 0)}"# }.joined(separator: ",\n")
}

@Suite("JSONReader: the retention limit")
struct JSONReaderRetentionTests {
    // MARK: What is kept

    @Test("without a limit (the default) nothing is elided, whatever the size")
    func keepsEverythingByDefault() throws {
        let text = "[" + items(20_000) + "]"
        let result = read(text, limit: nil)
        #expect(!result.hasElidedContent)
        #expect(try #require(result.document?.elements).count == 20_000)
        #expect(JSONReader.read(SourceText(text)).document?.elements?.count == 20_000)
    }

    @Test("an elided node is no larger than any other: the summary is one reference")
    func nodeSize() {
        // The largest case is a number's text and flag (17 bytes, the tag in the flag's spare bits), then the range: 40
        // bytes on 64-bit platforms, as before the elided case.
        #expect(MemoryLayout<DocumentNode.Value>.size == MemoryLayout<NumberLiteral>.size)
        #expect(MemoryLayout<ElidedContainer>.size <= MemoryLayout<NumberLiteral>.size)
        #expect(MemoryLayout<DocumentNode>.stride == 40 || MemoryLayout<Int>.size != 8)
    }

    @Test("a document within the limit is read as without one")
    func smallDocumentUnchanged() throws {
        let text = #"{"aps": {"alert": {"title": "Hi", "body": "There"}, "badge": 3}, "id": [1, 2.5, null, true]}"#
        let limited = read(text, limit: text.utf8.count)
        #expect(!limited.hasElidedContent)
        #expect(try dumpTree(#require(limited.document)) == dumpTree(#require(read(text, limit: nil).document)))
    }

    @Test("a large custom array is elided, aps beside it kept: the summary's count, length and range")
    func customArrayElided() throws {
        let data = "[" + items(100) + "]"
        let text = #"{"aps":{"alert":"Hi"},"data":"# + data + "}"
        let result = read(text, limit: 1024)
        #expect(result.hasElidedContent)
        #expect(result.problems.isEmpty)
        let root = try #require(result.document)
        let members = try #require(root.members)
        #expect(members.map(\.key) == ["aps", "data"])
        #expect(members[0].value.member("alert")?.value.string == "Hi")
        let summary = try #require(members[1].value.elided)
        #expect(!summary.isObject && summary.count == 100 && !summary.hasDuplicateKeys)
        // The length as compact JSON: the text without its line breaks.
        #expect(summary.compactLength == data.utf8.count - 99)
        #expect(members[1].value.range == SourceRange(start: 29, end: 29 + data.utf8.count))
        #expect(members[1].value.kind == .array && members[1].value.isContainer && members[1].value.shortDescription == "[…]")
        #expect(members[1].value.elements == nil && members[1].value.members == nil)
        // The kept tree's compact length is the whole document's.
        #expect(root.compactLength == read(text, limit: nil).document?.compactLength)
    }

    @Test("a large custom object is elided: an elided object is an object, never an empty one")
    func customObjectElided() throws {
        let data = "{" + (0..<200).map { #""k\#($0)": {"id": \#($0), "ok": true}"# }.joined(separator: ", ") + "}"
        let text = #"{"aps": {"alert": "Hi"}, "data": "# + data + "}"
        let root = try #require(read(text, limit: 2048).document)
        let value = try #require(root.member("data")?.value)
        let summary = try #require(value.elided)
        #expect(summary.isObject && summary.count == 200)
        #expect(value.kind == .object && value.isObject && value.members == nil && value.shortDescription == "{…}")
        #expect(summary.compactLength == read(data, limit: nil).document?.compactLength)
        #expect(root.member("aps")?.value.members?.count == 1)
    }

    @Test("a large top-level array is elided whole, not kept as a summary for each element")
    func rootArrayElided() throws {
        let text = "[" + items(5_000) + "]\n"
        let result = read(text, limit: 4096)
        let root = try #require(result.document)
        let summary = try #require(root.elided)
        #expect(!summary.isObject && summary.count == 5_000)
        #expect(root.range == SourceRange(start: 0, end: text.utf8.count - 1))
        #expect(root.kind == .array)
        #expect(result.problems.isEmpty && !result.textIsCompact)
    }

    @Test("several medium values: the largest are elided one by one and the rest kept")
    func largestChildrenElided() throws {
        let medium = "[" + items(20) + "]"
        let text = #"{"aps": {"alert": "Hi"}, "a": "# + medium + #", "b": "# + medium + #", "c": "# + medium + #", "d": 1}"#
        let limit = medium.utf8.count * 2
        let root = try #require(read(text, limit: limit).document)
        let members = try #require(root.members)
        #expect(members.map(\.key) == ["aps", "a", "b", "c", "d"])
        #expect(members[0].value.members != nil)
        #expect(members.filter { $0.value.elided != nil }.count >= 2)
        #expect(members[4].value.number?.text == "1")
        #expect(root.compactLength == read(text, limit: nil).document?.compactLength)
    }

    @Test("the kept nodes stay within the limit however long the document")
    func boundedRetention() throws {
        for text in ["[" + items(20_000) + "]", #"{"aps": {}, "data": ["# + items(20_000) + "]}",
                     "{" + (0..<20_000).map { #""k\#($0)": [\#($0), "x"]"# }.joined(separator: ",") + "}",
                     "[" + String(repeating: "[1, 2, [3, {\"a\": [4]}]],", count: 20_000) + "0]"] {
            let limit = 4096
            let root = try #require(read(text, limit: limit).document)
            var keptText = 0
            root.walk { node, _ in if node.elided == nil, !node.isContainer { keptText += node.range.length } }
            #expect(keptText <= limit)
        }
    }

    @Test("a limit of 0 elides every container, and still reads and measures the text")
    func zeroLimit() throws {
        let text = #"{"aps": {"alert": "Hi"}, "n": [1, {}, []]}"#
        let result = read(text, limit: 0)
        let summary = try #require(result.document?.elided)
        #expect(summary.isObject && summary.count == 2)
        #expect(summary.compactLength == #"{"aps":{"alert":"Hi"},"n":[1,{},[]]}"#.utf8.count)
    }

    // MARK: Lengths

    @Test("the compact length counts strings as the compact serializer escapes them, not as written")
    func compactLengthOfEscapes() throws {
        // \u0041 is written "A", \/ is written "/", \n stays \n, \u001f stays \u001f, é is two bytes either way.
        let value = #"["\u0041", "\/", "a\nb", "\u001f", "\u00e9", "é", "\ud83d\ude00", 1.50, true, null, {"\u0041": false}]"#
        let summary = try #require(read(value, limit: 0).document?.elided)
        let expected = #"["A","/","a\nb","\u001f","é","é","😀",1.50,true,null,{"A":false}]"#.utf8.count
        #expect(summary.compactLength == expected)
        #expect(try #require(read(value, limit: nil).document).compactLength == expected)
    }

    @Test("whitespace and comments are not counted")
    func compactLengthWithoutWhitespace() throws {
        let text = "[1,    2,\n\n  /* c */ 3 // x\n, {\"a\" :  [ ] } ]"
        let result = read(text, limit: 0)
        #expect(result.document?.elided?.compactLength == #"[1,2,3,{"a":[]}]"#.utf8.count)
        #expect(result.problems.map(\.message) == ["comments are not allowed in JSON", "comments are not allowed in JSON"])
    }

    // MARK: Errors after the limit

    @Test("a syntax error far past the limit is reported exactly where it is, as without a limit")
    func errorAfterLimit() throws {
        let lines = items(3_000).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (broken, message) in [
            (lines[2_500].replacingOccurrences(of: #","name""#, with: #" "name""#), "expected ',' or '}' after an object member, found '\"' (is a ',' missing between two members?)"),
            (lines[2_500].replacingOccurrences(of: "item", with: #"it\qem"#), #"invalid escape \q: JSON escapes are \" \\ \/ \b \f \n \r \t and \uXXXX"#),
            (lines[2_500].replacingOccurrences(of: "true", with: "True").replacingOccurrences(of: "false", with: "True"), "'True' is not JSON: the literals are lowercase true, false and null"),
            (lines[2_500].replacingOccurrences(of: #""id":"#, with: #"id:"#), "object keys must be strings in double quotes: write \"id\""),
            (lines[2_500].replacingOccurrences(of: #""ok":"#, with: #""ok""#), "expected ':' after the key \"ok\", found 'f'"),
        ] {
            var edited = lines
            edited[2_500] = broken
            let text = #"{"aps": {"alert": "Hi"}, "data": ["# + edited.joined(separator: "\n") + "]}"
            let limited = read(text, limit: 1024)
            let full = read(text, limit: nil)
            #expect(limited.document == nil)
            #expect(limited.problems == full.problems)
            let problem = try #require(limited.problems.first)
            #expect(problem.message.hasPrefix(message) || problem.message == message, "\(problem.message)")
            #expect(SourceText(text).position(of: problem.range.start).line == 2_501)
        }
    }

    @Test("an unclosed container past the limit: the error names where it opened")
    func unclosedAfterLimit() {
        let text = #"{"aps": {"alert": "Hi"}, "data": ["# + items(500) + ", [1, {\"a\": 2"
        let limited = read(text, limit: 1024)
        #expect(limited.problems == read(text, limit: nil).problems)
        #expect(limited.problems.first?.message.hasPrefix("unexpected end of input: the '{' opened at 500:") == true)
    }

    @Test("a trailing comma and a comment past the limit are recovered from, with their fixes")
    func recoverableAfterLimit() throws {
        let text = #"{"aps": {"alert": "Hi"}, "data": ["# + items(500) + ", {\"x\": [1, 2,] /* note */},]}"
        let limited = read(text, limit: 1024)
        let full = read(text, limit: nil)
        #expect(limited.problems == full.problems)
        #expect(limited.problems.count == 3)
        #expect(limited.problems.allSatisfy { $0.fix != nil })
        #expect(try #require(limited.document).compactLength == full.document?.compactLength)
    }

    @Test("nesting deeper than the maximum past the limit is the same fatal problem")
    func depthAfterLimit() {
        let text = "[" + items(500) + "," + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "]"
        #expect(read(text, limit: 1024).problems == read(text, limit: nil).problems)
        #expect(read(text, limit: 1024).problems.first?.message.hasPrefix("nesting is deeper than 512 levels") == true)
    }

    // MARK: Duplicate keys

    @Test("a duplicate key past the limit, in a small object: flagged, with where it is")
    func duplicateInNestedObject() throws {
        let text = #"{"aps": {}, "data": ["# + items(500) + #", {"x": 1, "y": {"z": 2, "z": 3}}]}"#
        let result = read(text, limit: 1024)
        #expect(!result.textIsCompact)
        let data = try #require(result.document?.member("data")?.value)
        let duplicate = try #require(data.elided?.firstDuplicate)
        #expect(duplicate.path == ["500", "y"])
        #expect(duplicate.key == "z")
        let source = SourceText(text)
        #expect(source.text(duplicate.first) == #""z""# && source.text(duplicate.second) == #""z""#)
        #expect(duplicate.first.start < duplicate.second.start)
        #expect(try #require(result.document).containsDuplicateKeys)
    }

    @Test("a duplicate key among thousands of keys of the elided object itself")
    func duplicateInLargeObject() throws {
        var keys = (0..<5_000).map { #""key\#($0)": \#($0)"# }
        keys.append(#""key1234": 0"#)
        let text = #"{"aps": {}, "data": {"# + keys.joined(separator: ", ") + "}}"
        let summary = try #require(read(text, limit: 1024).document?.member("data")?.value.elided)
        let duplicate = try #require(summary.firstDuplicate)
        #expect(duplicate.path.isEmpty && duplicate.key == "key1234")
        let source = SourceText(text)
        #expect(source.text(duplicate.first) == #""key1234""#)
        #expect(duplicate.first.start < duplicate.second.start && duplicate.second.start > text.utf8.count - 20)
        #expect(summary.count == 5_001)
    }

    @Test("keys are compared as the kept tree compares them: escaped keys, canonical equivalents, few members or many")
    func duplicatesAsStrings() throws {
        // (first key, second key, a duplicate with few members, with many)
        for (first, second, few, many) in [("a", #"\u0061"#, true, true), ("é", #"\u00e9"#, true, true), ("K", "\u{212A}", false, true),
                                            ("e\u{301}", "é", false, true), ("ab", #"a\u0062c"#, false, false), ("K", "k", false, false)] {
            for count in [3, 30] {
                let filler = (0..<count).map { #""f\#($0)": 0"# }.joined(separator: ", ")
                let text = #"{"aps": {}, "data": ["# + items(300) + #", {"\#(first)": 1, \#(filler), "\#(second)": 2}]}"#
                let full = try #require(read(text, limit: nil).document)
                #expect(full.containsDuplicateKeys == (count < 16 ? few : many), "\(first) \(second) \(count)")
                let limited = try #require(read(text, limit: 512).document)
                let summary = try #require(limited.member("data")?.value.elided)
                #expect(summary.hasDuplicateKeys == full.containsDuplicateKeys, "\(first) \(second) \(count)")
                #expect(summary.firstDuplicate == full.member("data")?.value.firstDuplicateKey)
                #expect(summary.firstDuplicate.map(\.path) ?? ["300"] == ["300"])
            }
        }
        // Of three keys, the pair `hasDuplicateKeys` compares equal: with few members the last two.
        let text = #"{"aps": {}, "data": ["# + items(300) + #", {"é": 1, "e\#u{301}": 2, "e\#u{301}": 3}]}"#
        let duplicate = try #require(read(text, limit: 512).document?.member("data")?.value.elided?.firstDuplicate)
        #expect(duplicate.key == "e\u{301}" && duplicate.first.start > text.utf8.count - 40)
    }

    @Test("the first duplicate is the one whose second occurrence comes first, kept part or not")
    func firstDuplicateInOrder() throws {
        // One in the part read before the array was elided, one after.
        let text = #"{"aps": {}, "data": [{"a": 1, "a": 2}, "# + items(300) + #", {"b": 1, "b": 2}]}"#
        let duplicate = try #require(read(text, limit: 1024).document?.member("data")?.value.elided?.firstDuplicate)
        #expect(duplicate.key == "a" && duplicate.path == ["0"])
        // The key of the member being read when its object is elided is a duplicate of an earlier member: the object
        // goes over the limit inside that member's value, whose array is small.
        let members = (0..<100).map { #""f\#($0)": \#($0)"# }.joined(separator: ", ")
        let pending = #"{"aps": {}, "data": {"x": 1, "# + members + #", "x": [1, 2, {"y": 3}]}}"#
        let limit = (pending.utf8.count - 20) - 1
        let data = try #require(read(pending, limit: limit).document?.member("data")?.value)
        let second = try #require(data.elided?.firstDuplicate)
        #expect(second.key == "x" && second.path.isEmpty)
        #expect(SourceText(pending).text(second.second) == #""x""# && second.second.start == pending.utf8.count - 23)
    }

    // MARK: Against the read that keeps everything

    @Test("on the examples, every limit gives the same problems, lengths and duplicates as no limit")
    func examples() throws {
        let examples = packageRoot.appendingPathComponent("Examples")
        let files = try #require(FileManager.default.enumerator(atPath: examples.path)).compactMap { $0 as? String }.filter { $0.hasSuffix(".json") }
        #expect(files.count > 20)
        for file in files.sorted() {
            let bytes = try [UInt8](Data(contentsOf: examples.appendingPathComponent(file)))
            for cut in Set([bytes.count, bytes.count / 2, bytes.count / 3, bytes.count * 3 / 4]) {
                compareWithFullRead(Array(bytes[..<cut]), what: "\(file) cut at \(cut)")
            }
        }
    }

    @Test("on random documents (nested, escaped, duplicated, broken), every limit agrees with no limit")
    func randomDocuments() {
        var generator = SplitMix64(seed: 0xE11D_ED00)
        for round in 0..<400 {
            var text = ""
            randomValue(into: &text, depth: 0, using: &generator)
            var bytes = Array(text.utf8)
            switch round % 5 {
            case 1: bytes = Array(bytes[..<Int.random(in: 0...bytes.count, using: &generator)])
            case 2 where !bytes.isEmpty: bytes[Int.random(in: 0..<bytes.count, using: &generator)] = [UInt8](#",:]}"x\ "#.utf8).randomElement(using: &generator)!
            default: break
            }
            compareWithFullRead(bytes, what: "round \(round): \(String(decoding: bytes.prefix(200), as: UTF8.self))")
        }
    }

    private func randomValue(into text: inout String, depth: Int, using generator: inout SplitMix64) {
        let spaces = ["", "", " ", "\n  ", "/*c*/"]
        func space() { text += spaces.randomElement(using: &generator)! }
        let keys = ["a", "b", "K", "\u{212A}", #"\u0061"#, "é", "e\u{301}", "key", "k\\\"", "aps", "long key with words"]
        switch depth > 5 ? Int.random(in: 2..<7, using: &generator) : Int.random(in: 0..<7, using: &generator) {
        case 0, 1:
            let isObject = Bool.random(using: &generator)
            text += isObject ? "{" : "["
            let count = Int.random(in: 0..<(depth == 0 ? 40 : 8), using: &generator)
            for index in 0..<count {
                if index > 0 { text += "," }
                space()
                if isObject {
                    text += "\"" + keys.randomElement(using: &generator)! + "\""
                    space()
                    text += ":"
                }
                space()
                randomValue(into: &text, depth: depth + 1, using: &generator)
            }
            if count > 0, Int.random(in: 0..<20, using: &generator) == 0 { text += "," }
            space()
            text += isObject ? "}" : "]"
        case 2: text += ["\"plain\"", #""esc\n\"\u00e9\ud83d\ude00\/""#, "\"\(String(repeating: "x", count: 40))\"", "\"é😀\""].randomElement(using: &generator)!
        case 3: text += ["0", "-1.5e3", "12345678901234567890", "1.0"].randomElement(using: &generator)!
        case 4: text += ["true", "false", "null"].randomElement(using: &generator)!
        default: text += "\"s\(Int.random(in: 0..<100, using: &generator))\""
        }
    }

    /// Reads `bytes` with no limit and with several, and checks that they agree: the same problems, text flags and
    /// ranges, every kept node as without a limit, and every elided node summarizing what it stands for.
    private func compareWithFullRead(_ bytes: [UInt8], what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let full = read(bytes: bytes, limit: nil)
        for limit in [0, 1, 10, 60, 300] {
            let limited = read(bytes: bytes, limit: limit)
            #expect(limited.problems == full.problems, "limit \(limit), \(what)", sourceLocation: sourceLocation)
            #expect(limited.textIsCompact == full.textIsCompact, "limit \(limit), \(what)", sourceLocation: sourceLocation)
            #expect(limited.documents.count == full.documents.count, "limit \(limit), \(what)", sourceLocation: sourceLocation)
            guard let kept = limited.document, let whole = full.document else { continue }
            if let mismatch = difference(kept, whole) {
                Issue.record("limit \(limit): \(mismatch), \(what)", sourceLocation: sourceLocation)
            }
            #expect(limited.hasElidedContent == kept.containsElidedContent, sourceLocation: sourceLocation)
        }
    }

    /// Where a tree read with a limit differs from the tree read without one, other than by elided summaries that
    /// summarize the container they replace.
    private func difference(_ kept: DocumentNode, _ whole: DocumentNode) -> String? {
        guard kept.range == whole.range else { return "range \(kept.range) for \(whole.range)" }
        switch (kept.value, whole.value) {
        case (.elided(let summary), _):
            let count = whole.members?.count ?? whole.elements?.count
            guard whole.isContainer, summary.isObject == whole.isObject, summary.count == count,
                  summary.compactLength == whole.compactLength, summary.hasDuplicateKeys == whole.containsDuplicateKeys,
                  summary.firstDuplicate == whole.firstDuplicateKey else {
                return "summary \(summary.count) \(summary.compactLength) \(String(describing: summary.firstDuplicate)) at \(kept.range) for \(whole.compactLength) \(String(describing: whole.firstDuplicateKey))"
            }
            return nil
        case (.object(let a), .object(let b)):
            guard a.count == b.count else { return "\(a.count) members at \(kept.range) for \(b.count)" }
            for (x, y) in zip(a, b) {
                guard x.key == y.key, x.keyRange == y.keyRange, x.start == y.start else { return "key \(x.key) at \(x.keyRange)" }
                if let inner = difference(x.value, y.value) { return inner }
            }
            return nil
        case (.array(let a), .array(let b)):
            guard a.count == b.count else { return "\(a.count) elements at \(kept.range) for \(b.count)" }
            for (x, y) in zip(a, b) { if let inner = difference(x, y) { return inner } }
            return nil
        default:
            return dumpTree(kept) == dumpTree(whole) ? nil : "\(dumpTree(kept)) for \(dumpTree(whole))"
        }
    }
}
