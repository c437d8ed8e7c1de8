import Foundation
import Testing

/// `check --format` and `--output`, end to end. Uses `run` and `workspace` from CLITests.swift.
@Suite("apns-lint check --format, end to end")
struct FormatCommandTests {
    static let bad = "{\n  \"aps\": {\n    \"badge\": \"5\"\n  }\n}\n"

    @Test func jsonParsesAndHasTheDocumentedKeys() throws {
        let dir = try workspace(["bad.json": Self.bad, "ok.json": #"{"aps": {"alert": "Hi"}}"#])
        let result = try run(["check", "--format", "json", "bad.json", "ok.json"], in: dir)
        #expect(result.status == 1)
        #expect(result.stderr == "")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(items.count == 1)
        let item = try #require(items.first)
        #expect(Set(item.keys) == ["rule", "severity", "message", "help", "file", "pointer", "document", "start", "end", "url", "notes", "fix"])
        #expect(item["rule"] as? String == "badge-invalid")
        #expect(item["file"] as? String == "bad.json")
        #expect(item["pointer"] as? String == "/aps/badge")
        #expect(item["start"] as? [String: Int] == ["line": 3, "column": 14, "offset": 26])
        let fix = try #require(item["fix"] as? [String: Any])
        #expect(fix["applicability"] as? String == "safe")
    }

    @Test func cleanRunIsAnEmptyArrayAndExitsZero() throws {
        let dir = try workspace(["ok.json": #"{"aps": {"alert": "Hi"}}"#])
        let result = try run(["check", "--format", "json", "ok.json"], in: dir)
        #expect(result.status == 0)
        #expect(result.stdout == "[]\n")
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

    @Test func exitCodesAreUnchanged() throws {
        let dir = try workspace(["warn.json": "{\"aps\": {\"badge\": 1, \"badge\": 2}}"])
        for format in ["full", "concise", "json", "sarif", "github", "junit", "checkstyle", "gitlab"] {
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
        let items = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(items.map { $0["rule"] as? String } == ["background-priority-10", "background-with-alert"])
        #expect(try String(contentsOf: dir.appendingPathComponent("bad.json"), encoding: .utf8).contains("\"badge\": 5"))
    }
}
