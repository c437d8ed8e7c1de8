@testable import APNSLint
import Foundation
import Testing

/// Reads a configuration as if it were `/project/.apns-lint.yml`.
private func configuration(_ text: String) throws(ConfigurationError) -> Configuration {
    try ConfigurationFile.parse(SourceText(text), path: "/project/.apns-lint.yml")
}

/// The rule ids `configuration` (with `commandLine` on top) reports on `text` as /project/a.json.
private func ruleIDs(_ configuration: Configuration, commandLine: RuleSelection? = nil, _ text: String) -> [String] {
    let layered = commandLine.map { configuration.applying(Settings(selections: [$0])) } ?? configuration
    return Linter(configuration: layered).lint(text, fileName: "a.json", path: "/project/a.json").diagnostics.map(\.ruleID)
}

/// A bad badge (payload) and an unknown aps key (structure).
private let badgeAndUnknownKey = #"{"aps": {"badge": "5", "badg": 1}}"#

@Suite("Rule selection: select, extend-select and ignore")
struct RuleSelectionTests {
    @Test func selectRunsOnlyItsRulesAndIgnoreRemoves() throws {
        #expect(ruleIDs(Configuration(), badgeAndUnknownKey) == ["badge-invalid", "unknown-aps-key"])
        #expect(ruleIDs(try configuration("select: [payload]"), badgeAndUnknownKey) == ["badge-invalid"])
        #expect(ruleIDs(try configuration("select: payload\nextend-select: [unknown-aps-key]"), badgeAndUnknownKey) == ["badge-invalid", "unknown-aps-key"])
        #expect(ruleIDs(try configuration("ignore: [structure]"), badgeAndUnknownKey) == ["badge-invalid"])
    }

    /// A rule id is more specific than a category; at the same level, ignore wins.
    @Test func aRuleIDWinsOverACategoryAndIgnoreOverSelect() throws {
        #expect(ruleIDs(try configuration("select: [payload]\nignore: [badge-invalid]"), badgeAndUnknownKey) == [])
        #expect(ruleIDs(try configuration("ignore: [payload]\nextend-select: [badge-invalid]"), badgeAndUnknownKey) == ["badge-invalid", "unknown-aps-key"])
        #expect(ruleIDs(try configuration("select: [badge-invalid]\nignore: [badge-invalid]"), badgeAndUnknownKey) == [])
        #expect(ruleIDs(try configuration("select: [payload]\nignore: [payload]"), badgeAndUnknownKey) == [])
        // Off under rules: is an ignore by id.
        #expect(ruleIDs(try configuration("select: [payload, structure]\nrules: {badge-invalid: off}"), badgeAndUnknownKey) == ["unknown-aps-key"])
        // A severity under rules: selects the rule by id.
        #expect(ruleIDs(try configuration("select: [payload]\nrules: {unknown-aps-key: error}"), badgeAndUnknownKey) == ["badge-invalid", "unknown-aps-key"])
    }

    /// Layers stack as ruff's: a select above replaces what the layers below chose, their offs included.
    @Test func theCommandLineIsALayerOnTop() throws {
        let file = try configuration("select: [structure]\nrules: {unknown-aps-key: off}")
        #expect(ruleIDs(file, badgeAndUnknownKey) == [])
        #expect(ruleIDs(file, commandLine: RuleSelection(select: [.category(.payload)]), badgeAndUnknownKey) == ["badge-invalid"])
        #expect(ruleIDs(file, commandLine: RuleSelection(extendSelect: [.rule("unknown-aps-key")]), badgeAndUnknownKey) == ["unknown-aps-key"])
        #expect(ruleIDs(try configuration("ignore: [badge-invalid]"), commandLine: RuleSelection(ignore: [.category(.structure)]),
                        badgeAndUnknownKey) == [])
    }

    @Test func overridesSelectByPath() throws {
        let config = try configuration("""
            overrides:
              - files: ["legacy/**"]
                ignore: payload
            """)
        let linter = Linter(configuration: config)
        #expect(linter.lint(badgeAndUnknownKey, fileName: "l.json", path: "/project/legacy/l.json").diagnostics.map(\.ruleID) == ["unknown-aps-key"])
        #expect(linter.lint(badgeAndUnknownKey, fileName: "a.json", path: "/project/a.json").diagnostics.map(\.ruleID) == ["badge-invalid", "unknown-aps-key"])
    }

    /// The rules that report text apns-lint cannot read run whatever is selected; ignoring one by id is an error.
    @Test func unreadableTextIsAlwaysReported() throws {
        #expect(ruleIDs(try configuration("select: [badge-invalid]"), #"{"aps": "#) == ["invalid-json"])
        #expect(ruleIDs(try configuration("ignore: [syntax]"), #"{"aps": "#) == ["invalid-json"])
        #expect(throws: ConfigurationError.self) { try configuration("ignore: [invalid-json]") }
        do {
            _ = try configuration("ignore: [invalid-json]")
        } catch {
            #expect(error.description == "/project/.apns-lint.yml:1:10: invalid-json cannot be turned off: it reports JSON text apns-lint cannot read: the reader stops at the error unless it can tell what was meant, and with the rule off the rest of the text would pass unchecked")
        }
    }

    /// `ignore` holds names of rules and entries that accept findings side by side; an unknown name suggests the
    /// closest ones, prefixes included.
    @Test func ignoreMixesNamesAndEntriesAndUnknownNamesSuggest() throws {
        let config = try configuration("""
            ignore:
              - structure
              - file: a.json
                rule: badge-invalid
                reason: the old app reads strings
            """)
        #expect(config.ignore.count == 1)
        #expect(ruleIDs(config, badgeAndUnknownKey) == [])
        let categories = RuleCategory.allCases.map(\.rawValue).joined(separator: ", ")
        do {
            _ = try configuration("select: [badge]")
            Issue.record("badge is no rule")
        } catch {
            #expect(error.message == "no rule or category 'badge'; did you mean 'badge-invalid' or 'badge-negative'? (`apns-lint rules` lists the rules; the categories are \(categories))")
        }
        do {
            _ = try configuration("overrides:\n  - files: [x]\n    ignore: [{file: a.json}]")
            Issue.record("an override's ignore holds names only")
        } catch {
            #expect(error.message.hasPrefix("each entry of ignore in an override must be a rule id or a category, not "))
        }
    }

    @Test func configShowsTheRulesThatDoNotRunAsOff() throws {
        let text = try configuration("select: [payload]").describe(for: "/project/a.json", shownAs: "a.json")
        #expect(text.contains("\n  badge-invalid: error\n"))
        #expect(text.contains("\n  unknown-aps-key: off  # configured\n"))
        #expect(text.contains("\n  invalid-json: error\n"))
    }

    @Test func suggestionsTakeTheClosestElsePrefixes() {
        #expect(Suggestion.matches(for: "badge-invalud", in: RuleRegistry.ids) == ["badge-invalid"])
        #expect(Suggestion.matches(for: "badge", in: RuleRegistry.ids) == ["badge-invalid", "badge-negative"])
        #expect(Suggestion.matches(for: "b", in: RuleRegistry.ids) == [])
        #expect(Suggestion.matches(for: "zzzzzz", in: RuleRegistry.ids) == [])
        #expect(Suggestion.question(["a"]) == "did you mean 'a'?")
        #expect(Suggestion.question(["a", "b", "c"]) == "did you mean 'a', 'b' or 'c'?")
        #expect(Suggestion.question(["a", "b"], quoted: false) == "did you mean a or b?")
        #expect(Suggestion.question([]) == nil)
    }
}

@Suite("apns-lint init's configuration text")
struct StarterConfigurationTests {
    @Test func includeIsSuggestedForAFewFoldersOnly() {
        #expect(StarterConfiguration.includedFolders(for: ["push/a.json", "push/bg/b.yaml", "tests/push/c.json"]) == ["push", "tests/push"])
        #expect(StarterConfiguration.includedFolders(for: ["a.json", "push/b.json"]) == nil)
        #expect(StarterConfiguration.includedFolders(for: ["a/x.json", "b/x.json", "c/x.json", "d/x.json"]) == nil)
        #expect(StarterConfiguration.includedFolders(for: []) == nil)
    }

    @Test func theSummaryCountsFormatsAndDialects() {
        let found = [
            StarterConfiguration.Found(path: "push/a.json", format: .json, dialects: [.nodeAPN]),
            StarterConfiguration.Found(path: "push/b.yaml", format: .yaml, dialects: [.nodeAPN, .nodeAPN]),
            StarterConfiguration.Found(path: "logs/sent.jsonl", format: .json, dialects: [], isStream: true),
        ]
        #expect(StarterConfiguration.summary(of: found) == [
            "# apns-lint found 3 definition files here: 1 JSON, 1 YAML and 1 JSON Lines log.",
            "# Definitions by dialect: 3 node-apn.",
        ])
        let text = StarterConfiguration.text(for: found)
        #expect(text.contains("\n# dialect: node-apn   # every definition found is written for node-apn\n"))
        #expect(text.contains("\n# include: [\"logs/**\", \"push/**\"]\n"))
        #expect(StarterConfiguration.summary(of: []) == ["# apns-lint found no definition files here."])
    }

    /// The file as written sets nothing; with every example uncommented it is a valid configuration.
    @Test func theExamplesAreValidSettings() throws {
        let text = StarterConfiguration.text(for: [StarterConfiguration.Found(path: "push/a.json", format: .json, dialects: [.apns])])
        let path = "/project/.apns-lint.yml"
        let asWritten = try ConfigurationFile.parse(SourceText(text), path: path)
        #expect(asWritten.settings == Settings() && asWritten.include.isEmpty && asWritten.exclude.isEmpty)
        let examples = text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().map { line in
            line.wholeMatch(of: /# ([a-z-]+:(?: .*)?|  [a-z-]+: .*)/).map { String($0.1) } ?? String(line)
        }
        let uncommented = try ConfigurationFile.parse(SourceText(examples.joined(separator: "\n")), path: path)
        #expect(uncommented.include.map(\.pattern) == ["push/**"])
        #expect(uncommented.settings.dialect == .nodeAPN)
        #expect(uncommented.settings.headers.map(\.name) == ["apns-topic", "apns-push-type"])
        #expect(uncommented.settings.selections.count == 1)
        #expect(uncommented.settings.rules["payload-near-limit"]?.level == .error)
    }
}
