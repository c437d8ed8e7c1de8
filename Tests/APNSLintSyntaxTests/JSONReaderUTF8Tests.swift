import APNSLintSyntax
import APNSLintTestSupport
import Testing

/// JSON text must be UTF-8 (RFC 8259 §8.1). Every ill-formed sequence (RFC 3629 §4) is reported at the byte
/// that starts it, wherever it appears.
@Suite("JSONReader: invalid UTF-8")
struct JSONReaderUTF8Tests {
    struct BadSequence: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: [UInt8]
        /// The sequence is at the very end of the input (a context's suffix is dropped).
        let atEnd: Bool
        let reason: String
        var testDescription: String { name }
    }

    static let sequences: [BadSequence] = [
        BadSequence(name: "0xFF", bytes: [0xFF], atEnd: false, reason: "never valid in UTF-8"),
        BadSequence(name: "0xFE", bytes: [0xFE], atEnd: false, reason: "never valid in UTF-8"),
        BadSequence(name: "lone continuation 0x80", bytes: [0x80], atEnd: false, reason: "a continuation byte with no lead byte"),
        BadSequence(name: "lone continuation 0xBF", bytes: [0xBF], atEnd: false, reason: "a continuation byte with no lead byte"),
        BadSequence(name: "overlong 0xC0 0xAF", bytes: [0xC0, 0xAF], atEnd: false, reason: "never valid in UTF-8"),
        BadSequence(name: "overlong 0xC1 0xBF", bytes: [0xC1, 0xBF], atEnd: false, reason: "never valid in UTF-8"),
        BadSequence(name: "overlong 0xE0 0x80 0xAF", bytes: [0xE0, 0x80, 0xAF], atEnd: false,
                    reason: "starts a sequence that is broken or overlong"),
        BadSequence(name: "overlong 0xF0 0x8F 0xBF 0xBF", bytes: [0xF0, 0x8F, 0xBF, 0xBF], atEnd: false,
                    reason: "starts a sequence that is broken or overlong"),
        BadSequence(name: "encoded surrogate 0xED 0xA0 0x80", bytes: [0xED, 0xA0, 0x80], atEnd: false,
                    reason: "starts a sequence that is broken or overlong"),
        BadSequence(name: "encoded surrogate 0xED 0xBF 0xBF", bytes: [0xED, 0xBF, 0xBF], atEnd: false,
                    reason: "starts a sequence that is broken or overlong"),
        BadSequence(name: "above U+10FFFF 0xF4 0x90 0x80 0x80", bytes: [0xF4, 0x90, 0x80, 0x80], atEnd: false,
                    reason: "starts a sequence that is broken or overlong"),
        BadSequence(name: "0xF5 lead", bytes: [0xF5, 0x80, 0x80, 0x80], atEnd: false, reason: "never valid in UTF-8"),
        BadSequence(name: "lead then ASCII 0xE2 0x82 'A'", bytes: [0xE2, 0x82, 0x41], atEnd: false,
                    reason: "starts a sequence that is broken or overlong"),
        BadSequence(name: "lead then lead 0xC3 0xC3 0xA9", bytes: [0xC3, 0xC3, 0xA9], atEnd: false,
                    reason: "starts a sequence that is broken or overlong"),
        BadSequence(name: "truncated 0xE2 0x82 at end", bytes: [0xE2, 0x82], atEnd: true,
                    reason: "starts a sequence the input cuts off"),
        BadSequence(name: "truncated 0xC3 at end", bytes: [0xC3], atEnd: true, reason: "starts a sequence the input cuts off"),
        BadSequence(name: "truncated 0xF0 0x9F 0x98 at end", bytes: [0xF0, 0x9F, 0x98], atEnd: true,
                    reason: "starts a sequence the input cuts off"),
    ]

    struct Context: Sendable, CustomTestStringConvertible {
        let name: String
        let prefix: String
        let suffix: String
        /// Line:column of the first byte after `prefix`.
        let position: String
        var testDescription: String { name }
    }

    static let contexts: [Context] = [
        Context(name: "string value", prefix: #""a"#, suffix: #"""#, position: "1:3"),
        Context(name: "string after multi-byte characters", prefix: #""é😀"#, suffix: #"""#, position: "1:4"),
        Context(name: "string after an escape", prefix: #""\n"#, suffix: #"""#, position: "1:4"),
        Context(name: "string on a CRLF line", prefix: "[\r\n \"", suffix: "\"]", position: "2:3"),
        Context(name: "object key", prefix: #"{""#, suffix: #"":1}"#, position: "1:3"),
        Context(name: "after a backslash", prefix: #""\"#, suffix: #"""#, position: "1:3"),
        Context(name: "in a \\u escape", prefix: #""\u12"#, suffix: #"0""#, position: "1:6"),
        Context(name: "top-level value", prefix: "", suffix: "", position: "1:1"),
        Context(name: "top-level value after whitespace", prefix: "\n ", suffix: "", position: "2:2"),
        Context(name: "array element", prefix: "[1, ", suffix: "]", position: "1:5"),
        Context(name: "object value", prefix: #"{"a":"#, suffix: "}", position: "1:6"),
        Context(name: "object key position", prefix: "{", suffix: ":1}", position: "1:2"),
        Context(name: "where ':' is expected", prefix: #"{"a""#, suffix: ":1}", position: "1:5"),
        Context(name: "where ',' or '}' is expected", prefix: #"{"a":1"#, suffix: "}", position: "1:7"),
        Context(name: "where ',' or ']' is expected", prefix: "[true ", suffix: "]", position: "1:7"),
    ]

    @Test("invalid UTF-8 is reported at the byte that starts the bad sequence", arguments: sequences, contexts)
    func invalidUTF8(_ sequence: BadSequence, _ context: Context) {
        let input = Array(context.prefix.utf8) + sequence.bytes + (sequence.atEnd ? [] : Array(context.suffix.utf8))
        let offset = context.prefix.utf8.count
        let source = SourceText(bytes: input)
        let problem = expectSingleFatal(
            JSONReader.read(source), in: source,
            message: "invalid UTF-8: byte \(hex(sequence.bytes[0])) at byte offset \(offset) \(sequence.reason)",
            range: offset..<(offset + 1), at: context.position)
        #expect(problem?.help == "JSON text must be UTF-8 (RFC 8259 §8.1); re-save the file as UTF-8")
    }

    @Test("the same sequences are reported when they follow a valid prefix of a longer document", arguments: sequences)
    func invalidUTF8LaterInDocument(_ sequence: BadSequence) {
        // Many valid multi-byte characters first, so the reader's fast path and validation alternate.
        let valid = String(repeating: "aé中😀", count: 50)
        let prefix = "{\"k\": [\"\(valid)\", \"\(valid)"
        let input = Array(prefix.utf8) + sequence.bytes + (sequence.atEnd ? [] : Array("\"]}".utf8))
        let offset = prefix.utf8.count
        let source = SourceText(bytes: input)
        expectSingleFatal(
            JSONReader.read(source), in: source,
            message: "invalid UTF-8: byte \(hex(sequence.bytes[0])) at byte offset \(offset) \(sequence.reason)",
            range: offset..<(offset + 1), at: "1:\(prefix.unicodeScalars.count + 1)")
    }

    @Test("every valid scalar boundary case is accepted in a string", arguments: [
        [0xC2, 0x80] as [UInt8], [0xDF, 0xBF], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xEE, 0x80, 0x80],
        [0xEF, 0xBF, 0xBF], [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF],
    ])
    func validBoundaries(_ scalar: [UInt8]) throws {
        let input = [0x22] + scalar + [0x22]
        let result = readJSON(bytes: input)
        #expect(result.problems.isEmpty)
        let string = try #require(result.document?.string)
        #expect(Array(string.utf8) == scalar)
        #expect(string.unicodeScalars.count == 1)
    }

    private func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "0x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0xF)])
    }
}
