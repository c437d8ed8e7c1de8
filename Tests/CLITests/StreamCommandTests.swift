import APNSLintTestSupport
import Foundation
import Testing

/// `apns-lint check` on JSON Lines streams, and `--jobs`: what a user sees, byte for byte.
@Suite("check: JSON Lines streams and --jobs")
struct StreamCommandTests {
    /// A send log: a good payload, a blank line, a bad badge (CRLF), a line cut short, a request envelope, and a last
    /// line without a line break.
    static let log = """
        {"aps":{"alert":"Hi","badge":1}}

        {"aps":{"badge":"x"}}\r
        {"aps": {"alert": "a",
        {"headers":{"apns-push-type":"alert","apns-collapse-id":"\(String(repeating: "c", count: 70))"},"payload":{"aps":{"alert":"Hi"}}}
        {"aps":{"alert":{"loc-args":["Jenna"]}}}
        """

    @Test func fullReportNamesTheRecordAtTheFilesPositions() throws {
        let dir = try workspace(["sent.jsonl": Data(Self.log.utf8)])
        let result = try run(["check", "sent.jsonl"], in: dir)
        #expect(result.status == 1)
        #expect(result.stderr == "")
        #expect(result.stdout == FULL)
    }

    @Test func conciseStatisticsAndSummary() throws {
        let dir = try workspace(["sent.ndjson": Data(Self.log.utf8)])
        let result = try run(["check", "--format", "concise", "--statistics", "sent.ndjson"], in: dir)
        #expect(result.status == 1)
        #expect(result.stdout == CONCISE)
    }

    @Test func jsonFormatGivesTheRecordAsDocumentAndFileOffsets() throws {
        let dir = try workspace(["sent.jsonl": Data(Self.log.utf8)])
        let result = try run(["check", "--format", "json", "sent.jsonl"], in: dir)
        #expect(result.status == 1)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let summary = try #require(report["summary"] as? [String: Any])
        #expect(summary.compactMapValues { $0 as? Int } == ["files": 1, "filesWithFindings": 1, "records": 5, "recordsWithFindings": 4, "errors": 4,
                                                           "warnings": 0, "info": 0, "unreadablePaths": 0])
        #expect(summary["fixesApplied"] is NSNull)
        let items = try #require(report["diagnostics"] as? [[String: Any]])
        #expect(items.map { $0["rule"] as? String } == ["badge-invalid", "invalid-json", "collapse-id-too-long", "loc-args-without-loc-key"])
        #expect(items.map { $0["document"] as? Int } == [1, 2, 3, 4])
        let start = try #require(items[0]["start"] as? [String: Int])
        #expect(start == ["line": 3, "column": 17, "offset": 50])
    }

    /// JUnit's and Checkstyle's unit is the file: a JSON Lines file is one test suite (one `<file>`) whatever its records,
    /// and a clean one is listed as a clean file is.
    @Test func junitAndCheckstyleHaveOneUnitPerStreamFile() throws {
        let dir = try workspace(["sent.jsonl": Data(Self.log.utf8), "clean.jsonl": Data("{\"aps\":{\"alert\":\"Hi\"}}\n".utf8),
                                 "one.json": Data("{\"aps\":{\"alert\":\"Hi\"}}".utf8)])
        let junit = try run(["check", "--format", "junit", "clean.jsonl", "one.json", "sent.jsonl"], in: dir)
        #expect(junit.status == 1)
        let suites = junit.stdout.split(separator: "\n").filter { $0.contains("<testsuite ") }.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(suites == [
            #"<testsuite name="clean.jsonl" tests="1" failures="0" errors="0">"#,
            #"<testsuite name="one.json" tests="1" failures="0" errors="0">"#,
            #"<testsuite name="sent.jsonl" tests="4" failures="4" errors="0">"#,
        ])
        #expect(junit.stdout.contains(#"<testsuites name="apns-lint" tests="6" failures="4" errors="0">"#))
        #expect(junit.stdout.contains(#"<testcase name="collapse-id-too-long at 5:57" classname="sent.jsonl">"#))
        let checkstyle = try run(["check", "--format", "checkstyle", "clean.jsonl", "one.json", "sent.jsonl"], in: dir)
        let files = checkstyle.stdout.split(separator: "\n").filter { $0.contains("<file ") }.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(files == [#"<file name="clean.jsonl">"#, #"<file name="one.json">"#, #"<file name="sent.jsonl">"#])
        #expect(checkstyle.stdout.components(separatedBy: "<error ").count == 5)
    }

    @Test func standardInputIsAStreamWhenItsNameSaysSo() throws {
        let result = try run(["check", "--format", "concise", "--stdin-filename", "log.jsonl", "-"], stdin: Data(Self.log.utf8))
        #expect(result.status == 1)
        #expect(result.stdout == CONCISE.replacingOccurrences(of: "sent.ndjson", with: "log.jsonl")
            .components(separatedBy: "\n").prefix(5).joined(separator: "\n") + "\n")
    }

    @Test func aCleanStream() throws {
        let dir = try workspace(["sent.jsonl": Data("{\"aps\":{\"alert\":\"Hi\"}}\n{\"aps\":{\"alert\":\"Ho\"}}\n".utf8)])
        let result = try run(["check", "sent.jsonl"], in: dir)
        #expect(result.status == 0)
        #expect(result.stdout == "No problems found in 2 records in 1 file.\n")
    }

    @Test func fixesAreNotAppliedToStreams() throws {
        let dir = try workspace(["sent.jsonl": Data(Self.log.utf8)])
        for mode in ["--fix", "--diff", "--fix-only"] {
            let result = try run(["check", mode, "sent.jsonl"], in: dir)
            #expect(result.status == 2)
            #expect(result.stdout == "")
            #expect(result.stderr == "apns-lint: error: 'sent.jsonl' is a JSON Lines stream, which is checked a record at a time and never rewritten; fix the definitions at their source, or leave it out of --fix, --diff and --fix-only\n")
        }
        #expect(try String(contentsOf: dir.appendingPathComponent("sent.jsonl"), encoding: .utf8) == Self.log)
    }

    /// Issue 38: a stream a walk finds does not stop `--fix` on the tree; it is checked (`--fix`) or left out
    /// (`--diff`, `--fix-only`), and a note says so.
    @Test func fixOnATreeChecksTheStreamsItFindsAndFixesTheRest() throws {
        let bad = "{\"aps\":{\"alert\":\"Hi\",\"badge\":\"3\"}}\n"
        let log = "{\"aps\":{\"alert\":\"Hi\",\"badge\":\"5\"}}\n{\"aps\":{\"alert\":\"Yo\"}}\n"
        let dir = try workspace(["bad.json": Data(bad.utf8), "logs/sent.jsonl": Data(log.utf8)])
        let diff = try run(["check", "--diff", "."], in: dir)
        #expect(diff.status == 1)
        #expect(diff.stdout == """
            --- a/bad.json
            +++ b/bad.json
            @@ -1,1 +1,1 @@
            -{"aps":{"alert":"Hi","badge":"3"}}
            +{"aps":{"alert":"Hi","badge":3}}

            """)
        #expect(diff.stderr == """
            apns-lint: note: 'logs/sent.jsonl' is a JSON Lines stream, which is never rewritten: left out of --diff
            1 file would be changed by 1 fix.

            """)
        let fixed = try run(["check", "--fix", "--format", "concise", "."], in: dir)
        #expect(fixed.status == 1)
        #expect(fixed.stderr == "apns-lint: note: 'logs/sent.jsonl' is a JSON Lines stream, which is never rewritten: its records are checked, not fixed\n")
        #expect(fixed.stdout == """
            logs/sent.jsonl:1:30: error: "badge" must be a whole number (the count on the app icon), but it is a string ("5"); senders drop or coerce such a value, so the icon does not show the count you meant [badge-invalid]
            Found 1 error in 0 of 1 file and 1 of 2 records in 1 file.
            Fixed 1 problem in 1 file.

            """)
        #expect(try String(contentsOf: dir.appendingPathComponent("bad.json"), encoding: .utf8) == "{\"aps\":{\"alert\":\"Hi\",\"badge\":3}}\n")
        #expect(try String(contentsOf: dir.appendingPathComponent("logs/sent.jsonl"), encoding: .utf8) == log)
        let fixOnly = try run(["check", "--fix-only", "."], in: dir)
        #expect(fixOnly.status == 0)
        #expect(fixOnly.stdout == "Fixed 0 problems in 0 files.\n")
        #expect(fixOnly.stderr == "apns-lint: note: 'logs/sent.jsonl' is a JSON Lines stream, which is never rewritten: left out of --fix-only\n")
    }

    @Test func aWalkLintsAStreamWhoseFirstRecordIsADefinition() throws {
        let dir = try workspace([
            "push/sent.jsonl": Data(Self.log.utf8),
            "data/events.jsonl": Data("{\"event\":\"click\",\"at\":1}\n{\"aps\":{\"badge\":\"x\"}}\n".utf8),
        ])
        let shown = try run(["check", "--show-files", "."], in: dir)
        #expect(shown.stdout == "push/sent.jsonl\n")
        #expect(shown.stderr.hasPrefix("apns-lint: skipped 'data/events.jsonl': its first record: no notification-definition key at its top level"))
        let checked = try run(["check", "--format", "concise", "."], in: dir)
        #expect(checked.stdout.hasSuffix("Found 4 errors in 4 of 5 records in 1 file.\n"))
    }

    @Test func jobsAreAtLeastOne() throws {
        let result = try run(["check", "--jobs", "0", "."])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--jobs must be at least 1, e.g. --jobs 4"))
    }

    /// Files and a stream between them: the same bytes on one thread and on many, in the order of the paths.
    @Test func outputIsTheSameWhateverTheJobs() throws {
        var files: [String: Data] = ["m/sent.jsonl": Data(Self.log.utf8)]
        for index in 0..<60 {
            let text = index % 4 == 0 ? #"{"aps":{"badge":"\#(index)"}}"# : #"{"aps":{"alert":"n\#(index)"}}"#
            files["\(index < 30 ? "a" : "z")/push-\(index).json"] = Data(text.utf8)
        }
        let dir = try workspace(files)
        for format in ["full", "json", "sarif", "junit"] {
            let one = try run(["check", "--jobs", "1", "--format", format, "."], in: dir)
            for jobs in ["2", "5"] {
                let many = try run(["check", "--jobs", jobs, "--format", format, "."], in: dir)
                #expect(many.status == one.status)
                #expect(many.stdout == one.stdout, "--format \(format) --jobs \(jobs)")
            }
            #expect(one.status == 1)
        }
        let full = try run(["check", "--format", "concise", "."], in: dir).stdout
        let order = full.split(separator: "\n").compactMap { $0.split(separator: ":").first.map(String.init) }
        #expect(order.first == "a/push-0.json")
        #expect(order.contains("m/sent.jsonl"))
        #expect(order.firstIndex(of: "m/sent.jsonl")! > order.firstIndex(of: "a/push-8.json")!)
        #expect(order.firstIndex(of: "m/sent.jsonl")! < order.firstIndex(of: "z/push-32.json")!)
    }
}

private let FULL = """
    sent.jsonl:3:17: error: "badge" must be a whole number (the count on the app icon), but it is a string ("x"); senders drop or coerce such a value, so the icon does not show the count you meant [badge-invalid]
      |
    3 | {"aps":{"badge":"x"}}
      |                 ^^^
      = note: in record 2
      = help: write the count as a number, such as 1 (0 removes the badge)

    sent.jsonl:4:23: error: unexpected end of input: the '{' opened at 4:9 is never closed [invalid-json]
      |
    4 | {"aps": {"alert": "a",
      |                       ^
      = note: in record 3
      = help: add the missing '}' (the file may be truncated)

    sent.jsonl:5:57: error: apns-collapse-id is 70 bytes of UTF-8, over APNs's limit of 64; APNs rejects the request with 400 BadCollapseId [collapse-id-too-long]
      |
    5 | …s-push-type":"alert","apns-collapse-id":"cccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccc"},"payload":{"aps":{"alert":"Hi"}}}
      |                                          ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
      = note: in record 4
      = help: shorten it to at most 64 bytes, e.g. use a short stable id or a hash of the long one

    sent.jsonl:6:18: error: "loc-args" is given without "loc-key": the arguments fill the placeholders of the "loc-key" string, so without it they are never shown (Firebase's SDKs reject this alert outright) [loc-args-without-loc-key]
      |
    6 | {"aps":{"alert":{"loc-args":["Jenna"]}}}
      |                  ^^^^^^^^^^
      = note: in record 5
      = help: add "loc-key" naming the localized format string, or remove "loc-args" and put the text in "body"

    Found 4 errors in 4 of 5 records in 1 file.

    """

private let CONCISE = """
    sent.ndjson:3:17: error: "badge" must be a whole number (the count on the app icon), but it is a string ("x"); senders drop or coerce such a value, so the icon does not show the count you meant [badge-invalid]
    sent.ndjson:4:23: error: unexpected end of input: the '{' opened at 4:9 is never closed [invalid-json]
    sent.ndjson:5:57: error: apns-collapse-id is 70 bytes of UTF-8, over APNs's limit of 64; APNs rejects the request with 400 BadCollapseId [collapse-id-too-long]
    sent.ndjson:6:18: error: "loc-args" is given without "loc-key": the arguments fill the placeholders of the "loc-key" string, so without it they are never shown (Firebase's SDKs reject this alert outright) [loc-args-without-loc-key]
    Found 4 errors in 4 of 5 records in 1 file.
    1  badge-invalid  (error)
    1  collapse-id-too-long  (error)
    1  invalid-json  (error)
    1  loc-args-without-loc-key  (error)

    """
