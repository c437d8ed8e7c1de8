import APNSLint
import APNSLintTestSupport
import Foundation
import Testing

/// A bad badge (payload, an error) and an unknown aps key (structure, a warning).
private let badgeAndUnknownKey = #"{"aps": {"badge": "5", "badg": 1}}"#

private let categories = "syntax, structure, payload, delivery, headers, live-activity, size, dialect, fcm, sns, simulator, expo, onesignal, gorush, app"

private let checkUsage = "Usage: apns-lint check [<options>] [<paths> ...]\n  See 'apns-lint check --help' for more information.\n"

@Suite("Rule selection on the command line, end to end")
struct RuleSelectionCommandTests {
    @Test func selectExtendSelectAndIgnoreTakeIdsAndCategories() throws {
        let dir = try workspace(["a.json": badgeAndUnknownKey])
        func rules(_ arguments: [String]) throws -> String {
            let result = try run(["check", "--format", "concise", "--quiet"] + arguments + ["a.json"], in: dir)
            return result.stdout.split(separator: "\n").compactMap { $0.split(separator: "[").last?.dropLast() }.joined(separator: " ")
        }
        #expect(try rules([]) == "badge-invalid unknown-aps-key")
        #expect(try rules(["--select", "payload"]) == "badge-invalid")
        #expect(try rules(["--select", "structure,badge-invalid"]) == "badge-invalid unknown-aps-key")
        #expect(try rules(["--select", "structure", "--select", "badge-invalid"]) == "badge-invalid unknown-aps-key")
        #expect(try rules(["--select", "structure", "--extend-select", "payload"]) == "badge-invalid unknown-aps-key")
        #expect(try rules(["--ignore", "payload"]) == "unknown-aps-key")
        // A rule id wins over a category; ignore over select at the same level.
        #expect(try rules(["--ignore", "payload", "--extend-select", "badge-invalid"]) == "badge-invalid unknown-aps-key")
        #expect(try rules(["--select", "payload", "--ignore", "badge-invalid"]) == "")
        #expect(try rules(["--select", "payload", "--ignore", "payload"]) == "")
    }

    /// The command line is a layer on top of the file, as its other options are: its select replaces the file's.
    @Test func theCommandLineGoesOnTopOfTheFile() throws {
        let dir = try workspace([".apns-lint.yml": "select: [structure]\nrules: {unknown-aps-key: off}\n", "a.json": badgeAndUnknownKey])
        let fromFile = try run(["check", "a.json"], in: dir)
        #expect(fromFile.status == 0 && fromFile.stdout == "No problems found in 1 file.\n")
        let selected = try run(["check", "--format", "concise", "--select", "payload", "a.json"], in: dir)
        #expect(selected.status == 1)
        #expect(selected.stdout.hasSuffix("[badge-invalid]\nFound 1 error in 1 of 1 file.\n"))
        let extended = try run(["check", "--format", "concise", "--extend-select", "unknown-aps-key", "a.json"], in: dir)
        #expect(extended.status == 0)
        #expect(extended.stdout.hasSuffix("[unknown-aps-key]\nFound 1 warning in 1 of 1 file.\n"))
    }

    @Test func anUnknownNameIsAUsageErrorThatSuggests() throws {
        let dir = try workspace(["a.json": badgeAndUnknownKey])
        let prefix = try run(["check", "--select", "badge", "a.json"], in: dir)
        #expect(prefix.status == 2 && prefix.stdout.isEmpty)
        #expect(prefix.stderr == "Error: --select: no rule or category 'badge'; did you mean 'badge-invalid' or 'badge-negative'? (`apns-lint rules` lists the rules; the categories are \(categories))\n" + checkUsage)
        let typo = try run(["check", "--ignore", "payload,paylod", "a.json"], in: dir)
        #expect(typo.status == 2)
        #expect(typo.stderr == "Error: --ignore: no rule or category 'paylod'; did you mean 'payload'? (`apns-lint rules` lists the rules; the categories are \(categories))\n" + checkUsage)
        let unknown = try run(["a.json", "--extend-select", "zzzzzzzz"], in: dir)
        #expect(unknown.status == 2)
        #expect(unknown.stderr == "Error: --extend-select: no rule or category 'zzzzzzzz' (`apns-lint rules` lists the rules; the categories are \(categories))\n" + checkUsage)
        let alwaysOn = try run(["check", "--ignore", "invalid-json", "a.json"], in: dir)
        #expect(alwaysOn.status == 2)
        #expect(alwaysOn.stderr == "Error: --ignore: invalid-json cannot be turned off: it reports JSON text apns-lint cannot read: the reader stops at the error unless it can tell what was meant, and with the rule off the rest of the text would pass unchecked\n" + checkUsage)
    }

    @Test func theFileSaysTheSameAndItsMistakesPointAtThePlace() throws {
        let dir = try workspace([".apns-lint.yml": "select: [payload]\nignore:\n  - paylod\n", "a.json": badgeAndUnknownKey])
        let result = try run(["check", "a.json"], in: dir)
        #expect(result.status == 2 && result.stdout.isEmpty)
        #expect(result.stderr == "apns-lint: error: .apns-lint.yml:3:5: no rule or category 'paylod'; did you mean 'payload'? (`apns-lint rules` lists the rules; the categories are \(categories))\n")
    }
}

@Suite("Misspelt commands and rule ids, end to end")
struct MisspeltCommandTests {
    @Test func aMisspeltCommandIsNotTakenForAPath() throws {
        let dir = try workspace(["a.json": #"{"aps": {"alert": "Hi"}}"#])
        let check = try run(["chekc", "."], in: dir)
        #expect(check.status == 2 && check.stdout.isEmpty)
        #expect(check.stderr == "apns-lint: error: unknown command 'chekc'; did you mean 'check'? (no file or directory is named 'chekc' either)\n")
        let render = try run(["rendr", "a.json"], in: dir)
        #expect(render.status == 2)
        #expect(render.stderr == "apns-lint: error: unknown command 'rendr'; did you mean 'render'? (no file or directory is named 'rendr' either)\n")
        // Paths are still paths: a file named like a command, and any path far from a command's name.
        let named = try workspace(["chekc": #"{"aps": {"alert": "Hi"}}"#, "a.json": #"{"aps": {"alert": "Hi"}}"#])
        #expect(try run(["chekc"], in: named).stdout == "No problems found in 1 file.\n")
        #expect(try run(["a.json"], in: named).stdout == "No problems found in 1 file.\n")
        let missing = try run(["nothing.json"], in: dir)
        #expect(missing.status == 2 && missing.stderr == "apns-lint: error: cannot read 'nothing.json': no such file or directory\n")
    }

    @Test func explainSuggestsTheClosestRulesAndEveryPrefixMatch() throws {
        let prefix = try run(["explain", "badge"])
        #expect(prefix.status == 2 && prefix.stdout.isEmpty)
        #expect(prefix.stderr == "apns-lint: error: no rule 'badge'; did you mean 'badge-invalid' or 'badge-negative'? (apns-lint rules lists them all)\n")
        let typo = try run(["explain", "badge-invalud"])
        #expect(typo.stderr == "apns-lint: error: no rule 'badge-invalud'; did you mean 'badge-invalid'? (apns-lint rules lists them all)\n")
    }

    /// generate-docs is the maintainers' (scripts/generate runs it): it works, but the user's help does not list it.
    @Test func generateDocsIsHiddenFromHelp() throws {
        let help = try run(["--help"])
        #expect(help.status == 0)
        #expect(!help.stdout.contains("generate-docs"))
        #expect(help.stdout.contains("  init "))
        let own = try run(["generate-docs", "--help"])
        #expect(own.status == 0 && own.stdout.hasPrefix("OVERVIEW: Write one Markdown page per rule"))
    }
}
