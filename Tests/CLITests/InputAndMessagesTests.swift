import APNSLintTestSupport
import Foundation
import Testing

/// Issue 20, items 5 and 7: standard input in any format without a name, and clear messages for the first hour's
/// mistakes (a tab in YAML, a binary file, an --output path that cannot be written, NO_COLOR, a suppression without a
/// reason, --diff on a path that does not exist).
@Suite("apns-lint: standard input's format, and clear errors")
struct InputAndMessagesTests {
    // MARK: Standard input without --stdin-filename

    @Test func yamlOnStandardInputIsReadAsYAML() throws {
        let result = try run(["check", "--color", "never", "-"], stdin: Data("aps:\n  alert: Hi\n  sound: on\n".utf8))
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("<stdin>:3:10: warning: unquoted on is the string \"on\" here (YAML 1.2)"))
        #expect(result.stdout.hasSuffix("Found 1 warning in 1 of 1 file.\n"))
        #expect(result.stderr == "")
    }

    @Test func anErlangTermOnStandardInputIsReadAsErlang() throws {
        let term = "%% the welcome push\n[{aps, [{alert, <<\"Hi\">>}, {badge, <<\"5\">>}]}].\n"
        let result = try run(["check", "--color", "never", "-"], stdin: Data(term.utf8))
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("<stdin>:2:36: error: \"badge\" must be a whole number"))
        #expect(result.stderr == "")
    }

    @Test("each format is told from its content, with no note when the text reads as it", arguments: [
        // JSON: its first character is { or [.
        (#"{"aps": {"alert": 5}}"#, "<stdin>:1:19: error: \"alert\" must be a string or a dictionary"),
        // Erlang: a term that ends with a period, {atom, …} tuples, or <<"…">> binaries.
        ("[{aps, [{alert, 5}]}].", "<stdin>:1:17: error: \"alert\" must be a string or a dictionary"),
        // (Without its period the term is still read, and the missing period reported after the other findings.)
        ("[{aps, [{alert, 5}]}]", "<stdin>:1:17: error: \"alert\" must be a string or a dictionary"),
        ("{<<\"aps\">>, 1}", "<stdin>:1:1: error: apns_json:make_notification/1 raises error:function_clause"),
        // YAML: a flow mapping with plain keys, or anything that does not start with { or [.
        ("{aps: {alert: 5}}", "<stdin>:1:15: error: \"alert\" must be a string or a dictionary"),
        ("aps: {alert: 5}\n", "<stdin>:1:14: error: \"alert\" must be a string or a dictionary"),
        ("%YAML 1.2\n---\naps: {alert: 5}\n", "<stdin>:3:14: error: \"alert\" must be a string or a dictionary"),
        // A YAML alert that ends with a period is not taken for an Erlang term.
        ("aps:\n  alert: See you soon.\n  badge: '1'\n", "<stdin>:3:10: error: \"badge\" must be a whole number"),
    ])
    func formatFromContent(_ text: String, _ firstLine: String) throws {
        let result = try run(["check", "--color", "never", "-"], stdin: Data(text.utf8))
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix(firstLine), "\(result.stdout)")
        // Two of these are Erlang terms without their period, a syntax error: those get a note.
        if text.hasPrefix("[{aps, [{alert, 5}]}]") && !text.hasSuffix(".") || text.hasPrefix("{<<") {
            #expect(result.stdout.contains("[invalid-erlang-term]"))
            #expect(result.stderr.hasPrefix("apns-lint: note: standard input was taken for an Erlang term ("), "\(result.stderr)")
        } else {
            #expect(result.stderr == "", "\(result.stderr)")
        }
    }

    @Test func aBrokenTextGetsANoteSayingWhichFormatWasAssumed() throws {
        let json = try run(["check", "--color", "never", "-"], stdin: Data(#"{"aps": {"alert": "Hi"}"#.utf8))
        #expect(json.status == 1)
        #expect(json.stderr == """
            apns-lint: note: standard input was taken for JSON (it starts with '{') and has syntax errors as such; \
            if it is YAML or an Erlang term, name it with --stdin-filename (push.yaml, push.erl)

            """)
        #expect(json.stdout.hasPrefix("<stdin>:1:24: error: unexpected end of input: the '{' opened at 1:1 is never closed [invalid-json]"))

        let erlang = try run(["check", "--color", "never", "-"], stdin: Data("[{aps, [{alert, <<\"Hi\">>}]}]\n".utf8))
        #expect(erlang.status == 1)
        #expect(erlang.stderr == """
            apns-lint: note: standard input was taken for an Erlang term (it holds <<"…">> binaries) and has syntax errors as such; \
            if it is JSON or YAML, name it with --stdin-filename (push.json, push.yaml)

            """)

        let yaml = try run(["check", "--color", "never", "-"], stdin: Data("{aps: {alert: Hi".utf8))
        #expect(yaml.status == 1)
        #expect(yaml.stderr == """
            apns-lint: note: standard input was taken for YAML (it starts with a YAML flow mapping, {aps: …}) and has syntax errors as such; \
            if it is JSON or an Erlang term, name it with --stdin-filename (push.json, push.erl)

            """)
        #expect(yaml.stdout.hasPrefix("<stdin>:1:7: error: did not find expected ',' or '}' while parsing a flow mapping [invalid-yaml]"))
    }

    @Test func stdinFilenameStillPicksTheFormatAndANameWithoutExtensionLeavesItToTheContent() throws {
        // Named .json, YAML text is read as JSON (the name wins), with no note.
        let named = try run(["check", "--color", "never", "-", "--stdin-filename", "push.json"], stdin: Data("aps:\n  alert: Hi\n".utf8))
        #expect(named.status == 1)
        #expect(named.stdout.hasPrefix("push.json:1:1: error: "))
        #expect(named.stdout.contains("[invalid-json]"))
        #expect(named.stderr == "")
        // A name of no known extension: the content says YAML.
        let bare = try run(["check", "--color", "never", "-", "--stdin-filename", "welcome"], stdin: Data("aps:\n  alert: Hi\n  sound: on\n".utf8))
        #expect(bare.status == 0)
        #expect(bare.stdout.hasPrefix("welcome:3:10: warning: unquoted on"))
    }

    @Test func emptyStandardInputIsStillJSONWithNoNote() throws {
        let result = try run(["check", "--color", "never", "-"], stdin: Data())
        #expect(result.status == 1)
        #expect(result.stdout.contains("[invalid-json]"))
        #expect(result.stderr == "")
    }

    @Test func renderReadsYAMLAndErlangFromStandardInput() throws {
        let yaml = try run(["render", "-"], stdin: Data("aps:\n  alert: Welcome\n".utf8))
        #expect(yaml.status == 0)
        #expect(yaml.stdout == #"{"aps":{"alert":"Welcome"}}"# + "\n")
        #expect(yaml.stderr == "")
        let erlang = try run(["render", "-"], stdin: Data("[{aps, [{alert, <<\"Welcome\">>}]}].\n".utf8))
        #expect(erlang.status == 0)
        #expect(erlang.stdout == #"{"aps":{"alert":"Welcome"}}"# + "\n")
        #expect(erlang.stderr == "")
        let broken = try run(["render", "-"], stdin: Data("aps:\n\talert: Welcome\n".utf8))
        #expect(broken.status == 1)
        #expect(broken.stdout == "")
        #expect(broken.stderr.hasPrefix("""
            apns-lint: note: standard input was taken for YAML (it does not start with '{' or '[' and is no Erlang term) and has syntax errors as such; \
            if it is JSON or an Erlang term, name it with --stdin-filename (push.json, push.erl)

            """))
        #expect(broken.stderr.contains("a tab indents this line, and YAML forbids tabs for indentation"))
    }

    // MARK: A tab in YAML

    @Test func aTabIndentedYAMLFileSaysTab() throws {
        let dir = try workspace(["push.yaml": "aps:\n  alert:\n\t  title: Hi\n"])
        let result = try run(["check", "--color", "never", "push.yaml"], in: dir)
        #expect(result.status == 1)
        #expect(result.stdout == """
            push.yaml:3:1: error: a tab indents this line, and YAML forbids tabs for indentation [invalid-yaml]
              |
            3 |       title: Hi
              | ^^^^
              = help: indent with spaces (the same number on every line of a level)

            Found 1 error in 1 of 1 file.

            """)
        #expect(result.stderr == "")
    }

    // MARK: A binary file

    @Test func aBinaryFileIsSaidToBeOne() throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1]
        let dir = try workspace(["icon.json": Data(png)])
        let result = try run(["check", "--color", "never", "icon.json"], in: dir)
        #expect(result.status == 1)
        #expect(result.stdout == """
            icon.json: error: this looks like a binary file, not a definition: it holds NUL bytes (the first at byte offset 8), which no JSON, YAML or Erlang text does [invalid-json]
             = help: lint the definition's source (JSON, YAML or an Erlang term, as UTF-8 text); leave other files out of the paths or exclude them in the configuration

            Found 1 error in 1 of 1 file.

            """)
        #expect(result.stderr == "")
        // On standard input too, with no note about the format.
        let piped = try run(["check", "--color", "never", "-"], stdin: Data(png))
        #expect(piped.status == 1)
        #expect(piped.stdout.hasPrefix("<stdin>: error: this looks like a binary file, not a definition"))
        #expect(piped.stderr == "")
    }

    // MARK: --output

    @Test func anOutputInAMissingDirectoryNamesThePathAndWhy() throws {
        let dir = try workspace(["ok.json": #"{"aps": {"alert": "Hi"}}"#])
        let missing = dir.appendingPathComponent("missing/dir/r.sarif").path
        let result = try run(["check", "--output", "sarif=\(missing)", "ok.json"], in: dir)
        #expect(result.status == 2)
        #expect(result.stdout == "No problems found in 1 file.\n")
        #expect(result.stderr == "apns-lint: error: cannot write the sarif report to '\(missing)': the directory '\(dir.appendingPathComponent("missing/dir").path)' does not exist\n")

        let relative = try run(["check", "--output", "junit=out/r.xml", "ok.json"], in: dir)
        #expect(relative.status == 2)
        #expect(relative.stderr == "apns-lint: error: cannot write the junit report to 'out/r.xml': the directory 'out' does not exist\n")
    }

    @Test func anOutputThatIsADirectoryOrUnderAFileSaysSo() throws {
        let dir = try workspace(["ok.json": #"{"aps": {"alert": "Hi"}}"#, "reports/keep": ""])
        let directory = try run(["check", "--output", "sarif=reports", "ok.json"], in: dir)
        #expect(directory.status == 2)
        #expect(directory.stderr == "apns-lint: error: cannot write the sarif report to 'reports': it is a directory\n")
        let underFile = try run(["check", "--output", "sarif=ok.json/r.sarif", "ok.json"], in: dir)
        #expect(underFile.status == 2)
        #expect(underFile.stderr == "apns-lint: error: cannot write the sarif report to 'ok.json/r.sarif': 'ok.json' is not a directory\n")
    }

    @Test func anOutputFileIsCreatedAndThenReplaced() throws {
        let dir = try workspace(["ok.json": #"{"aps": {"alert": "Hi"}}"#])
        #expect(try run(["check", "--output", "json=r.json", "ok.json"], in: dir).status == 0)
        try Data("old".utf8).write(to: dir.appendingPathComponent("r.json"))
        let again = try run(["check", "--output", "json=r.json", "ok.json"], in: dir)
        #expect(again.status == 0)
        #expect(again.stderr == "")
        let written = try String(contentsOf: dir.appendingPathComponent("r.json"), encoding: .utf8)
        #expect(written.hasPrefix("{") || written.hasPrefix("["))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["ok.json", "r.json"])
    }

    // MARK: NO_COLOR and --color

    /// no-color.org: NO_COLOR is the default an explicit option overrides, so --color always wins.
    @Test func colorAlwaysWinsOverNoColorAndNoColorTurnsOffAuto() throws {
        let dir = try workspace(["bad.json": #"{"aps": {"badge": "5"}}"#])
        let forced = try run(["check", "--color", "always", "bad.json"], in: dir, environment: ["NO_COLOR": "1"])
        #expect(forced.stdout.hasPrefix("\u{1B}["))
        #expect(forced.stdout.contains("\u{1B}[1;31merror"))
        let never = try run(["check", "--color", "never", "bad.json"], in: dir, environment: ["NO_COLOR": ""])
        #expect(!never.stdout.contains("\u{1B}["))
        let help = try run(["check", "--help"])
        #expect(help.stdout.contains("always (even when NO_COLOR is"))
    }

    // MARK: A suppression without a reason

    @Test func aSuppressionWithoutAReasonSuppressesNothing() throws {
        let dir = try workspace(["push.yaml": "aps:\n  alert: Hi\n  # apns-lint: disable-next-line badge-invalid\n  badge: '4'\n"])
        let result = try run(["check", "--color", "never", "push.yaml"], in: dir)
        #expect(result.status == 1)
        let headlines = result.stdout.split(separator: "\n").filter { $0.hasPrefix("push.yaml:") }
        #expect(headlines == [
            "push.yaml:3:16: warning: this suppression gives no reason, so it suppresses nothing: say after -- why the finding is accepted [invalid-suppression]",
            #"push.yaml:4:10: error: "badge" must be a whole number (the count on the app icon), but it is a string ("4"); senders drop or coerce such a value, so the icon does not show the count you meant [badge-invalid]"#,
        ])
        #expect(result.stdout.hasSuffix("Found 1 error and 1 warning in 1 of 1 file.\n"))
        // With a reason, the same comment suppresses the finding.
        let reasoned = try workspace(["push.yaml": "aps:\n  alert: Hi\n  # apns-lint: disable-next-line badge-invalid -- old server\n  badge: '4'\n"])
        let accepted = try run(["check", "--color", "never", "push.yaml"], in: reasoned)
        #expect(accepted.status == 0)
        #expect(accepted.stdout == "No problems found in 1 file.\n")
    }

    // MARK: --diff and a path that does not exist

    @Test("--diff, --fix and --fix-only on a missing path: the path error alone, exit 2", arguments: ["--diff", "--fix", "--fix-only"])
    func fixModesOnAMissingPath(_ mode: String) throws {
        let dir = try workspace(["ok.json": #"{"aps": {"alert": "Hi"}}"#])
        let result = try run(["check", mode, "nope.json"], in: dir)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == "apns-lint: error: cannot read 'nope.json': no such file or directory\n")
    }

    @Test func diffWithAMissingPathBesideAFileReportsTheErrorBeforeTheCount() throws {
        let dir = try workspace(["a.json": #"{"aps": {"alert": "Hi"}}"#])
        let result = try run(["check", "--diff", "a.json", "nope.json"], in: dir)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == "apns-lint: error: cannot read 'nope.json': no such file or directory\n0 files would be changed by 0 fixes.\n")
    }

    // MARK: Input that never ends

    /// `/dev/zero` named as a file, and on standard input: read up to the limit, then a clear error and exit 2, not a
    /// crash when memory runs out.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/zero")))
    func inputThatNeverEndsStopsAtTheLimit() throws {
        let reason = "is over 256 MiB, the most apns-lint reads as one definition (APNs takes at most 5 KB; "
            + "a log of many definitions is read a line at a time as JSON Lines, .jsonl)"
        for command in ["check", "render"] {
            let named = try run([command, "/dev/zero"])
            #expect(named.status == 2)
            #expect(named.stdout == "")
            #expect(named.stderr == "apns-lint: error: cannot read '/dev/zero': it \(reason)\n")
            let piped = try run(["-c", "exec \"$0\" \(command) - < /dev/zero", binary.path], executable: "/bin/sh")
            #expect(piped.status == 2)
            #expect(piped.stderr == "apns-lint: error: cannot read '<stdin>': it \(reason)\n")
        }
    }
}
