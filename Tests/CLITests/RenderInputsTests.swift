import APNSLintTestSupport
import Foundation
import Testing

/// `apns-lint render` on several files and directories (found as check finds them, each file headed by its path), with
/// check's header options, and what it says of a request without headers (issue 38).
@Suite("render: header options, several files, directories")
struct RenderInputsTests {
    static let bare = #"{"aps": {"alert": "Hi"}}"#
    static let bareRendered = #"{"aps":{"alert":"Hi"}}"# + "\n"

    /// What render says on standard error of a bare payload rendered with --headers and no header from anywhere.
    static func bareNote(_ fileName: String, part: String = "") -> String {
        "\(fileName): note: no request headers\(part): the definition is a bare payload and no option or configuration gives any, so the header "
            + "block is empty; give them with --push-type, --priority, --topic, --collapse-id, --expiration or --apns-id (or headers: in "
            + ".apns-lint.yml), or write a headers/payload envelope\n"
    }

    // MARK: Header options

    @Test func eachHeaderOptionFillsInTheHeaderOfABarePayload() throws {
        let dir = try workspace(["push.json": Self.bare])
        let cases: [(option: [String], line: String)] = [
            (["--push-type", "alert"], "apns-push-type: alert"),
            (["--priority", "5"], "apns-priority: 5"),
            (["--topic", "com.example.app"], "apns-topic: com.example.app"),
            (["--collapse-id", "game-7"], "apns-collapse-id: game-7"),
            (["--expiration", "0"], "apns-expiration: 0"),
            (["--apns-id", "6f1c1c3e-52a8-4b59-9a0c-0d2f5c1b9e77"], "apns-id: 6f1c1c3e-52a8-4b59-9a0c-0d2f5c1b9e77"),
        ]
        for (option, line) in cases {
            let result = try run(["render", "--headers"] + option + ["push.json"], in: dir)
            #expect(result.status == 0, "\(option)")
            #expect(result.stdout == line + "\n\n" + Self.bareRendered, "\(option)")
            #expect(result.stderr == "", "\(option)")
        }
        // All at once: in the order APNs documents them, as render always prints headers.
        let all = try run(["render", "--headers"] + cases.flatMap(\.option) + ["push.json"], in: dir)
        #expect(all.status == 0)
        #expect(all.stdout == """
            apns-push-type: alert
            apns-id: 6f1c1c3e-52a8-4b59-9a0c-0d2f5c1b9e77
            apns-expiration: 0
            apns-priority: 5
            apns-topic: com.example.app
            apns-collapse-id: game-7

            {"aps":{"alert":"Hi"}}

            """)
    }

    @Test func aFilesOwnHeaderWinsOverTheOption() throws {
        let dir = try workspace(["push.json": #"{"headers": {"apns-priority": "5"}, "payload": {"aps": {"alert": "Hi"}}}"#])
        let result = try run(["render", "--headers", "--priority", "10", "--topic", "com.example.app", "push.json"], in: dir)
        #expect(result.status == 0)
        #expect(result.stdout == "apns-priority: 5\napns-topic: com.example.app\n\n" + Self.bareRendered)
        #expect(result.stderr == "")
    }

    /// The options mean for render what they mean for check: the rules see the headers render prints.
    @Test func theOptionsAreTheRequestCheckLints() throws {
        let dir = try workspace(["refresh.json": #"{"aps": {"content-available": 1}}"#])
        let check = try run(["check", "--format", "concise", "--push-type", "background", "--priority", "10", "refresh.json"], in: dir)
        #expect(check.stdout.contains("[background-priority-10]"))
        let render = try run(["render", "--headers", "--push-type", "background", "--priority", "10", "refresh.json"], in: dir)
        #expect(render.status == 0)
        #expect(render.stdout == "apns-push-type: background\napns-priority: 10\n\n{\"aps\":{\"content-available\":1}}\n")
    }

    // MARK: A request without headers

    @Test func aBarePayloadWithHeadersPrintsAnEmptyBlockAndSaysWhy() throws {
        let dir = try workspace(["x.json": Self.bare])
        let result = try run(["render", "--headers", "x.json"], in: dir)
        #expect(result.status == 0)
        // The empty line stays: a request is always its header lines, an empty line, then its payload.
        #expect(result.stdout == "\n" + Self.bareRendered)
        #expect(result.stderr == Self.bareNote("x.json"))
        // Without --headers there is no header block to speak of.
        #expect(try run(["render", "x.json"], in: dir).stderr == "")
    }

    @Test func theNoteNamesTheFirstDefinitionWithoutHeadersAndCountsTheOthers() throws {
        let dir = try workspace([
            "three.yaml": "headers: {apns-push-type: alert}\npayload:\n  aps: {alert: Hi}\n---\naps: {badge: 1}\n---\naps: {badge: 2}\n",
            "empty-headers.json": #"{"headers": {}, "payload": {"aps": {"alert": "Hi"}}}"#,
            "sent.jsonl": "{\"aps\":{\"badge\":1}}\n{\"aps\":{\"badge\":2}}\n",
        ])
        let yaml = try run(["render", "--headers", "three.yaml"], in: dir)
        #expect(yaml.status == 0)
        #expect(yaml.stdout == "apns-push-type: alert\n\n{\"aps\":{\"alert\":\"Hi\"}}\n\n{\"aps\":{\"badge\":1}}\n\n{\"aps\":{\"badge\":2}}\n")
        #expect(yaml.stderr == Self.bareNote("three.yaml", part: " in document 2 of 3 (and 1 more)"))
        // One note for a whole stream, not one for each record.
        let stream = try run(["render", "--headers", "sent.jsonl"], in: dir)
        #expect(stream.status == 0)
        #expect(stream.stderr == Self.bareNote("sent.jsonl", part: " in record 1 (and 1 more)"))
        // An envelope is no bare payload: its headers are where to set them.
        let envelope = try run(["render", "--headers", "empty-headers.json"], in: dir)
        #expect(envelope.stdout == "\n" + Self.bareRendered)
        #expect(envelope.stderr == """
            empty-headers.json: note: no request headers: the definition sets none and no option or configuration gives any, so the header \
            block is empty; give them with --push-type, --priority, --topic, --collapse-id, --expiration or --apns-id (or headers: in \
            .apns-lint.yml), or set them in the definition

            """)
    }

    @Test func aSimulatorFileHasNoHeadersToNote() throws {
        // The Simulator reads no headers: its empty block is what is delivered, nothing to fix.
        let dir = try workspace(["push.apns": #"{"Simulator Target Bundle": "com.example.app", "aps": {"alert": "Hi"}}"#])
        let result = try run(["render", "--headers", "push.apns"], in: dir)
        #expect(result.status == 0)
        #expect(result.stdout == "\n{\"Simulator Target Bundle\":\"com.example.app\",\"aps\":{\"alert\":\"Hi\"}}\n")
        #expect(result.stderr == "")
    }

    // MARK: Several files and directories

    @Test func twoFilesAreEachHeadedByTheirPathInTheOrderGiven() throws {
        let dir = try workspace(["push/b.json": #"{"aps": {"badge": 1}}"#, "push/a.json": Self.bare])
        let result = try run(["render", "push/b.json", "push/a.json"], in: dir)
        #expect(result.status == 0)
        #expect(result.stdout == """
            ==> push/b.json <==
            {"aps":{"badge":1}}
            ==> push/a.json <==
            {"aps":{"alert":"Hi"}}

            """)
        #expect(result.stderr == "")
    }

    @Test func aDirectoryIsSearchedAsCheckSearchesIt() throws {
        let dir = try workspace([
            "push/a.json": Self.bare,
            "push/package.json": #"{"name": "app", "version": "1.0.0"}"#,
            "push/sent.jsonl": "{\"aps\":{\"badge\":1}}\n{\"aps\":{\"badge\":2}}\n",
            "push/sub/b.yaml": "headers:\n  apns-push-type: background\n  apns-priority: 5\npayload:\n  aps: {content-available: 1}\n",
            "push/.hidden.json": Self.bare,
        ])
        let result = try run(["render", "--headers", "push"], in: dir)
        #expect(result.status == 0)
        // package.json is no definition, .hidden.json is hidden: skipped, as check skips them; a stream's records
        // stay one request after another under its heading.
        #expect(result.stdout == """
            ==> push/a.json <==

            {"aps":{"alert":"Hi"}}
            ==> push/sent.jsonl <==

            {"aps":{"badge":1}}

            {"aps":{"badge":2}}
            ==> push/sub/b.yaml <==
            apns-push-type: background
            apns-priority: 5

            {"aps":{"content-available":1}}

            """)
        #expect(result.stderr == Self.bareNote("push/a.json") + Self.bareNote("push/sent.jsonl", part: " in record 1 (and 1 more)"))
        // The files render prints are those check lints, in the same order.
        let shown = try run(["check", "--show-files", "push"], in: dir)
        #expect(shown.stdout == "push/a.json\npush/sent.jsonl\npush/sub/b.yaml\n")
        #expect(try run(["render", "--show-files", "push"], in: dir).stdout == shown.stdout)
    }

    @Test func aDirectoryOfOneFileStillNamesIt() throws {
        let dir = try workspace(["push/a.json": Self.bare])
        let result = try run(["render", "push"], in: dir)
        #expect(result.status == 0)
        #expect(result.stdout == "==> push/a.json <==\n" + Self.bareRendered)
    }

    @Test func aDirectoryAndAPathThatCannotBeReadExitTwoAfterPrintingTheRest() throws {
        let dir = try workspace(["push/a.json": Self.bare, "push/b.json": #"{"aps": {"badge": 1}}"#])
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("push/gone.json").path, withDestinationPath: "nowhere.json")
        let result = try run(["render", "push", "missing.json"], in: dir)
        #expect(result.status == 2)
        #expect(result.stdout == "==> push/a.json <==\n" + Self.bareRendered + "==> push/b.json <==\n{\"aps\":{\"badge\":1}}\n")
        #expect(result.stderr == """
            apns-lint: error: cannot read 'push/gone.json': no such file or directory
            apns-lint: error: cannot read 'missing.json': no such file or directory

            """)
    }

    @Test(.enabled(if: Unprivileged.available,
                   "runs as root with no setpriv that nobody can use: chmod 000 does not stop root from reading"))
    func aFileThatCannotBeReadIsAnErrorAndTheOthersArePrinted() throws {
        let dir = try workspace(["push/a.json": Self.bare, "push/secret.json": Self.bare])
        let secret = dir.appendingPathComponent("push/secret.json").path
        chmod(secret, 0)
        defer { chmod(secret, 0o644) }
        let result = try Unprivileged.run(["render", "push"], in: dir)
        #expect(result.status == 2)
        #expect(result.stdout == "==> push/a.json <==\n" + Self.bareRendered)
        #expect(result.stderr == "apns-lint: error: cannot read 'push/secret.json': permission denied\n")
    }

    @Test func aFileWithSyntaxErrorsIsReportedAndTheOthersArePrinted() throws {
        let dir = try workspace(["push/a.json": Self.bare, "push/bad.json": #"{"aps": {"alert": "x",}}"#, "push/c.json": #"{"aps": {"badge": 1}}"#])
        let result = try run(["render", "push"], in: dir)
        #expect(result.status == 1)
        #expect(result.stdout == "==> push/a.json <==\n" + Self.bareRendered + "==> push/c.json <==\n{\"aps\":{\"badge\":1}}\n")
        #expect(result.stderr == "push/bad.json:1:22: error: trailing comma before '}': JSON (RFC 8259) does not allow a comma after the last element, and APNs and strict readers (Go's encoding/json, Python's json, JavaScript's JSON.parse) refuse it [invalid-json]\n")
    }

    @Test func standardInputComesLastUnderItsName() throws {
        let dir = try workspace(["push/a.json": Self.bare])
        let result = try run(["render", "-", "push/a.json", "--stdin-filename", "welcome.yaml"], stdin: Data("aps:\n  badge: 3\n".utf8), in: dir)
        #expect(result.status == 0)
        #expect(result.stdout == "==> push/a.json <==\n" + Self.bareRendered + "==> welcome.yaml <==\n{\"aps\":{\"badge\":3}}\n")
    }

    @Test func aDirectoryWithoutDefinitionsIsAnErrorAsForCheck() throws {
        let dir = try workspace(["other/package.json": #"{"name": "app"}"#])
        let result = try run(["render", "other"], in: dir)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == "apns-lint: error: no definition files found in other: 1 file was skipped: it does not look like a notification definition (--show-files says why)\n")
        #expect(try run(["check", "other"], in: dir).stderr == result.stderr)
    }
}
