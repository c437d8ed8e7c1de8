import APNSLintSyntax
import APNSLintTestSupport
import Testing

/// Syntax errors from libyaml, encoding errors, truncated files and garbage.
@Suite("YAMLReader: errors, encodings and garbage")
struct YAMLReaderErrorTests {
    static let truncatedHelp = "the input ends before this is closed (the file may be truncated)"
    static let syntaxHelp = "fix the YAML syntax here; apns-lint checks the rest once the file parses"
    static let encodingHelp = "YAML definitions must be UTF-8 text; re-save the file as UTF-8"

    // MARK: libyaml errors

    struct SyntaxCase: Sendable, CustomTestStringConvertible {
        let text: String
        let line: String
        let help: String
        var testDescription: String { String(reflecting: text) }
    }

    @Test("libyaml's syntax errors become one positioned .invalidSyntax problem", arguments: [
        SyntaxCase(text: "a: b: c", line: "invalidSyntax 4..<5 1:5 mapping values are not allowed in this context", help: syntaxHelp),
        SyntaxCase(text: "a:\n  b: 1\n c: 2", line: "invalidSyntax 11..<12 3:2 did not find expected key while parsing a block mapping",
                   help: "the construct started at 1:1; " + syntaxHelp),
        SyntaxCase(text: "- a\nb: c", line: "invalidSyntax 4..<5 2:1 did not find expected '-' indicator while parsing a block collection",
                   help: "the construct started at 1:1; " + syntaxHelp),
        SyntaxCase(text: "a: @x", line: "invalidSyntax 3..<4 1:4 found character that cannot start any token while scanning for the next token",
                   help: syntaxHelp),
        // Inside brackets `2\nb` is one plain scalar, so the error is at the colon after it.
        SyntaxCase(text: "a: [1, 2\nb: 3", line: "invalidSyntax 10..<11 2:2 did not find expected ',' or ']' while parsing a flow sequence",
                   help: "the construct started at 1:4; " + syntaxHelp),
        SyntaxCase(text: "v: \"bad \\q escape\"",
                   line: "invalidSyntax 8..<9 1:9 found unknown escape character while parsing a quoted scalar",
                   help: "the construct started at 1:4; " + syntaxHelp),
    ])
    func syntaxErrors(_ c: SyntaxCase) {
        let read = YAMLRead(c.text)
        #expect(read.documents.isEmpty)
        #expect(read.problemLines == [c.line])
        #expect(read.problems.first?.help == c.help)
        #expect(read.problems.first?.fix == nil)
    }

    static let tabMessage = "a tab indents this line, and YAML forbids tabs for indentation"
    static let tabHelp = "indent with spaces (the same number on every line of a level)"

    /// libyaml says "found character that cannot start any token" or "found a tab character that violates
    /// indentation"; the reader says what is wrong, at the tab.
    @Test("a tab in a line's indentation is one problem that says so, at the tab", arguments: [
        ("aps:\n\talert: Hi\n", 5, "2:1"),
        ("aps:\n  alert:\n\t  title: Hi\n", 14, "3:1"),
        // libyaml reads this tab as continuing the plain scalar `Hi` of line 2 ("a tab character that violates indentation").
        ("aps:\n  alert: Hi\n\tbadge: 1\n", 17, "3:1"),
        ("key: 1\n\tbad: 1", 7, "2:1"),
        ("aps:\n  \talert: Hi\n", 7, "2:3"),
        ("aps:\r\n\talert: Hi\r\n", 6, "2:1"),
    ])
    func tabIndentation(_ text: String, _ tab: Int, _ position: String) {
        let read = YAMLRead(text)
        #expect(read.problemLines == ["invalidSyntax \(SourceRange(tab..<(tab + 1))) \(position) \(Self.tabMessage)"])
        #expect(read.problems.first?.help == Self.tabHelp)
    }

    @Test("a tab between a key and its value is allowed: only indentation must be spaces")
    func tabAfterAColon() {
        #expect(YAMLRead("aps:\n  alert:\tHi\n").problems.isEmpty)
    }

    @Test("an unterminated quoted scalar is reported at its opening quote, not at the end of the file", arguments: [
        ("a: \"unterminated\nb: 2\n", 3, "1:4"),
        ("a: 'unterminated\nb: 2", 3, "1:4"),
        ("aps:\n  alert:\n    title: \"Hello\n    body: x\n", 25, "3:12"),
        ("- ok\n- \"é😀 then nothing", 7, "2:3"),
        ("k: \"" + String(repeating: "long text é ", count: 20_000), 3, "1:4"),
    ])
    func unterminatedQuote(_ text: String, _ quote: Int, _ position: String) {
        let read = YAMLRead(text)
        #expect(read.documents.isEmpty)
        #expect(read.problemLines == ["invalidSyntax \(SourceRange(quote..<(quote + 1))) \(position) found unexpected end of stream while scanning a quoted scalar"])
        #expect(read.problems.first?.help == Self.truncatedHelp)
    }

    @Test("an unclosed flow collection at the end of the file is reported at its innermost opening bracket")
    func unclosedFlow() {
        #expect(YAMLRead("a: [1, 2").problemLines == [
            "invalidSyntax 3..<4 1:4 did not find expected ',' or ']' while parsing a flow sequence",
        ])
        #expect(YAMLRead("a: {b: 1\n").problemLines == [
            "invalidSyntax 3..<4 1:4 did not find expected ',' or '}' while parsing a flow mapping",
        ])
        let nested = YAMLRead("aps: {alert: {title: [1, 2")
        #expect(nested.problemLines == ["invalidSyntax 21..<22 1:22 did not find expected ',' or ']' while parsing a flow sequence"])
        #expect(nested.problems.first?.help == Self.truncatedHelp)
    }

    // MARK: Encodings

    @Test("UTF-16 input (either byte order mark) is one problem, before anything else", arguments: [
        [0xFF, 0xFE] + Array("a\0:\0 \01\0".utf8),
        [0xFE, 0xFF] + Array("\0a\0:\0 \01".utf8),
        [0xFF, 0xFE],
        [0xFE, 0xFF, 0xFF],
    ] as [[UInt8]])
    func utf16(_ bytes: [UInt8]) {
        let read = YAMLRead(bytes: bytes)
        #expect(read.documents.isEmpty)
        #expect(read.problemLines == [
            "invalidSyntax 0..<2 1:1 the file is UTF-16; apns-lint reads YAML in UTF-8, the encoding APNs payloads use",
        ])
        #expect(read.problems.first?.help == "save the file as UTF-8")
    }

    @Test("UTF-16 without a byte order mark: its NUL bytes are control characters")
    func utf16WithoutBOM() {
        let read = YAMLRead(bytes: Array("a\0:\0".utf8))
        #expect(read.problemLines == ["invalidSyntax 1..<2 1:2 control characters are not allowed"])
        #expect(read.problems.first?.help == Self.encodingHelp)
    }

    struct EncodingCase: Sendable, CustomTestStringConvertible {
        let bytes: [UInt8]
        let line: String
        var testDescription: String { line }
    }

    @Test("invalid UTF-8 and forbidden characters: one problem at the byte offset libyaml names", arguments: [
        EncodingCase(bytes: Array("a: bc".utf8) + [0xFF] + Array("d\n".utf8),
                     line: "invalidSyntax 5..<6 1:6 invalid UTF-8: invalid leading UTF-8 octet at byte offset 5"),
        EncodingCase(bytes: Array("a: é".utf8) + [0xC3],
                     line: "invalidSyntax 5..<6 1:5 invalid UTF-8: incomplete UTF-8 octet sequence at byte offset 5"),
        EncodingCase(bytes: Array("a: ".utf8) + [0xC3, 0x28],
                     line: "invalidSyntax 4..<5 1:5 invalid UTF-8: invalid trailing UTF-8 octet at byte offset 4"),
        EncodingCase(bytes: Array("a: ".utf8) + [0xC0, 0xAF],
                     line: "invalidSyntax 3..<4 1:4 invalid UTF-8: invalid length of a UTF-8 sequence at byte offset 3"),
        EncodingCase(bytes: Array("key: x".utf8) + [0xED, 0xA0, 0x80], line: "invalidSyntax 6..<7 1:7 invalid Unicode character"),
        EncodingCase(bytes: Array("a: x".utf8) + [0x00] + Array("y".utf8), line: "invalidSyntax 4..<5 1:5 control characters are not allowed"),
        EncodingCase(bytes: Array("a: x\u{7F}".utf8), line: "invalidSyntax 4..<5 1:5 control characters are not allowed"),
        EncodingCase(bytes: Array("a: 😀\nb: 中\nc: ".utf8) + [0x80],
                     line: "invalidSyntax 18..<19 3:4 invalid UTF-8: invalid leading UTF-8 octet at byte offset 18"),
        EncodingCase(bytes: [0xEF, 0xBB, 0xBF] + Array("a: x".utf8) + [0xFF],
                     line: "invalidSyntax 7..<8 1:6 invalid UTF-8: invalid leading UTF-8 octet at byte offset 7"),
    ])
    func invalidUTF8(_ c: EncodingCase) throws {
        let read = YAMLRead(bytes: c.bytes)
        #expect(read.documents.isEmpty)
        #expect(read.problemLines == [c.line])
        #expect(read.problems.first?.help == Self.encodingHelp)
        // The independent decoder agrees on where and what.
        let expected = try #require(firstReaderError(c.bytes))
        #expect(read.problems.first?.range.start == expected.offset)
        #expect(read.problems.first?.message == readerErrorMessage(expected.problem, at: expected.offset))
    }

    @Test("invalid UTF-8 in a later document: the encoding problem is reported with its byte offset")
    func invalidUTF8LaterDocument() {
        let bytes = Array("a: 1\n---\nb: ".utf8) + [0xFE] + Array("\n".utf8)
        let read = YAMLRead(bytes: bytes)
        #expect(read.problemLines == ["invalidSyntax 12..<13 3:4 invalid UTF-8: invalid leading UTF-8 octet at byte offset 12"])
        // libyaml decodes ahead of parsing, so whether document 1 is kept depends on its buffering; never more.
        #expect(read.documents.count <= 1)
    }

    // MARK: Garbage

    @Test("seeded random binary garbage: exactly one problem, where an independent UTF-8 check finds the first bad byte",
          arguments: [(1, 16), (2, 100), (3, 1000), (4, 64 * 1024), (5, 1024 * 1024), (6, 7), (7, 3), (8, 2)])
    func randomGarbage(_ seed: UInt64, _ size: Int) throws {
        var generator = SplitMix64(seed: 0xBAD_5EED &+ seed)
        for round in 0..<20 {
            let bytes = generator.bytes(size)
            let read = YAMLRead(bytes: bytes)
            expectYAMLWellFormed(read)
            if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
                #expect(read.problems.map(\.kind) == [.invalidSyntax])
                continue
            }
            guard let expected = firstReaderError(bytes) else {
                // Valid text by chance (only plausible for tiny sizes): any result, but well-formed.
                #expect(size <= 16, "round \(round)")
                continue
            }
            #expect(read.documents.isEmpty, "round \(round)")
            #expect(read.problems.count == 1, "round \(round): \(read.problemLines)")
            #expect(read.problems.first?.kind == .invalidSyntax)
            #expect(read.problems.first?.range == SourceRange(expected.offset..<(expected.offset + 1)), "round \(round)")
            #expect(read.problems.first?.message == readerErrorMessage(expected.problem, at: expected.offset), "round \(round)")
        }
    }

    @Test("valid YAML followed by seeded garbage: the problem is at the first bad byte after the valid part")
    func garbageAfterValidPrefix() throws {
        let prefix = Array("aps:\n  alert: \"Café\"\n  badge: 1\nx: ".utf8)
        var generator = SplitMix64(seed: 99)
        for round in 0..<50 {
            var garbage = generator.bytes(64)
            garbage[0] = 0x80 | (garbage[0] & 0x3F) // a stray continuation byte: always invalid
            let bytes = prefix + garbage
            let read = YAMLRead(bytes: bytes)
            #expect(read.documents.isEmpty)
            #expect(read.problemLines == [
                "invalidSyntax \(SourceRange(prefix.count..<(prefix.count + 1))) 4:4 invalid UTF-8: invalid leading UTF-8 octet at byte offset \(prefix.count)",
            ], "round \(round)")
        }
    }

    @Test("short random inputs over a YAML alphabet: every result is well-formed")
    func randomShortInputs() {
        let pieces = ["a", "b", "1", "-", " ", "  ", "\n", ":", ": ", "- ", "[", "]", "{", "}", ",", "\"", "'", "\\", "#", "&a",
                      "*a", "!!int", "!x", "<<", "?", "|", ">", "---", "...", "é", "😀", "\t", "\r\n", "%YAML 1.2", "0x1", "yes", "~"]
        var generator = SplitMix64(seed: 4242)
        for _ in 0..<3000 {
            let length = Int(generator.next() % 24)
            let text = (0..<length).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            let read = YAMLRead(text)
            expectYAMLWellFormed(read)
            // A read that stopped on a syntax error returns no more than the documents finished before it.
            if read.problems.contains(where: { $0.kind == .invalidSyntax && $0.message.contains(" while ") }) {
                #expect(read.documents.allSatisfy { $0.range.end <= read.problems.last!.range.end }, "\(String(reflecting: text))")
            }
        }
    }

    // MARK: Truncation

    static let definition = """
        # Notification definition
        aps:
          alert:
            title: "Café 😀 and 中文"
            body: 'It''s here'
            loc-args: [1, -2.5e3, true, null]
          badge: 3
          sound: &s default
        custom: |
          multi-line
          block 中文
        folded: >-
          folded
          text
        again: *s
        list:
          - {k: v, num: 0x1F}
          - plain scalar
        ...

        """

    @Test("a definition cut at every byte offset either parses or gives a positioned problem, never a crash")
    func truncatedAtEveryOffset() throws {
        let full = Array(Self.definition.utf8)
        let complete = YAMLRead(bytes: full)
        // The one problem of the whole definition: `-2.5e3` has no dot-and-signed-exponent, so YAML 1.1 reads a string.
        let exponent = byteOffset(of: "-2.5e3", in: Self.definition)
        let ambiguousLine = "ambiguousScalar \(SourceRange(exponent..<(exponent + 6))) 6:19 unquoted -2.5e3 is the number -2.5e3 here (YAML 1.2), "
            + "but YAML 1.1 tools (PyYAML, Ruby's Psych and many senders) read it as the string \"-2.5e3\""
        #expect(complete.problemLines == [ambiguousLine])
        #expect(complete.documents.count == 1)
        let openQuote = byteOffset(of: "\"", in: Self.definition)
        let closeQuote = byteOffset(of: "\"", in: Self.definition, occurrence: 1)
        var parsed = 0
        var failed = 0
        for cut in 0...full.count {
            let prefix = Array(full[0..<cut])
            let read = YAMLRead(bytes: prefix)
            expectYAMLWellFormed(read)
            // The start of the last character, and whether the cut leaves it incomplete.
            var lead = cut
            while lead > 0, lead > cut - 4, full[lead - 1] & 0xC0 == 0x80 { lead -= 1 }
            let width = lead == 0 ? 1 : full[lead - 1] >= 0xF0 ? 4 : full[lead - 1] >= 0xE0 ? 3 : full[lead - 1] >= 0xC0 ? 2 : 1
            let splitsCharacter = lead > 0 && cut - (lead - 1) < width
            if splitsCharacter {
                // libyaml decodes as it goes, so `-2.5e3` is reported first when the split comes after it.
                #expect(read.problemLines == (lead - 1 > exponent ? [ambiguousLine] : []) + [
                    "invalidSyntax \(SourceRange((lead - 1)..<lead)) \(read.at(lead - 1)) invalid UTF-8: incomplete UTF-8 octet sequence at byte offset \(lead - 1)",
                ], "cut \(cut)")
            } else if cut > openQuote, cut <= closeQuote {
                #expect(read.problemLines == [
                    "invalidSyntax \(SourceRange(openQuote..<(openQuote + 1))) 4:12 found unexpected end of stream while scanning a quoted scalar",
                ], "cut \(cut)")
            }
            if read.documents.isEmpty {
                failed += 1
                // One syntax problem, last and before the cut (EOF errors are moved to the unclosed construct);
                // values read before it may have been reported already.
                #expect(read.problems.filter { $0.kind == .invalidSyntax }.count == 1, "cut \(cut): \(read.problemLines)")
                #expect(read.problems.last?.kind == .invalidSyntax, "cut \(cut): \(read.problemLines)")
                #expect(read.problems.allSatisfy { $0.range.start < cut || cut == 0 }, "cut \(cut): \(read.problemLines)")
                #expect(read.problems.allSatisfy { [.invalidSyntax, .ambiguousScalar, .nonJSONValue].contains($0.kind) })
            } else {
                parsed += 1
                #expect(read.documents.count == 1, "cut \(cut)")
                // Cut values may read as other scalars, but never as a syntax error with a document.
                #expect(read.problems.allSatisfy { $0.kind == .ambiguousScalar || $0.kind == .nonJSONValue }, "cut \(cut): \(read.problemLines)")
                #expect(read.documents.allSatisfy { $0.range.end <= cut })
            }
        }
        #expect(parsed > 100)
        #expect(failed > 100)
    }

    @Test("a file truncated inside a construct: the problem is at the construct", arguments: [
        ("aps:\n  alert: [a, b", "invalidSyntax 14..<15 2:10 did not find expected ',' or ']' while parsing a flow sequence"),
        ("a: &", "invalidSyntax 3..<4 1:4 did not find expected alphabetic or numeric character while scanning an anchor"),
        ("a: *", "invalidSyntax 3..<4 1:4 did not find expected alphabetic or numeric character while scanning an alias"),
        ("a: !<tag", "invalidSyntax 3..<4 1:4 did not find the expected '>' while scanning a tag"),
        // The missing node after `[` or `, ` is placed at the innermost open bracket.
        ("aps: {alert: [", "invalidSyntax 13..<14 1:14 did not find expected node content while parsing a flow node"),
        ("aps: {alert: [1, ", "invalidSyntax 13..<14 1:14 did not find expected node content while parsing a flow node"),
        ("aps: {alert: ", "invalidSyntax 5..<6 1:6 did not find expected node content while parsing a flow node"),
        ("- [a, {b: ", "invalidSyntax 6..<7 1:7 did not find expected node content while parsing a flow node"),
    ])
    func truncatedConstructs(_ text: String, _ line: String) {
        let read = YAMLRead(text)
        #expect(read.documents.isEmpty)
        #expect(read.problemLines == [line])
        if line.contains("flow node") {
            #expect(read.problems.first?.help == Self.truncatedHelp)
        }
    }
}
