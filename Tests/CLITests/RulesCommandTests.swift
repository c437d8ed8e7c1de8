import APNSLint
import APNSLintTestSupport
import Foundation
import Testing

@Suite("apns-lint rules, explain and --version")
struct RulesCommandTests {
    @Test func rulesIsATableWithAHeaderWithin100Columns() throws {
        let result = try run(["rules"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(lines.first == "RULE                                        SEVERITY  CATEGORY       FIX")
        let row = try #require(lines.firstIndex(of: "payload-too-large                           error     size           sometimes"))
        #expect(lines[row + 1] == "    The payload is larger than APNs accepts (4096 bytes; 5120 for VoIP; 2048 on the legacy binary")
        #expect(lines[row + 2] == "    interface).")
        #expect(lines.contains("byte-order-mark                             warning   syntax         always"))
        for line in lines { #expect(line.count <= 100, "over 100 columns: \(line)") }
        #expect(!result.stdout.contains("`"), "Markdown in the table")
        // Every rule has its row.
        for id in RuleRegistry.ids { #expect(lines.contains { $0.hasPrefix(id + " ") }, "no row for \(id)") }
    }

    @Test func rulesAsJSONHasEveryRule() throws {
        let result = try run(["rules", "--format", "json"])
        #expect(result.status == 0)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: String]])
        #expect(array.map { $0["id"] ?? "" }.sorted() == RuleRegistry.ids.sorted())
        for object in array { #expect(Set(object.keys) == ["id", "severity", "category", "fix", "summary"]) }
        let payload = try #require(array.first { $0["id"] == "payload-too-large" })
        #expect(payload == ["id": "payload-too-large", "severity": "error", "category": "size", "fix": "sometimes",
                            "summary": "The payload is larger than APNs accepts (4096 bytes; 5120 for VoIP; 2048 on the legacy binary interface)."])
        #expect(array.first { $0["id"] == "headers-in-payload" }?["summary"]?.contains("`") == false)
        // Keys in a fixed order.
        #expect(result.stdout.hasPrefix("[\n  {\"id\": \"byte-order-mark\", \"severity\": \"warning\", \"category\": \"syntax\", \"fix\": \"always\", \"summary\": "))
    }

    @Test func rulesRejectsAnUnknownFormat() throws {
        let result = try run(["rules", "--format", "markdown"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("markdown"))
    }

    @Test func versionSaysTheVersionAndThatTheCommitIsUnknownOutsideScriptsInstall() throws {
        // The test build is a plain `swift build`: only scripts/install compiles the commit in.
        let result = try run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout == "apns-lint \(APNSLintTool.version) (commit unknown)\n")
    }

    @Test func explainMarkdownLabelsEveryExampleAndSaysWhetherTheFixIsSafe() throws {
        let result = try run(["explain", "--markdown", "payload-too-large"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("""
            ## Use instead

            Checked with the defaults (no command-line options):

            """))
        #expect(result.stdout.contains("  fix (unsafe): shorten the alert body to fit (19 characters cut)\n"))
        #expect(result.stdout.contains("The fixes in the examples above are **unsafe**"))
        let safe = try run(["explain", "--markdown", "byte-order-mark"])
        #expect(safe.stdout.contains("The fixes in the examples above are **safe**"))
    }

    /// In a terminal, `explain` is plain text: no Markdown marks, no table, no jargon, lines wrapped.
    @Test func explainIsPlainText() throws {
        let result = try run(["explain", "badge-invalid"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.prefix(6).joined(separator: "\n") == """
            badge-invalid: badge is not a whole number: a string, a fraction, a boolean or null.

            It is an error by default, in the payload values rules. Some cases carry a fix, shown
            with the finding.

            Why it matters
            """)
        #expect(result.stdout.contains("""
            For example
                {"aps": {"alert": "Hi", "badge": "5"}}
              is reported as
                example.json:1:34: error: "badge" must be a whole number
            """))
        #expect(result.stdout.contains("    fix: write 5 (applied by --fix)\n"))
        #expect(result.stdout.contains("Why an error\n  Certain outcome: a badge that is not a JSON integer"))
        for mark in ["`", "**", "##", "|---", "Checked on", "typed notification", "```"] { #expect(!result.stdout.contains(mark), "\(mark)") }
        // Prose is wrapped; only an example, a reported line or a word longer than a line (an address) may run longer.
        for line in lines where line.count > 88 {
            #expect(line.hasPrefix("    ") || !line.trimmingCharacters(in: .whitespaces).contains(" "), "\(line)")
        }
        let unsafe = try run(["explain", "payload-too-large"])
        #expect(unsafe.stdout.contains("    fix: shorten the alert body to fit (19 characters cut) (applied by --fix --unsafe-fixes)\n"))
    }
}

/// A lint reads each rule's small descriptor; the documentation (examples, rationale, sources) is for the pages,
/// `explain` and the reports that list rules (SARIF). Building it on every run cost a sixth of a one-file check.
@Suite("rule documentation stays off the lint path")
struct RuleDocumentationCostTests {
    static let counting = ["APNS_LINT_COUNT_RULE_DOCS": "1"]

    static func built(_ result: CLIResult) -> Int? {
        let prefix = "apns-lint: rule documentation built "
        guard let line = result.stderr.split(separator: "\n").last(where: { $0.hasPrefix(prefix) }) else { return nil }
        return Int(line.dropFirst(prefix.count).prefix { $0.isNumber })
    }

    @Test func aCheckWithATextReportBuildsNone() throws {
        let examples = packageRoot.appendingPathComponent("Examples").path
        // Errors of every kind (an APNs rejection carries its reason), a clean file, a whole tree with app context.
        for arguments in [["check", "--color", "never", "\(examples)/json/bad/priority-invalid.json"],
                          ["check", "--color", "never", "\(examples)/json/good/alert.json"],
                          ["check", "--color", "never", "--format", "concise", examples]] {
            let result = try run(arguments, environment: Self.counting)
            #expect(Self.built(result) == 0, "\(arguments): \(result.stderr.suffix(300))")
        }
    }

    @Test func theCountSeesWhatBuildsDocumentation() throws {
        let explain = try run(["explain", "priority-invalid"], environment: Self.counting)
        #expect(explain.status == 0)
        #expect(Self.built(explain) == 1)
        // SARIF lists every rule with its help: it builds each rule's documentation once.
        let sarif = try run(["check", "--format", "sarif", packageRoot.appendingPathComponent("Examples/json/good/alert.json").path],
                            environment: Self.counting)
        #expect(Self.built(sarif) == RuleRegistry.all.count)
        // Without the variable, nothing is printed.
        #expect(Self.built(try run(["explain", "priority-invalid"])) == nil)
    }
}
