import APNSLintSyntax
import Testing

@Suite("A key vocabulary: the JSON reader hands out its words, and reads every text as it does without one")
struct KeyVocabularyTests {
    static let vocabulary = KeyVocabulary(["aps", "alert", "title", "body", "badge", "thread-id", "content-available",
                                           "interruption-level", "a", String(repeating: "k", count: 32),
                                           String(repeating: "x", count: 33), "café", "", "alert"])

    /// The reading of `text` with the vocabulary and without: the same documents (keys, values, ranges) and problems.
    static func expectSameReading(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let plain = JSONReader.read(SourceText(text))
        let withWords = JSONReader.read(SourceText(text), vocabulary: vocabulary)
        #expect(String(reflecting: withWords.documents) == String(reflecting: plain.documents), sourceLocation: sourceLocation)
        #expect(withWords.problems == plain.problems, sourceLocation: sourceLocation)
        #expect(withWords.textIsCompact == plain.textIsCompact, sourceLocation: sourceLocation)
    }

    @Test func wordsAreTheKeysWritten() throws {
        let parsed = JSONReader.read(SourceText(#"{"aps":{"alert":{"title":"Hi","body":"There"},"badge":1,"thread-id":"t"},"a":0}"#),
                                     vocabulary: Self.vocabulary)
        let root = try #require(parsed.documents.first?.members)
        #expect(root.map(\.key) == ["aps", "a"])
        #expect(root.map(\.keyRange) == [SourceRange(start: 1, end: 6), SourceRange(start: 73, end: 76)])
        let aps = try #require(root.first?.value.members)
        #expect(aps.map(\.key) == ["alert", "badge", "thread-id"])
        #expect(aps.first?.value.members?.map(\.key) == ["title", "body"])
        #expect(parsed.problems.isEmpty)
    }

    @Test func keysNotInTheVocabularyAreReadAsWritten() {
        // Same length and first byte as a word, a prefix, a word with more after it, other case, the longest word and
        // one byte longer, a word left out (not ASCII, too long), the empty key.
        for text in [#"{"alarm":1}"#, #"{"aler":1}"#, #"{"alerts":1}"#, #"{"Alert":1}"#, #"{"alerT":1}"#,
                     #"{"bodx":1}"#, #"{"content-availablf":1}"#, #"{"\#(String(repeating: "k", count: 32))":1}"#,
                     #"{"\#(String(repeating: "k", count: 33))":1}"#, #"{"\#(String(repeating: "x", count: 33))":1}"#,
                     #"{"café":1}"#, #"{"":1}"#, #"{"a":1,"b":2}"#, #"{"x":{"interruption-level":"active"}}"#] {
            Self.expectSameReading(text)
        }
    }

    @Test func escapedAndBrokenKeysReadAsWithoutOne() {
        // An escape spelling a word, a key with a control character, unterminated at the end of the text, a key that is
        // not a string, invalid UTF-8 after a word's bytes, a key the text ends inside.
        for text in [#"{"\u0061lert":1}"#, #"{"al\nert":1}"#, #"{"alert"#, #"{"alert":"#, #"{alert:1}"#, "{\"alert\u{7}\":1}",
                     "{\"ale", #"{"aps":{"alert":"x""#, "{\"alert\\", #"{"a\"lert":1}"#, #"{"alert"  :  1 , "alert":2}"#] {
            Self.expectSameReading(text)
        }
        let invalid: [UInt8] = Array(#"{"alert"#.utf8) + [0xC3] + Array(#"":1}"#.utf8)
        let plain = JSONReader.read(SourceText(bytes: invalid))
        let withWords = JSONReader.read(SourceText(bytes: invalid), vocabulary: Self.vocabulary)
        #expect(withWords.problems == plain.problems)
        #expect(!plain.problems.isEmpty)
    }

    @Test func noneReadsAsBefore() {
        let text = #"{"aps":{"alert":"Hi"}}"#
        #expect(String(reflecting: JSONReader.read(SourceText(text), vocabulary: .none).documents)
                == String(reflecting: JSONReader.read(SourceText(text)).documents))
    }
}

@Suite("A key vocabulary as a set: contains, without a hash")
struct KeyVocabularySetTests {
    @Test func containsItsWordsAndNothingElse() {
        let words = KeyVocabulary(["default", "APNS", "APNS_SANDBOX", "GCM", "email-json", "café", "", String(repeating: "y", count: 40)])
        for word in ["default", "APNS", "APNS_SANDBOX", "GCM", "email-json"] { #expect(words.contains(word), "\(word)") }
        // Another case, a prefix, one byte more, the same length and first byte, the words left out.
        for other in ["Default", "APN", "APNSX", "APNX", "GCN", "", "café", String(repeating: "y", count: 40), "aps"] {
            #expect(!words.contains(other), "\(other)")
        }
        #expect(!KeyVocabulary.none.contains("default"))
    }
}
