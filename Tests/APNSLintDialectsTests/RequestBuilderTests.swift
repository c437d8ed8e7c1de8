@testable import APNSLintDialects
import APNSLintModel
import APNSLintSyntax
import Testing

/// The one request builder every dialect uses: where `aps` sits, what keeps the user's ranges, and the envelope.
@Suite("Dialects: the request builder")
struct RequestBuilderTests {
    private func read(_ json: String) throws -> DocumentNode {
        try #require(JSONReader.read(SourceText(json)).documents.first)
    }

    /// Every pair written, as the document holds it.
    private func text(_ node: DocumentNode) -> String {
        String(decoding: WireSerializer.serialize(node, duplicates: .everyPair), as: UTF8.self)
    }

    private func member(_ key: String, in node: DocumentNode) throws -> Member {
        try #require(node.members?.last { $0.key == key })
    }

    @Test func aServiceMessageGetsItsAlertFirstAndPointsWhatItAddsAtTheMessage() throws {
        let document = try read(#"[{"title": "Hi", "badge": 2, "extra": 1}]"#)
        let message = try #require(document.elements?.first)
        var request = RequestBuilder(for: document, message: message, path: ["0"])
        request.aps("badge", from: try member("badge", in: message))
        request.alert("title", from: try member("title", in: message))
        request.custom("extra", from: try member("extra", in: message))
        request.systemHeader(HeaderName.pushType, "alert", note: "the service's", help: "set it")
        let built = request.request(range: message.range)
        #expect(text(built) == #"{"headers":{"apns-push-type":"alert"},"payload":{"aps":{"alert":{"title":"Hi"},"badge":2},"extra":1}}"#)
        // What the service adds points at the message's opening bracket; what was written at its key.
        let headers = try member("headers", in: built)
        #expect(headers.value.members?.first?.keyRange == SourceRange(start: 1, end: 2))
        let aps = try member("aps", in: try member("payload", in: built).value)
        #expect(aps.keyRange == SourceRange(start: 1, end: 2))
        let alert = try member("alert", in: aps.value)
        #expect(alert.keyRange == SourceRange(start: 2, end: 9))
        #expect(request.defaults.map(\.pointer) == [JSONPointer(["headers", "apns-push-type"])])
        #expect(request.pointer("title") == JSONPointer(["0", "title"]))
    }

    @Test func aRenamedKeyOrConvertedValueKeepsItsSpellingFromFixes() throws {
        let document = try read(#"{"_contentAvailable": true}"#)
        let flag = try member("_contentAvailable", in: document)
        var request = RequestBuilder(for: document, message: document)
        request.apsFlag("content-available", from: flag)
        #expect(text(request.request(range: document.range)) == #"{"aps":{"content-available":1}}"#)
        // The key (renamed) and the value (true → 1) are the service's spelling: no fix rewrites them.
        #expect(request.dialectRanges == [flag.keyRange, flag.value.range])
    }

    @Test func aLibraryWritesItsCustomKeysBeforeApsAndKeepsEveryPair() throws {
        let document = try read(#"{"other": {"aps": {"x": 1}, "k": "v"}}"#)
        let other = try #require(try member("other", in: document).value.members)
        var request = RequestBuilder(for: document)
        for member in other { request.writtenCustom(member) }
        request.placeAPS(key: request.added, value: document.range, index: other.count)
        request.aps.append(Member(key: "badge", keyRange: request.added, value: request.integer(1)))
        // ADCK's `other.merge(aps: aps)`: other's keys first, its own "aps" kept beside the built one.
        #expect(text(request.request(range: document.range)) == #"{"aps":{"x":1},"k":"v","aps":{"badge":1}}"#)
    }

    @Test func aWrittenApsStaysWhereItWasAndANonObjectIsSentAsWritten() throws {
        let document = try read(#"{"k": 1, "aps": {"badge": 1}, "z": 2}"#)
        let payload = try #require(document.members)
        var request = RequestBuilder(for: document)
        for member in payload where member.key != "aps" { request.writtenCustom(member) }
        request.writtenAPS(try member("aps", in: document), at: 1)
        request.aps.set(Member(key: "sound", keyRange: request.added, value: DocumentNode(.string("default"), range: request.added)))
        #expect(text(request.payload(range: document.range)) == #"{"k":1,"aps":{"badge":1,"sound":"default"},"z":2}"#)

        let stringAPS = try read(#"{"aps": "nothing"}"#)
        var asWritten = RequestBuilder(for: stringAPS)
        asWritten.writtenAPS(try member("aps", in: stringAPS), at: 0)
        #expect(text(asWritten.payload(range: stringAPS.range)) == #"{"aps":"nothing"}"#)
    }

    @Test func anApsMadeOnlyForWhatIsAddedIsLeftOutWhenNothingIs() throws {
        let document = try read(#"{"data": {"k": "v"}}"#)
        var request = RequestBuilder(for: document)
        request.placeAPS(key: request.added, value: request.added, isSentEmpty: false)
        for member in try #require(try member("data", in: document).value.members) { request.writtenCustom(member) }
        #expect(!request.sendsAPS)
        #expect(text(request.request(range: document.range)) == #"{"k":"v"}"#)
        request.aps.set(Member(key: "badge", keyRange: request.added, value: request.integer(3)))
        #expect(request.sendsAPS)
        #expect(text(request.request(range: document.range)) == #"{"aps":{"badge":3},"k":"v"}"#)
    }

    @Test func anEncodedPayloadIsSentAsItIsInsideTheEnvelope() throws {
        let document = try read(#"{"token": "ab", "body": {"aps": {}}}"#)
        var request = RequestBuilder(for: document)
        request.payload(encoded: try member("body", in: document).value)
        #expect(text(request.request(range: document.range)) == #"{"aps":{}}"#)
        request.deviceToken(from: try member("token", in: document))
        request.addedHeader(HeaderName.expiration, DocumentNode(.string("0"), range: request.added))
        let built = request.request(range: document.range)
        #expect(text(built) == #"{"headers":{"apns-expiration":"0"},"device-token":"ab","payload":{"aps":{}}}"#)
        // The token keeps the user's key; the header the library adds points at the definition's start.
        #expect(try member(EnvelopeKey.deviceToken, in: built).keyRange == SourceRange(start: 1, end: 8))
        #expect(try member("headers", in: built).value.members?.first?.keyRange == SourceRange(start: 0, end: 0))
    }
}
