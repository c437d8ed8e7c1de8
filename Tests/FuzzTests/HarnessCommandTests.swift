import APNSLintTestSupport
import Foundation
import Testing

/// The built harness.
let harness = builtProduct("apns-lint-fuzz")

/// Runs the harness; its status, standard output and standard error.
func runHarness(_ arguments: [String]) throws -> CLIResult {
    try run(arguments, executable: harness.path)
}

@Suite("apns-lint-fuzz, the harness's command")
struct HarnessCommandTests {
    @Test func checkReplaysAFileThroughTheInvariants() throws {
        let path = packageRoot.appendingPathComponent("Fuzz/regressions/json/payload-key-without-aps.json").path
        let result = try runHarness(["check", "json", path])
        #expect(result.status == 0)
        #expect(result.stdout == "1 input read as json: 0 violations\n")
    }

    @Test func anEmptyDirectoryHoldsNoInputAndAMissingPathIsAnError() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("apns-lint-fuzz-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: empty) }
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let result = try runHarness(["check", "erlang", empty.path])
        #expect(result.status == 0)
        #expect(result.stdout == "0 inputs read as erlang: 0 violations\n")
        let missing = try runHarness(["check", "erlang", empty.appendingPathComponent("nothing").path])
        #expect(missing.status == 2)
        #expect(missing.stderr == "apns-lint-fuzz: no such file or directory: \(empty.appendingPathComponent("nothing").path)\n")
    }

    @Test func aPlainBuildSaysHowToFuzz() throws {
        let result = try runHarness(["fuzz", "yaml"])
        #expect(result.status == 2)
        #expect(result.stderr == "apns-lint-fuzz: this build has no libFuzzer in it: run scripts/fuzz yaml SECONDS, which builds one\n")
    }

    @Test func anUnknownFormatIsAUsageError() throws {
        let result = try runHarness(["check", "toml", "x"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("apns-lint-fuzz: the format is json, yaml or erlang\nusage: apns-lint-fuzz check FORMAT PATH..."))
    }
}
