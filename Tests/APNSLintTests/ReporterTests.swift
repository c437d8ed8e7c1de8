@testable import APNSLint
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// A small fixed run: a JSON file with a fix, a bare payload whose finding comes from a command-line header (no
/// range), a two-document YAML stream, and a clean file.
private let reporterFixture: [FileReport] = {
    let linter = Linter(options: RuleOptions(now: 1_800_000_000))
    return [
        linter.lint("{\n  \"aps\": {\"badge\": \"5\", \"alert\": \"a, b: 100%\"}\n}\n", fileName: "push/a,b:100% x.json"),
        linter.lint("{\"aps\": {\"content-available\": 1}}", fileName: "bare.json", headers: [
            HeaderOption(name: HeaderName.pushType, value: "background", option: "--push-type"),
            HeaderOption(name: HeaderName.priority, value: "10", option: "--priority"),
        ]),
        linter.lint("aps:\n  alert: Hi\n---\naps:\n  badge: \"3\"\n", fileName: "multi.yaml", format: .yaml),
        linter.lint("{\"aps\": {\"alert\": \"ok\"}}", fileName: "clean.json"),
    ]
}()

private let fixtureRules = RuleRegistry.all.map { $0.documented }

private func output(_ format: ReportFormat) -> String {
    format.reporter().report(reporterFixture, rules: fixtureRules)
}

@Suite("Reporters")
struct ReporterTests {

    @Test func conciseExactOutput() {
        #expect(output(.concise) == #"""
        push/a,b:100% x.json:2:20: error: "badge" must be a whole number (the count on the app icon), but it is a string ("5"); senders drop or coerce such a value, so the icon does not show the count you meant [badge-invalid]
        bare.json: warning: priority 10 on a background push: apns-push-type is background, and Apple says a background push must use priority 5 ("using priority 10 is an error"); APNs accepts it, but the system may deliver it late or never wake the app (node-apn issue #241) [background-priority-10]
        multi.yaml:5:10: error: "badge" must be a whole number (the count on the app icon), but it is a string ("3"); senders drop or coerce such a value, so the icon does not show the count you meant [badge-invalid]
        Found 2 errors and 1 warning in 3 of 4 files.
        """# + "\n")
    }

    /// `json`: the version and the tool, the diagnostics as `json-array` writes them (two spaces deeper, and with
    /// `externalLocation`), then the summary.
    @Test func jsonExactOutput() {
        // With `externalLocation` (null here: no finding is about a configured header) before each `url`, each note's
        // `location`, and how the
        // definition was read at the end (every fixture is an APNs payload, told by its "aps").
        let dialect = #"""
            ,
                  "dialect": {
                    "name": "apns",
                    "title": "APNs request",
                    "because": "its top level has \"aps\"",
                    "weighed": [],
                    "certain": true
                  }
                }
            """#
        let diagnostics = output(.jsonArray).dropLast().replacingOccurrences(of: "\n", with: "\n  ")
            .replacingOccurrences(of: "\n      \"url\": ", with: "\n      \"externalLocation\": null,\n      \"url\": ")
            // A note's place in another file (none here).
            .replacingOccurrences(of: "\"start\": null\n        }", with: "\"start\": null,\n          \"location\": null\n        }")
            .replacingOccurrences(of: "\n    }", with: dialect)
        #expect(output(.json) == """
        {
          "version": 2,
          "tool": {
            "name": "apns-lint",
            "version": "\(APNSLintTool.version)"
          },
          "diagnostics": \(diagnostics),
          "summary": {
            "files": 4,
            "filesWithFindings": 3,
            "records": 0,
            "recordsWithFindings": 0,
            "errors": 2,
            "warnings": 1,
            "info": 0,
            "unreadablePaths": 0,
            "fixesApplied": null,
            "dialects": {
              "apns": 5
            }
          }
        }
        """ + "\n")
    }

    @Test func jsonWithoutFindingsHasAnEmptyArrayAndTheRunsSummary() {
        var summary = Summary()
        summary.unreadablePaths = 2
        summary.fixesApplied = 0
        #expect(JSONReporter().report([], rules: [], summary: summary) == """
        {
          "version": 2,
          "tool": {
            "name": "apns-lint",
            "version": "\(APNSLintTool.version)"
          },
          "diagnostics": [],
          "summary": {
            "files": 0,
            "filesWithFindings": 0,
            "records": 0,
            "recordsWithFindings": 0,
            "errors": 0,
            "warnings": 0,
            "info": 0,
            "unreadablePaths": 2,
            "fixesApplied": 0,
            "dialects": {}
          }
        }
        """ + "\n")
        #expect(JSONReporter(layout: .bareArray).report([], rules: [], summary: summary) == "[]\n")
    }

    @Test func summaryLineSaysWhenPathsCouldNotBeRead() {
        var summary = Summary()
        summary.files = 1
        summary.unreadablePaths = 2
        #expect(summary.line == "No problems found in 1 file; 2 paths could not be read.")
        summary.files = 3
        summary.filesWithProblems = 1
        summary.errors = 1
        summary.unreadablePaths = 1
        #expect(summary.line == "Found 1 error in 1 of 3 files; 1 path could not be read.")
    }

    /// A stream's records are counted before the stream: it has findings when a record added since the last one does.
    @Test func summaryCountsTheStreamsWithFindings() {
        var summary = Summary()
        summary.recordsWithProblems = 2
        summary.addStream(.jsonLines)
        summary.addStream(.jsonLines)
        summary.recordsWithProblems += 1
        summary.addStream(.yamlDocuments)
        #expect(summary.streams == 3 && summary.streamsWithProblems == 2)
    }

    @Test func jsonArrayExactOutput() {
        #expect(output(.jsonArray) == #"""
        [
          {
            "rule": "badge-invalid",
            "severity": "error",
            "message": "\"badge\" must be a whole number (the count on the app icon), but it is a string (\"5\"); senders drop or coerce such a value, so the icon does not show the count you meant",
            "help": "write the number without quotes: 5",
            "file": "push/a,b:100% x.json",
            "pointer": "/aps/badge",
            "document": null,
            "start": {
              "line": 2,
              "column": 20,
              "offset": 21
            },
            "end": {
              "line": 2,
              "column": 23,
              "offset": 24
            },
            "url": "https://github.com/apns-lint/apns-lint/blob/main/Rules/badge-invalid.md",
            "notes": [],
            "fix": {
              "title": "write 5",
              "applicability": "safe",
              "edits": [
                {
                  "start": 21,
                  "end": 24,
                  "replacement": "5"
                }
              ]
            }
          },
          {
            "rule": "background-priority-10",
            "severity": "warning",
            "message": "priority 10 on a background push: apns-push-type is background, and Apple says a background push must use priority 5 (\"using priority 10 is an error\"); APNs accepts it, but the system may deliver it late or never wake the app (node-apn issue #241)",
            "help": "set apns-priority to 5",
            "file": "bare.json",
            "pointer": "/headers/apns-priority",
            "document": null,
            "start": null,
            "end": null,
            "url": "https://github.com/apns-lint/apns-lint/blob/main/Rules/background-priority-10.md",
            "notes": [
              {
                "message": "apns-priority comes from the command line: --priority 10",
                "start": null
              }
            ],
            "fix": null
          },
          {
            "rule": "badge-invalid",
            "severity": "error",
            "message": "\"badge\" must be a whole number (the count on the app icon), but it is a string (\"3\"); senders drop or coerce such a value, so the icon does not show the count you meant",
            "help": "write the number without quotes: 3",
            "file": "multi.yaml",
            "pointer": "/aps/badge",
            "document": 1,
            "start": {
              "line": 5,
              "column": 10,
              "offset": 35
            },
            "end": {
              "line": 5,
              "column": 13,
              "offset": 38
            },
            "url": "https://github.com/apns-lint/apns-lint/blob/main/Rules/badge-invalid.md",
            "notes": [],
            "fix": {
              "title": "write 3",
              "applicability": "safe",
              "edits": [
                {
                  "start": 35,
                  "end": 38,
                  "replacement": "3"
                }
              ]
            }
          }
        ]
        """# + "\n")
    }

    @Test func githubExactOutput() {
        #expect(output(.github) == #"""
        ::error file=push/a%2Cb%3A100%25 x.json,line=2,col=20,endLine=2,endColumn=23,title=apns-lint (badge-invalid)::"badge" must be a whole number (the count on the app icon), but it is a string ("5"); senders drop or coerce such a value, so the icon does not show the count you meant%0Ahelp: write the number without quotes: 5
        ::warning file=bare.json,title=apns-lint (background-priority-10)::priority 10 on a background push: apns-push-type is background, and Apple says a background push must use priority 5 ("using priority 10 is an error"); APNs accepts it, but the system may deliver it late or never wake the app (node-apn issue #241)%0Ahelp: set apns-priority to 5
        ::error file=multi.yaml,line=5,col=10,endLine=5,endColumn=13,title=apns-lint (badge-invalid)::"badge" must be a whole number (the count on the app icon), but it is a string ("3"); senders drop or coerce such a value, so the icon does not show the count you meant (document 2 of 2)%0Ahelp: write the number without quotes: 3
        """# + "\n")
    }

    /// At the default fail level (error) the warning passes, its text in <system-out>: JUnit fails as the exit code does.
    @Test func junitExactOutput() {
        #expect(output(.junit) == #"""
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites name="apns-lint" tests="4" failures="2" errors="0">
          <testsuite name="push/a,b:100% x.json" tests="1" failures="1" errors="0">
            <testcase name="badge-invalid at 2:20" classname="push/a,b:100% x.json">
              <failure message="&quot;badge&quot; must be a whole number (the count on the app icon), but it is a string (&quot;5&quot;); senders drop or coerce such a value, so the icon does not show the count you meant" type="error">push/a,b:100% x.json:2:20: error: &quot;badge&quot; must be a whole number (the count on the app icon), but it is a string (&quot;5&quot;); senders drop or coerce such a value, so the icon does not show the count you meant [badge-invalid]&#10;help: write the number without quotes: 5</failure>
            </testcase>
          </testsuite>
          <testsuite name="bare.json" tests="1" failures="0" errors="0">
            <testcase name="background-priority-10" classname="bare.json">
              <system-out>bare.json: warning: priority 10 on a background push: apns-push-type is background, and Apple says a background push must use priority 5 (&quot;using priority 10 is an error&quot;); APNs accepts it, but the system may deliver it late or never wake the app (node-apn issue #241) [background-priority-10]&#10;note: apns-priority comes from the command line: --priority 10&#10;help: set apns-priority to 5</system-out>
            </testcase>
          </testsuite>
          <testsuite name="multi.yaml" tests="1" failures="1" errors="0">
            <testcase name="badge-invalid at 5:10" classname="multi.yaml">
              <failure message="&quot;badge&quot; must be a whole number (the count on the app icon), but it is a string (&quot;3&quot;); senders drop or coerce such a value, so the icon does not show the count you meant" type="error">multi.yaml:5:10: error: &quot;badge&quot; must be a whole number (the count on the app icon), but it is a string (&quot;3&quot;); senders drop or coerce such a value, so the icon does not show the count you meant [badge-invalid]&#10;help: write the number without quotes: 3</failure>
            </testcase>
          </testsuite>
          <testsuite name="clean.json" tests="1" failures="0" errors="0">
            <testcase name="apns-lint" classname="clean.json"/>
          </testsuite>
        </testsuites>
        """# + "\n")
    }

    /// With --fail-level warning (or --strict) the warning fails too.
    @Test func junitAtFailLevelWarningFailsOnTheWarning() {
        #expect(ReportFormat.junit.reporter(failLevel: .warning).report(reporterFixture, rules: fixtureRules) == #"""
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites name="apns-lint" tests="4" failures="3" errors="0">
          <testsuite name="push/a,b:100% x.json" tests="1" failures="1" errors="0">
            <testcase name="badge-invalid at 2:20" classname="push/a,b:100% x.json">
              <failure message="&quot;badge&quot; must be a whole number (the count on the app icon), but it is a string (&quot;5&quot;); senders drop or coerce such a value, so the icon does not show the count you meant" type="error">push/a,b:100% x.json:2:20: error: &quot;badge&quot; must be a whole number (the count on the app icon), but it is a string (&quot;5&quot;); senders drop or coerce such a value, so the icon does not show the count you meant [badge-invalid]&#10;help: write the number without quotes: 5</failure>
            </testcase>
          </testsuite>
          <testsuite name="bare.json" tests="1" failures="1" errors="0">
            <testcase name="background-priority-10" classname="bare.json">
              <failure message="priority 10 on a background push: apns-push-type is background, and Apple says a background push must use priority 5 (&quot;using priority 10 is an error&quot;); APNs accepts it, but the system may deliver it late or never wake the app (node-apn issue #241)" type="warning">bare.json: warning: priority 10 on a background push: apns-push-type is background, and Apple says a background push must use priority 5 (&quot;using priority 10 is an error&quot;); APNs accepts it, but the system may deliver it late or never wake the app (node-apn issue #241) [background-priority-10]&#10;note: apns-priority comes from the command line: --priority 10&#10;help: set apns-priority to 5</failure>
            </testcase>
          </testsuite>
          <testsuite name="multi.yaml" tests="1" failures="1" errors="0">
            <testcase name="badge-invalid at 5:10" classname="multi.yaml">
              <failure message="&quot;badge&quot; must be a whole number (the count on the app icon), but it is a string (&quot;3&quot;); senders drop or coerce such a value, so the icon does not show the count you meant" type="error">multi.yaml:5:10: error: &quot;badge&quot; must be a whole number (the count on the app icon), but it is a string (&quot;3&quot;); senders drop or coerce such a value, so the icon does not show the count you meant [badge-invalid]&#10;help: write the number without quotes: 3</failure>
            </testcase>
          </testsuite>
          <testsuite name="clean.json" tests="1" failures="0" errors="0">
            <testcase name="apns-lint" classname="clean.json"/>
          </testsuite>
        </testsuites>
        """# + "\n")
    }

    @Test func checkstyleExactOutput() {
        #expect(output(.checkstyle) == #"""
        <?xml version="1.0" encoding="UTF-8"?>
        <checkstyle version="4.3">
          <file name="push/a,b:100% x.json">
            <error line="2" column="20" severity="error" message="&quot;badge&quot; must be a whole number (the count on the app icon), but it is a string (&quot;5&quot;); senders drop or coerce such a value, so the icon does not show the count you meant" source="apns-lint.badge-invalid"/>
          </file>
          <file name="bare.json">
            <error line="1" severity="warning" message="priority 10 on a background push: apns-push-type is background, and Apple says a background push must use priority 5 (&quot;using priority 10 is an error&quot;); APNs accepts it, but the system may deliver it late or never wake the app (node-apn issue #241)" source="apns-lint.background-priority-10"/>
          </file>
          <file name="multi.yaml">
            <error line="5" column="10" severity="error" message="&quot;badge&quot; must be a whole number (the count on the app icon), but it is a string (&quot;3&quot;); senders drop or coerce such a value, so the icon does not show the count you meant" source="apns-lint.badge-invalid"/>
          </file>
          <file name="clean.json">
          </file>
        </checkstyle>
        """# + "\n")
    }

    @Test func gitlabExactOutput() {
        #expect(output(.gitlab) == #"""
        [
          {
            "description": "\"badge\" must be a whole number (the count on the app icon), but it is a string (\"5\"); senders drop or coerce such a value, so the icon does not show the count you meant",
            "check_name": "badge-invalid",
            "fingerprint": "d804dc34519e116a",
            "severity": "critical",
            "location": {
              "path": "push/a,b:100% x.json",
              "lines": {
                "begin": 2
              }
            }
          },
          {
            "description": "priority 10 on a background push: apns-push-type is background, and Apple says a background push must use priority 5 (\"using priority 10 is an error\"); APNs accepts it, but the system may deliver it late or never wake the app (node-apn issue #241)",
            "check_name": "background-priority-10",
            "fingerprint": "332f99fbfe07c8c8",
            "severity": "minor",
            "location": {
              "path": "bare.json",
              "lines": {
                "begin": 1
              }
            }
          },
          {
            "description": "\"badge\" must be a whole number (the count on the app icon), but it is a string (\"3\"); senders drop or coerce such a value, so the icon does not show the count you meant",
            "check_name": "badge-invalid",
            "fingerprint": "94ad5463289ea27b",
            "severity": "critical",
            "location": {
              "path": "multi.yaml",
              "lines": {
                "begin": 5
              }
            }
          }
        ]
        """# + "\n")
    }

    /// A terminal gives an emoji and a CJK character two cells and a combining mark none: the carets stay under the value.
    @Test func caretsLineUpAfterWideCharacters() throws {
        let report = Linter().lint("{\"aps\": {\"alert\": \"😀 東京 e\u{301}\", \"badge\": \"1\"}}", fileName: "wide.json")
        let lines = TextReporter().render(report).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let shown = try #require(lines.first { $0.hasPrefix("1 | ") })
        let carets = try #require(lines.first { $0.contains("^") })
        #expect(shown == "1 | {\"aps\": {\"alert\": \"😀 東京 e\u{301}\", \"badge\": \"1\"}}")
        // "{"aps": {"alert": "" is 19 cells, the emoji 2, " 東京 " 6, "e" and its accent 1, then "", "badge": " 12.
        #expect(carets == "  | " + String(repeating: " ", count: 19 + 2 + 6 + 1 + 12) + "^^^")
        #expect(TextReporter.terminalColumns(of: "a") == 1 && TextReporter.terminalColumns(of: "\u{301}") == 0
            && TextReporter.terminalColumns(of: "\u{200D}") == 0 && TextReporter.terminalColumns(of: "ｱ") == 1)
    }

    @Test func fullIsTheTextReporterThenTheSummary() {
        let text = TextReporter()
        let expected = reporterFixture.map { text.render($0) }.joined() + "Found 2 errors and 1 warning in 3 of 4 files.\n"
        #expect(output(.full) == expected)
        #expect(FullReporter().report([], rules: fixtureRules) == "")
    }

    @Test func everyFormatIsDeterministic() {
        for format in ReportFormat.allCases {
            #expect(output(format) == output(format), "\(format)")
        }
    }

    /// `check` builds the rules' documentation only for a format that lists the rules: every other format must write
    /// the same report without it.
    @Test func onlyTheFormatsThatListRulesReadThem() {
        for format in ReportFormat.allCases where !format.listsRules {
            #expect(format.reporter().report(reporterFixture, rules: []) == output(format), "\(format)")
        }
        #expect(ReportFormat.allCases.filter(\.listsRules) == [.sarif])
        #expect(ReportFormat.documentedRules(for: [.full, .json]).isEmpty)
        #expect(ReportFormat.documentedRules(for: [.concise, .sarif]).map(\.id) == RuleRegistry.ids)
    }

    @Test func jsonParsesAndHasTheDocumentedKeys() throws {
        let report = try #require(try JSONSerialization.jsonObject(with: Data(output(.json).utf8)) as? [String: Any])
        #expect(Set(report.keys) == ["version", "tool", "diagnostics", "summary"])
        #expect(report["version"] as? Int == JSONReporter.reportVersion)
        let summary = try #require(report["summary"] as? [String: Any])
        #expect(Set(summary.keys) == ["files", "filesWithFindings", "records", "recordsWithFindings", "errors", "warnings", "info",
                                      "unreadablePaths", "fixesApplied", "dialects"])
        let items = try #require(report["diagnostics"] as? [[String: Any]])
        let array = try #require(try JSONSerialization.jsonObject(with: Data(output(.jsonArray).utf8)) as? [[String: Any]])
        #expect(array.count == items.count)
        #expect(items.count == 3)
        let keys: Set = ["rule", "severity", "message", "help", "file", "pointer", "document", "start", "end", "url", "notes", "fix"]
        for item in items { #expect(Set(item.keys) == keys.union(["externalLocation", "dialect"])) }
        // The bare array keeps its old keys.
        for item in array { #expect(Set(item.keys) == keys) }
        #expect(items[1]["start"] is NSNull)
        #expect(items[2]["document"] as? Int == 1)
        #expect(items[0]["url"] as? String == "https://github.com/apns-lint/apns-lint/blob/main/Rules/badge-invalid.md")
    }

    @Test func jsonEscapesStrings() {
        #expect(JSONValue.quoted("a\"b\\c\n\u{1}\u{7F}é") == #""a\"b\\c\n\u0001\u007fé""#)
        // Control characters, the JavaScript line breaks U+2028 and U+2029 beside their neighbours (E2 80 A7 and
        // E2 80 AA in UTF-8), and what is left as it is.
        #expect(JSONValue.quoted("\u{0}\u{8}\u{9}\u{A}\u{B}\u{C}\u{D}\u{1F} \"\\/~\u{7F}")
                == #""\u0000\b\t\n\u000b\f\r\u001f \"\\/~\u007f""#)
        #expect(JSONValue.quoted("\u{2027}\u{2028}\u{2029}\u{202A}â😀 x\u{2029}") == "\"\u{2027}\\u2028\\u2029\u{202A}â😀 x\\u2029\"")
        #expect(JSONValue.quoted("") == #""""#)
    }

    @Test func sarifHasTheRequiredStructure() throws {
        let log = try #require(try JSONSerialization.jsonObject(with: Data(output(.sarif).utf8)) as? [String: Any])
        #expect(log["$schema"] as? String == SARIFReporter.schema)
        #expect(log["version"] as? String == "2.1.0")
        let runs = try #require(log["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let driver = try #require((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "apns-lint")
        #expect(driver["informationUri"] as? String == "https://github.com/apns-lint/apns-lint")
        #expect(driver["version"] as? String == APNSLintTool.version)
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.count == fixtureRules.count)
        for rule in rules {
            for key in ["id", "shortDescription", "fullDescription", "help", "helpUri", "defaultConfiguration", "properties"] {
                #expect(rule[key] != nil, "\(key)")
            }
            let level = (rule["defaultConfiguration"] as? [String: Any])?["level"] as? String
            #expect(["error", "warning", "note"].contains(level ?? ""))
        }
        #expect(runs[0]["columnKind"] as? String == "utf16CodeUnits")
        let results = try #require(runs[0]["results"] as? [[String: Any]])
        #expect(results.map { $0["ruleId"] as? String } == ["badge-invalid", "background-priority-10", "badge-invalid"])
        for result in results {
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == result["ruleId"] as? String)
            #expect(result["level"] as? String == (result["ruleId"] as? String == "background-priority-10" ? "warning" : "error"))
            #expect((result["message"] as? [String: Any])?["text"] is String)
            let locations = try #require(result["locations"] as? [[String: Any]])
            let physical = try #require(locations.first?["physicalLocation"] as? [String: Any])
            #expect((physical["artifactLocation"] as? [String: Any])?["uri"] is String)
        }
        let first = try #require((results[0]["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        #expect(first["artifactLocation"] as? [String: String] == ["uri": "push/a%2Cb%3A100%25%20x.json", "uriBaseId": "%SRCROOT%"])
        let region = try #require(first["region"] as? [String: Int])
        #expect(region == ["startLine": 2, "startColumn": 20, "endLine": 2, "endColumn": 23, "byteOffset": 21, "byteLength": 3])
        let noRange = try #require((results[1]["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        #expect(noRange["region"] as? [String: Int] == ["startLine": 1])
        #expect(results[1]["fixes"] == nil)
        let fixes = try #require(results[0]["fixes"] as? [[String: Any]])
        let change = try #require((fixes[0]["artifactChanges"] as? [[String: Any]])?.first)
        let replacement = try #require((change["replacements"] as? [[String: Any]])?.first)
        #expect(replacement["deletedRegion"] as? [String: Int] == ["byteOffset": 21, "byteLength": 3])
        #expect((replacement["insertedContent"] as? [String: String])?["text"] == "5")
    }

    @Test func junitAndCheckstyleParseAsXML() {
        for format in [ReportFormat.junit, .checkstyle] {
            let parser = XMLParser(data: Data(output(format).utf8))
            #expect(parser.parse(), "\(format): \(String(describing: parser.parserError))")
        }
        let nasty = Linter().lint("{\"aps\": {\"<&>\": 1}}", fileName: "a<&>\"'.json")
        for format in [ReportFormat.junit, .checkstyle] {
            let parser = XMLParser(data: Data(format.reporter().report([nasty], rules: fixtureRules).utf8))
            #expect(parser.parse(), "\(format)")
        }
        #expect(XMLText.escaped("a&<>\"'\n\u{1}") == "a&amp;&lt;&gt;&quot;&apos;&#10;\u{FFFD}")
    }

    @Test func githubEscaping() {
        #expect(GitHubReporter.escapeData("100%\r\na:b,c") == "100%25%0D%0Aa:b,c")
        #expect(GitHubReporter.escapeProperty("100%\r\na:b,c") == "100%25%0D%0Aa%3Ab%2Cc")
        let report = Linter().lint("{\"aps\": {\"badge\": \"5\"}}", fileName: "x.json")
        let line = GitHubReporter().command(for: report.diagnostics[0], in: report)
        #expect(line.hasPrefix("::error file=x.json,line=1,col=19,endLine=1,endColumn=22,title=apns-lint (badge-invalid)::"))
        #expect(!line.contains("\n"))
    }

    @Test func gitlabFingerprintsAreStableAndDistinct() {
        #expect(GitLabReporter.fingerprint("") == "cbf29ce484222325")
        #expect(GitLabReporter.fingerprint("a") == "af63dc4c8601ec8c")
    }
}
