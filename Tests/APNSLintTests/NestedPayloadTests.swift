import APNSLint
import Testing

@Suite("Payloads nested under custom keys are linted as notifications")
struct NestedPayloadTests {
    @Test func nestedFindingsPointInsideTheNestedObjectAndSaySo() throws {
        let text = #"{"aps": {"content-available": 1}, "payload": {"aps": {"alert": {"loc-args": ["x"]}}, "id": 1}}"#
        let report = lint(text)
        #expect(report.summary == ["nested-payload@1:35", "loc-args-without-loc-key@1:65"])
        let nested = try #require(report.diagnostics.last)
        #expect(nested.pointer.description == "/payload/aps/alert/loc-args")
        #expect(nested.notes.map(\.message) == ["in the notification nested at /payload, which the app presents itself"])
    }

    @Test func requestLevelRulesDoNotCheckTheNestedPayload() {
        // The nested payload alone would be over 4096 bytes only if measured on its own: the size rules measure
        // the request, and a duplicate key is reported once, by the walk over the whole document.
        let body = String(repeating: "x", count: 3000)
        let text = #"{"aps": {"content-available": 1}, "n": {"aps": {"alert": ""# + body + #"", "badge": 1, "badge": 2}}}"#
        let report = lint(text)
        #expect(report.ruleIDs == ["nested-payload", "duplicate-key"])
    }

    @Test func nestedInsideNestedIsLintedToo() {
        let text = #"{"aps": {}, "a": {"aps": {}, "b": {"aps": {"thread-id": 7}}}}"#
        let report = lint(text)
        #expect(report.summary == ["nested-payload@1:13", "invalid-value-type@1:57"])
        #expect(report.diagnostics.last?.pointer.description == "/a/b/aps/thread-id")
    }
}
