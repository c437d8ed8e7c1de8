import APNSLintTestSupport
import Foundation
import Testing

@Suite("apns-lint check --fail-level, --exit-zero, --quiet, --statistics")
struct ExitControlTests {
    let files = [
        "w.json": #"{"aps": {"alert": "Hi", "thread_id": "t"}}"#,
        "e.json": #"{"aps": {"alert": "Hi", "badge": "4"}}"#,
        "i.json": #"{"aps": {"alert": {"title": "T", "body": "B", "summary-arg": "Ann"}}}"#,
    ]

    @Test func failLevelDecidesWhichSeverityFails() throws {
        let dir = try workspace(files)
        #expect(try run(["check", "w.json"], in: dir).status == 0)
        #expect(try run(["check", "--fail-level", "warning", "w.json"], in: dir).status == 1)
        #expect(try run(["check", "--strict", "w.json"], in: dir).status == 1)
        #expect(try run(["check", "--fail-level", "warning", "i.json"], in: dir).status == 0)
        #expect(try run(["check", "--fail-level", "info", "i.json"], in: dir).status == 1)
        #expect(try run(["check", "--fail-level", "nope", "i.json"], in: dir).status == 2)
    }

    @Test func exitZeroPassesFindingsButNotFailures() throws {
        let dir = try workspace(files)
        #expect(try run(["check", "--exit-zero", "e.json"], in: dir).status == 0)
        #expect(try run(["check", "--exit-zero", "e.json", "missing.json"], in: dir).status == 2)
    }

    @Test func quietDropsTheSummaryAndStatisticsCountPerRule() throws {
        let dir = try workspace(files)
        let result = try run(["check", "--format", "concise", "--quiet", "--statistics", "e.json", "w.json", "i.json"], in: dir)
        #expect(result.status == 1)
        #expect(result.stdout == """
            e.json:1:34: error: "badge" must be a whole number (the count on the app icon), but it is a string ("4"); senders drop or coerce such a value, so the icon does not show the count you meant [badge-invalid]
            w.json:1:25: warning: "thread_id" is not a key APNs knows in "aps", so the device ignores it [unknown-aps-key]
            i.json:1:47: info: "summary-arg" is ignored since iOS 15 (it fed the notification group's summary on iOS 12–14) [summary-arg-ignored]
            1  badge-invalid  (error)
            1  summary-arg-ignored  (info)
            1  unknown-aps-key  (warning)

            """)
    }
}
