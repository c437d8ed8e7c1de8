import APNSLintTestSupport
import Foundation
import Testing

/// `check --format` and `--output`, end to end. Uses `run` and `workspace` from APNSLintTestSupport.
@Suite("apns-lint check --format, end to end")
struct FormatCommandTests {
    static let bad = "{\n  \"aps\": {\n    \"badge\": \"5\"\n  }\n}\n"

    @Test func jsonParsesAndHasTheDocumentedKeys() throws {
        let dir = try workspace(["bad.json": Self.bad, "ok.json": #"{"aps": {"alert": "Hi"}}"#])
        let result = try run(["check", "--format", "json", "bad.json", "ok.json"], in: dir)
        #expect(result.status == 1)
        #expect(result.stderr == "")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(report["version"] as? Int == 2)
        let items = try #require(report["diagnostics"] as? [[String: Any]])
        #expect(items.count == 1)
        let item = try #require(items.first)
        #expect(Set(item.keys) == ["rule", "severity", "message", "help", "file", "pointer", "document", "start", "end", "externalLocation", "url",
                                   "notes", "fix", "dialect"])
        #expect((item["dialect"] as? [String: Any])?["name"] as? String == "apns")
        #expect(item["rule"] as? String == "badge-invalid")
        #expect(item["file"] as? String == "bad.json")
        #expect(item["pointer"] as? String == "/aps/badge")
        #expect(item["start"] as? [String: Int] == ["line": 3, "column": 14, "offset": 26])
        let fix = try #require(item["fix"] as? [String: Any])
        #expect(fix["applicability"] as? String == "safe")
    }

    @Test func cleanRunIsAReportWithNoDiagnosticsAndExitsZero() throws {
        let dir = try workspace(["ok.json": #"{"aps": {"alert": "Hi"}}"#])
        let result = try run(["check", "--format", "json", "ok.json"], in: dir)
        #expect(result.status == 0)
        #expect(result.stdout == """
            {
              "version": 2,
              "tool": {
                "name": "apns-lint",
                "version": "0.1.0"
              },
              "diagnostics": [],
              "summary": {
                "files": 1,
                "filesWithFindings": 0,
                "records": 0,
                "recordsWithFindings": 0,
                "errors": 0,
                "warnings": 0,
                "info": 0,
                "unreadablePaths": 0,
                "fixesApplied": null,
                "dialects": {
                  "apns": 1
                }
              }
            }

            """)
        // The bare array json printed before version 2, kept for one release.
        let array = try run(["check", "--format", "json-array", "ok.json"], in: dir)
        #expect(array.status == 0)
        #expect(array.stdout == "[]\n")
    }

    /// Standard input, files, a stream, an Erlang file and a missing path: one JSON object, every finding in it.
    @Test func everyInputIsOneReport() throws {
        let dir = try workspace(["bad.json": Self.bad, "sent.jsonl": "{\"aps\":{\"alert\":\"Hi\"}}\n{\"aps\":{\"badge\":\"x\"}}\n",
                                 "empty.erl": ""])
        let result = try run(["check", "--format", "json", "bad.json", "sent.jsonl", "empty.erl", "missing.json", "-", "--stdin-filename", "in.json"],
                             stdin: Data(#"{"aps": {"badge": -1}}"#.utf8), in: dir)
        #expect(result.status == 2)
        #expect(result.stderr == "apns-lint: error: cannot read 'missing.json': no such file or directory\n")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let items = try #require(report["diagnostics"] as? [[String: Any]])
        #expect(items.map { "\($0["file"]!) \($0["rule"]!)" } == ["bad.json badge-invalid", "sent.jsonl badge-invalid", "empty.erl erlang-no-term",
                                                                "in.json badge-negative"])
        let summary = try #require(report["summary"] as? [String: Any])
        #expect(summary.compactMapValues { $0 as? Int } == ["files": 4, "filesWithFindings": 4, "records": 2, "recordsWithFindings": 1, "errors": 3,
                                                           "warnings": 1, "info": 0, "unreadablePaths": 1])
        #expect(summary["fixesApplied"] is NSNull)
    }

    @Test func conciseIsOneLineEachThenTheSummary() throws {
        let dir = try workspace(["bad.json": Self.bad])
        let result = try run(["check", "--format", "concise", "bad.json"], in: dir)
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("bad.json:3:14: error: "))
        #expect(lines[0].hasSuffix(" [badge-invalid]"))
        #expect(lines[1] == "Found 1 error in 1 of 1 file.")
    }

    @Test func outputWritesAnotherFormatToAFile() throws {
        let dir = try workspace(["bad.json": Self.bad])
        let result = try run(["check", "--format", "github", "--output", "sarif=out/report.sarif", "--output", "junit=report.xml", "bad.json"], in: dir)
        #expect(result.status == 2)
        #expect(result.stdout.hasPrefix("::error file=bad.json,line=3,col=14,"))
        // out/ does not exist: that file cannot be written, which is an error (exit 2), but the others are.
        #expect(result.stderr.contains("out/report.sarif"))
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("report.xml").path))

        let second = try run(["check", "--format", "github", "--output", "sarif=report.sarif", "bad.json"], in: dir)
        #expect(second.status == 1)
        #expect(second.stderr == "")
        let sarif = try Data(contentsOf: dir.appendingPathComponent("report.sarif"))
        let log = try #require(try JSONSerialization.jsonObject(with: sarif) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
    }

    @Test func unwritableOutputExitsTwo() throws {
        let dir = try workspace(["ok.json": #"{"aps": {"alert": "Hi"}}"#])
        let result = try run(["check", "--output", "json=missing/dir/out.json", "ok.json"], in: dir)
        #expect(result.status == 2)
        #expect(result.stdout == "No problems found in 1 file.\n")
        #expect(result.stderr.contains("missing/dir/out.json"))
    }

    @Test func badOutputSpecIsAUsageError() throws {
        let dir = try workspace(["ok.json": #"{"aps": {"alert": "Hi"}}"#])
        for spec in ["report.sarif", "xml=report.xml", "sarif="] {
            let result = try run(["check", "--output", spec, "ok.json"], in: dir)
            #expect(result.status == 64 || result.status == 2, "\(spec): \(result.status)")
            #expect(result.stderr.contains("--output takes FORMAT=PATH"), "\(spec)")
        }
        let unknown = try run(["check", "--format", "xml", "ok.json"], in: dir)
        #expect(unknown.status != 0 && unknown.status != 1)
    }

    @Test func githubActionsPicksGitHubUnlessAFormatIsGiven() throws {
        let dir = try workspace(["bad.json": Self.bad])
        let actions = try run(["check", "bad.json"], in: dir, environment: ["GITHUB_ACTIONS": "true"])
        #expect(actions.status == 1)
        #expect(actions.stdout.hasPrefix("::error file=bad.json,line=3,col=14,endLine=3,endColumn=17,title=apns-lint (badge-invalid)::"))
        #expect(!actions.stdout.contains("Found"))
        let explicit = try run(["check", "--format", "full", "bad.json"], in: dir, environment: ["GITHUB_ACTIONS": "true"])
        #expect(explicit.stdout.hasSuffix("Found 1 error in 1 of 1 file.\n"))
        let outside = try run(["check", "bad.json"], in: dir)
        #expect(outside.stdout.hasPrefix("bad.json:3:14: error: "))
    }

    /// JUnit fails as the exit code does: a warning passes (its text in <system-out>) unless the fail level is warning.
    @Test func junitFailuresAreTheFindingsAtTheFailLevel() throws {
        let dir = try workspace(["warn.json": "{\"aps\": {\"badge\": 1, \"badge\": 2}}"])
        let text = "warn.json:1:10: warning: duplicate key &quot;badge&quot;: the same object sets it again later; JSON parsers disagree on which value wins, so the request APNs gets may not be the one you reviewed [duplicate-key]&#10;note: most parsers keep this later value&#10;help: keep one &quot;badge&quot; and delete the others"
        let message = "duplicate key &quot;badge&quot;: the same object sets it again later; JSON parsers disagree on which value wins, so the request APNs gets may not be the one you reviewed"
        func report(failures: Int, _ outcome: String) -> String {
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="apns-lint" tests="1" failures="\(failures)" errors="0">
              <testsuite name="warn.json" tests="1" failures="\(failures)" errors="0">
                <testcase name="duplicate-key at 1:10" classname="warn.json">
                  \(outcome)
                </testcase>
              </testsuite>
            </testsuites>

            """
        }
        let passing = try run(["check", "--format", "junit", "--output", "junit=report.xml", "warn.json"], in: dir)
        #expect(passing.status == 0)
        #expect(passing.stdout == report(failures: 0, "<system-out>\(text)</system-out>"))
        #expect(try String(contentsOf: dir.appendingPathComponent("report.xml"), encoding: .utf8) == passing.stdout)
        let failing = try run(["check", "--format", "junit", "--strict", "warn.json"], in: dir)
        #expect(failing.status == 1)
        #expect(failing.stdout == report(failures: 1, "<failure message=\"\(message)\" type=\"warning\">\(text)</failure>"))
    }

    @Test func exitCodesAreUnchanged() throws {
        let dir = try workspace(["warn.json": "{\"aps\": {\"badge\": 1, \"badge\": 2}}"])
        for format in ["full", "concise", "json", "json-array", "sarif", "github", "junit", "checkstyle", "gitlab"] {
            #expect(try run(["check", "--format", format, "warn.json"], in: dir).status == 0, "\(format)")
            #expect(try run(["check", "--format", format, "--strict", "warn.json"], in: dir).status == 1, "\(format)")
            let missing = try run(["check", "--format", format, "nope.json"], in: dir)
            #expect(missing.status == 2, "\(format)")
            #expect(missing.stderr.contains("nope.json"), "\(format)")
        }
    }

    @Test func fixReportsWhatIsLeftInTheChosenFormat() throws {
        let dir = try workspace(["bad.json": "{\"aps\": {\"badge\": \"5\", \"content-available\": 1}}",])
        let result = try run(["check", "--fix", "--strict", "--format", "json", "--push-type", "background", "--priority", "10", "bad.json"], in: dir)
        #expect(result.status == 1)
        #expect(result.stderr.contains("Fixed 1 problem in 1 file"))
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let items = try #require(report["diagnostics"] as? [[String: Any]])
        #expect(items.map { $0["rule"] as? String } == ["background-priority-10", "background-with-alert"])
        let summary = try #require(report["summary"] as? [String: Any])
        #expect(summary["fixesApplied"] as? Int == 1 && summary["warnings"] as? Int == 2)
        #expect(try String(contentsOf: dir.appendingPathComponent("bad.json"), encoding: .utf8).contains("\"badge\": 5"))
    }
}
