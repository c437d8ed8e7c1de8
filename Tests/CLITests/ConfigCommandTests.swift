import APNSLintTestSupport
import Foundation
import Testing

@Suite("Configuration files, discovery and the config command, end to end")
struct ConfigCommandTests {
    static let badgeTypo = #"{"aps": {"alert": "Hi", "badg": 1}}"# + "\n"

    @Test func theNearestConfigurationWinsForEachFile() throws {
        let dir = try workspace([
            ".apns-lint.yml": "rules: {unknown-aps-key: error}\n",
            "a.json": Self.badgeTypo,
            "team/.apns-lint.yml": "rules: {unknown-aps-key: off}\n",
            "team/b.json": Self.badgeTypo,
            "z.json": Self.badgeTypo,
        ])
        // The walk gives each file its directory's linter: the root's, the team's, the root's again.
        let result = try run(["check", "--format", "concise", "."], in: dir)
        #expect(result.stdout == """
            a.json:1:25: error: "badg" is not a key APNs knows in "aps", so the device ignores it [unknown-aps-key]
            z.json:1:25: error: "badg" is not a key APNs knows in "aps", so the device ignores it [unknown-aps-key]
            Found 2 errors in 2 of 3 files.

            """)
        #expect(result.status == 1)
        // A file named by its path (its linter looked up then) beside the files of a walk, on one thread or several.
        for jobs in ["1", "2"] {
            let mixed = try run(["check", "--format", "concise", "--jobs", jobs, "team/b.json", "."], in: dir)
            #expect(mixed.stdout == """
                a.json:1:25: error: "badg" is not a key APNs knows in "aps", so the device ignores it [unknown-aps-key]
                z.json:1:25: error: "badg" is not a key APNs knows in "aps", so the device ignores it [unknown-aps-key]
                Found 2 errors in 2 of 3 files.

                """)
        }
        // --isolated: no configuration at all, so the defaults (a warning) everywhere.
        let isolated = try run(["check", "--format", "concise", "--isolated", "."], in: dir)
        #expect(isolated.stdout.components(separatedBy: "\n").filter { $0.contains("[unknown-aps-key]") }.count == 3)
        #expect(isolated.status == 0)
        // --config: this file for every input.
        let explicit = try run(["check", "--format", "concise", "--config", "team/.apns-lint.yml", "."], in: dir)
        #expect(explicit.stdout == "No problems found in 3 files.\n")
    }

    @Test func anInvalidConfigurationExitsTwoWithItsPosition() throws {
        let dir = try workspace([".apns-lint.yml": "rules:\n  unknown-aps-kye: error\n", "a.json": Self.badgeTypo])
        let result = try run(["check", "a.json"], in: dir)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == "apns-lint: error: .apns-lint.yml:2:3: unknown rule 'unknown-aps-kye'; did you mean unknown-aps-key? (`apns-lint rules` lists them)\n")
    }

    @Test func excludeAppliesToDirectorySearchesAndWithForceExcludeToNamedFiles() throws {
        let dir = try workspace([
            ".apns-lint.yml": "exclude: [vendor, \"*.draft.json\"]\n",
            "a.json": Self.badgeTypo,
            "b.draft.json": Self.badgeTypo,
            "vendor/c.json": Self.badgeTypo,
            "notes.txt": "not a definition",
        ])
        #expect(try run(["check", "--show-files", "."], in: dir).stdout == "a.json\n")
        // Named explicitly, an excluded file is linted, as the user asked for it...
        #expect(try run(["check", "--show-files", "vendor/c.json"], in: dir).stdout == "vendor/c.json\n")
        // ...unless --force-exclude (pre-commit names every changed file).
        let forced = try run(["check", "--force-exclude", "vendor/c.json", "b.draft.json"], in: dir)
        #expect(forced.status == 2)
        #expect(forced.stderr == "apns-lint: error: nothing to lint: the configuration excludes every file in vendor/c.json, b.draft.json (--force-exclude); --no-errors-on-unmatched makes this exit 0\n")
        let quiet = try run(["check", "--force-exclude", "--no-errors-on-unmatched", "vendor/c.json"], in: dir)
        #expect(quiet.status == 0)
        #expect(quiet.stdout == "" && quiet.stderr == "")
        // Hooks pass every changed YAML file: the configuration file itself is not a definition.
        #expect(try run(["check", "--force-exclude", "--show-files", ".apns-lint.yml", "a.json"], in: dir).stdout == "a.json\n")
        let missing = try run(["check", "--no-errors-on-unmatched", "gone.json"], in: dir)
        #expect(missing.status == 0)
    }

    @Test func includeReplacesTheDefaultPatterns() throws {
        let dir = try workspace([
            ".apns-lint.yml": "include: [\"push/**/*.json\", \"*.apns\"]\n",
            "push/a.json": Self.badgeTypo,
            "other/b.json": Self.badgeTypo,
            "c.apns": Self.badgeTypo,
        ])
        #expect(try run(["check", "--show-files", "."], in: dir).stdout == "c.apns\npush/a.json\n")
    }

    @Test func headersByPathFillInBarePayloads() throws {
        let dir = try workspace([
            ".apns-lint.yml": """
                overrides:
                  - files: ["push/background/**"]
                    headers: {apns-push-type: background, apns-priority: 10}
                """,
            "push/background/refresh.json": #"{"aps": {"content-available": 1}}"#,
        ])
        let result = try run(["check", "--format", "concise", "--strict", "."], in: dir)
        // At the header's line in the configuration.
        #expect(result.stdout.hasPrefix(".apns-lint.yml:3:58: warning: priority 10 on a background push"))
        #expect(result.stdout.contains("(the request for push/background/refresh.json) [background-priority-10]"))
        #expect(result.status == 1)
        // The command line wins over the configuration.
        let overridden = try run(["check", "--format", "concise", "--priority", "5", "."], in: dir)
        #expect(overridden.stdout == "No problems found in 1 file.\n")
        // render shows the request the configuration makes of the file.
        let rendered = try run(["render", "--headers", "push/background/refresh.json"], in: dir)
        #expect(rendered.stdout == "apns-push-type: background\napns-priority: 10\n\n{\"aps\":{\"content-available\":1}}\n")
        #expect(try run(["render", "--headers", "--isolated", "push/background/refresh.json"], in: dir).stdout == "\n{\"aps\":{\"content-available\":1}}\n")
    }

    @Test func theConfigCommandPrintsTheEffectiveSettings() throws {
        let dir = try workspace([
            "base.yml": "platforms: [watchos]\nrules: {alert-empty: off}\n",
            ".apns-lint.yml": "extends: base.yml\nheaders: {apns-topic: com.example.app}\nrules: {payload-near-limit: {share: 0.8}}\n",
            "a.json": "{}",
        ])
        let result = try run(["config", "a.json"], in: dir)
        #expect(result.status == 0)
        let lines = result.stdout.components(separatedBy: "\n")
        #expect(Array(lines.prefix(11)) == [
            "# apns-lint configuration for a.json",
            "# read from .apns-lint.yml",
            "#   which extends base.yml",
            "platforms: [watchos]",
            "serializer: compact",
            "size-limit-profile: http2",
            "dialect: detected  # from each definition's keys",
            "environment: null  # not said",
            "app: none  # no Xcode project in the repository: the app-aware rules do not run",
            "headers:",
            "  apns-topic: com.example.app  # .apns-lint.yml:2:23",
        ])
        #expect(lines.contains("  alert-empty: off  # configured"))
        #expect(lines.contains("  payload-near-limit: {severity: warning, share: 0.8}  # configured"))
        #expect(lines.contains("  unknown-aps-key: warning"))
        let isolated = try run(["config", "--isolated", "a.json"], in: dir)
        #expect(isolated.stdout.contains("# no configuration file: the defaults\n"))
        // The app a check would use, and where it came from.
        let app = try workspace([".apns-lint.yml": "app: \(packageRoot.path)/Examples/app/Plain\n", "a.json": "{}"])
        #expect(try run(["config", "a.json"], in: app).stdout.contains(
            "app: Examples/app/Plain/project.yml  # app: in .apns-lint.yml; targets Plain\n") == false)
        let shown = try run(["config", "a.json"], in: app).stdout
        #expect(shown.contains("# app: in .apns-lint.yml; targets Plain\n"), "\(shown)")
        #expect(isolated.stdout.contains("  alert-empty: warning\n"))
    }

    @Test func inlineSuppressionsWorkEndToEnd() throws {
        let dir = try workspace([
            "a.yaml": "aps:\n  alert: Hi\n  # apns-lint: disable-next-line unknown-aps-key -- read by our extension\n  badg: 1\n",
            "b.yaml": "aps:\n  alert: Hi\n  # apns-lint: disable-next-line badge-invalid -- left behind\n  badge: 1\n",
        ])
        let result = try run(["check", "--format", "concise", "."], in: dir)
        #expect(result.stdout == """
            b.yaml:3:34: warning: this suppression of badge-invalid is unused: badge-invalid reports nothing on line 4 [unused-suppression]
            Found 1 warning in 1 of 2 files.

            """)
        let fixed = try run(["check", "--fix", "."], in: dir)
        #expect(fixed.status == 0)
        #expect(try String(contentsOf: dir.appendingPathComponent("b.yaml"), encoding: .utf8) == "aps:\n  alert: Hi\n  badge: 1\n")
    }
}
