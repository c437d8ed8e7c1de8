@testable import APNSLint
import APNSLintTestSupport
import Foundation
import Testing

/// Reads a configuration as if it were `/project/.apns-lint.yml`.
private func configuration(_ text: String, path: String = "/project/.apns-lint.yml") throws(ConfigurationError) -> Configuration {
    try ConfigurationFile.parse(SourceText(text), path: path)
}

/// The error a configuration text gives, as `line:column: message`.
private func configurationError(_ text: String) -> String? {
    do {
        _ = try configuration(text)
        return nil
    } catch {
        return error.position.map { "\($0.line):\($0.column): \(error.message)" } ?? error.message
    }
}

@Suite("Configuration: .apns-lint.yml")
struct ConfigurationTests {
    @Test func severitiesOptionsAndOffApplyToTheLinter() throws {
        let config = try configuration("""
            rules:
              unknown-aps-key: error
              loc-args-not-strings: off
              payload-near-limit: {severity: error, share: 0.5}
            """)
        let linter = Linter(configuration: config)
        let text = #"{"aps": {"alert": {"loc-key": "K", "loc-args": [1]}, "badg": 1}, "x": ""# + String(repeating: "x", count: 2100) + #""}"#
        let report = linter.lint(text, fileName: "a.json", path: "/project/a.json")
        #expect(report.diagnostics.map { "\($0.ruleID):\($0.severity.rawValue)" } == ["payload-near-limit:error", "unknown-aps-key:error"])
        // Without the configuration: the defaults.
        let plain = Linter().lint(text, fileName: "a.json")
        #expect(plain.diagnostics.map { "\($0.ruleID):\($0.severity.rawValue)" } == ["loc-args-not-strings:warning", "unknown-aps-key:warning"])
    }

    @Test func overridesApplyByPathAndTheLastMatchWins() throws {
        let config = try configuration("""
            headers: {apns-topic: com.example.app}
            overrides:
              - files: ["push/background/**"]
                headers: {apns-push-type: background, apns-priority: 10}
              - files: "push/background/quiet.json"
                headers: {apns-priority: 5}
            """)
        let linter = Linter(configuration: config)
        let text = #"{"aps": {"content-available": 1}}"#
        let loud = linter.lint(text, fileName: "loud.json", path: "/project/push/background/loud.json")
        #expect(loud.summary == ["background-priority-10@-"])
        #expect(loud.diagnostics[0].notes.map(\.message) == ["apns-priority comes from the configuration's headers, which apply to every file they match: 10"])
        #expect(loud.diagnostics[0].externalLocation?.description == "/project/.apns-lint.yml:4:58")
        let quiet = linter.lint(text, fileName: "quiet.json", path: "/project/push/background/quiet.json")
        #expect(quiet.summary == [])
        #expect(quiet.definition?.headers.fields["apns-priority"]?.string == "5")
        #expect(quiet.definition?.headers.fields["apns-topic"]?.string == "com.example.app")
        // Elsewhere no push type is configured.
        let other = linter.lint(text, fileName: "other.json", path: "/project/other.json")
        #expect(other.definition?.headers.fields["apns-push-type"] == nil)
    }

    @Test func aDefinitionsOwnHeadersAndTheCommandLineWinOverTheConfiguration() throws {
        let config = try configuration("headers: {apns-priority: 10, apns-push-type: background}")
        let linter = Linter(configuration: config)
        let own = linter.lint(#"{"headers": {"apns-priority": 5}, "payload": {"aps": {"content-available": 1}}}"#, fileName: "a.json", path: "/project/a.json")
        #expect(own.summary == [])
        let given = linter.lint(#"{"aps": {"content-available": 1}}"#, fileName: "a.json",
                                headers: [HeaderOption(name: "apns-priority", value: "5", option: "--priority")], path: "/project/a.json")
        #expect(given.summary == [])
    }

    @Test func ignoreEntriesAcceptFindingsByFileRuleAndPointer() throws {
        let config = try configuration("""
            ignore:
              - file: legacy/*.json
                rule: [unknown-aps-key]
                pointer: /aps/badg
                reason: the 2019 app reads it
            """)
        let linter = Linter(configuration: config)
        let text = #"{"aps": {"alert": "Hi", "badg": 1, "sund": "a.caf"}}"#
        #expect(linter.lint(text, fileName: "a.json", path: "/project/legacy/a.json").summary == ["unknown-aps-key@1:36"])
        #expect(linter.lint(text, fileName: "a.json", path: "/project/new/a.json").summary == ["unknown-aps-key@1:25", "unknown-aps-key@1:36"])
    }

    @Test func extendsLayersTheFileOnTopOfItsBase() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("apns-lint-config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("team"), withIntermediateDirectories: true)
        try Data("platforms: [watchos]\nexclude: [vendor]\nrules: {unknown-aps-key: error, alert-empty: off}\n".utf8)
            .write(to: directory.appendingPathComponent("base.yml"))
        try Data("extends: ../base.yml\nexclude: [fixtures]\nrules: {unknown-aps-key: info}\n".utf8)
            .write(to: directory.appendingPathComponent("team/.apns-lint.yml"))
        let config = try ConfigurationFile.load(path: directory.appendingPathComponent("team/.apns-lint.yml").path)
        #expect(config.sources == [directory.appendingPathComponent("team/.apns-lint.yml").path, directory.appendingPathComponent("base.yml").path])
        #expect(config.settings.platforms == [.watchos])
        #expect(config.settings.rules["unknown-aps-key"]?.level == .info)
        // Off is an ignore of the rule in the base's layer.
        #expect(ResolvedSettings(config.settings, rules: RuleRegistry.all, ignore: []).disabled == ["alert-empty"])
        #expect(config.exclude.map(\.pattern) == ["vendor", "fixtures"])
    }

    @Test func anExtendsCycleIsAnErrorAtTheExtendsLine() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("apns-lint-config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("extends: b.yml\n".utf8).write(to: directory.appendingPathComponent("a.yml"))
        try Data("# b\nextends: [a.yml]\n".utf8).write(to: directory.appendingPathComponent("b.yml"))
        let a = directory.appendingPathComponent("a.yml").path, b = directory.appendingPathComponent("b.yml").path
        #expect(throws: ConfigurationError.self) { try ConfigurationFile.load(path: a) }
        do { _ = try ConfigurationFile.load(path: a) } catch {
            #expect(error.description == "\(b):2:11: extends a.yml makes a cycle: \(a) → \(b) → \(a)")
        }
    }

    @Test("mistakes are errors with their position", arguments: [
        ("rules:\n  unknown-aps-kye: off\n", "2:3: unknown rule 'unknown-aps-kye'; did you mean unknown-aps-key? (`apns-lint rules` lists them)"),
        ("rules: {alert-empty: of}\n", "1:22: 'of' is not a severity; did you mean off? (one of off, info, warning, error)"),
        ("rules: {payload-near-limit: {share: 1.5}}\n", "1:37: payload-near-limit's share must be between 0 and 1, not 1.5"),
        ("rules: {payload-near-limit: {shares: 0.5}}\n", "1:30: unknown key 'shares' in the settings of payload-near-limit; did you mean share? (known: severity, share)"),
        ("rules: {invalid-json: off}\n", "1:23: invalid-json cannot be turned off: it reports JSON text apns-lint cannot read: the reader stops at the error unless it can tell what was meant, and with the rule off the rest of the text would pass unchecked"),
        ("platform: [ios]\n", "1:1: unknown key 'platform' in the configuration; did you mean platforms? (known: extends, include, exclude, rules, select, extend-select, headers, platforms, serializer, size-limit-profile, environment, dialect, app, overrides, ignore)"),
        ("platforms: [ios, android]\n", "1:18: 'android' is not a platform (one of ios, ipados, macos, tvos, watchos, visionos)"),
        ("serializer: json\n", "1:13: 'json' is not a serializer (one of compact, ascii, foundation, go, jsx)"),
        ("headers: {apns-priorty: 5}\n", "1:11: unknown header 'apns-priorty'; did you mean apns-priority? (known: apns-push-type, apns-priority, apns-topic, apns-id, apns-expiration, apns-collapse-id, authorization, apns-channel-id, apns-request-id)"),
        ("headers: {apns-priority: [5]}\n", "1:26: the value of header apns-priority must be a string or a number, not an array"),
        ("overrides:\n  - headers: {apns-priority: 5}\n", "2:5: an override needs files: the globs of the files it applies to"),
        ("ignore:\n  - file: a.json\n    rule: alert-empty\n", "2:5: an ignore entry needs a reason: why these findings are accepted"),
        ("ignore:\n  - {file: a.json, rule: alert-empty, pointer: aps, reason: x}\n", "2:48: 'aps' is not a JSON Pointer: it starts with / (like /aps/alert/loc-args), or is empty for the whole file"),
        ("rules: [alert-empty]\n", "1:8: rules must be a mapping (key: value), not an array"),
        ("rules:\n  alert-empty: off\n  alert-empty: error\n", "3:3: 'alert-empty' is given twice in rules (first on line 2)"),
        ("rules: {\n", "1:8: did not find expected node content while parsing a flow node"),
        ("a: 1\n---\nb: 2\n", "3:1: a configuration file holds one YAML document, this one holds 2"),
    ])
    func mistakesAreErrorsWithTheirPosition(text: String, expected: String) {
        #expect(configurationError(text) == expected)
    }

    @Test func anEmptyFileIsTheDefaults() throws {
        let config = try configuration("# nothing yet\n")
        #expect(config.settings == Settings())
        #expect(config.overrides.isEmpty && config.ignore.isEmpty && config.include.isEmpty && config.exclude.isEmpty)
    }

    @Test func theShippedSchemaIsUpToDate() throws {
        let committed = try String(contentsOf: packageRoot.appendingPathComponent(ConfigurationSchema.fileName), encoding: .utf8)
        #expect(committed == ConfigurationSchema.text(), "run `swift run apns-lint generate-docs` to regenerate \(ConfigurationSchema.fileName)")
    }

    @Test func theSchemaNamesWhatTheReaderAccepts() throws {
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(ConfigurationSchema.text().utf8)) as? [String: Any])
        let properties = try #require(schema["properties"] as? [String: Any])
        #expect(Set(properties.keys) == Set(ConfigurationKey.allCases.map(\.rawValue) + ["$schema"]))
        let definitions = try #require(schema["definitions"] as? [String: Any])
        let rules = try #require((definitions["rules"] as? [String: Any])?["properties"] as? [String: Any])
        #expect(Set(rules.keys) == Set(RuleRegistry.ids))
        let overrideProperties = try #require(((properties["overrides"] as? [String: Any])?["items"] as? [String: Any])?["properties"] as? [String: Any])
        #expect(Set(overrideProperties.keys) == Set(OverrideKey.allCases.map(\.rawValue)))
        // An ignore item is a rule's or a category's name, or an entry that accepts findings.
        let ignoreChoices = try #require(((properties["ignore"] as? [String: Any])?["items"] as? [String: Any])?["oneOf"] as? [[String: Any]])
        #expect(ignoreChoices.first?["$ref"] as? String == "#/definitions/ruleSelector")
        let ignoreItems = try #require(ignoreChoices.last)
        #expect(Set((ignoreItems["properties"] as? [String: Any])?.keys ?? [:].keys) == Set(IgnoreEntryKey.allCases.map(\.rawValue)))
        #expect(ignoreItems["required"] as? [String] == ["file", "rule", "reason"])
    }

    /// A file that uses every key, written out here rather than taken from the enums: the reader must accept each,
    /// and the schema and the unknown-key messages must name exactly these, so a key added to (or dropped from) one
    /// of them and not the others fails.
    @Test func everyKeyTheReaderAcceptsIsInTheSchemaAndTheMessages() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("apns-lint-config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("platforms: [ios]\n".utf8).write(to: directory.appendingPathComponent("base.yml"))
        let topLevel = ["$schema", "extends", "include", "exclude", "rules", "select", "extend-select", "headers", "platforms", "serializer",
                        "size-limit-profile", "environment", "dialect", "app", "overrides", "ignore"]
        let inOverrides = ["files", "rules", "select", "extend-select", "ignore", "headers", "platforms", "serializer", "size-limit-profile",
                           "dialect", "environment"]
        let inIgnoreEntries = ["file", "rule", "pointer", "reason"]
        let path = directory.appendingPathComponent(".apns-lint.yml").path
        let config = try ConfigurationFile.parse(SourceText("""
            $schema: ./apns-lint.schema.json
            extends: base.yml
            include: ["push/**"]
            exclude: [vendor]
            rules: {payload-near-limit: {severity: error, share: 0.8}}
            select: [payload]
            extend-select: [headers]
            headers: {apns-topic: com.example.app}
            platforms: [watchos]
            serializer: foundation
            size-limit-profile: legacy-binary
            environment: production
            dialect: fcm
            app: false
            overrides:
              - files: ["push/background/**"]
                rules: {alert-empty: error}
                select: [delivery]
                extend-select: [size]
                ignore: [unknown-aps-key]
                headers: {apns-push-type: background}
                platforms: ios
                serializer: ascii
                size-limit-profile: http2
                dialect: apns
                environment: development
            ignore:
              - sound-empty
              - file: legacy/*.json
                rule: [unknown-aps-key]
                pointer: /aps/badg
                reason: the 2019 app reads it
            """), path: path)
        // Each key was read, not skipped: a value of every one is in the configuration.
        #expect(config.sources.count == 2 && config.include.map(\.pattern) == ["push/**"] && config.exclude.map(\.pattern) == ["vendor"])
        #expect(config.settings.platforms == [.watchos] && config.settings.serializer == .foundation && config.settings.sizeLimitProfile == .legacyBinary)
        #expect(config.settings.environment == .production && config.settings.dialect == .fcm && config.settings.headers.map(\.name) == ["apns-topic"])
        #expect(config.settings.rules["payload-near-limit"]?.options["share"] == 0.8)
        let override = try #require(config.overrides.first)
        #expect(override.files.map(\.pattern) == ["push/background/**"] && override.settings.platforms == [.ios])
        #expect(override.settings.serializer == .ascii && override.settings.sizeLimitProfile == .http2 && override.settings.dialect == .apns)
        #expect(override.settings.environment == .development && override.settings.headers.map(\.name) == ["apns-push-type"])
        #expect(override.settings.rules["alert-empty"]?.level == .error)
        #expect(config.ignore.map(\.reason) == ["the 2019 app reads it"] && config.ignore.first?.pointer?.description == "/aps/badg")

        let schema = try #require(try JSONSerialization.jsonObject(with: Data(ConfigurationSchema.text().utf8)) as? [String: Any])
        let properties = try #require(schema["properties"] as? [String: Any])
        #expect(properties.keys.sorted() == topLevel.sorted())
        let overrideProperties = try #require(((properties["overrides"] as? [String: Any])?["items"] as? [String: Any])?["properties"] as? [String: Any])
        #expect(overrideProperties.keys.sorted() == inOverrides.sorted())
        let ignoreChoices = try #require(((properties["ignore"] as? [String: Any])?["items"] as? [String: Any])?["oneOf"] as? [[String: Any]])
        #expect(((ignoreChoices.last?["properties"] as? [String: Any])?.keys.sorted()) == inIgnoreEntries.sorted())
        // The overrides' description names every setting an override takes.
        let overridesDescription = try #require((properties["overrides"] as? [String: Any])?["description"] as? String)
        #expect(overridesDescription.contains("any of \(inOverrides.dropFirst().joined(separator: ", "));"))

        #expect(configurationError("platform: [ios]\n")
            == "1:1: unknown key 'platform' in the configuration; did you mean platforms? (known: \(topLevel.dropFirst().joined(separator: ", ")))")
        #expect(configurationError("overrides:\n  - {files: a.json, platform: ios}\n")
            == "2:21: unknown key 'platform' in an override; did you mean platforms? (known: \(inOverrides.joined(separator: ", ")))")
        #expect(configurationError("ignore:\n  - {file: a.json, rules: [alert-empty], reason: x}\n")
            == "2:20: unknown key 'rules' in an ignore entry; did you mean rule? (known: \(inIgnoreEntries.joined(separator: ", ")))")
    }
}

@Suite("Globs in configuration files")
struct GlobTests {
    @Test("matches", arguments: [
        ("*.json", "/p/a.json", true), ("*.json", "/p/deep/er/a.json", true), ("*.json", "/p/a.yaml", false),
        ("vendor", "/p/vendor/x/a.json", true), ("vendor", "/p/src/vendor/a.json", true), ("vendor", "/p/vendors/a.json", false),
        ("push/background/**", "/p/push/background/a.json", true), ("push/background/**", "/p/push/background/x/y.json", true),
        ("push/background/**", "/p/x/push/background/a.json", false), ("push/*.json", "/p/push/a.json", true),
        ("push/*.json", "/p/push/x/a.json", false), ("**/fixtures/*.yml", "/p/a/b/fixtures/c.yml", true),
        ("**/fixtures/*.yml", "/p/fixtures/c.yml", true), ("legacy/a?.json", "/p/legacy/ab.json", true),
        ("legacy/a?.json", "/p/legacy/abc.json", false), ("*.{yml,yaml}", "/p/a.yaml", true), ("[ab].json", "/p/b.json", true),
        ("[!ab].json", "/p/b.json", false), ("./push/", "/p/push/a.json", true), ("*.json", "/elsewhere/a.json", false),
    ])
    func matches(pattern: String, path: String, expected: Bool) {
        #expect(Glob(pattern, relativeTo: "/p").matches(path) == expected)
    }

    @Test func manyStarsStayFast() {
        let glob = Glob(String(repeating: "**/*a", count: 30) + "/b", relativeTo: "/p")
        #expect(!glob.matches("/p/" + Array(repeating: "aaaaaaaaaa", count: 40).joined(separator: "/") + "/c"))
        #expect(!Glob.matchSegment(Array(String(repeating: "*a", count: 40) + "b"), Array(String(repeating: "a", count: 200))))
    }
}

@Suite("Inline suppressions")
struct SuppressionTests {
    @Test func nextLineLineAndFileScopesSuppressOnlyTheirRules() {
        let yaml = """
            # apns-lint: disable-file alert-empty -- placeholder text is filled in later
            aps:
              alert: ""
              # apns-lint: disable-next-line unknown-aps-key -- read by our extension

              badg: 1
              sund: a.caf  # apns-lint: disable-line unknown-aps-key -- read by our extension
              thred: x
            """
        let report = lint(yaml, fileExtension: "yaml")
        #expect(report.summary == ["custom-key-in-aps@8:3"])
    }

    /// The README: the reason is required. Without one the comment is an invalid-suppression finding and the finding it
    /// meant to hide is still reported.
    @Test(arguments: [
        "aps:\n  alert: Hi\n  # apns-lint: disable-next-line unknown-aps-key\n  badg: 1\n",
        "aps:\n  alert: Hi\n  # apns-lint: disable-next-line unknown-aps-key --\n  badg: 1\n",
        "aps:\n  alert: Hi\n  # apns-lint: disable-next-line unknown-aps-key --   \n  badg: 1\n",
    ])
    func aSuppressionWithoutAReasonSuppressesNothing(_ yaml: String) throws {
        let report = lint(yaml, fileExtension: "yaml")
        #expect(report.summary == ["invalid-suppression@3:16", "unknown-aps-key@4:3"])
        let invalid = try #require(report.diagnostics.first)
        #expect(invalid.message == "this suppression gives no reason, so it suppresses nothing: say after -- why the finding is accepted")
        #expect(invalid.severity == .warning)
    }

    @Test func aLineOrFileSuppressionWithoutAReasonSuppressesNothingEither() {
        let line = "aps:\n  alert: Hi\n  badg: 1  # apns-lint: disable-line unknown-aps-key\n"
        #expect(lint(line, fileExtension: "yaml").summary == ["unknown-aps-key@3:3", "invalid-suppression@3:25"])
        let file = "% apns-lint: disable-file unknown-aps-key\n[{aps, [{alert, <<\"Hi\">>}, {badg, 1}]}].\n"
        #expect(lint(file, fileExtension: "erl").summary == ["invalid-suppression@1:14", "unknown-aps-key@2:29"])
    }

    @Test func unusedSuppressionHasASafeFixThatRemovesTheComment() {
        let yaml = "aps:\n  alert: Hi\n  # apns-lint: disable-next-line badge-invalid -- old server\n  badge: 4\n"
        let result = Linter().fix(SourceText(yaml), fileName: "a.yaml", format: .yaml)
        #expect(String(decoding: result.fixed, as: UTF8.self) == "aps:\n  alert: Hi\n  badge: 4\n")
        #expect(result.report.diagnostics.isEmpty)
    }

    @Test func oneUnusedRuleOfSeveralIsRemovedAlone() {
        let yaml = "aps:\n  alert: Hi\n  # apns-lint: disable-next-line badge-invalid, unknown-aps-key -- old server\n  badg: 4\n"
        let report = lint(yaml, fileExtension: "yaml")
        #expect(report.summary == ["unused-suppression@3:34"])
        let result = Linter().fix(SourceText(yaml), fileName: "a.yaml", format: .yaml)
        #expect(String(decoding: result.fixed, as: UTF8.self) == "aps:\n  alert: Hi\n  # apns-lint: disable-next-line unknown-aps-key -- old server\n  badg: 4\n")
    }

    @Test func aSuppressionOfARuleThatIsOffIsNotReportedAsUnused() throws {
        let config = try configuration("rules: {badge-invalid: off}")
        let yaml = "aps:\n  alert: Hi\n  # apns-lint: disable-next-line badge-invalid -- old server\n  badge: 4\n"
        #expect(Linter(configuration: config).lint(yaml, fileName: "a.yaml", format: .yaml, path: "/project/a.yaml").summary == [])
    }

    @Test func markersInsideStringsAreText() {
        let yaml = "aps:\n  alert: 'Hi # apns-lint: disable-line unknown-aps-key -- no'\n  badg: 1\n"
        #expect(lint(yaml, fileExtension: "yaml").summary == ["unknown-aps-key@3:3"])
        let erlang = "[{aps, [{alert, <<\"50% apns-lint: disable-line unknown-aps-key -- no\">>}, {badg, 1}]}].\n"
        #expect(lint(erlang, fileExtension: "erl").summary == ["unknown-aps-key@1:76"])
    }

    @Test func erlangCommentsUsePercent() {
        let erlang = "[{aps, [{alert, <<\"Hi\">>},\n  %% apns-lint: disable-next-line unknown-aps-key -- read by our extension\n  {badg, 1}]}].\n"
        #expect(lint(erlang, fileExtension: "erl").summary == [])
        let trailing = "[{aps, [{alert, <<\"Hi\">>}, {badge, 1}]}]. % apns-lint: disable-line badge-invalid -- old\n"
        let result = Linter().fix(SourceText(trailing), fileName: "a.erl", format: .erlang)
        #expect(String(decoding: result.fixed, as: UTF8.self) == "[{aps, [{alert, <<\"Hi\">>}, {badge, 1}]}].\n")
    }

    @Test func jsonHasNoComments() {
        #expect(Suppressions(source: SourceText("{}"), format: .json, documents: [], knownRules: RuleRegistry.ids, owner: { _ in nil }).directives.isEmpty)
    }
}
