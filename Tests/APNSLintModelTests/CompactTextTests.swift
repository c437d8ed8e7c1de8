import APNSLintModel
import APNSLintSyntax
import Testing

/// `ParseResult.textIsCompact` lets the linter take a payload's size from its text instead of writing it out again, so
/// it must say true exactly when the compact serializer writes the text back byte for byte.
@Suite("Compact JSON text: the reader knows when the serializer would write the same bytes")
struct CompactTextTests {
    /// Texts on both sides of every condition: whitespace, escapes, duplicate keys, recovered syntax errors.
    static let texts: [(text: String, textIsCompact: Bool)] = [
        (#"{"aps":{"alert":"Hi","badge":1},"id":[1,2.50,-0,1e3,true,false,null],"o":{}}"#, true),
        (#"{"a":"café 😀 </b> a/b"}"#, true),
        (#"{"a":"\"q\" \\ \n\t\r\b\f \u0001 \u001f"}"#, true),
        (#"{"a":"\u007f"}"#, false),
        (#"{"a":[]}"#, true),
        (#""just a string""#, true),
        (#"{ "a":1}"#, false),
        ("{\"a\":1}\n", false),
        ("{\"a\":\t1}", false),
        (#"{"a":"a\/b"}"#, false),
        (#"{"a":"caf\u00e9"}"#, false),
        (#"{"a":"\u0041"}"#, false),
        (#"{"a":"\u000a"}"#, false),
        (#"{"a":"\u001F"}"#, false),
        (#"{"a":"\ud83d\ude00"}"#, false),
        (#"{"a":1,"a":2}"#, false),
        (#"{"o":{"k":1,"k":1}}"#, false),
        (#"{"a":1,}"#, false),
        ("\u{FEFF}{\"a\":1}", false),
    ]

    @Test("the reader's flag", arguments: texts)
    func readerSaysWhetherTheTextIsCompact(text: String, textIsCompact: Bool) {
        #expect(JSONReader.read(SourceText(text)).textIsCompact == textIsCompact, "\(text)")
    }

    @Test("the flag agrees with the compact serializer", arguments: texts)
    func flagAgreesWithTheSerializer(text: String, textIsCompact: Bool) throws {
        let parsed = JSONReader.read(SourceText(text))
        let document = try #require(parsed.document)
        let rewritten = WireSerializer.serialize(document) == Array(text.utf8)
        // A recovered error (trailing comma, BOM) is never compact, whatever the serializer would write.
        #expect(parsed.textIsCompact == (rewritten && parsed.problems.isEmpty), "\(text)")
    }

    @Test func otherReadersNeverSayCompact() {
        #expect(!YAMLReader.read(SourceText("{\"a\": 1}")).textIsCompact)
        #expect(!ErlangReader.read(SourceText("[{alert, <<\"Hi\">>}].")).textIsCompact)
    }

    @Test func aCompactPayloadIsMeasuredByItsText() throws {
        let text = #"{"aps":{"alert":"é😀"},"u":"a/b"}"#
        let parsed = JSONReader.read(SourceText(text))
        let document = try #require(parsed.document)
        let fromText = Binder.bind(document, provenance: Provenance(parsed))
        let written = Binder.bind(document)
        #expect(fromText.textIsCompact && !written.textIsCompact)
        #expect(fromText.objectPayloadSize == text.utf8.count)
        #expect(written.objectPayloadSize == text.utf8.count)
    }

    @Test func anEnvelopesPayloadIsMeasuredByItsOwnText() throws {
        let payload = #"{"aps":{"content-available":1}}"#
        let text = #"{"headers":{"apns-push-type":"background"},"payload":"# + payload + "}"
        let parsed = JSONReader.read(SourceText(text))
        #expect(parsed.textIsCompact)
        let definition = Binder.bind(try #require(parsed.document), provenance: Provenance(textIsCompact: true))
        #expect(definition.shape == .envelope)
        #expect(definition.objectPayloadSize == payload.utf8.count)
    }
}
