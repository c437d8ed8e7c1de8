import APNSLintTestSupport
import Foundation
import Testing

/// `apns-lint render` on a JSON Lines stream: each record's request, in order, as check reads the records.
@Suite("render: JSON Lines streams")
struct RenderStreamTests {
    /// A send log: a good payload, a blank line, a bad badge (CRLF), a line cut short, a request envelope, a true
    /// content-available, and a last line without a line break.
    static let log = """
        {"aps":{"alert":"Hi","badge":1}}

        {"aps":{"badge":"3"}}\r
        {"aps": {"alert": "a",
        {"headers":{"apns-push-type":"alert"},"payload":{"aps":{"alert":"Ho"}}}
        {"aps":{"content-available":true}}
        """

    @Test func eachRecordsPayloadInOrderAndTheUnreadableRecordOnStandardError() throws {
        let dir = try workspace(["sent.jsonl": Self.log])
        let result = try run(["render", "sent.jsonl"], in: dir)
        #expect(result.status == 1)
        #expect(result.stdout == """
            {"aps":{"alert":"Hi","badge":1}}
            {"aps":{"badge":"3"}}
            {"aps":{"alert":"Ho"}}
            {"aps":{"content-available":true}}

            """)
        #expect(result.stderr == "sent.jsonl:4:23: error: unexpected end of input: the '{' opened at 4:9 is never closed [invalid-json]\n")
    }

    @Test func fixRendersEachRecordAsItsSafeFixesLeaveIt() throws {
        let dir = try workspace(["sent.ndjson": Self.log])
        let result = try run(["render", "--fix", "--headers", "sent.ndjson"], in: dir)
        #expect(result.status == 1)
        #expect(result.stdout == """

            {"aps":{"alert":"Hi","badge":1}}

            {"aps":{"badge":3}}
            apns-push-type: alert

            {"aps":{"alert":"Ho"}}

            {"aps":{"content-available":1}}

            """)
        // The file is never rewritten.
        #expect(try String(contentsOf: dir.appendingPathComponent("sent.ndjson"), encoding: .utf8) == Self.log)
    }

    @Test func standardInputIsAStreamWhenItsNameSaysSo() throws {
        let dir = try workspace(["sent.jsonl": Self.log])
        let file = try run(["render", "sent.jsonl"], in: dir)
        let input = try run(["render", "-", "--stdin-filename", "sent.jsonl"], stdin: Data(Self.log.utf8), in: dir)
        #expect(input.status == 1)
        #expect(input.stdout == file.stdout)
        #expect(input.stderr == file.stderr)
    }

    @Test func aRecordWithNothingToRenderIsNamedByItsNumber() throws {
        let dir = try workspace(["sent.jsonl": "{\"aps\":{\"alert\":\"Hi\"}}\n\n{\"aps\":{\"alert\":\"Ho\"}}\n"])
        let result = try run(["render", "--target", "fcm", "sent.jsonl"], in: dir)
        #expect(result.status == 1)
        #expect(result.stdout == "")
        let reason = "only an FCM request and a Skygear definition whose platform.android is not false do"
        #expect(result.stderr == """
            sent.jsonl: error: the definition sends no FCM message (record 1); \(reason)
            sent.jsonl: error: the definition sends no FCM message (record 2); \(reason)

            """)
    }

    @Test func anEmptyStreamHoldsNothingToRender() throws {
        let dir = try workspace(["sent.jsonl": "\n\n"])
        let result = try run(["render", "sent.jsonl"], in: dir)
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == "sent.jsonl: error: the file holds no definition to render\n")
    }

    @Test func aMissingStreamExitsTwo() throws {
        let dir = try workspace([:] as [String: String])
        let result = try run(["render", "missing.jsonl"], in: dir)
        #expect(result.status == 2)
        #expect(result.stderr == "apns-lint: error: cannot read 'missing.jsonl': no such file or directory\n")
    }
}
