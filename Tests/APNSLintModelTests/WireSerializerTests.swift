import APNSLintModel
import APNSLintSyntax
import Testing

private func wire(_ text: String) throws -> String {
    let document = try #require(JSONReader.read(SourceText(text)).document)
    return String(decoding: WireSerializer.serialize(document), as: UTF8.self)
}

@Suite("Wire serializer: the exact bytes a sender puts on the wire")
struct WireSerializerTests {
    @Test func compactKeyOrderPreservedNumbersAsWritten() throws {
        #expect(try wire("{\n  \"z\": 1.50,\n  \"a\": [ 1e3 , -0, true, false, null ],\n  \"m\": {}\n}") == #"{"z":1.50,"a":[1e3,-0,true,false,null],"m":{}}"#)
    }

    @Test func nonASCIIAndSlashAreNotEscaped() throws {
        #expect(try wire(#"{"a": "caf\u00e9 \ud83d\ude00 </b> a\/b"}"#) == #"{"a":"café 😀 </b> a/b"}"#)
    }

    @Test func controlCharactersQuotesAndBackslashesAreEscaped() throws {
        #expect(try wire(#"{"a": "\"q\" \\ \n\t\r\b\f \u0001 \u001f"}"#) == #"{"a":"\"q\" \\ \n\t\r\b\f \u0001 \u001f"}"#)
    }

    @Test func duplicateKeysAppearOnceAtTheFirstPositionWithTheLastValue() throws {
        #expect(try wire(#"{"a": 1, "b": 2, "a": 3}"#) == #"{"a":3,"b":2}"#)
    }

    @Test func sizeIsTheUTF8ByteCount() throws {
        let document = try #require(JSONReader.read(SourceText(#"{ "aps" : { "alert" : "é😀" } }"#)).document)
        // {"aps":{"alert":"é😀"}} = 17 + 2 + 4 + 3 bytes
        #expect(WireSerializer.size(of: document) == 26)
        #expect(WireSerializer.serialize(document).count == 26)
    }
}
