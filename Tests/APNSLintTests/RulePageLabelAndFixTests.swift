import APNSLint
import Testing

/// A rule page's example labels and its Fix section must be true: a label covers exactly its own block (every block
/// of a section is labelled once one is), and the Fix section's safe / unsafe is what the examples' fixes carry.
@Suite("Rule pages: example labels and the Fix section")
struct RulePageLabelAndFixTests {
    /// The example blocks of a page section (the text between `heading` and the next `## `), each with the line before
    /// it (its label, or "" when the line before is not one).
    static func blocks(in page: String, section heading: String) -> [(label: String, code: String)] {
        guard let start = page.range(of: "\n\(heading)\n") else { return [] }
        let rest = page[start.upperBound...]
        let section = rest.range(of: "\n## ").map { rest[..<$0.lowerBound] } ?? rest
        let lines = section.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        var result: [(String, String)] = []
        var inCode = false
        for (index, line) in lines.enumerated() where line.hasPrefix("```") {
            defer { inCode.toggle() }
            guard !inCode, line != "```text" else { continue }
            let before = index > 0 ? lines[index - 1] : ""
            let isLabel = before.hasPrefix("Checked with") || before.hasPrefix("With request headers")
            result.append((isLabel ? before : "", lines[index + 1]))
        }
        return result
    }

    @Test("every example block of a section is labelled once one of them is", arguments: RuleRegistry.ids)
    func labelsCoverOneBlockEach(_ id: String) throws {
        let page = RuleDocumentation.page(for: try #require(RuleRegistry.rule(id: id)))
        for heading in ["## Examples that trigger it", "## Use instead"] {
            let blocks = Self.blocks(in: page, section: heading)
            if blocks.contains(where: { !$0.label.isEmpty }) {
                #expect(blocks.allSatisfy { !$0.label.isEmpty }, "\(id), \(heading): a block without a label follows a labelled one")
            }
        }
    }

    @Test func payloadTooLargeLabelsTheDefaultProfileExampleAsSuch() throws {
        let page = RuleDocumentation.page(for: try #require(RuleRegistry.rule(id: "payload-too-large")))
        let useInstead = Self.blocks(in: page, section: "## Use instead")
        #expect(useInstead.map(\.label) == [
            RuleDocumentation.defaultsLabel, RuleDocumentation.defaultsLabel, RuleDocumentation.defaultsLabel,
            "Checked with `--size-limit-profile legacy-binary`:", RuleDocumentation.defaultsLabel,
        ])
        // The last one (2,000 × "é", 4,020 bytes) fits the default limit but not the legacy one: it is not labelled legacy.
        #expect(useInstead.last?.code.hasPrefix(#"{"aps": {"alert": "ééé"#) == true)
        let legacy = Linter(options: RuleOptions(sizeLimitProfile: .legacyBinary))
            .lint("{\"aps\": {\"alert\": \"" + String(repeating: "é", count: 2000) + "\"}}", fileName: "a.json", format: .json)
        #expect(legacy.diagnostics.contains { $0.ruleID == "payload-too-large" })
    }

    /// The Fix section's words, from the page.
    static func fixSection(_ page: String) -> String {
        guard let start = page.range(of: "\n## Fix\n"), let end = page.range(of: "\n## References\n") else { return "" }
        return String(page[start.upperBound..<end.lowerBound])
    }

    @Test("the Fix section says safe or unsafe as the examples' fixes are", arguments: RuleRegistry.ids)
    func fixSectionSaysWhatTheFixesAre(_ id: String) throws {
        let rule = try #require(RuleRegistry.rule(id: id)).documented
        let section = Self.fixSection(RuleDocumentation.page(for: rule))
        let carried = RuleDocumentation.exampleFixApplicabilities(of: rule)
        #expect(section.contains("**safe**") == carried.contains(.safe), "\(id): \(section)")
        #expect(section.contains("**unsafe**") == carried.contains(.unsafe), "\(id): \(section)")
        for applicability in carried { #expect(section.contains("\n- \(applicability.rawValue): ")) }
    }

    @Test func fixSectionOfKnownRules() throws {
        func section(_ id: String) throws -> String {
            Self.fixSection(RuleDocumentation.page(for: try #require(RuleRegistry.rule(id: id))))
        }
        #expect(try section("payload-too-large").contains("The fixes in the examples above are **unsafe**"))
        #expect(try section("byte-order-mark").contains("The fixes in the examples above are **safe**: `apns-lint check --fix` applies them."))
        #expect(try section("unknown-aps-key").contains("Some fixes in the examples above are **safe**"))
        #expect(try section("collapse-id-too-long") == "\nNo automatic fix.\n")
    }

    @Test("a rule that declares a fix shows one in an example, and one that declares none shows none", arguments: RuleRegistry.ids)
    func declaredFixMatchesTheExamples(_ id: String) throws {
        let rule = try #require(RuleRegistry.rule(id: id)).documented
        let carried = RuleDocumentation.exampleFixApplicabilities(of: rule)
        if rule.fix == .none {
            #expect(carried.isEmpty, "\(id) declares no fix, but its examples carry \(carried)")
        } else {
            #expect(!carried.isEmpty, "\(id) declares fix: \(rule.fix.rawValue), but no triggering example carries one")
        }
    }
}
