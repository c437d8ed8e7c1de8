import APNSLint
import APNSLintTestSupport
import Foundation
import Testing

@Suite("apns-lint init, end to end")
struct InitCommandTests {
    /// What init writes for a tree of two JSON files and a YAML file in push/, one of them node-apn's, beside files
    /// that are not definitions.
    @Test func writesWhatItFoundAndTheMainSettingsCommented() throws {
        let dir = try workspace([
            "push/badge.json": #"{"aps": {"badge": 1}}"#,
            "push/background/quiet.yaml": "aps:\n  content-available: 1\n",
            "push/node.json": #"{"pushType": "alert", "alert": "Hi"}"#,
            "package.json": #"{"name": "app"}"#,
        ])
        let result = try run(["init"], in: dir)
        #expect(result.status == 0)
        #expect(result.stdout == "Wrote .apns-lint.yml (3 definition files found); uncomment the settings you need, and `apns-lint config` shows what applies.\n")
        #expect(result.stderr == "")
        let written = try String(contentsOf: dir.appendingPathComponent(".apns-lint.yml"), encoding: .utf8)
        #expect(written == """
            # yaml-language-server: $schema=https://raw.githubusercontent.com/apns-lint/apns-lint/main/apns-lint.schema.json
            # apns-lint configuration, written by `apns-lint init`: uncomment what you need (docs/configuration.md).
            #
            # apns-lint found 3 definition files here: 2 JSON and 1 YAML.
            # Definitions by dialect: 2 apns, 1 node-apn.

            # The definitions sit in push/. To lint every file there, whatever it holds, instead of
            # searching the whole tree for files that look like definitions:
            # include: ["push/**"]

            # Files and folders never linted when searching directories:
            # exclude: [fixtures, "*.draft.json"]

            # Request headers of bare payload files (a definition's own headers win):
            # headers:
            #   apns-topic: com.example.app
            #   apns-push-type: alert

            # The format the definitions are written in (default: told from each definition's keys):
            # dialect: node-apn

            # Which rules run, by id or category (apns-lint rules lists them); ignore wins over select:
            # select: [syntax, structure, payload, delivery, headers, size]
            # ignore: [live-activity]

            # Per rule: off, info, warning or error, or a mapping with the rule's options:
            # rules:
            #   payload-near-limit: {severity: error, share: 0.8}

            """)
        // The file sets nothing: check runs as before it.
        let check = try run(["check", "--quiet", "--format", "concise"], in: dir)
        #expect(check.status == 0 && check.stdout.isEmpty)
    }

    @Test func refusesToOverwriteUnlessForced() throws {
        let dir = try workspace([".apns-lint.yaml": "rules: {badge-invalid: warning}\n", "a.json": #"{"aps": {"badge": 1}}"#])
        let refused = try run(["init"], in: dir)
        #expect(refused.status == 2 && refused.stdout.isEmpty)
        #expect(refused.stderr == "apns-lint: error: .apns-lint.yaml already exists; --force overwrites it (apns-lint config shows what it sets)\n")
        #expect(try String(contentsOf: dir.appendingPathComponent(".apns-lint.yaml"), encoding: .utf8) == "rules: {badge-invalid: warning}\n")
        let forced = try run(["init", "--force"], in: dir)
        #expect(forced.status == 0)
        #expect(forced.stdout == "Wrote .apns-lint.yaml (1 definition file found); uncomment the settings you need, and `apns-lint config` shows what applies.\n")
        let written = try String(contentsOf: dir.appendingPathComponent(".apns-lint.yaml"), encoding: .utf8)
        #expect(written.contains("\n# apns-lint found 1 definition file here: 1 JSON.\n# Definitions by dialect: 1 apns.\n"))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent(".apns-lint.yml").path))
    }

    @Test func anEmptyTreeGetsTheExamplesAndNoInclude() throws {
        let dir = try workspace(["README.md": "# app\n"])
        let result = try run(["init"], in: dir)
        #expect(result.status == 0)
        #expect(result.stdout == "Wrote .apns-lint.yml (0 definition files found); uncomment the settings you need, and `apns-lint config` shows what applies.\n")
        let written = try String(contentsOf: dir.appendingPathComponent(".apns-lint.yml"), encoding: .utf8)
        #expect(written.contains("\n# apns-lint found no definition files here.\n\n# Files and folders never linted"))
        #expect(!written.contains("include"))
    }
}
