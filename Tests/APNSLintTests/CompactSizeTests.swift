import APNSLint
import APNSLintModel
import APNSLintSyntax
import Foundation
import Testing

/// The linter measures a compact payload by its text; anything that changes the document first (a dialect
/// declaration taken out, another system's format translated) must be measured by writing it out.
@Suite("Payload size from compact text")
struct CompactSizeTests {
    @Test func aCompactBodyIsMeasuredByItsBytes() throws {
        let body = #"{"aps":{"alert":"Hi"},"u":"https://example.com/a/b"}"#
        let report = Linter().lint(payload: Data(body.utf8), headers: ["apns-push-type": "alert"])
        let definition = try #require(report.definition)
        #expect(definition.textIsCompact)
        #expect(definition.objectPayloadSize == body.utf8.count)
        #expect(report.diagnostics.isEmpty)
    }

    @Test func aDeclaredDialectIsTakenOutBeforeTheSizeIsMeasured() throws {
        let report = Linter().lint(#"{"dialect":"apns","aps":{"alert":"Hi"}}"#)
        let definition = try #require(report.definition)
        #expect(!definition.textIsCompact)
        #expect(definition.objectPayloadSize == #"{"aps":{"alert":"Hi"}}"#.utf8.count)
    }

    @Test func anotherSystemsFormatIsMeasuredAsTranslated() throws {
        // node-apn: {"alert": …, "badge": …} becomes {"aps": {"alert": "Hi", "badge": 3}}.
        let report = Linter().lint(#"{"alert":"Hi","badge":3,"topic":"com.example.app"}"#)
        let definition = try #require(report.definition)
        #expect(report.dialects == [.nodeAPN])
        #expect(!definition.textIsCompact)
        let written = try #require(definition.payloadBytes)
        #expect(definition.objectPayloadSize == written.count)
    }

    @Test func aPayloadOneByteOverTheLimitIsReportedWithItsExactSize() {
        let prefix = #"{"aps":{"alert":""#, suffix = #""}}"#
        let body = prefix + String(repeating: "a", count: 4097 - prefix.utf8.count - suffix.utf8.count) + suffix
        #expect(body.utf8.count == 4097)
        let report = Linter().lint(payload: Data(body.utf8), headers: ["apns-push-type": "alert"])
        #expect(report.diagnostics.map(\.ruleID) == ["payload-too-large"])
        #expect(report.diagnostics.first?.message.contains("4097 bytes") == true)
    }
}
