import APNSLintTestSupport
import Foundation
import Testing

/// Issue 49: a team adopts apns-lint on a tree with findings (`check --baseline`, `suppress`), and CI then fails only
/// on a new finding.
@Suite("apns-lint check --baseline, --write-baseline, suppress")
struct BaselineCommandTests {
    /// Every run is at the same time, so the date rules report the same findings.
    static let now = ["--now", "1700000000"]

    /// A tree of definitions with findings: the bad JSON examples four times over (less the two whose finding is
    /// about their first bytes, which the edits below change), and a YAML file of our own.
    static func adoptedTree() throws -> URL {
        let bad = packageRoot.appendingPathComponent("Examples/json/bad")
        let names = try FileManager.default.contentsOfDirectory(atPath: bad.path).filter {
            $0.hasSuffix(".json") && $0 != "byte-order-mark.json" && $0 != "invalid-json.json"
        }
        var files: [String: Data] = [:]
        for name in names {
            let data = try Data(contentsOf: bad.appendingPathComponent(name))
            for team in ["alerts", "live", "voip", "web"] { files["push/\(team)/\(name)"] = data }
        }
        files["push/own.yaml"] = Data("aps:\n  alert: Hi\n  badge: \"4\"\n".utf8)
        return try workspace(files)
    }

    static func findingsCount(in baseline: URL) throws -> Int {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: baseline)) as? [String: Any]
        return (object?["findings"] as? [Any])?.count ?? -1
    }

    @Test func aTeamAdoptsTheLinterWithOneCommandAndCIFailsOnlyOnANewFinding() throws {
        let dir = try Self.adoptedTree()
        let baseline = dir.appendingPathComponent("apns-lint-baseline.json")
        let before = try run(["check", "--format", "concise", "--quiet"] + Self.now + ["push"], in: dir)
        #expect(before.status == 1)
        let findings = before.stdout.split(separator: "\n").count
        #expect(findings == 261)

        // One command: the baseline does not exist, so it is written, and the run passes.
        let adopt = try run(["check"] + Self.now + ["--baseline", "apns-lint-baseline.json", "push"], in: dir)
        #expect(adopt.status == 0)
        #expect(adopt.stderr == "apns-lint: wrote the baseline 'apns-lint-baseline.json': \(findings) findings recorded; later runs with --baseline 'apns-lint-baseline.json' report only new findings\n")
        #expect(adopt.stdout.hasSuffix("; \(findings) findings in the baseline.\n"))
        #expect(try Self.findingsCount(in: baseline) == findings)
        let written = try Data(contentsOf: baseline)
        // Sorted, one finding a line, paths relative to the baseline's directory.
        let lines = String(decoding: written, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(lines.prefix(3) == ["{", "  \"version\": 1,", "  \"findings\": ["])
        #expect(lines.suffix(2) == ["  ]", "}"])
        let entries = lines.dropFirst(3).dropLast(2)
        #expect(entries.count == findings)
        #expect(entries.allSatisfy { $0.hasPrefix("    {\"path\": \"push/") })
        #expect(Array(entries) == entries.sorted())

        // CI: the same tree passes, and the summary says how many were baselined.
        let ci = try run(["check", "--format", "concise"] + Self.now + ["--baseline", "apns-lint-baseline.json", "push"], in: dir)
        #expect(ci.status == 0)
        #expect(ci.stdout == "No problems found in 237 files; \(findings) findings in the baseline.\n")
        #expect(ci.stderr == "")
        // The baseline is read from anywhere: its paths are relative to its own directory.
        let fromBelow = try run(["check", "--format", "concise"] + Self.now + ["--baseline", "../apns-lint-baseline.json", "."],
                                in: dir.appendingPathComponent("push"))
        #expect(fromBelow.status == 0)
        #expect(fromBelow.stdout == "No problems found in 237 files; \(findings) findings in the baseline.\n")

        // Lines inserted above every finding, every line indented, keys moved: nothing is new.
        let push = dir.appendingPathComponent("push")
        for team in ["alerts", "live", "voip", "web"] {
            let folder = push.appendingPathComponent(team)
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
                let url = folder.appendingPathComponent(name)
                let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
                let moved = "\n\n\n" + text.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
                try Data(moved.utf8).write(to: url)
            }
        }
        try Data("# the welcome push\n\naps:\n  badge: \"4\"\n  alert: Hi\n".utf8).write(to: push.appendingPathComponent("own.yaml"))
        let afterMoves = try run(["check", "--format", "concise"] + Self.now + ["--baseline", "apns-lint-baseline.json", "push"], in: dir)
        #expect(afterMoves.status == 0)
        #expect(afterMoves.stdout == "No problems found in 237 files; \(findings) findings in the baseline.\n")
        #expect(try Data(contentsOf: baseline) == written)

        // A new finding of the same rule in an existing file: that one alone is reported, and fails the run.
        try Data("# the welcome push\n\naps:\n  badge: \"4\"\n  alert: Hi\n---\naps:\n  alert: Bye\n  badge: \"4\"\n".utf8)
            .write(to: push.appendingPathComponent("own.yaml"))
        let newInFile = try run(["check", "--format", "concise"] + Self.now + ["--baseline", "apns-lint-baseline.json", "push"], in: dir)
        #expect(newInFile.status == 1)
        // The same rule, key, value and line text as the baselined one: its occurrence index (2) tells it apart.
        #expect(newInFile.stdout.split(separator: "\n").map(String.init) == [
            #"push/own.yaml:9:10: error: "badge" must be a whole number (the count on the app icon), but it is a string ("4"); senders drop or coerce such a value, so the icon does not show the count you meant [badge-invalid]"#,
            "Found 1 error in 1 of 237 files; \(findings) findings in the baseline.",
        ])

        // A new bad definition: reported alone.
        try Data("# the welcome push\n\naps:\n  badge: \"4\"\n  alert: Hi\n".utf8).write(to: push.appendingPathComponent("own.yaml"))
        try Data(#"{"aps": {"alert": "Hi", "badge": "4"}}"#.utf8).write(to: push.appendingPathComponent("new.json"))
        let newFile = try run(["check", "--format", "concise"] + Self.now + ["--baseline", "apns-lint-baseline.json", "push"], in: dir)
        #expect(newFile.status == 1)
        #expect(newFile.stdout.split(separator: "\n").map(String.init) == [
            #"push/new.json:1:34: error: "badge" must be a whole number (the count on the app icon), but it is a string ("4"); senders drop or coerce such a value, so the icon does not show the count you meant [badge-invalid]"#,
            "Found 1 error in 1 of 238 files; \(findings) findings in the baseline.",
        ])

        // --write-baseline refreshes: the new finding is recorded, and the file is as stable as before.
        let refresh = try run(["check", "--format", "concise"] + Self.now + ["--write-baseline", "apns-lint-baseline.json", "push"], in: dir)
        #expect(refresh.status == 0)
        #expect(try Self.findingsCount(in: baseline) == findings + 1)
        #expect(try run(["check", "--format", "concise"] + Self.now + ["--baseline", "apns-lint-baseline.json", "push"], in: dir).status == 0)
    }

    @Test func theBaselineFileHoldsRulePathAndFingerprint() throws {
        let dir = try workspace(["a.json": "{\"aps\": {\"alert\": \"Hi\", \"badge\": \"4\", \"thread_id\": \"t\"}}\n"])
        let result = try run(["check", "--baseline", "b.json", "a.json"], in: dir)
        #expect(result.status == 0)
        #expect(result.stderr == "apns-lint: wrote the baseline 'b.json': 2 findings recorded; later runs with --baseline 'b.json' report only new findings\n")
        #expect(String(decoding: try Data(contentsOf: dir.appendingPathComponent("b.json")), as: UTF8.self) == """
            {
              "version": 1,
              "findings": [
                {"path": "a.json", "rule": "badge-invalid", "fingerprint": "02988c3d235f9621:1"},
                {"path": "a.json", "rule": "unknown-aps-key", "fingerprint": "90803632caa44f3e:1"}
              ]
            }

            """)
        // SARIF carries the same fingerprint.
        let sarif = try run(["check", "--format", "sarif", "a.json"], in: dir)
        #expect(sarif.stdout.contains(#""apnsLintFingerprint/v1": "02988c3d235f9621:1""#))
        #expect(sarif.stdout.contains(#""apnsLintFingerprint/v1": "90803632caa44f3e:1""#))
    }

    @Test func aStreamsAlikeRecordsAreToldApartByTheirNumber() throws {
        let record = #"{"aps":{"alert":"Hi","badge":"4"}}"# + "\n"
        let dir = try workspace(["sent.jsonl": record + record])
        #expect(try run(["check", "--baseline", "b.json", "sent.jsonl"], in: dir).status == 0)
        try Data((record + record + record).utf8).write(to: dir.appendingPathComponent("sent.jsonl"))
        let result = try run(["check", "--format", "concise", "--baseline", "b.json", "sent.jsonl"], in: dir)
        #expect(result.status == 1)
        #expect(result.stdout.split(separator: "\n").map(String.init) == [
            #"sent.jsonl:3:30: error: "badge" must be a whole number (the count on the app icon), but it is a string ("4"); senders drop or coerce such a value, so the icon does not show the count you meant [badge-invalid]"#,
            "Found 1 error in 1 of 3 records in 1 file; 2 findings in the baseline.",
        ])
    }

    @Test func usageErrorsAndABaselineThatIsNotOne() throws {
        let dir = try workspace(["a.json": #"{"aps": {"alert": "Hi", "badge": "4"}}"#, "b.json": "[]"])
        let both = try run(["check", "--baseline", "x.json", "--write-baseline", "x.json", "a.json"], in: dir)
        #expect(both.status == 2)
        #expect(both.stderr.contains("--baseline and --write-baseline cannot be combined"))
        #expect(try run(["check", "--fix", "--baseline", "x.json", "a.json"], in: dir).status == 2)
        let notOne = try run(["check", "--baseline", "b.json", "a.json"], in: dir)
        #expect(notOne.status == 2)
        #expect(notOne.stderr == "apns-lint: error: cannot read 'b.json': not an apns-lint baseline (a JSON object with \"version\": 1 and \"findings\")\n")
        #expect(String(decoding: try Data(contentsOf: dir.appendingPathComponent("b.json")), as: UTF8.self) == "[]")
    }

    @Test func suppressAcceptsEveryFindingSoCheckPasses() throws {
        let dir = try Self.adoptedTree()
        #expect(try run(["check"] + Self.now + ["push"], in: dir).status == 1)
        let suppress = try run(["suppress"] + Self.now + ["--reason", "legacy pushes, tracked in #49", "push"], in: dir)
        #expect(suppress.status == 0)
        #expect(suppress.stderr.hasPrefix("apns-lint: wrote '.apns-lint.yml': 237 ignore entries\napns-lint: accepted "))
        let check = try run(["check", "--format", "concise", "--strict", "--fail-level", "info"] + Self.now + ["push"], in: dir)
        #expect(check.status == 0)
        #expect(check.stdout == "No problems found in 237 files.\n")
        let configuration = String(decoding: try Data(contentsOf: dir.appendingPathComponent(".apns-lint.yml")), as: UTF8.self)
        #expect(configuration.hasPrefix("""
            ignore:
              - file: "push/alerts/alert-empty.json"
                rule: ["alert-empty"]
                reason: "legacy pushes, tracked in #49"

            """))
    }

    @Test func suppressAddsToAnExistingConfigurationKeepingItsText() throws {
        let configuration = """
            # ours
            headers: {apns-topic: com.example.app}
            ignore:
              - file: old.json   # kept
                rule: badge-invalid
                reason: the old app
            rules:
              sound-empty: off

            """
        let dir = try workspace([".apns-lint.yml": configuration, "a.json": #"{"aps": {"alert": "Hi", "thread_id": "t"}}"#,
                                 "old.json": #"{"aps": {"alert": "Hi", "badge": "4"}}"#])
        let suppress = try run(["suppress", "a.json", "old.json"], in: dir)
        #expect(suppress.status == 0)
        #expect(suppress.stderr == "apns-lint: added to '.apns-lint.yml': 1 ignore entry\napns-lint: accepted 1 finding in 1 file\n")
        // The entry goes after the list's last item, at its indentation; every other byte is kept.
        let added = """
              - file: "a.json"
                rule: ["unknown-aps-key"]
                reason: "accepted when apns-lint was adopted (apns-lint suppress); fix and remove"

            """
        #expect(String(decoding: try Data(contentsOf: dir.appendingPathComponent(".apns-lint.yml")), as: UTF8.self)
                == configuration.replacingOccurrences(of: "the old app\n", with: "the old app\n" + added))
        #expect(try run(["check", "--strict", "a.json", "old.json"], in: dir).status == 0)

        // A flow list cannot be added to: the file is left as it was.
        let flow = "ignore: [sound-empty]\n"
        let flowDir = try workspace([".apns-lint.yml": flow, "a.json": #"{"aps": {"alert": "Hi", "thread_id": "t"}}"#])
        let refused = try run(["suppress", "a.json"], in: flowDir)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("ignore is not written as a block list"))
        #expect(String(decoding: try Data(contentsOf: flowDir.appendingPathComponent(".apns-lint.yml")), as: UTF8.self) == flow)
    }
}
