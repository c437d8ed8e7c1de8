@testable import APNSLint
import Foundation
import Testing

/// What GitHub code scanning needs of the SARIF output beyond the schema: rule help, description limits,
/// repository-relative URIs, UTF-16 columns, rule properties and `primaryLocationLineHash`.
@Suite("SARIF for GitHub code scanning")
struct SARIFGitHubTests {
    static let root = "/work/repo"
    static let allRules = RuleRegistry.all.map { $0.documented }

    static func rule(_ id: String) throws -> DocumentedRule {
        try #require(allRules.first { $0.id == id })
    }

    static func parse(_ sarif: String) throws -> (run: [String: Any], rules: [[String: Any]], results: [[String: Any]]) {
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        return (run, try #require(driver["rules"] as? [[String: Any]]), try #require(run["results"] as? [[String: Any]]))
    }

    static func physicalLocation(_ result: [String: Any]) throws -> [String: Any] {
        try #require((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
    }

    /// The whole log for one finding and one rule: help, properties, base URI, a UTF-16 column after an emoji,
    /// a relative URI from `./push/../a.json`, the line hash and the fix.
    @Test func exactOutput() throws {
        let report = Linter().lint("{\"aps\": {\"alert\": \"😀\", \"badge\": \"5\"}}", fileName: "./push/../a.json")
        let sarif = SARIFReporter(rootDirectory: Self.root).report([report], rules: [try Self.rule("badge-invalid")])
        #expect(sarif == #"""
        {
          "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
          "version": "2.1.0",
          "runs": [
            {
              "tool": {
                "driver": {
                  "name": "apns-lint",
                  "informationUri": "https://github.com/apns-lint/apns-lint",
                  "version": "0.1.0",
                  "rules": [
                    {
                      "id": "badge-invalid",
                      "name": "badge-invalid",
                      "shortDescription": {
                        "text": "`badge` is not a whole number: a string, a fraction, a boolean or null."
                      },
                      "fullDescription": {
                        "text": "`badge` is the number the app icon shows: a JSON integer, with 0 removing the badge and an absent key leaving it as it is. Anything else does not set the badge you meant: a string (`\"5\"`), a fraction, a boolean or null is the wrong type, which the device ignores and client libraries treat differently (node-apn silently drops a badge that is not a number; houston turns it into 0). A negative count is `badge-negative`'s: what the device does with it is not documented."
                      },
                      "help": {
                        "text": "`badge` is not a whole number: a string, a fraction, a boolean or null.\n\n`badge` is the number the app icon shows: a JSON integer, with 0 removing the badge and an absent key leaving it as it is. Anything else does not set the badge you meant: a string (`\"5\"`), a fraction, a boolean or null is the wrong type, which the device ignores and client libraries treat differently (node-apn silently drops a badge that is not a number; houston turns it into 0). A negative count is `badge-negative`'s: what the device does with it is not documented.\n\nWhy this severity: error. Certain outcome: a badge that is not a JSON integer does not set the count meant: the device ignores it and senders drop or coerce it (source: <https://developer.apple.com/documentation/usernotifications/generating-a-remote-notification>)",
                        "markdown": "`badge` is not a whole number: a string, a fraction, a boolean or null.\n\n`badge` is the number the app icon shows: a JSON integer, with 0 removing the badge and an absent key leaving it as it is. Anything else does not set the badge you meant: a string (`\"5\"`), a fraction, a boolean or null is the wrong type, which the device ignores and client libraries treat differently (node-apn silently drops a badge that is not a number; houston turns it into 0). A negative count is `badge-negative`'s: what the device does with it is not documented.\n\nWhy this severity: error. Certain outcome: a badge that is not a JSON integer does not set the count meant: the device ignores it and senders drop or coerce it (source: <https://developer.apple.com/documentation/usernotifications/generating-a-remote-notification>)\n\n[Learn more about badge-invalid](https://github.com/apns-lint/apns-lint/blob/main/Rules/badge-invalid.md)\n\nReferences:\n\n- <https://developer.apple.com/documentation/usernotifications/generating-a-remote-notification>\n- <https://developer.apple.com/library/content/documentation/Networkinginternet/Conceptual/RemoteNotificationsPG/PayloadKeyReference.html>"
                      },
                      "helpUri": "https://github.com/apns-lint/apns-lint/blob/main/Rules/badge-invalid.md",
                      "defaultConfiguration": {
                        "level": "error"
                      },
                      "properties": {
                        "tags": [
                          "payload"
                        ],
                        "precision": "very-high",
                        "problem.severity": "error"
                      }
                    }
                  ]
                }
              },
              "originalUriBaseIds": {
                "%SRCROOT%": {
                  "uri": "file:///work/repo/"
                }
              },
              "columnKind": "utf16CodeUnits",
              "results": [
                {
                  "ruleId": "badge-invalid",
                  "ruleIndex": 0,
                  "level": "error",
                  "message": {
                    "text": "\"badge\" must be a whole number (the count on the app icon), but it is a string (\"5\"); senders drop or coerce such a value, so the icon does not show the count you meant\nhelp: write the number without quotes: 5"
                  },
                  "locations": [
                    {
                      "physicalLocation": {
                        "artifactLocation": {
                          "uri": "a.json",
                          "uriBaseId": "%SRCROOT%"
                        },
                        "region": {
                          "startLine": 1,
                          "startColumn": 34,
                          "endLine": 1,
                          "endColumn": 37,
                          "byteOffset": 35,
                          "byteLength": 3
                        }
                      }
                    }
                  ],
                  "partialFingerprints": {
                    "apnsLintFingerprint/v1": "7e566801fdb325ff:1",
                    "primaryLocationLineHash": "ee6c73059ec15fd2:1"
                  },
                  "fixes": [
                    {
                      "description": {
                        "text": "write 5 (safe)"
                      },
                      "artifactChanges": [
                        {
                          "artifactLocation": {
                            "uri": "a.json",
                            "uriBaseId": "%SRCROOT%"
                          },
                          "replacements": [
                            {
                              "deletedRegion": {
                                "byteOffset": 35,
                                "byteLength": 3
                              },
                              "insertedContent": {
                                "text": "5"
                              }
                            }
                          ]
                        }
                      ]
                    }
                  ]
                }
              ]
            }
          ]
        }
        """# + "\n")
    }

    // MARK: Rules

    @Test func everyRuleHasHelpAndFitsGitHubsLimits() throws {
        let (_, rules, _) = try Self.parse(SARIFReporter(rootDirectory: Self.root).report([], rules: Self.allRules))
        #expect(rules.count == Self.allRules.count)
        for (json, metadata) in zip(rules, Self.allRules) {
            let short = try #require((json["shortDescription"] as? [String: String])?["text"])
            let full = try #require((json["fullDescription"] as? [String: String])?["text"])
            let help = try #require(json["help"] as? [String: String])
            #expect(short.utf16.count <= 255, "\(metadata.id)")
            #expect(full.utf16.count <= 1024, "\(metadata.id)")
            #expect(metadata.rationale.hasPrefix(full), "\(metadata.id)")
            let severity = "Why this severity: \(metadata.severity.rawValue). \(metadata.severityBasis.sentence)"
            #expect(help["text"] == metadata.summary + "\n\n" + metadata.rationale + "\n\n" + severity, "\(metadata.id)")
            let markdown = try #require(help["markdown"])
            #expect(markdown.contains(severity), "\(metadata.id)")
            #expect(markdown.contains("[Learn more about \(metadata.id)](\(APNSLintTool.documentationURL(forRule: metadata.id)))"))
            for reference in metadata.references { #expect(markdown.contains("- <\(reference)>"), "\(metadata.id)") }
            #expect(json["helpUri"] as? String == APNSLintTool.documentationURL(forRule: metadata.id))
        }
    }

    /// liveactivity-missing-field's rationale is 1039 characters: its last sentence does not fit, and `help` has it.
    @Test func longRationaleIsCutAtASentence() throws {
        let metadata = try Self.rule("liveactivity-missing-field")
        #expect(metadata.rationale.utf16.count > 1024)
        let (_, rules, _) = try Self.parse(SARIFReporter(rootDirectory: Self.root).report([], rules: [metadata]))
        let full = try #require((rules[0]["fullDescription"] as? [String: String])?["text"])
        let cut = try #require(metadata.rationale.firstRange(of: " A payload counts as a Live Activity"))
        #expect(full == String(metadata.rationale[..<cut.lowerBound]))
        #expect(full.hasSuffix("(ActivityKit's own `end` takes optional final content, and the last content stays on screen), so it is not reported."))
        #expect(full.utf16.count == 829)
        #expect((rules[0]["help"] as? [String: String])?["text"]?.contains(metadata.rationale + "\n\nWhy this severity: ") == true)
    }

    @Test func shortenedKeepsWholeSentences() {
        #expect(SARIFReporter.shortened("One. Two.", limit: 9) == "One. Two.")
        #expect(SARIFReporter.shortened("One. Two. Three.", limit: 10) == "One. Two.")
        #expect(SARIFReporter.shortened("One! Two? Three.", limit: 10) == "One! Two?")
        // Not after an abbreviation, inside parentheses or code, or before a lowercase word.
        #expect(SARIFReporter.shortened("Use e.g. Xcode here. More text follows.", limit: 25) == "Use e.g. Xcode here.")
        #expect(SARIFReporter.shortened("A (b. C) d. Eeee", limit: 14) == "A (b. C) d.")
        #expect(SARIFReporter.shortened("Run `a. B` now. Next", limit: 18) == "Run `a. B` now.")
        #expect(SARIFReporter.shortened("Version 1.2 ships. then more", limit: 20) == "Version 1.2 ships.…")
        // No sentence fits: whole words and an ellipsis, or as many characters as fit.
        #expect(SARIFReporter.shortened("aaaa bbbb cccc", limit: 10) == "aaaa bbbb…")
        #expect(SARIFReporter.shortened("abcdefghijkl", limit: 5) == "abcd…")
        // UTF-16 code units are counted: an emoji is two.
        #expect(SARIFReporter.shortened("😀😀😀. Next one.", limit: 8) == "😀😀😀.")
        #expect(SARIFReporter.shortened("😀😀😀😀", limit: 6) == "😀😀…")
    }

    @Test func propertiesFollowTheSeverity() throws {
        let (_, rules, _) = try Self.parse(SARIFReporter(rootDirectory: Self.root).report([], rules: Self.allRules))
        var seen: Set<String> = []
        for (json, metadata) in zip(rules, Self.allRules) {
            let properties = try #require(json["properties"] as? [String: Any])
            #expect(Set(properties.keys) == ["tags", "precision", "problem.severity"], "\(metadata.id)")
            #expect(properties["tags"] as? [String] == [metadata.category.rawValue])
            #expect(properties["precision"] as? String == "very-high")
            let expected = switch metadata.severity {
            case .error: ("error", "error")
            case .warning: ("warning", "warning")
            case .info: ("recommendation", "note")
            }
            #expect(properties["problem.severity"] as? String == expected.0, "\(metadata.id)")
            #expect((json["defaultConfiguration"] as? [String: String])?["level"] == expected.1, "\(metadata.id)")
            seen.insert(expected.0)
        }
        #expect(seen == ["error", "warning", "recommendation"])
    }

    // MARK: URIs

    @Test(arguments: [
        ("a.json", #"{"uri":"a.json","uriBaseId":"%SRCROOT%"}"#),
        ("./push/a.json", #"{"uri":"push/a.json","uriBaseId":"%SRCROOT%"}"#),
        ("push/./x/../a.json", #"{"uri":"push/a.json","uriBaseId":"%SRCROOT%"}"#),
        ("push//a.json", #"{"uri":"push/a.json","uriBaseId":"%SRCROOT%"}"#),
        ("/work/repo/push/a.json", #"{"uri":"push/a.json","uriBaseId":"%SRCROOT%"}"#),
        ("/work/repo/../repo/a.json", #"{"uri":"a.json","uriBaseId":"%SRCROOT%"}"#),
        ("push/my push é,%.json", #"{"uri":"push/my%20push%20%C3%A9%2C%25.json","uriBaseId":"%SRCROOT%"}"#),
        ("<stdin>", #"{"uri":"%3Cstdin%3E","uriBaseId":"%SRCROOT%"}"#),
        ("/tmp/x/a.json", #"{"uri":"file:///tmp/x/a.json"}"#),
        ("../other/a b.json", #"{"uri":"file:///work/other/a%20b.json"}"#),
        ("/work/repository/a.json", #"{"uri":"file:///work/repository/a.json"}"#),
    ])
    func artifactLocation(fileName: String, expected: String) {
        #expect(SARIFReporter(rootDirectory: Self.root).artifactLocation(fileName).serialized(.compact) == expected)
        #expect(SARIFReporter(rootDirectory: Self.root + "/").artifactLocation(fileName).serialized(.compact) == expected)
    }

    @Test func rootURI() {
        #expect(SARIFReporter(rootDirectory: "/work/repo").rootURI == "file:///work/repo/")
        #expect(SARIFReporter(rootDirectory: "/work/./my repo/").rootURI == "file:///work/my%20repo/")
        #expect(SARIFReporter(rootDirectory: "/").rootURI == "file:///")
        #expect(SARIFReporter(rootDirectory: "/").artifactLocation("/tmp/a.json").serialized(.compact)
                == #"{"uri":"tmp/a.json","uriBaseId":"%SRCROOT%"}"#)
        #expect(SARIFReporter().rootDirectory == FileManager.default.currentDirectoryPath)
        #expect(SARIFReporter(rootDirectory: "sub").rootDirectory == FileManager.default.currentDirectoryPath + "/sub")
    }

    /// Standard input under its default name and under a `--stdin-filename` name, and a file outside the root.
    @Test func resultsAndFixesUseTheSameLocation() throws {
        let linter = Linter()
        let source = "{\"aps\": {\"badge\": \"5\"}}"
        let reports = [
            linter.lint(SourceText(source), fileName: "<stdin>"),
            linter.lint(SourceText(source), fileName: "./push/alert.json"),
            linter.lint(SourceText(source), fileName: "/tmp/elsewhere/alert.json"),
        ]
        let (run, _, results) = try Self.parse(SARIFReporter(rootDirectory: Self.root).report(reports, rules: Self.allRules))
        #expect(run["originalUriBaseIds"] as? [String: [String: String]] == ["%SRCROOT%": ["uri": "file:///work/repo/"]])
        #expect(results.count == 3)
        let expected: [[String: String]] = [
            ["uri": "%3Cstdin%3E", "uriBaseId": "%SRCROOT%"],
            ["uri": "push/alert.json", "uriBaseId": "%SRCROOT%"],
            ["uri": "file:///tmp/elsewhere/alert.json"],
        ]
        for (result, location) in zip(results, expected) {
            #expect(try Self.physicalLocation(result)["artifactLocation"] as? [String: String] == location)
            let change = (result["fixes"] as? [[String: Any]])?.first?["artifactChanges"] as? [[String: Any]]
            #expect(change?.first?["artifactLocation"] as? [String: String] == location)
        }
    }

    // MARK: Columns

    /// `é` is one UTF-16 code unit and `😀` two; the scalar columns (the other formats) would be 34 and 38.
    @Test func columnsCountUTF16CodeUnits() throws {
        let text = "{\"aps\": {\"alert\": \"é😀\", \"badge\": \"😀5\"}}"
        let report = Linter().lint(SourceText(text), fileName: "a.json")
        let diagnostic = try #require(report.diagnostics.first { $0.ruleID == "badge-invalid" })
        #expect(report.positions(try #require(diagnostic.range)).start.column == 34)
        let (run, _, results) = try Self.parse(SARIFReporter(rootDirectory: Self.root).report([report], rules: Self.allRules))
        #expect(run["columnKind"] as? String == "utf16CodeUnits")
        let result = try #require(results.first { $0["ruleId"] as? String == "badge-invalid" })
        let region = try Self.physicalLocation(result)["region"] as? [String: Int]
        #expect(region == ["startLine": 1, "startColumn": 35, "endLine": 1, "endColumn": 40, "byteOffset": 37, "byteLength": 7])
    }

    @Test func columnsStartAtTheirLine() {
        let source = SourceText("😀\r\n😀a\n\tb")
        func column(_ offset: Int) -> Int { SARIFReporter.utf16Column(source.position(of: offset), in: source) }
        #expect(column(0) == 1)
        #expect(column(4) == 3)
        #expect(column(6) == 1)
        #expect(column(10) == 3)
        #expect(column(11) == 4)
        #expect(column(13) == 2)
    }

    // MARK: Fingerprints

    /// The vectors of codeql-action's `src/fingerprints.test.ts`, which `upload-sarif` must agree with.
    @Test func lineHashesMatchCodeQLAction() {
        func hashes(_ text: String) -> [String]? { SARIFReporter.lineHashes(Array(text.utf8)) }
        #expect(hashes("") == ["c129715d7a2bc9a3:1"])
        #expect(hashes(" a\nb\n  \t\tc\n d") == ["271789c17abda88f:1", "54703d4cd895b18:1", "180aee12dab6264:1", "a23a3dc5e078b07b:1"])
        #expect(hashes(" hello; \t\nworld!!!\n\n\n  \t\tGreetings\n End") == [
            "8b7cf3e952e7aeb2:1", "b1ae1287ec4718d9:1", "bff680108adb0fcc:1", "c6805c5e1288b612:1", "b86d3392aea1be30:1",
            "e6ceba753e1a442:1",
        ])
        let endingInABreak = [
            "e9496ae3ebfced30:1", "fb7c023a8b9ccb3f:1", "ce8ba1a563dcdaca:1", "e20e36e16fcb0cc8:1", "b3edc88f2938467e:1",
            "c8e28b0b4002a3a0:1", "c129715d7a2bc9a3:1",
        ]
        #expect(hashes(" hello; \t\nworld!!!\n\n\n  \t\tGreetings\n End\n") == endingInABreak)
        #expect(hashes(" hello; \t\nworld!!!\r\r\r  \t\tGreetings\r End\r") == endingInABreak)
        #expect(hashes(" hello; \t\r\nworld!!!\r\n\r\n\r\n  \t\tGreetings\r\n End\r\n") == endingInABreak)
        #expect(hashes(" hello; \t\nworld!!!\r\n\n\r  \t\tGreetings\r End\r\n") == endingInABreak)
        #expect(hashes(String(repeating: "Lorem ipsum dolor sit amet.\n", count: 10)) == [
            "a7f2ff13bc495cf2:1", "a7f2ff13bc495cf2:2", "a7f2ff13bc495cf2:3", "a7f2ff13bc495cf2:4", "a7f2ff13bc495cf2:5",
            "a7f2ff13bc495cf2:6", "a7f2ff1481e87703:1", "a9cf91f7bbf1862b:1", "55ec222b86bcae53:1", "cc97dc7b1d7d8f7b:1",
            "c129715d7a2bc9a3:1",
        ])
        #expect(hashes("x = 2\nx = 1\nprint(x)\nx = 3\nprint(x)\nx = 4\nprint(x)\n") == [
            "e54938cc54b302f1:1", "bb609acbe9138d60:1", "1131fd5871777f34:1", "5c482a0f8b35ea28:1", "54517377da7028d2:1",
            "2c644846cb18d53e:1", "f1b89f20de0d133:1", "c129715d7a2bc9a3:1",
        ])
        // As many hashes as `SourceText` has lines.
        for text in ["", "a", "a\n", "a\r\nb\rc\n\n", "\r \n"] {
            #expect(hashes(text)?.count == SourceText(text).lineCount, "\(text.debugDescription)")
        }
    }

    /// A finding without a place takes line 1's hash, as `upload-sarif` does; bytes that are not UTF-8 get none.
    @Test func resultsCarryTheirLineHash() throws {
        let linter = Linter()
        let text = "{\n  \"aps\": {\"content-available\": 1},\n  \"badge\": 1\n}\n"
        let report = linter.lint(SourceText(text), fileName: "a.json", headers: [
            HeaderOption(name: HeaderName.pushType, value: "background", option: "--push-type"),
            HeaderOption(name: HeaderName.priority, value: "10", option: "--priority"),
        ])
        let hashes = try #require(SARIFReporter.lineHashes(Array(text.utf8)))
        let (_, _, results) = try Self.parse(SARIFReporter(rootDirectory: Self.root).report([report], rules: Self.allRules))
        #expect(!results.isEmpty)
        for result in results {
            let line = (try Self.physicalLocation(result)["region"] as? [String: Int])?["startLine"] ?? 0
            #expect((result["partialFingerprints"] as? [String: String])?["primaryLocationLineHash"] == hashes[line - 1])
        }
        #expect(results.contains { (try? Self.physicalLocation($0)["region"] as? [String: Int]) == ["startLine": 1] })

        let invalid = linter.lint(SourceText(bytes: Array("{\"aps\": {\"badge\": \"5\", \"alert\": \"".utf8) + [0xFF] + Array("\"}}".utf8)),
                                  fileName: "b.json")
        #expect(SARIFReporter.lineHashes(invalid.source.bytes) == nil)
        let (_, _, invalidResults) = try Self.parse(SARIFReporter(rootDirectory: Self.root).report([invalid], rules: Self.allRules))
        #expect(!invalidResults.isEmpty)
        // Only the baseline's fingerprint, which does not depend on how Node.js decodes the text.
        for result in invalidResults {
            #expect((result["partialFingerprints"] as? [String: String]).map { Array($0.keys) } == [SARIFReporter.fingerprintKey])
        }
    }
}
