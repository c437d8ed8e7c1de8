import APNSLintTestSupport
import Foundation
import Testing

@Suite("apns-lint check --fix / --diff / --fix-only, end to end")
struct FixCommandTests {
    let broken = "{\n  \"aps\": {\n    \"alert\": [[\"title\", \"Hi\"]],\n    \"badge\": 1,\n  }\n}\n"
    let fixed = "{\n  \"aps\": {\n    \"alert\": {\"title\":\"Hi\"},\n    \"badge\": 1\n  }\n}\n"

    @Test func diffWritesNothingAndExitsOne() throws {
        let dir = try workspace(["a.json": broken])
        let result = try run(["check", "--diff", "a.json"], in: dir)
        #expect(result.status == 1)
        #expect(result.stdout == """
            --- a/a.json
            +++ b/a.json
            @@ -1,6 +1,6 @@
             {
               "aps": {
            -    "alert": [["title", "Hi"]],
            -    "badge": 1,
            +    "alert": {"title":"Hi"},
            +    "badge": 1
               }
             }

            """)
        #expect(result.stderr == "1 file would be changed by 2 fixes.\n")
        #expect(try String(contentsOf: dir.appendingPathComponent("a.json"), encoding: .utf8) == broken)
        let clean = try workspace(["b.json": fixed])
        #expect(try run(["check", "--diff", "b.json"], in: clean).status == 0)
    }

    @Test func fixWritesAtomicallyKeepsPermissionsAndReportsWhatIsLeft() throws {
        // "thread-id": 42 has no fix: it is what is left to report.
        let dir = try workspace(["a.json": broken.replacingOccurrences(of: "\"badge\": 1", with: "\"thread-id\": 42")])
        let path = dir.appendingPathComponent("a.json").path
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
        let result = try run(["check", "--fix", "--color", "never", "a.json"], in: dir)
        #expect(result.status == 1)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == fixed.replacingOccurrences(of: "\"badge\": 1", with: "\"thread-id\": 42"))
        #expect(result.stdout.hasPrefix("a.json:4:18: error: \"thread-id\" must be a string"))
        #expect(result.stdout.hasSuffix("Found 1 error in 1 of 1 file.\nFixed 2 problems in 1 file.\n"))
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["a.json"])
    }

    @Test func fixOnlyReportsTheCountAndUnsafeFixesAreHeldBack() throws {
        let dir = try workspace(["a.json": "{\"aps\": {\"alert\": \"Hi\",} // note\n}\n"])
        let safe = try run(["check", "--fix-only", "a.json"], in: dir)
        #expect(safe.status == 0)
        #expect(safe.stdout == "Fixed 1 problem in 1 file (1 unsafe fix held back; use --unsafe-fixes).\n")
        let unsafe = try run(["check", "--fix-only", "--unsafe-fixes", "a.json"], in: dir)
        #expect(unsafe.stdout == "Fixed 1 problem in 1 file.\n")
        #expect(try String(contentsOf: dir.appendingPathComponent("a.json"), encoding: .utf8) == "{\"aps\": {\"alert\": \"Hi\"} \n}\n")
    }

    @Test func unreadableInputIsNeverRewritten() throws {
        let text = "{\"aps\": {\"alert\": [[\"title\", \"Hi\"]]"
        let dir = try workspace(["a.json": text])
        let result = try run(["check", "--fix", "--color", "never", "a.json"], in: dir)
        #expect(result.status == 1)
        #expect(try String(contentsOf: dir.appendingPathComponent("a.json"), encoding: .utf8) == text)
        #expect(result.stdout.contains("[invalid-json]"))
    }

    @Test func standardInputGetsTheFixedTextOnStandardOutput() throws {
        let result = try run(["check", "--fix", "-", "--stdin-filename", "a.yaml"], stdin: Data("aps:\n  alert:\n    - title: Hi\n".utf8))
        #expect(result.status == 0)
        #expect(result.stdout == "aps:\n  alert:\n    {\"title\":\"Hi\"}\n")
        #expect(result.stderr == "Fixed 1 problem in 1 file.\n")
    }

    @Test func renderWithFixShowsTheFixedRequestWithoutChangingTheFile() throws {
        let text = #"{"aps": {"alert": [["title", "Hi"]], "content_available": 1,}}"#
        let dir = try workspace(["r.json": text])
        let plain = try run(["render", "r.json"], in: dir)
        #expect(plain.status == 1)
        let fixed = try run(["render", "--fix", "r.json"], in: dir)
        #expect(fixed.status == 0)
        #expect(fixed.stdout == #"{"aps":{"alert":{"title":"Hi"},"content-available":1}}"# + "\n")
        #expect(try String(contentsOf: dir.appendingPathComponent("r.json"), encoding: .utf8) == text)
    }
}

/// A file in an immutable directory (chattr +i, which stops even root) cannot be replaced.
@Suite("apns-lint check --fix on a file that cannot be written")
struct UnwritableFixTests {
    @Test func exitTwoAndTheOriginalIsIntact() throws {
        let text = #"{"aps": {"badge": "1"}}"#
        let dir = try workspace(["locked/a.json": text])
        let locked = dir.appendingPathComponent("locked")
        let lock = try run(["-c", "chattr +i '\(locked.path)'"], executable: "/bin/sh")
        guard lock.status == 0 else { return }  // no immutable attribute on this file system
        defer { _ = try? run(["-c", "chattr -i '\(locked.path)'"], executable: "/bin/sh") }
        let result = try run(["check", "--fix", "--color", "never", "locked/a.json"], in: dir)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("apns-lint: error: cannot write 'locked/a.json': no file can be created next to it"))
        #expect(try String(contentsOf: locked.appendingPathComponent("a.json"), encoding: .utf8) == text)
        #expect(try FileManager.default.contentsOfDirectory(atPath: locked.path) == ["a.json"])
        #expect(result.stdout == "Fixed 0 problems in 0 files.\n")
    }
}
