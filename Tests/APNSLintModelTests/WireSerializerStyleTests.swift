import APNSLintModel
import APNSLintSyntax
import Testing

private func wire(_ text: String, _ style: WireSerializer.Style) throws -> String {
    let document = try #require(JSONReader.read(SourceText(text)).document)
    return String(decoding: WireSerializer.serialize(document, style: style), as: UTF8.self)
}

/// One string with everything the styles disagree on: an emoji (outside the BMP), `</script>`, U+2028 and
/// U+2029, `&`, `/`, non-ASCII in the BMP, DEL, control characters, quotes and backslashes.
private let tricky = #"{"k/é": "😀 </script> a&b \u2028\u2029 é \u007f \u0001\u001f \b\f\n\r\t \"q\" \\"}"#

@Suite("Wire serializer styles: how sending stacks escape")
struct WireSerializerStyleTests {
    @Test func compactIsTodaysOutput() throws {
        #expect(try wire(tricky, .compact)
            == "{\"k/é\":\"😀 </script> a&b \u{2028}\u{2029} é \u{7F} \\u0001\\u001f \\b\\f\\n\\r\\t \\\"q\\\" \\\\\"}")
        // The default is compact.
        let document = try #require(JSONReader.read(SourceText(tricky)).document)
        #expect(WireSerializer.serialize(document) == WireSerializer.serialize(document, style: .compact))
    }

    @Test func asciiEscapesNonASCIIAndDELWithSurrogatePairsLikePython() throws {
        // python3 -c 'import json; print(json.dumps(...))' with the default ensure_ascii=True.
        #expect(try wire(tricky, .ascii)
            == #"{"k/\u00e9":"\ud83d\ude00 </script> a&b \u2028\u2029 \u00e9 \u007f \u0001\u001f \b\f\n\r\t \"q\" \\"}"#)
    }

    @Test func foundationEscapesSlashesLikeJSONEncoder() throws {
        #expect(try wire(tricky, .foundation)
            == "{\"k\\/é\":\"😀 <\\/script> a&b \u{2028}\u{2029} é \u{7F} \\u0001\\u001f \\b\\f\\n\\r\\t \\\"q\\\" \\\\\"}")
    }

    @Test func goEscapesHTMLCharactersAndLineSeparatorsLikeEncodingJSON() throws {
        #expect(try wire(tricky, .go)
            == "{\"k/é\":\"😀 \\u003c/script\\u003e a\\u0026b \\u2028\\u2029 é \u{7F} \\u0001\\u001f \\b\\f\\n\\r\\t \\\"q\\\" \\\\\"}")
    }

    @Test func stylesOnlyChangeStringsNotNumbersOrStructure() throws {
        let text = #"{"a": [1.50, -0, 1e3, true, false, null, {}], "b": {"c": "/"}}"#
        #expect(try wire(text, .ascii) == #"{"a":[1.50,-0,1e3,true,false,null,{}],"b":{"c":"/"}}"#)
        #expect(try wire(text, .foundation) == #"{"a":[1.50,-0,1e3,true,false,null,{}],"b":{"c":"\/"}}"#)
        #expect(try wire(text, .go) == #"{"a":[1.50,-0,1e3,true,false,null,{}],"b":{"c":"/"}}"#)
    }

    @Test func sizeCountsTheStylesBytes() throws {
        let document = try #require(JSONReader.read(SourceText(#"{"aps": {"alert": "é😀<"}}"#)).document)
        // {"aps":{"alert":"…"}} is 20 bytes around the text.
        #expect(WireSerializer.size(of: document) == 20 + 2 + 4 + 1)
        #expect(WireSerializer.size(of: document, style: .ascii) == 20 + 6 + 12 + 1)
        #expect(WireSerializer.size(of: document, style: .go) == 20 + 2 + 4 + 6)
        #expect(WireSerializer.size(of: document, style: .foundation) == 20 + 2 + 4 + 1)
    }

    @Test func firstDuplicateWinsStillWorksWithAStyle() throws {
        let document = try #require(JSONReader.read(SourceText(#"{"a": "<1>", "b": 2, "a": "<3>"}"#)).document)
        let first = WireSerializer.serialize(document, firstDuplicateWins: true, style: .go)
        let last = WireSerializer.serialize(document, style: .go)
        #expect(String(decoding: first, as: UTF8.self) == #"{"a":"\u003c1\u003e","b":2}"#)
        #expect(String(decoding: last, as: UTF8.self) == #"{"a":"\u003c3\u003e","b":2}"#)
    }

    @Test func styleRawValuesAreTheOptionNames() {
        #expect(WireSerializer.Style.allCases.map(\.rawValue) == ["compact", "ascii", "foundation", "go", "jsx"])
    }

    @Test func prettyPrintingIndentsTwoSpacesWithColonSpace() throws {
        let document = try #require(JSONReader.read(SourceText(#"{"aps": {"alert": "a/é", "badge": 1}, "e": {}, "l": [], "n": [1, [2]]}"#)).document)
        let pretty = String(decoding: WireSerializer.prettyPrinted(document), as: UTF8.self)
        #expect(pretty == """
            {
              "aps": {
                "alert": "a/é",
                "badge": 1
              },
              "e": {},
              "l": [],
              "n": [
                1,
                [
                  2
                ]
              ]
            }
            """)
        let ascii = String(decoding: WireSerializer.prettyPrinted(document, style: .ascii), as: UTF8.self)
        #expect(ascii.contains(#""alert": "a/\u00e9""#))
    }
}
