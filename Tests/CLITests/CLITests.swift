import APNSLint
import APNSLintTestSupport
import Foundation
import Testing

// End-to-end tests of the built `apns-lint` binary: stdout, stderr and exit codes (`run`, `workspace`:
// APNSLintTestSupport).

@Suite("apns-lint check, end to end")
struct CheckCommandTests {
    @Test func cleanFileExitsZero() throws {
        let dir = try workspace(["ok.json": #"{"aps": {"alert": "Hi"}}"#])
        let result = try run(["check", "ok.json"], in: dir)
        #expect(result.status == 0)
        #expect(result.stdout == "No problems found in 1 file.\n")
        #expect(result.stderr == "")
    }

    @Test func errorIsPrintedWithExcerptHelpAndSummaryAndExitsOne() throws {
        let dir = try workspace(["bad.json": "{\n  \"aps\": {\n    \"badge\": \"5\"\n  }\n}\n"])
        let result = try run(["check", "bad.json"], in: dir)
        #expect(result.status == 1)
        #expect(result.stdout == """
            bad.json:3:14: error: "badge" must be a whole number (the count on the app icon), but it is a string ("5"); senders drop or coerce such a value, so the icon does not show the count you meant [badge-invalid]
              |
            3 |     "badge": "5"
              |              ^^^
              = help: write the number without quotes: 5

            Found 1 error in 1 of 1 file.

            """)
        #expect(result.stderr == "")
    }

    @Test func defaultCommandIsCheck() throws {
        let dir = try workspace(["bad.json": #"{"aps": {"badge": "5"}}"#])
        let result = try run(["bad.json"], in: dir)
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("bad.json:1:19: error: "))
    }

    @Test func warningsPassUnlessStrict() throws {
        let dir = try workspace(["w.json": #"{"aps": {"alert": "Hi", "thread_id": "t"}}"#])
        let relaxed = try run(["check", "w.json"], in: dir)
        #expect(relaxed.status == 0)
        #expect(relaxed.stdout.contains("w.json:1:25: warning: \"thread_id\" is not a key APNs knows in \"aps\""))
        #expect(relaxed.stdout.hasSuffix("Found 1 warning in 1 of 1 file.\n"))
        let strict = try run(["check", "--strict", "w.json"], in: dir)
        #expect(strict.status == 1)
    }

    @Test func missingPathExitsTwoWithMessage() throws {
        let dir = try workspace(["ok.json": #"{"aps": {}}"#])
        let result = try run(["check", "ok.json", "nope.json"], in: dir)
        #expect(result.status == 2)
        #expect(result.stderr == "apns-lint: error: cannot read 'nope.json': no such file or directory\n")
        #expect(result.stdout == "No problems found in 1 file; 1 path could not be read.\n")
    }

    @Test func usageErrorExitsTwo() throws {
        let result = try run(["check", "--no-such-option", "x.json"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("Unknown option '--no-such-option'"))
        #expect(result.stdout == "")
    }

    @Test func stdinFilenameWithoutDashIsAUsageError() throws {
        let result = try run(["check", "--stdin-filename", "x.json", "a.json"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--stdin-filename names standard input"))
    }

    @Test func helpExitsZero() throws {
        let result = try run(["check", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("--stdin-filename"))
        #expect(result.stdout.contains("--push-type"))
    }

    /// A plain `check` is parsed by itself first (`APNSLintCommand.parseCommandLine`); what it cannot parse is parsed
    /// from the root: help, --version and usage errors come out as the root's, named or as the default subcommand.
    @Test func checkParsedByItselfSaysWhatTheRootSays() throws {
        let dir = try workspace(["w.json": #"{"aps": {"alert": "Hi", "thread_id": "t"}}"#])
        let help = try run(["help", "check"])
        #expect(help.status == 0 && help.stdout.hasPrefix("OVERVIEW: Lint notification definitions"))
        for arguments in [["check", "--help"], ["w.json", "-h"], ["check", "w.json", "--help"]] {
            let result = try run(arguments, in: dir)
            #expect(result.status == 0 && result.stdout == help.stdout && result.stderr.isEmpty, "\(arguments)")
        }
        for arguments in [["check", "--version"], ["w.json", "--version"], ["check", "w.json", "--version"]] {
            let result = try run(arguments, in: dir)
            #expect(result.status == 0 && result.stdout == "apns-lint \(APNSLintTool.version) (commit unknown)\n", "\(arguments)")
        }
        let usage = "Error: Unknown option '--xyzzy-plugh'\nUsage: apns-lint check [<options>] [<paths> ...]\n  See 'apns-lint check --help' for more information.\n"
        for arguments in [["check", "--xyzzy-plugh", "w.json"], ["w.json", "--xyzzy-plugh"]] {
            let result = try run(arguments, in: dir)
            #expect(result.status == 2 && result.stdout.isEmpty && result.stderr == usage, "\(arguments)")
        }
        let named = try run(["check", "w.json"], in: dir)
        #expect(named.status == 0 && named.stdout.hasSuffix("Found 1 warning in 1 of 1 file.\n"))
        for arguments in [["w.json"], ["--quiet", "w.json"], ["check", "--", "w.json"]] {
            let result = try run(arguments, in: dir)
            #expect(result.status == 0 && result.stdout.hasPrefix(named.stdout.prefix(40)), "\(arguments)")
        }
        // A subcommand's name after check's is a path, as before.
        let render = try run(["check", "render"], in: dir)
        #expect(render.status == 2 && render.stderr == "apns-lint: error: cannot read 'render': no such file or directory\n")
    }

    /// The help texts build their lists of values from the enums: a new dialect or input format cannot be left out.
    @Test func helpListsEveryDialectAndEveryInputFormat() throws {
        let help = try run(["check", "--help"]).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        func words(_ text: Substring) -> Set<String> {
            Set(text.split { !($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }.map(String.init))
        }
        // The discussion, before USAGE, names the extensions searched for.
        let usage = try #require(help.range(of: "USAGE:"))
        let discussion = words(help[..<usage.lowerBound])
        for format in InputFormat.allCases {
            for fileExtension in format.fileExtensions {
                #expect(discussion.contains("." + fileExtension), "\(format): .\(fileExtension)")
            }
        }
        // --dialect's own text, without the "(values: …)" ArgumentParser adds.
        let dialectOption = try #require(help.range(of: "--dialect <dialect> "))
        let values = try #require(help[dialectOption.upperBound...].range(of: "(values:"))
        let dialectText = words(help[dialectOption.upperBound..<values.lowerBound])
        for dialect in Dialect.allCases {
            #expect(dialectText.contains(dialect.rawValue), "\(dialect)")
        }
    }

    @Test func standardInputUsesTheGivenName() throws {
        let result = try run(["check", "-", "--stdin-filename", "push/welcome.json"], stdin: Data(#"{"aps": {"alert": 5}}"#.utf8))
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("push/welcome.json:1:19: error: \"alert\" must be a string or a dictionary"))
    }

    @Test func standardInputWithoutNameIsCalledStdin() throws {
        let result = try run(["check", "-"], stdin: Data("{}".utf8))
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("<stdin>:1:1: error: the payload has no \"aps\" dictionary"))
    }

    @Test func directoriesAreSearchedRecursivelyInSortedOrderSkippingHiddenAndOtherFiles() throws {
        let dir = try workspace([
            "defs/b.json": #"{"aps": {"badge": "1"}}"#,
            "defs/a/z.json": #"{"aps": {"badge": "2"}}"#,
            "defs/.hidden/x.json": #"{"aps": {"badge": "3"}}"#,
            "defs/notes.txt": "not json",
        ])
        let result = try run(["check", "--color", "never", "defs"], in: dir)
        #expect(result.status == 1)
        let locations = result.stdout.split(separator: "\n").filter { $0.contains(": error: ") }.map { $0.split(separator: " ")[0] }
        #expect(locations == ["defs/a/z.json:1:19:", "defs/b.json:1:19:"])
        #expect(result.stdout.hasSuffix("Found 2 errors in 2 of 2 files.\n"))
    }

    @Test func directoryWithoutDefinitionsExitsTwo() throws {
        let dir = try workspace(["empty/readme.txt": "nothing"])
        let result = try run(["check", "empty"], in: dir)
        #expect(result.status == 2)
        #expect(result.stderr == "apns-lint: error: no definition files found in empty (looked for .json, .apns, .yaml, .yml, .erl, .eterm, .term, .config, .jsonl, .ndjson)\n")
    }

    @Test func headerOptionsApplyToBarePayloadsAndSayWhereTheyCameFrom() throws {
        let dir = try workspace(["sync.json": #"{"aps": {"content-available": 1}}"#])
        let result = try run(["check", "--strict", "--priority", "10", "sync.json"], in: dir)
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("""
            sync.json: warning: priority 10 on a background push: \"aps\" has content-available and nothing to show (a background update), which must not be sent at priority 10; APNs accepts it, but the system may deliver it late or never wake the app (node-apn issue #241) [background-priority-10]
             = note: apns-priority comes from the command line: --priority 10
             = help: set apns-priority to 5

            """))
        let bare = try run(["check", "sync.json"], in: dir)
        #expect(bare.status == 0)
    }

    /// On a terminal (a pseudo-terminal from util-linux `script`), colour is on unless NO_COLOR is set.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func colourOnATerminalRespectsNoColor() throws {
        let dir = try workspace(["bad.json": #"{"aps": {"badge": "5"}}"#])
        let command = "\(binary.path) check bad.json"
        let tty = try run(["-c", "script -qec '\(command)' /dev/null"], in: dir, environment: ["TERM": "xterm", "NO_COLOR": ""],
                          executable: "/bin/sh")
        #expect(tty.stdout.contains("\u{1B}[1;31merror"))
        let noColor = try run(["-c", "script -qec '\(command)' /dev/null"], in: dir, environment: ["TERM": "xterm", "NO_COLOR": "1"],
                              executable: "/bin/sh")
        #expect(noColor.stdout.hasPrefix("bad.json:1:19: error: "))
        #expect(!noColor.stdout.contains("\u{1B}["))
    }

    @Test func colourOnlyWhenAskedOrOnATerminal() throws {
        let dir = try workspace(["bad.json": #"{"aps": {"badge": "5"}}"#])
        #expect(try run(["check", "bad.json"], in: dir).stdout.contains("\u{1B}[") == false)
        #expect(try run(["check", "--color", "always", "bad.json"], in: dir).stdout.contains("\u{1B}[1;31merror"))
        #expect(try run(["check", "--color", "never", "bad.json"], in: dir).stdout.contains("\u{1B}[") == false)
    }
}

@Suite("apns-lint on YAML, end to end")
struct YAMLCommandTests {
    @Test func yamlFilesAreFoundAndMultiDocumentFindingsSayWhichDocument() throws {
        let dir = try workspace([
            "defs/a.json": #"{"aps": {"alert": "Hi"}}"#,
            "defs/b.yml": "aps:\n  alert: Hi\n",
            "defs/c.yaml": "aps:\n  alert: Hi\n---\naps:\n  badge: \"2\"\n",
        ])
        let result = try run(["check", "--color", "never", "defs"], in: dir)
        #expect(result.status == 1)
        #expect(result.stdout == """
            defs/c.yaml:5:10: error: "badge" must be a whole number (the count on the app icon), but it is a string ("2"); senders drop or coerce such a value, so the icon does not show the count you meant [badge-invalid]
              |
            5 |   badge: "2"
              |          ^^^
              = note: in document 2 of 2
              = help: write the number without quotes: 2

            Found 1 error in 1 of 3 files.

            """)
    }

    @Test func aSyntaxErrorInALaterDocumentNamesThatDocument() throws {
        // The third document (YAML) and the third term (Erlang) are cut short: they count as documents of the file.
        let dir = try workspace([
            "cut.yaml": "aps:\n  alert: Hi\n---\naps:\n  badge: \"2\"\n---\naps: [1\n",
            "cut.config": "[{alert, <<\"Hi\">>}].\n[{badge, 1}].\n[{alert, <<\"Hi\">>.\n",
        ])
        let result = try run(["check", "--color", "never", "cut.yaml", "cut.config"], in: dir)
        #expect(result.status == 1)
        #expect(result.stdout == """
            cut.yaml:5:10: error: "badge" must be a whole number (the count on the app icon), but it is a string ("2"); senders drop or coerce such a value, so the icon does not show the count you meant [badge-invalid]
              |
            5 |   badge: "2"
              |          ^^^
              = note: in document 2 of 3
              = help: write the number without quotes: 2

            cut.yaml:7:6: error: did not find expected ',' or ']' while parsing a flow sequence [invalid-yaml]
              |
            7 | aps: [1
              |      ^
              = note: in document 3 of 3
              = help: the input ends before this is closed (the file may be truncated)

            cut.config:3:18: error: the tuple opened at 3:2 is never closed [invalid-erlang-term]
              |
            3 | [{alert, <<"Hi">>.
              |                  ^
              = note: in document 3 of 3
              = help: add the missing '}' (the file may be truncated)

            Found 3 errors in 2 of 2 files.

            """)
    }

    @Test func yamlOnStandardInput() throws {
        let result = try run(["check", "-", "--stdin-filename", "push.yaml"], stdin: Data("aps:\n  alert: Hi\n  sound: on\n".utf8))
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("push.yaml:3:10: warning: unquoted on is the string \"on\" here (YAML 1.2)"))
    }

    func checkYAML(_ data: Data, expect location: String, _ rule: String, _ message: String) throws {
        let dir = try workspace(["in.yaml": data])
        let result = try run(["check", "--color", "never", "in.yaml"], in: dir)
        #expect(result.status == 1, "stderr: \(result.stderr)")
        let first = result.stdout.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix("in.yaml:\(location): error: "), "\(first.prefix(200))")
        #expect(first.contains(message), "\(first.prefix(200))")
        #expect(first.hasSuffix("[\(rule)]"))
    }

    @Test func aliasBombEndsWithADiagnostic() throws {
        var text = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for (name, previous) in zip("bcdefghi", "abcdefgh") {
            text += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ") + "]\n"
        }
        try checkYAML(Data(text.utf8), expect: "6:8", "yaml-alias-limit", "aliases expand to more than 100000 values")
    }

    @Test func truncatedYAML() throws {
        try checkYAML(Data("aps:\n  alert:\n    body: \"Your order".utf8), expect: "3:11", "invalid-yaml", "found unexpected end of stream")
    }

    /// Issue 20: binary garbage is said to be binary, for the whole file; a stray bad byte is placed by the reader.
    @Test func binaryGarbageAsYAML() throws {
        let dir = try workspace(["in.yaml": Data([0x61, 0x3A, 0x20, 0xFF, 0xFE, 0x00, 0x01])])
        let result = try run(["check", "--color", "never", "in.yaml"], in: dir)
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("in.yaml: error: this looks like a binary file, not a definition: it holds NUL bytes (the first at byte offset 5), which no JSON, YAML or Erlang text does [invalid-yaml]\n"))
        try checkYAML(Data([0x61, 0x3A, 0x20, 0xFF, 0xFE, 0x01]), expect: "1:4", "invalid-yaml", "invalid UTF-8")
    }

    // A 50 MB file: Tests/StressTests/CLIStressTests.swift (`swift test --filter StressTests`).
}

@Suite("apns-lint on Erlang terms, end to end")
struct ErlangCommandTests {
    @Test func erlangFindingsPointIntoTheErlangSource() throws {
        let dir = try workspace(["push/invite.erl": """
            %% A game invite.
            [
                {'alert', [{'body', <<"Jenna invited you">>},
                           {'loc-args', [<<"Jenna">>]}]},
                {'badge', 1}
            ].

            """])
        let result = try run(["check", "--color", "never", "push"], in: dir)
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("""
            push/invite.erl:4:17: error: "loc-args" is given without "loc-key"
            """))
        #expect(result.stdout.contains("""
            4 |                {'loc-args', [<<"Jenna">>]}]},
              |                 ^^^^^^^^^^
            """))
    }

    @Test func erlangOnStandardInput() throws {
        // apns_json's to_bin/1 sends the character list as the text "Hi", as a binary would be; the sound's integer
        // is sent as the text "5".
        let result = try run(["check", "-", "--stdin-filename", "n.eterm"], stdin: Data("[{alert, \"Hi\"}, {sound, 5}].".utf8))
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("n.eterm:1:25: warning: apns_json:make_notification/1 sends the integer 5 as the text \"5\""))
    }

    /// Issue 37: standard input named as a Simulator file is read as the Simulator reads it.
    @Test func simulatorFileOnStandardInput() throws {
        let result = try run(["check", "--format", "concise", "-", "--stdin-filename", "push/welcome.apns"],
                             stdin: Data(#"{"Simulator Target Bundle": "com.example.app.complication", "aps": {}}"#.utf8))
        #expect(result.status == 1)
        #expect(result.stdout == """
            push/welcome.apns:1:29: error: "com.example.app.complication" is a watch complication topic (.complication): simctl delivers only app remote notifications ("VoIP, Complication, File Provider, and other types are not supported") [simulator-push-unsupported]
            Found 1 error in 1 of 1 file.

            """)
    }

    @Test func malformedTermsEndWithADiagnostic() throws {
        for (text, location, message) in [
            ("[{alert, <<\"Hi\">>}", "1:19", "the list opened at 1:1 is never closed"),
            ("[{alert, <<\"Hi\">>}] junk.", "1:21", "expected '.' after the term"),
            ("\u{FF}", "1:1", "invalid UTF-8"),
            (String(repeating: "[", count: 100_000), "1:513", "nesting is deeper than 512 levels"),
        ] {
            let dir = try workspace(["t.erl": Data((text == "\u{FF}" ? [0xFF] : Array(text.utf8)))])
            let result = try run(["check", "--color", "never", "t.erl"], in: dir)
            #expect(result.status == 1)
            let first = result.stdout.split(separator: "\n").first.map(String.init) ?? ""
            #expect(first.hasPrefix("t.erl:\(location): error: "), "\(first)")
            #expect(first.contains(message), "\(first)")
            #expect(first.hasSuffix("[invalid-erlang-term]"))
        }
    }
}

@Suite("apns-lint on garbage: a diagnostic at the right place, never a crash or a hang")
struct GarbageInputTests {
    /// Issue 20: binary garbage is said to be binary, for the whole file (no place: an excerpt of it shows nothing).
    @Test func binaryGarbage() throws {
        var generator = SystemRandomNumberGenerator()
        var bytes = (0..<65_536).map { _ in UInt8.random(in: 0...255, using: &generator) }
        bytes[0] = 0xFF
        // Not FF FE: that is UTF-16's byte order mark, which is left to the reader (1 run in 256 drew it).
        if bytes[1] == 0xFE { bytes[1] = 0x80 }
        let dir = try workspace(["in.json": Data(bytes)])
        let result = try run(["check", "--color", "never", "in.json"], in: dir)
        #expect(result.status == 1)
        let first = result.stdout.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix("in.json: error: this looks like a binary file, not a definition: "), "\(first.prefix(200))")
        #expect(first.hasSuffix("[invalid-json]"))
        // Without NUL bytes too.
        let noNUL = bytes.map { $0 == 0 ? 0xFF : $0 }
        try Data(noNUL).write(to: dir.appendingPathComponent("in.json"))
        let second = try run(["check", "--color", "never", "in.json"], in: dir)
        #expect(second.stdout.hasPrefix("in.json: error: this looks like a binary file, not a definition: "))
        #expect(second.stdout.contains(" of its first 8192 bytes are control characters or not UTF-8 [invalid-json]\n"))
    }

    @Test func aStrayBadByteIsPlacedByTheReader() throws {
        try checkInvalidJSON(Data([0xFF] + Array(#"{"aps": {"alert": "Hi"}}"#.utf8)), expect: "1:1", "invalid UTF-8: byte 0xFF at byte offset 0")
    }

    @Test func truncatedDefinition() throws {
        try checkInvalidJSON(Data("{\n  \"aps\": {\n    \"alert\": \"Hel".utf8), expect: "3:14", "unterminated string")
        try checkInvalidJSON(Data("{\n  \"aps\": {\n    \"badge\": 1".utf8), expect: "3:15", "the '{' opened at 2:10 is never closed")
    }

    @Test func emptyFile() throws {
        try checkInvalidJSON(Data(), expect: "1:1", "empty input")
    }

    @Test func nested100000Deep() throws {
        try checkInvalidJSON(Data(String(repeating: "[", count: 100_000).utf8), expect: "1:513", "nesting is deeper than 512 levels")
        try checkInvalidJSON(Data(String(repeating: #"{"a":"#, count: 100_000).utf8), expect: "1:2561", "nesting is deeper than 512 levels")
    }

    // 100 MB inputs: Tests/StressTests/CLIStressTests.swift (`swift test --filter StressTests`).
}
