import APNSLint
import APNSLintTestSupport
import Foundation
import Testing

/// A rule's first triggering example as a file named after the rule, with what the example is checked with (its
/// headers and options) as command-line options and as the settings of an override for its file.
private struct RuleCase: Sendable, CustomTestStringConvertible {
    let id: String
    let alwaysRuns: Bool
    let file: String
    let text: String
    let flags: [String]
    /// YAML lines of an override's settings but `rules` (each indented under `- files: [...]`).
    let settings: [String]
    /// The rules' options the example sets (`rules:` in an override).
    let ruleValues: [String: [String: Double]]
    /// The rules the example's suppression comments name: selecting the rule alone selects them too (whether a
    /// suppression is unused is known only where its rules run).
    let suppressed: [String]
    /// The fixture app the example is checked against (`Examples/app/…`), for an app-aware rule.
    let app: String?

    var testDescription: String { id }

    init(_ rule: any Rule.Type) {
        let example = rule.documentation.triggering[0]
        id = rule.id
        alwaysRuns = rule.alwaysRuns
        file = "\(rule.id).\(example.fileExtension)"
        text = example.unmarked.text
        suppressed = text.matches(of: /apns-lint: disable-[a-z-]+ ([a-z0-9, -]+?) --/).flatMap { match in
            match.1.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        }.filter { RuleRegistry.rule(id: $0) != nil }
        let headerFlags = ["apns-push-type": "--push-type", "apns-priority": "--priority", "apns-topic": "--topic",
                           "apns-collapse-id": "--collapse-id", "apns-expiration": "--expiration", "apns-id": "--apns-id"]
        var flags: [String] = []
        var settings: [String] = []
        let headers = example.headers.sorted { $0.key < $1.key }
        for (name, value) in headers {
            flags += [headerFlags[name] ?? "--unknown-header-\(name)", value]
        }
        if !headers.isEmpty {
            settings.append("headers: {" + headers.map { "\($0.key): \"\($0.value)\"" }.joined(separator: ", ") + "}")
        }
        let options = example.options
        // The rules' sample apps name the fixture projects they mirror.
        app = options.app.map { packageRoot.appendingPathComponent($0.project.path).deletingLastPathComponent().path }
        if let app { flags += ["--app", app] }
        if let now = options.now { flags += ["--now", String(now)] }
        if options.sizeLimitProfile != .http2 {
            flags += ["--size-limit-profile", options.sizeLimitProfile.rawValue]
            settings.append("size-limit-profile: \(options.sizeLimitProfile.rawValue)")
        }
        if options.serializer != .compact {
            flags += ["--serializer", options.serializer.rawValue]
            settings.append("serializer: \(options.serializer.rawValue)")
        }
        if !options.platforms.isEmpty {
            let platforms = options.platforms.map(\.rawValue).sorted()
            flags += platforms.flatMap { ["--platform", $0] }
            settings.append("platforms: [\(platforms.joined(separator: ", "))]")
        }
        for (ruleID, values) in options.ruleValues.sorted(by: { $0.key < $1.key }) {
            let rule = RuleRegistry.rule(id: ruleID)
            for (name, value) in values.sorted(by: { $0.key < $1.key }) {
                let flag = rule?.descriptor.options.first { $0.name == name }?.commandLineFlag
                flags += ["--\(flag ?? "unknown-option-\(ruleID)-\(name)")", String(value)]
            }
        }
        ruleValues = options.ruleValues
        self.flags = flags
        self.settings = settings
    }

    /// An override for this file: its settings, with the rule `off` and `extra` (YAML lines).
    func override(off: Bool = false, _ extra: [String] = []) -> String {
        var rules = ruleValues.mapValues { values in "{" + values.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}" }
        if off { rules[id] = "off" }
        let lines = settings + (rules.isEmpty ? [] : ["rules: {" + rules.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}"]) + extra
        return "  - files: [\"\(file)\"]\n" + lines.map { "    \($0)\n" }.joined()
    }
}

/// Every rule, the app-aware ones with the fixture app Courier (its Live Activity types read from its Swift).
private let cases = RuleRegistry.all.map(RuleCase.init)

/// Every example file in one directory, with `configuration` as its .apns-lint.yml (none when nil).
private func exampleWorkspace(configuration: String?) throws -> URL {
    var files = Dictionary(uniqueKeysWithValues: cases.map { ($0.file, $0.text) })
    if let configuration { files[".apns-lint.yml"] = configuration }
    return try workspace(files)
}

private let plainWorkspace = Result { try exampleWorkspace(configuration: nil) }

/// The rule ids `check --format json` reports, by file.
private func findings(_ arguments: [String], in directory: URL) throws -> [String: [String]] {
    let result = try run(["check", "--format", "json"] + arguments, in: directory)
    #expect(result.status == 0 || result.status == 1, "\(arguments): \(result.stderr)")
    let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let diagnostics = try #require(report["diagnostics"] as? [[String: Any]])
    var byFile: [String: [String]] = [:]
    for diagnostic in diagnostics {
        byFile[diagnostic["file"] as? String ?? "", default: []].append(diagnostic["rule"] as? String ?? "")
    }
    return byFile
}

/// The same examples all make, for the runs over every file: the one time the examples that set it use.
private let now = ["--now", "1763712000"]

@Suite("Every rule can be selected and ignored on the command line and in .apns-lint.yml, end to end")
struct EveryRuleSelectionCommandTests {
    /// --select ID reports the rule's findings on its example and nothing else; --ignore ID reports everything but it.
    @Test(arguments: cases.filter { !$0.alwaysRuns })
    fileprivate func selectAndIgnoreOnTheCommandLine(_ rule: RuleCase) throws {
        let directory = try plainWorkspace.get()
        let selected = try findings(["--isolated"] + rule.flags + ["--select", ([rule.id] + rule.suppressed).joined(separator: ","), rule.file], in: directory)
        #expect(!(selected[rule.file] ?? []).isEmpty && selected[rule.file]!.allSatisfy { $0 == rule.id }, "\(selected)")
        let ignored = try findings(["--isolated"] + rule.flags + ["--ignore", rule.id, rule.file], in: directory)
        #expect(!(ignored[rule.file] ?? []).contains(rule.id), "\(ignored)")
    }

    /// One run over every example for each way .apns-lint.yml turns rules off or selects them, each example's override
    /// naming its own rule: it loses that rule and keeps the others, or keeps that rule alone.
    @Test func theConfigurationTurnsEachRuleOffOrRunsItAlone() throws {
        // An app-aware rule needs its app, which only a configuration's top level names: appAwareRulesAreTurnedOff.
        let cases = cases.filter { $0.app == nil }
        let selectable = cases.filter { !$0.alwaysRuns }
        let files = cases.map(\.file)
        func configured(off: Bool = false, _ extra: (RuleCase) -> [String], top: String = "") throws -> [String: [String]] {
            let text = top + "overrides:\n" + cases.map { $0.alwaysRuns ? $0.override() : $0.override(off: off, extra($0)) }.joined()
            return try findings(now + files, in: try exampleWorkspace(configuration: text))
        }
        let all = try configured { _ in [] }
        for rule in cases {
            #expect(all[rule.file]?.contains(rule.id) == true, "\(rule.id): \(all[rule.file] ?? [])")
        }
        let ignored = try configured { ["ignore: [\($0.id)]"] }
        let off = try configured(off: true) { _ in [] }
        let alone = try configured { ["select: [\(([$0.id] + $0.suppressed).joined(separator: ", "))]"] }
        for rule in selectable {
            let others = (all[rule.file] ?? []).filter { $0 != rule.id }
            #expect((ignored[rule.file] ?? []) == others, "ignore: [\(rule.id)]")
            #expect((off[rule.file] ?? []) == others, "rules: {\(rule.id): off}")
            #expect((alone[rule.file] ?? []) == (all[rule.file] ?? []).filter { $0 == rule.id }, "select: [\(rule.id)]")
        }
        // The top-level ignore, naming every rule but those of unreadable input, leaves only those.
        let unreadable = Set(cases.filter(\.alwaysRuns).map(\.id))
        let none = try configured({ _ in [] }, top: "ignore: [\(selectable.map(\.id).joined(separator: ", "))]\n")
        #expect(Set(none.values.joined()).isSubset(of: unreadable) && !none.isEmpty, "\(none)")
    }

    /// The rules of unreadable input run whatever is selected; --ignore or .apns-lint.yml naming one is a usage error
    /// that says why.
    @Test(arguments: cases.filter(\.alwaysRuns))
    fileprivate func theRulesOfUnreadableInputCannotBeTurnedOff(_ rule: RuleCase) throws {
        let reason = RuleSelection.cannotBeTurnedOff(try #require(RuleRegistry.rule(id: rule.id)))
        let directory = try plainWorkspace.get()
        let selected = try findings(["--isolated", "--select", "badge-invalid", rule.file], in: directory)
        #expect(selected[rule.file]?.contains(rule.id) == true)
        let flag = try run(["check", "--isolated", "--ignore", rule.id, rule.file], in: directory)
        #expect(flag.status == 2 && flag.stdout.isEmpty)
        #expect(flag.stderr.hasPrefix("Error: --ignore: \(reason)\n"))
        let configured = try workspace([".apns-lint.yml": "rules: {\(rule.id): off}\n", rule.file: rule.text])
        let file = try run(["check", rule.file], in: configured)
        #expect(file.status == 2 && file.stdout.isEmpty)
        #expect(file.stderr == "apns-lint: error: .apns-lint.yml:1:\(11 + rule.id.count): \(reason)\n")
    }

    /// Each app-aware rule, with `app:` at the configuration's top level: reported on its example, gone when an
    /// override turns it off.
    @Test(arguments: cases.filter { $0.app != nil })
    fileprivate func appAwareRulesAreTurnedOff(_ rule: RuleCase) throws {
        let on = try findings(now + [rule.file], in: try exampleWorkspace(configuration: "app: \(rule.app!)\n"))
        #expect(on[rule.file]?.contains(rule.id) == true, "\(on)")
        let off = try findings(now + [rule.file], in: try exampleWorkspace(configuration: "app: \(rule.app!)\noverrides:\n" + rule.override(off: true)))
        #expect(off[rule.file]?.contains(rule.id) != true, "\(off)")
    }

}
