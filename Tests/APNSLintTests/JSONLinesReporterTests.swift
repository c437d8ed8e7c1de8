@testable import APNSLint
import Testing

/// `json-lines` through the `ReportWriter`: each report's lines are handed to the output when the report is added, not
/// at the end, and the end adds nothing.
@Suite("Reporters: json-lines")
struct JSONLinesReporterTests {
    @Test func eachReportIsWrittenWhenAddedAndTheEndAddsNothing() {
        let linter = Linter(options: RuleOptions(now: 1_800_000_000))
        var writes: [String] = []
        let writer = ReportWriter(reporter: ReportFormat.jsonLines.reporter(), keepReports: false, jobs: 1) { writes.append($0) }
        let bad = linter.lint("{\"aps\": {\"badge\": \"5\"}}", fileName: "a.json")
        writer.add([writer.prepare(bad)])
        #expect(writes.count == 1)
        #expect(writes.first?.hasPrefix("{\"rule\":\"badge-invalid\",\"severity\":\"error\",") == true)
        #expect(writes.first?.hasSuffix(",\"record\":null}\n") == true)
        writer.add([writer.prepare(linter.lint("{\"aps\": {\"alert\": \"ok\"}}", fileName: "clean.json"))])
        #expect(writes.count == 1)
        writer.add([writer.prepare(linter.lint("{\"aps\": {\"badge\": \"6\"}}", fileName: "b.json"))])
        #expect(writes.count == 2)
        writer.finish(rules: [])
        #expect(writes.dropFirst(2).joined().isEmpty)
        #expect(writes.joined().split(separator: "\n").count == 2)
    }

    @Test func noFindingsNoOutput() {
        let linter = Linter(options: RuleOptions(now: 1_800_000_000))
        #expect(ReportFormat.jsonLines.reporter().report([linter.lint("{\"aps\": {\"alert\": \"ok\"}}", fileName: "clean.json")], rules: []) == "")
    }
}
