import APNSLintSyntax
import APNSLintTestSupport
import Testing

@Suite("DocumentNode.walk")
struct DocumentWalkTests {
    @Test func visitsEveryNodeInDocumentOrderWithItsPath() throws {
        let document = try #require(JSONReader.read(SourceText(#"{"a": [1, {"b": true}], "c": {}, "d": "x"}"#)).document)
        var visited: [String] = []
        document.walk { node, path in
            visited.append("/" + path.joined(separator: "/") + "=" + node.kind.rawValue)
        }
        #expect(visited == ["/=object", "/a=array", "/a/0=integer", "/a/1=object", "/a/1/b=bool", "/c=object", "/d=string"])
    }

    @Test func findsMembersByKey() throws {
        let document = try #require(JSONReader.read(SourceText(#"{"aps": 1, "payload": 2, "aps": 3, "a": [{"payload": 4}]}"#)).document)
        #expect(document.hasMember("payload"))
        #expect(!document.hasMember("pay"))
        #expect(!document.hasMember("payloads"))
        #expect(document.member("aps")?.value.number?.text == "3")
        #expect(document.member("a")?.value.hasMember("payload") == false)
        #expect(document.member("a")?.value.elements?.first?.hasMember("payload") == true)
    }

    @Test func walksTheMaximumDepth() throws {
        let depth = JSONReader.defaultMaxDepth
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let document = try #require(JSONReader.read(SourceText(text)).document)
        var deepest = 0
        document.walk { _, path in deepest = max(deepest, path.count) }
        #expect(deepest == depth - 1)
    }
}
