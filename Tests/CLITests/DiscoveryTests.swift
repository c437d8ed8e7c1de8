import APNSLint
import APNSLintTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs the binary as an unprivileged user, so file permissions apply: directly when the tests do not run as root;
/// as root, through util-linux `setpriv` as `nobody` (65534), when it exists and `nobody` can run the binary.
enum Unprivileged {
    static let setpriv = "/usr/bin/setpriv"
    static let nobody = ["--reuid=65534", "--regid=65534", "--clear-groups"]

    /// False when permissions cannot be tested here (root with no way to drop privileges).
    static let available: Bool = {
        if getuid() != 0 { return true }
        guard FileManager.default.isExecutableFile(atPath: setpriv) else { return false }
        // The build directory may sit where nobody cannot reach it (a root home directory).
        return (try? APNSLintTestSupport.run(nobody + [binary.path, "--help"], executable: setpriv))?.status == 0
    }()

    static func run(_ arguments: [String], in directory: URL) throws -> CLIResult {
        getuid() == 0 ? try APNSLintTestSupport.run(nobody + [binary.path] + arguments, in: directory, executable: setpriv)
            : try APNSLintTestSupport.run(arguments, in: directory)
    }
}

/// Which files `check` lints when it walks a directory, and that it never loses one silently.
@Suite("apns-lint check: discovery")
struct DiscoveryTests {
    static let badBadge = #"{"aps": {"badge": "1"}}"#
    static let badBadgeReport = """
        defs/ok.json:1:19: error: "badge" must be a whole number (the count on the app icon), but it is a string ("1"); senders drop or coerce such a value, so the icon does not show the count you meant [badge-invalid]
          |
        1 | {"aps": {"badge": "1"}}
          |                   ^^^
          = help: write the number without quotes: 1


        """

    // MARK: Unreadable directories and files

    /// chmod 000 means nothing to root: as root, `Unprivileged` drops to `nobody` through setpriv, and the test is
    /// skipped only where that is impossible.
    @Test(.enabled(if: Unprivileged.available,
                   "runs as root with no setpriv that nobody can use: chmod 000 does not stop root from reading"))
    func unreadableDirectoryAndFileAreErrorsAndTheRestIsLinted() throws {
        let dir = try workspace([
            "defs/ok.json": Self.badBadge,
            "defs/locked/inside.json": Self.badBadge,
            "defs/secret.json": Self.badBadge,
        ])
        let locked = dir.appendingPathComponent("defs/locked").path, secret = dir.appendingPathComponent("defs/secret.json").path
        chmod(locked, 0)
        chmod(secret, 0)
        defer {
            chmod(locked, 0o755)
            chmod(secret, 0o644)
        }

        let walked = try Unprivileged.run(["check", "--color", "never", "defs"], in: dir)
        #expect(walked.status == 2)
        #expect(walked.stderr == """
            apns-lint: error: cannot read 'defs/locked': permission denied
            apns-lint: error: cannot read 'defs/secret.json': permission denied

            """)
        #expect(walked.stdout == Self.badBadgeReport + "Found 1 error in 1 of 1 file; 2 paths could not be read.\n")

        // Named directly, the directory is unreadable, not empty.
        let named = try Unprivileged.run(["check", "defs/locked"], in: dir)
        #expect(named.status == 2)
        #expect(named.stdout == "")
        #expect(named.stderr == "apns-lint: error: cannot read 'defs/locked': permission denied\n")

        // A file inside it cannot even be looked at.
        let inside = try Unprivileged.run(["check", "defs/locked/inside.json"], in: dir)
        #expect(inside.status == 2)
        #expect(inside.stderr == "apns-lint: error: cannot read 'defs/locked/inside.json': permission denied\n")

        let shown = try Unprivileged.run(["check", "--show-files", "defs"], in: dir)
        #expect(shown.status == 2)
        #expect(shown.stdout == "defs/ok.json\n")
        #expect(shown.stderr == """
            apns-lint: error: cannot read 'defs/locked': permission denied
            apns-lint: error: cannot read 'defs/secret.json': permission denied

            """)
    }

    /// The same error path as the unreadable directory, in a way permissions do not decide (it runs as root too):
    /// links to files that cannot be reached.
    @Test func danglingAndLoopingLinksFoundWhileWalkingAreErrorsAndTheRestIsLinted() throws {
        let dir = try workspace(["defs/ok.json": Self.badBadge])
        let defs = dir.appendingPathComponent("defs")
        try FileManager.default.createSymbolicLink(atPath: defs.appendingPathComponent("gone.json").path, withDestinationPath: "missing.json")
        try FileManager.default.createSymbolicLink(atPath: defs.appendingPathComponent("loop.yaml").path, withDestinationPath: "loop.yaml")
        // A link that would not be linted anyway (not a definition's extension) is no error.
        try FileManager.default.createSymbolicLink(atPath: defs.appendingPathComponent("notes.txt").path, withDestinationPath: "nowhere.txt")

        let walked = try run(["check", "--color", "never", "defs"], in: dir)
        #expect(walked.status == 2)
        #expect(walked.stderr == """
            apns-lint: error: cannot read 'defs/gone.json': no such file or directory
            apns-lint: error: cannot read 'defs/loop.yaml': too many levels of symbolic links

            """)
        #expect(walked.stdout == Self.badBadgeReport + "Found 1 error in 1 of 1 file; 2 paths could not be read.\n")

        let named = try run(["check", "defs/gone.json"], in: dir)
        #expect(named.status == 2)
        #expect(named.stdout == "")
        #expect(named.stderr == "apns-lint: error: cannot read 'defs/gone.json': no such file or directory\n")

        let shown = try run(["check", "--show-files", "defs"], in: dir)
        #expect(shown.status == 2)
        #expect(shown.stdout == "defs/ok.json\n")
        #expect(shown.stderr == walked.stderr)

        // --no-errors-on-unmatched forgives a path that does not exist, not a file that cannot be read.
        let unmatched = try run(["check", "--no-errors-on-unmatched", "--format", "concise", "defs", "nothing.json"], in: dir)
        #expect(unmatched.status == 2)
        #expect(unmatched.stderr == walked.stderr)
    }

    // MARK: Which found files are linted

    static let repository: [String: String] = [
        "package.json": """
            {
              "name": "web",
              "version": "1.0.0",
              "dependencies": { "apn": "^2.2.0" }
            }

            """,
        // tsc --init writes comments, which JSON does not allow.
        "tsconfig.json": """
            {
              // Visit https://aka.ms/tsconfig to read more about this file
              "compilerOptions": { "strict": true }
            }

            """,
        "push/shipped.yaml": "aps:\n  alert: Your order has shipped\n",
        "push/badge.json": #"{"aps": {"badge": "1"}}"#,
    ]

    static let packageSkipped = "apns-lint: skipped 'package.json': no notification-definition key at its top level (aps, headers, payload, mdm, dialect, or a field of Firebase Cloud Messaging, Amazon SNS, Expo push service, OneSignal, gorush, Home Assistant companion app, node-apn, ADCK or Skygear)\n"
    static let tsconfigSkipped = "apns-lint: skipped 'tsconfig.json': not valid JSON (2:3: comments are not allowed in JSON), and no notification-definition key appears in it\n"
    static let skipNote = "apns-lint: note: a file named on the command line, or matched by include: in .apns-lint.yml, is linted whatever it holds\n"

    @Test func aWalkLintsDefinitionsAndSkipsPackageAndTsconfigJSON() throws {
        let dir = try workspace(Self.repository)
        let result = try run(["check", "--format", "concise", "."], in: dir)
        #expect(result.status == 1)
        #expect(result.stderr == "")
        #expect(result.stdout == """
            push/badge.json:1:19: error: "badge" must be a whole number (the count on the app icon), but it is a string ("1"); senders drop or coerce such a value, so the icon does not show the count you meant [badge-invalid]
            Found 1 error in 1 of 2 files.

            """)

        // Without the bad definition: the YAML one is found and clean, and the run passes.
        try FileManager.default.removeItem(at: dir.appendingPathComponent("push/badge.json"))
        let clean = try run(["check", "."], in: dir)
        #expect(clean.status == 0)
        #expect(clean.stdout == "No problems found in 1 file.\n")
        #expect(clean.stderr == "")
    }

    /// Issue 37: an Xcode Simulator file at a repository's root, beside files that are no definitions.
    @Test func aWalkLintsSimulatorFilesWhateverTheyHold() throws {
        let dir = try workspace([
            "welcome.apns": "{\n  \"aps\": {\"alert\": {\"title\": \"Welcome\", \"body\": \"Thanks for installing\"}}\n}\n",
            "App/call.apns": #"{"Simulator Target Bundle": "com.example.app.voip", "aps": {}}"#,
            "App/notes.apns": "no JSON here",
            "package.json": #"{"name": "app", "version": "1.0.0"}"#,
        ])
        let result = try run(["check", "--format", "concise", "."], in: dir)
        #expect(result.status == 1)
        #expect(result.stdout == """
            App/call.apns:1:29: error: "com.example.app.voip" is a VoIP (PushKit) topic (.voip): simctl delivers only app remote notifications ("VoIP, Complication, File Provider, and other types are not supported") [simulator-push-unsupported]
            App/notes.apns:1:1: error: unexpected word 'no': strings must be in double quotes [invalid-json]
            welcome.apns:1:1: info: the file has no "Simulator Target Bundle": that is fine with `xcrun simctl push <device> <bundle-id> <file>` (or a watch app's scheme), which names the app, but dropped on the Simulator it is not delivered, as nothing says which app it is for [simulator-target-bundle-missing]
            Found 2 errors and 1 info in 3 of 3 files.

            """)
        #expect(result.stderr == "")
        // Every .apns file is linted, even one that holds no JSON; the package.json is skipped.
        let shown = try run(["check", "--show-files", "."], in: dir)
        #expect(shown.stdout == "App/call.apns\nApp/notes.apns\nwelcome.apns\n")
        #expect(shown.stderr == Self.packageSkipped + Self.skipNote)
    }

    @Test func showFilesListsTheLintedFilesAndSaysWhyTheOthersAreSkipped() throws {
        let dir = try workspace(Self.repository)
        let result = try run(["check", "--show-files", "."], in: dir)
        #expect(result.status == 0)
        #expect(result.stdout == "push/badge.json\npush/shipped.yaml\n")
        #expect(result.stderr == Self.packageSkipped + Self.tsconfigSkipped + Self.skipNote)
    }

    @Test func filesNamedOnTheCommandLineAreAlwaysLinted() throws {
        let dir = try workspace(Self.repository)
        #expect(try run(["check", "--show-files", "package.json", "push"], in: dir).stdout == "package.json\npush/badge.json\npush/shipped.yaml\n")
        let result = try run(["check", "--format", "concise", "package.json"], in: dir)
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("package.json:1:1: error: "))
        #expect(result.stdout.contains("[missing-aps]"))
    }

    @Test func includeMakesAWalkLintWhatItNames() throws {
        var files = Self.repository
        files[".apns-lint.yml"] = "include: [\"*.json\"]\n"
        let dir = try workspace(files)
        let shown = try run(["check", "--show-files", "."], in: dir)
        #expect(shown.status == 0)
        // include replaces the default: every JSON file, whatever it holds, and no YAML file.
        #expect(shown.stdout == "package.json\npush/badge.json\ntsconfig.json\n")
        #expect(shown.stderr == "")
        let result = try run(["check", "--format", "concise", "."], in: dir)
        #expect(result.status == 1)
        #expect(result.stdout.contains("package.json:1:1: error: "))
        #expect(result.stdout.contains("tsconfig.json:2:3: error: comments are not allowed in JSON"))
    }

    @Test func aDirectoryWithNoDefinitionSaysSoAndExitsTwo() throws {
        let dir = try workspace(Self.repository.filter { !$0.key.hasPrefix("push/") })
        let result = try run(["check", "."], in: dir)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == "apns-lint: error: no definition files found in .: 2 files were skipped: they do not look like notification definitions (--show-files says why)\n")
        let one = try run(["check", "--fix", "."], in: try workspace(["package.json": Self.repository["package.json"]!]))
        #expect(one.status == 2)
        #expect(one.stderr == "apns-lint: error: no definition files found in .: 1 file was skipped: it does not look like a notification definition (--show-files says why)\n")
        let quiet = try run(["check", "--no-errors-on-unmatched", "."], in: dir)
        #expect(quiet.status == 0)
        #expect(quiet.stdout == "" && quiet.stderr == "")
    }

    /// A broken definition is reported, not skipped: a file the reader cannot read is linted when a definition's
    /// key appears in it, a list of definitions is linted (and reported as not an object), and an alias bomb is
    /// linted whatever it holds. A broken file with no such key is skipped, with the reader's error as the reason.
    @Test func brokenDefinitionsAreLintedAndOtherBrokenFilesSkipped() throws {
        let bomb = ["a: &a [x, x, x, x, x, x, x, x, x]"] + "bcdefgh".map { name in
            let previous = Character(UnicodeScalar(name.asciiValue! - 1))
            return "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ") + "]"
        }
        let dir = try workspace([
            "push/invalid.json": #"{"aps": {"alert": "Hi",}"#,
            "push/list.json": #"[{"aps": {"alert": "First"}}]"#,
            "push/list.yaml": "- aps:\n    alert: First\n",
            "push/bomb.yaml": bomb.joined(separator: "\n") + "\n",
            "push/notes.yaml": "name: [unclosed\n",
            "push/settings.json": #"{"name": "web",}"#,
        ])
        let shown = try run(["check", "--show-files", "push"], in: dir)
        #expect(shown.status == 0)
        #expect(shown.stdout == "push/bomb.yaml\npush/invalid.json\npush/list.json\npush/list.yaml\n")
        #expect(shown.stderr == """
            apns-lint: skipped 'push/notes.yaml': not valid YAML (1:7: did not find expected ',' or ']' while parsing a flow sequence), and no notification-definition key appears in it
            apns-lint: skipped 'push/settings.json': not valid JSON (1:15: trailing comma before '}': JSON (RFC 8259) does not allow a comma after the last element, and APNs and strict readers (Go's encoding/json, Python's json, JavaScript's JSON.parse) refuse it), and no notification-definition key appears in it

            """ + Self.skipNote)
        let result = try run(["check", "--format", "concise", "push"], in: dir)
        #expect(result.status == 1)
        let rules = result.stdout.split(separator: "\n").compactMap { line in line.last == "]" ? line.split(separator: "[").last.map { "\(line.split(separator: ":")[0]) [\($0)" } : nil }
        #expect(rules == ["push/bomb.yaml [yaml-alias-limit]", "push/invalid.json [invalid-json]", "push/invalid.json [invalid-json]",
                          "push/list.json [payload-not-object]", "push/list.yaml [payload-not-object]"])
    }

    /// `--fix` never rewrites a file a walk skips (a trailing comma has a safe fix in a definition).
    @Test func fixLeavesSkippedFilesAlone() throws {
        let settings = "{\"name\": \"web\",}\n"
        let dir = try workspace(["settings.json": settings, "push/ok.json": #"{"aps": {"alert": "Hi",}}"#])
        let result = try run(["check", "--fix", "."], in: dir)
        #expect(result.status == 0)
        #expect(try String(contentsOf: dir.appendingPathComponent("settings.json"), encoding: .utf8) == settings)
        #expect(try String(contentsOf: dir.appendingPathComponent("push/ok.json"), encoding: .utf8) == #"{"aps": {"alert": "Hi"}}"#)
    }

    /// Every definition under Examples/ looks like one: a walk skips none of them, and only the Erlang project's
    /// modules and configuration (erlang/project, whose walk `ErlangProjectWalkTests` pins) are skipped.
    @Test func everyExampleIsLinted() throws {
        let root = packageRoot
        let result = try run(["check", "--show-files", "Examples/"], in: root)
        #expect(result.status == 0)
        let project = ["config/sys.config", "elvis.config", "rebar.config", "src/courier_notifications.erl", "src/courier_push_server.erl",
                       "test/test.config"].map { "erlang/project/" + $0 }
        let skipped = result.stderr.split(separator: "\n").compactMap { line in
            line.hasPrefix("apns-lint: skipped 'Examples/") ? line.dropFirst("apns-lint: skipped 'Examples/".count).split(separator: "'").first.map(String.init) : nil
        }
        #expect(skipped == project)
        #expect(result.stderr.split(separator: "\n").count == project.count + 1)
        let listed = result.stdout.split(separator: "\n").count
        let enumerator = FileManager.default.enumerator(atPath: root.appendingPathComponent("Examples").path)
        // The fixture apps (app/Courier, app/Plain, app/Shipped, the plugin package's App) are projects, which their
        // folders' configurations exclude.
        let definitions = (enumerator?.allObjects as? [String] ?? []).filter { path in
            !path.split(separator: "/").contains { $0.hasPrefix(".") } && InputFile.searchedExtensions.contains { path.hasSuffix("." + $0) }
                && !["app/Courier/", "app/Plain/", "app/Shipped/", "PluginPackage/App/"].contains { path.hasPrefix($0) }
                && !project.contains(path)
        }
        #expect(listed == definitions.count)
        #expect(result.stdout.contains("Examples/erlang/project/priv/notifications/shipped.term\n"))
    }
}

/// FCM requests and SNS messages are definitions a directory walk finds, and `render --dialect` reads them.
@Suite("apns-lint check and render: FCM and SNS files")
struct PushServiceCommandTests {
    static let fcm = #"{"message": {"topic": "news", "notification": {"title": "Hi"}, "apns": {"headers": {"apns-push-type": "alert"}, "payload": {"aps": {"badge": "3"}}}}}"#
    static let sns = #"{"default": "hi", "APNS": "{\"aps\":{\"alert\":\"hi\",\"badge\":\"3\"}}"}"#

    @Test func aDirectoryWalkLintsThemAndSkipsOtherJSON() throws {
        let dir = try workspace(["push/fcm.json": Self.fcm, "push/sns.json": Self.sns, "push/package.json": #"{"name": "app", "dependencies": {}}"#])
        let result = try APNSLintTestSupport.run(["check", "--format", "concise", "--show-files", "push"], in: dir)
        #expect(result.stdout == "push/fcm.json\npush/sns.json\n")
        let checked = try APNSLintTestSupport.run(["check", "--format", "concise", "push"], in: dir)
        #expect(checked.status == 1)
        let lines = checked.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines.first?.hasPrefix("push/fcm.json:1:142: error: ") == true && lines.first?.hasSuffix("[badge-invalid]") == true)
        #expect(lines.dropFirst().first?.hasPrefix("push/sns.json:1:65: error: ") == true)
        #expect(lines.last == "Found 2 errors in 2 of 2 files.")
    }

    @Test func renderPrintsTheRequestEachServiceSends() throws {
        let dir = try workspace(["fcm.txt": Self.fcm, "sns.txt": Self.sns])
        let fcm = try APNSLintTestSupport.run(["render", "--headers", "--dialect", "fcm", "--stdin-filename", "fcm.json", "-"], stdin: Data(Self.fcm.utf8), in: dir)
        #expect(fcm.status == 0)
        #expect(fcm.stdout == "apns-push-type: alert\napns-priority: 10\n\n{\"aps\":{\"badge\":\"3\",\"alert\":{\"title\":\"Hi\"}}}\n")
        #expect(fcm.stderr == "fcm.json:1:64: note: apns-priority 10 is FCM's default: apns sets no apns-priority header, and FCM then sends 10\n")
        let sns = try APNSLintTestSupport.run(["render", "--dialect", "sns", "--stdin-filename", "sns.json", "-"], stdin: Data(Self.sns.utf8), in: dir)
        #expect(sns.stdout == "{\"aps\":{\"alert\":\"hi\",\"badge\":\"3\"}}\n")
        #expect(sns.status == 0)
    }
}
