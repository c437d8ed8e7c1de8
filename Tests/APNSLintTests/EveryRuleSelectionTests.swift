@testable import APNSLint
import Foundation
import Testing

/// Reads a configuration as if it were `/project/.apns-lint.yml`.
private func configuration(_ text: String) throws(ConfigurationError) -> Configuration {
    try ConfigurationFile.parse(SourceText(text), path: "/project/.apns-lint.yml")
}

/// The rule ids reported on the first triggering example of `rule` (with its headers and options), linted as
/// /project/test.<extension> under `configuration`.
private func ruleIDs(_ rule: any Rule.Type, under configuration: Configuration) throws -> [String] {
    let example = try #require(rule.documentation.triggering.first, "\(rule.id) has no triggering example")
    return lint(example.unmarked.text, headers: example.headers, options: example.options, fileExtension: example.fileExtension,
                configuration: configuration).ruleIDs
}

/// The ways a configuration turns one rule off, or runs it alone: at the top level, under `rules:`, in an override
/// that matches every file, and on the command line (a layer over the file).
private func turningOff(_ id: String) throws -> [(String, Configuration)] {
    let texts = ["ignore: [\(id)]", "rules: {\(id): off}",
                 "overrides:\n  - files: [\"**\"]\n    ignore: [\(id)]", "overrides:\n  - files: [\"**\"]\n    rules: {\(id): off}"]
    return try texts.map { ($0, try configuration($0)) }
        + [("--ignore \(id)", Configuration().applying(Settings(selections: [RuleSelection(ignore: [.rule(id)])])))]
}

/// The ways a configuration runs one rule alone, with the rules the example's suppression comments name (whether a
/// suppression is unused is known only where its rules run).
private func runningAlone(_ rule: any Rule.Type) throws -> [(String, Configuration)] {
    let id = rule.id
    let example = try #require(rule.documentation.triggering.first)
    let suppressed = example.unmarked.text.matches(of: /apns-lint: disable-[a-z-]+ ([a-z0-9, -]+?) --/).flatMap { match in
        match.1.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }.filter { RuleRegistry.rule(id: $0) != nil }
    let extended = suppressed.isEmpty ? "" : "\nextend-select: [\(suppressed.joined(separator: ", "))]"
    let texts = ["select: [\(id)]" + extended, "select: [payload]\nrules: {\(id): error}\nignore: [payload]" + extended,
                 "overrides:\n  - files: [\"**\"]\n    select: [\(id)]" + extended.replacingOccurrences(of: "\n", with: "\n    ")]
    return try texts.map { ($0, try configuration($0)) }
        + [("--select \(id)", Configuration().applying(Settings(selections: [RuleSelection(select: [.rule(id)] + suppressed.map { .rule($0) })])))]
}

@Suite("Every rule can be selected and ignored in the configuration, but those of unreadable input")
struct EveryRuleSelectionTests {
    static let selectable = RuleRegistry.all.filter { !$0.alwaysRuns }.map { $0.id }

    /// Each rule's first triggering example reports it by default; turned off in any way it reports everything else as
    /// before and not the rule; selected alone, it reports the rule's findings and nothing else. A rule that reports
    /// what a system refuses or a dialect's note is a rule like any other.
    @Test(arguments: selectable)
    func theRuleIsReportedIgnoredAndSelected(_ id: String) throws {
        let rule = try #require(RuleRegistry.rule(id: id))
        let all = try ruleIDs(rule, under: Configuration())
        #expect(all.contains(id), "the first triggering example of \(id) reports \(all)")
        for (how, configuration) in try turningOff(id) {
            #expect(try ruleIDs(rule, under: configuration) == all.filter { $0 != id }, "\(how)")
        }
        let category = rule.descriptor.category
        let byCategory = try configuration("ignore: [\(category.rawValue)]")
        #expect(try ruleIDs(rule, under: byCategory) == all.filter { RuleRegistry.rule(id: $0)?.descriptor.category != category || RuleRegistry.rule(id: $0)?.alwaysRuns == true },
                "ignore: [\(category.rawValue)]")
        for (how, configuration) in try runningAlone(rule) {
            #expect(try ruleIDs(rule, under: configuration) == all.filter { $0 == id }, "\(how)")
        }
    }

    /// The rules that cannot be turned off are those of input apns-lint cannot read a definition from (a syntax error,
    /// YAML aliases beyond the budget, an Erlang file of no term): not a system's refusal, not a value JSON cannot carry
    /// (read as a stand-in, and checked). They run whatever is selected, and naming one to turn it off is an error
    /// that says why.
    @Test func theRulesOfUnreadableInputAlwaysRunAndSayWhy() throws {
        let alwaysRun = RuleRegistry.all.filter { $0.alwaysRuns }
        #expect(alwaysRun.map { $0.id } == ["erlang-no-term", "invalid-erlang-term", "invalid-json", "invalid-yaml", "yaml-alias-limit"])
        for rule in alwaysRun {
            let id = rule.id
            #expect(try ruleIDs(rule, under: configuration("select: [badge-invalid]")).contains(id), "\(id)")
            #expect(try ruleIDs(rule, under: configuration("ignore: [syntax]")).contains(id), "\(id)")
            for text in ["ignore: [\(id)]", "rules: {\(id): off}", "overrides:\n  - files: [\"**\"]\n    ignore: [\(id)]"] {
                #expect {
                    _ = try configuration(text)
                } throws: { error in
                    (error as? ConfigurationError)?.message == RuleSelection.cannotBeTurnedOff(rule)
                }
            }
        }
        let reasons = alwaysRun.map { RuleSelection.cannotBeTurnedOff($0) }
        #expect(reasons == [
            "erlang-no-term cannot be turned off: it reports an Erlang file that holds no term, so no definition: with the rule off, the file would pass with nothing checked",
            "invalid-erlang-term cannot be turned off: it reports Erlang text apns-lint cannot read: the reader stops at the error unless it can tell what was meant, and with the rule off the rest of the text would pass unchecked",
            "invalid-json cannot be turned off: it reports JSON text apns-lint cannot read: the reader stops at the error unless it can tell what was meant, and with the rule off the rest of the text would pass unchecked",
            "invalid-yaml cannot be turned off: it reports YAML text apns-lint cannot read: the reader stops at the error unless it can tell what was meant, and with the rule off the rest of the text would pass unchecked",
            "yaml-alias-limit cannot be turned off: it reports YAML whose aliases expand beyond what apns-lint reads (a \"billion laughs\" file): the reader stops there, and with the rule off the rest of the file would pass unchecked",
        ])
    }

    /// The configuration's schema offers `off` for every rule but those, as the file reads it.
    @Test func theSchemaOffersOffForEveryRuleThatCanBeTurnedOff() throws {
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(ConfigurationSchema.text().utf8)) as? [String: Any])
        let definitions = try #require(schema["definitions"] as? [String: Any])
        let rules = try #require((definitions["rules"] as? [String: Any])?["properties"] as? [String: [String: Any]])
        for rule in RuleRegistry.all {
            let levels = try #require((rules[rule.id]?["oneOf"] as? [[String: Any]])?.first?["enum"] as? [String], "\(rule.id)")
            #expect(levels.contains("off") == !rule.alwaysRuns, "\(rule.id): \(levels)")
        }
    }

    /// What the reasons say is so: past a syntax error the reader reads nothing (a wrongly typed badge after it is not
    /// reported), while a value JSON cannot carry is read as a string and checked, so its rule may be turned off.
    @Test func theReasonsAreTrue() throws {
        #expect(lint(#"{"aps": {"alert": "Hi"}, "x": , "y": {"aps": {"badge": "1"}}}"#).ruleIDs == ["invalid-json"])
        #expect(lint("aps:\n  alert: Hi\n  sound: [default\n  badge: \"1\"\n", fileExtension: "yaml").ruleIDs == ["invalid-yaml"])
        let nan = "aps:\n  badge: .nan\n"
        #expect(lint(nan, fileExtension: "yaml").ruleIDs == ["badge-invalid", "yaml-non-json-value"])
        #expect(lint(nan, fileExtension: "yaml", configuration: try configuration("ignore: [yaml-non-json-value]")).ruleIDs == ["badge-invalid"])
    }
}
