import APNSLintSyntax
import APNSLintTestSupport
import Testing

/// Slips the reader reports but reads past, so the rules still see the document.
@Suite("JSONReader: recoverable problems")
struct JSONReaderRecoveryTests {
    /// Applies every problem's fix and checks that the result reads cleanly into `fixedDump`.
    func expectFixesClean(_ text: String, _ result: ParseResult, fixedDump: String, sourceLocation: SourceLocation = #_sourceLocation) {
        var edits: [TextEdit] = []
        for problem in result.problems {
            guard let fix = problem.fix else {
                Issue.record("problem without a fix: \(problem.message)", sourceLocation: sourceLocation)
                return
            }
            edits += fix.edits
        }
        let fixed = applying(Fix("all", edits: edits, applicability: .unsafe), to: Array(text.utf8))
        let again = readJSON(bytes: fixed)
        #expect(again.problems.isEmpty, "after fixing: \(again.problems.map(\.message))", sourceLocation: sourceLocation)
        #expect(again.document.map(dumpTree) == fixedDump, sourceLocation: sourceLocation)
    }

    // MARK: Trailing commas

    @Test("trailing comma before ']' is reported with a safe fix deleting the comma")
    func trailingCommaInArray() throws {
        let text = "[1,]"
        let result = readJSON(text)
        #expect(result.document.map(dumpTree) == "[i:1@1..<2]@0..<4")
        let problem = try #require(result.problems.first)
        #expect(result.problems.count == 1)
        // A kind of its own (issue 51): the layers that know which reader reads the file judge it.
        #expect(problem.kind == .trailingComma)
        #expect(problem.message == "trailing comma before ']': JSON (RFC 8259) does not allow a comma after the last element, and APNs and strict readers (Go's encoding/json, Python's json, JavaScript's JSON.parse) refuse it")
        #expect(problem.help == "remove the comma")
        #expect(problem.range == SourceRange(2..<3))
        #expect(problem.fix == Fix("remove the trailing comma", edits: [.delete(SourceRange(2..<3))], applicability: .safe))
        expectFixesClean(text, result, fixedDump: "[i:1@1..<2]@0..<3")
    }

    @Test("trailing comma before '}' is reported with a safe fix deleting the comma")
    func trailingCommaInObject() throws {
        let text = #"{"a":1,}"#
        let result = readJSON(text)
        #expect(result.document.map(dumpTree) == #"{"a"@1..<4: i:1@5..<6}@0..<8"#)
        let problem = try #require(result.problems.first)
        #expect(result.problems.count == 1)
        #expect(problem.message == "trailing comma before '}': JSON (RFC 8259) does not allow a comma after the last element, and APNs and strict readers (Go's encoding/json, Python's json, JavaScript's JSON.parse) refuse it")
        #expect(problem.range == SourceRange(6..<7))
        #expect(problem.fix == Fix("remove the trailing comma", edits: [.delete(SourceRange(6..<7))], applicability: .safe))
        expectFixesClean(text, result, fixedDump: #"{"a"@1..<4: i:1@5..<6}@0..<7"#)
    }

    @Test("trailing comma followed by whitespace and a line break")
    func trailingCommaBeforeLineBreak() throws {
        let text = "{\"a\":1 , \n }"
        let result = readJSON(text)
        #expect(result.document.map(dumpTree) == #"{"a"@1..<4: i:1@5..<6}@0..<12"#)
        #expect(result.problems.map(\.range) == [SourceRange(7..<8)])
        #expect(SourceText(text).position(of: 7).description == "1:8")
        expectFixesClean(text, result, fixedDump: #"{"a"@1..<4: i:1@5..<6}@0..<11"#)
    }

    @Test("several trailing commas are all reported, in source order")
    func severalTrailingCommas() {
        let text = #"[[1,],{"a":2,},]"#
        let result = readJSON(text)
        #expect(result.document.map(dumpTree) == #"[[i:1@2..<3]@1..<5, {"a"@7..<10: i:2@11..<12}@6..<14]@0..<16"#)
        #expect(result.problems.map(\.range) == [SourceRange(3..<4), SourceRange(12..<13), SourceRange(14..<15)])
        #expect(result.problems.map(\.message) == [
            "trailing comma before ']': JSON (RFC 8259) does not allow a comma after the last element, and APNs and strict readers (Go's encoding/json, Python's json, JavaScript's JSON.parse) refuse it",
            "trailing comma before '}': JSON (RFC 8259) does not allow a comma after the last element, and APNs and strict readers (Go's encoding/json, Python's json, JavaScript's JSON.parse) refuse it",
            "trailing comma before ']': JSON (RFC 8259) does not allow a comma after the last element, and APNs and strict readers (Go's encoding/json, Python's json, JavaScript's JSON.parse) refuse it",
        ])
        expectFixesClean(text, result, fixedDump: #"[[i:1@2..<3]@1..<4, {"a"@6..<9: i:2@10..<11}@5..<12]@0..<13"#)
    }

    // MARK: Comments

    @Test("line and block comments are reported with a fix deleting exactly the comment")
    func comments() throws {
        let text = "// c\n{\"a\": /* x */ 1}"
        let result = readJSON(text)
        #expect(result.document.map(dumpTree) == #"{"a"@6..<9: i:1@19..<20}@5..<21"#)
        #expect(result.problems.count == 2)
        for (problem, range) in zip(result.problems, [SourceRange(0..<4), SourceRange(11..<18)]) {
            #expect(problem.kind == .invalidSyntax)
            #expect(problem.message == "comments are not allowed in JSON")
            #expect(problem.help == "remove the comment, or write the definition in YAML, which has comments")
            #expect(problem.range == range)
            #expect(problem.fix == Fix("remove the comment", edits: [.delete(range)], applicability: .unsafe))
        }
        expectFixesClean(text, result, fixedDump: #"{"a"@2..<5: i:1@8..<9}@1..<10"#)
    }

    struct CommentCase: Sendable, CustomTestStringConvertible {
        let text: String
        let comments: [Range<Int>]
        let dump: String
        var testDescription: String { String(reflecting: text) }
    }

    @Test("comment boundaries", arguments: [
        // A line comment ends before the line break, whichever it is.
        CommentCase(text: "{\"a\":1} // x\r\n", comments: [8..<12], dump: #"{"a"@1..<4: i:1@5..<6}@0..<7"#),
        CommentCase(text: "{\"a\":1} // x", comments: [8..<12], dump: #"{"a"@1..<4: i:1@5..<6}@0..<7"#),
        CommentCase(text: "// x\r1", comments: [0..<4], dump: "i:1@5..<6"),
        CommentCase(text: "//\n1", comments: [0..<2], dump: "i:1@3..<4"),
        CommentCase(text: "// */\n1", comments: [0..<5], dump: "i:1@6..<7"),
        // A block comment ends at the first "*/" and may span lines.
        CommentCase(text: "/**/[]", comments: [0..<4], dump: "[]@4..<6"),
        CommentCase(text: "[/* a * / b **/1]", comments: [1..<15], dump: "[i:1@15..<16]@0..<17"),
        CommentCase(text: "/* a\n b */ /* // */ 1", comments: [0..<10, 11..<19], dump: "i:1@20..<21"),
        CommentCase(text: "{\"a\" /*c*/ : /*d*/ 1 /*e*/ }", comments: [5..<10, 13..<18, 21..<26],
                    dump: #"{"a"@1..<4: i:1@19..<20}@0..<28"#),
        CommentCase(text: "[\"// not a comment\", \"/* nor this */\"]", comments: [],
                    dump: #"["// not a comment"@1..<19, "/* nor this */"@21..<37]@0..<38"#),
    ])
    func commentBoundaries(_ c: CommentCase) {
        let result = readJSON(c.text)
        #expect(result.document.map(dumpTree) == c.dump)
        #expect(result.problems.map(\.message) == Array(repeating: "comments are not allowed in JSON", count: c.comments.count))
        #expect(result.problems.map(\.range) == c.comments.map(SourceRange.init))
    }

    @Test("a comment before a trailing comma's closer: both reported, in reading order")
    func commentAndTrailingComma() {
        let text = "[1, /* c */ ]"
        let result = readJSON(text)
        #expect(result.document.map(dumpTree) == "[i:1@1..<2]@0..<13")
        #expect(result.problems.map(\.range) == [SourceRange(4..<11), SourceRange(2..<3)])
        #expect(result.problems.map(\.message) == [
            "comments are not allowed in JSON",
            "trailing comma before ']': JSON (RFC 8259) does not allow a comma after the last element, and APNs and strict readers (Go's encoding/json, Python's json, JavaScript's JSON.parse) refuse it",
        ])
        expectFixesClean(text, result, fixedDump: "[i:1@1..<2]@0..<5")
    }

    // MARK: Data after the value

    struct TrailingCase: Sendable, CustomTestStringConvertible {
        let bytes: [UInt8]
        let dump: String
        let range: Range<Int>
        let fix: Range<Int>
        let valueEnd: String
        var testDescription: String { String(reflecting: String(decoding: bytes, as: UTF8.self)) }

        init(_ text: String, _ dump: String, _ range: Range<Int>, fix: Range<Int>, valueEnd: String, splicing: [UInt8] = []) {
            self.bytes = utf8Bytes(text, splicing: splicing)
            self.dump = dump
            self.range = range
            self.fix = fix
            self.valueEnd = valueEnd
        }
    }

    @Test("unexpected data after the top-level value: reported with an unsafe fix, document still returned", arguments: [
        TrailingCase(#"{"a":1} x"#, #"{"a"@1..<4: i:1@5..<6}@0..<7"#, 8..<9, fix: 7..<9, valueEnd: "1:8"),
        TrailingCase("1 2", "i:1@0..<1", 2..<3, fix: 1..<3, valueEnd: "1:2"),
        TrailingCase("{}{}", "{}@0..<2", 2..<4, fix: 2..<4, valueEnd: "1:3"),
        TrailingCase("[]]", "[]@0..<2", 2..<3, fix: 2..<3, valueEnd: "1:3"),
        TrailingCase(#""a""b""#, #""a"@0..<3"#, 3..<6, fix: 3..<6, valueEnd: "1:4"),
        TrailingCase("true false", "true@0..<4", 5..<10, fix: 4..<10, valueEnd: "1:5"),
        TrailingCase("{\"a\":1}\n\n}", #"{"a"@1..<4: i:1@5..<6}@0..<7"#, 9..<10, fix: 7..<10, valueEnd: "1:8"),
        TrailingCase("{} /", "{}@0..<2", 3..<4, fix: 2..<4, valueEnd: "1:3"),
        TrailingCase("1-", "i:1@0..<1", 1..<2, fix: 1..<2, valueEnd: "1:2"),
        TrailingCase("[] ◊", "[]@0..<2", 3..<4, fix: 2..<4, valueEnd: "1:3", splicing: [0xFF]),
    ])
    func trailingData(_ c: TrailingCase) throws {
        let result = readJSON(bytes: c.bytes)
        #expect(result.document.map(dumpTree) == c.dump)
        let problem = try #require(result.problems.last)
        #expect(result.problems.count == 1)
        #expect(problem.kind == .invalidSyntax)
        #expect(problem.message == "unexpected data after the top-level value: a JSON document holds exactly one value")
        #expect(problem.help == "remove everything after the value that ends at \(c.valueEnd)")
        #expect(problem.range == SourceRange(c.range))
        #expect(problem.fix == Fix("remove the trailing data", edits: [.delete(SourceRange(c.fix))], applicability: .unsafe))
        let fixed = readJSON(bytes: applying(try #require(problem.fix), to: c.bytes))
        #expect(fixed.problems.isEmpty)
        #expect(fixed.document.map(dumpTree) == c.dump)
    }

    @Test("a comment, then data after the value: both reported")
    func commentThenTrailingData() {
        let result = readJSON("{} // c\nx")
        #expect(result.document.map(dumpTree) == "{}@0..<2")
        #expect(result.problems.map(\.range) == [SourceRange(3..<7), SourceRange(8..<9)])
        #expect(result.problems.last?.fix?.edits == [.delete(SourceRange(2..<9))])
    }

    // MARK: Byte order mark

    @Test("a UTF-8 BOM is reported as .byteOrderMark with a safe fix; the document is still read")
    func byteOrderMark() throws {
        let input: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(#"{"a":1}"#.utf8)
        let result = readJSON(bytes: input)
        #expect(result.document.map(dumpTree) == #"{"a"@4..<7: i:1@8..<9}@3..<10"#)
        let problem = try #require(result.problems.first)
        #expect(result.problems.count == 1)
        #expect(problem.kind == .byteOrderMark)
        #expect(problem.message.contains("byte order mark"))
        #expect(problem.message.contains("RFC 8259 §8.1"))
        #expect(problem.help == "save the file as UTF-8 without a BOM")
        #expect(problem.range == SourceRange(0..<3))
        #expect(problem.fix == Fix("remove the byte order mark", edits: [.delete(SourceRange(0..<3))], applicability: .safe))
        // The BOM is one scalar: the value after it starts at column 2.
        #expect(SourceText(bytes: input).position(of: 3).description == "1:2")
        let fixed = readJSON(bytes: applying(problem.fix!, to: input))
        #expect(fixed.problems.isEmpty)
        #expect(fixed.document.map(dumpTree) == #"{"a"@1..<4: i:1@5..<6}@0..<7"#)
    }

    @Test("a BOM comes before any other problem, recoverable or fatal")
    func byteOrderMarkWithOtherProblems() {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

        let trailingComma = readJSON(bytes: bom + Array("[1,]".utf8))
        #expect(trailingComma.document.map(dumpTree) == "[i:1@4..<5]@3..<7")
        #expect(trailingComma.problems.map(\.kind) == [.byteOrderMark, .trailingComma])
        #expect(trailingComma.problems.map(\.range) == [SourceRange(0..<3), SourceRange(5..<6)])

        let fatal = readJSON(bytes: bom + Array("[1 2]".utf8))
        #expect(fatal.document == nil)
        #expect(fatal.problems.map(\.kind) == [.byteOrderMark, .invalidSyntax])
        #expect(fatal.problems.map(\.range) == [SourceRange(0..<3), SourceRange(6..<7)])

        let only = readJSON(bytes: bom)
        #expect(only.document == nil)
        #expect(only.problems.map(\.kind) == [.byteOrderMark, .invalidSyntax])
        #expect(only.problems.last?.message == "empty input: expected a JSON value")
        #expect(only.problems.last?.range == SourceRange(3..<3))

        // Only the first BOM is a BOM; a second one is a stray U+FEFF.
        let twice = readJSON(bytes: bom + bom + Array("{}".utf8))
        #expect(twice.document == nil)
        #expect(twice.problems.map(\.kind) == [.byteOrderMark, .invalidSyntax])
        #expect(twice.problems.last?.message == "expected a value, found U+FEFF '\u{FEFF}'")
        #expect(twice.problems.last?.range == SourceRange(3..<6))
    }
}
