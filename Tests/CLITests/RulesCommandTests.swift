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

    @Test func explainLabelsEveryExampleAndSaysWhetherTheFixIsSafe() throws {
        let result = try run(["explain", "payload-too-large"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("""
            ## Use instead

            Checked with the defaults (no command-line options):

            """))
        #expect(result.stdout.contains("  fix (unsafe): shorten the alert body to fit (19 characters cut)\n"))
        #expect(result.stdout.contains("The fixes in the examples above are **unsafe**"))
        let safe = try run(["explain", "byte-order-mark"])
        #expect(safe.stdout.contains("The fixes in the examples above are **safe**"))
    }
}
