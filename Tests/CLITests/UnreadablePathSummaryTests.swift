import APNSLintTestSupport
import Foundation
import Testing

/// A run that exits 2 because paths could not be read says so in its summary, in every format that has one. Uses `run`
/// and `workspace` from APNSLintTestSupport, `Unprivileged` from DiscoveryTests.swift.
@Suite("apns-lint check: paths that could not be read, in the summary")
struct UnreadablePathSummaryTests {
    static let alert = #"{"aps": {"alert": "Hi"}}"#
    static let badBadge = #"{"aps": {"badge": "1"}}"#
    static let badBadgeLine = #"bad.json:1:19: error: "badge" must be a whole number (the count on the app icon), but it is a string ("1"); senders drop or coerce such a value, so the icon does not show the count you meant [badge-invalid]"#

    @Test func missingPathsBesideAGoodFile() throws {
        let dir = try workspace(["ok.json": Self.alert])
        let result = try run(["check", "ok.json", "missing.json", "missing.yaml"], in: dir)
        #expect(result.status == 2)
        #expect(result.stdout == "No problems found in 1 file; 2 paths could not be read.\n")
        #expect(result.stderr == """
            apns-lint: error: cannot read 'missing.json': no such file or directory
            apns-lint: error: cannot read 'missing.yaml': no such file or directory

            """)
    }

    @Test func aSymbolicLinkLoopBesideFindings() throws {
        let dir = try workspace(["bad.json": Self.badBadge, "ok.json": Self.alert])
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("loop.json").path, withDestinationPath: "loop.json")
        let result = try run(["check", "--format", "concise", "bad.json", "ok.json", "loop.json"], in: dir)
        #expect(result.status == 2)
        #expect(result.stdout == Self.badBadgeLine + "\nFound 1 error in 1 of 2 files; 1 path could not be read.\n")
        #expect(result.stderr == "apns-lint: error: cannot read 'loop.json': too many levels of symbolic links\n")
    }

    @Test(.enabled(if: Unprivileged.available,
                   "runs as root with no setpriv that nobody can use: chmod 000 does not stop root from reading"))
    func anUnreadableFile() throws {
        let dir = try workspace(["ok.json": Self.alert, "secret.json": Self.alert])
        let secret = dir.appendingPathComponent("secret.json").path
        chmod(secret, 0)
        defer { chmod(secret, 0o644) }
        let result = try Unprivileged.run(["check", "ok.json", "secret.json"], in: dir)
        #expect(result.status == 2)
        #expect(result.stdout == "No problems found in 1 file; 1 path could not be read.\n")
        #expect(result.stderr == "apns-lint: error: cannot read 'secret.json': permission denied\n")
    }

    @Test func standardInputBesideAMissingPath() throws {
        let dir = try workspace([:] as [String: Data])
        let result = try run(["check", "-", "missing.json"], stdin: Data(Self.alert.utf8), in: dir)
        #expect(result.status == 2)
        #expect(result.stdout == "No problems found in 1 file; 1 path could not be read.\n")
        #expect(result.stderr == "apns-lint: error: cannot read 'missing.json': no such file or directory\n")
    }

    @Test func aStreamBesideAMissingPath() throws {
        let dir = try workspace(["sent.jsonl": "{\"aps\":{\"alert\":\"Hi\"}}\n{\"aps\":{\"alert\":\"Hello\"}}\n"])
        let result = try run(["check", "sent.jsonl", "missing.json"], in: dir)
        #expect(result.status == 2)
        #expect(result.stdout == "No problems found in 2 records in 1 file; 1 path could not be read.\n")
    }

    @Test func fixSaysSoToo() throws {
        let dir = try workspace(["bad.json": Self.badBadge])
        let result = try run(["check", "--fix", "bad.json", "missing.json"], in: dir)
        #expect(result.status == 2)
        #expect(result.stdout == "No problems found in 1 file; 1 path could not be read.\nFixed 1 problem in 1 file.\n")
        #expect(result.stderr == "apns-lint: error: cannot read 'missing.json': no such file or directory\n")
    }

    @Test func jsonCountsThem() throws {
        let dir = try workspace(["ok.json": Self.alert])
        let result = try run(["check", "--format", "json", "ok.json", "missing.json"], in: dir)
        #expect(result.status == 2)
        #expect(result.stdout.hasSuffix("""
              "summary": {
                "files": 1,
                "filesWithFindings": 0,
                "records": 0,
                "recordsWithFindings": 0,
                "errors": 0,
                "warnings": 0,
                "info": 0,
                "unreadablePaths": 1,
                "fixesApplied": null,
                "dialects": {
                  "apns": 1
                }
              }
            }

            """))
    }

    /// One path that cannot be read, and nothing else: the error is the whole answer, with no summary of nothing.
    @Test func nothingReadPrintsNoSummary() throws {
        let dir = try workspace([:] as [String: Data])
        let result = try run(["check", "missing.json"], in: dir)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == "apns-lint: error: cannot read 'missing.json': no such file or directory\n")
    }
}
