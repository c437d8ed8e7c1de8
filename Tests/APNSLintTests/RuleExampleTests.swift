import APNSLint
import APNSLintTestSupport
import Foundation
import Testing

/// One example of one rule, as a test argument.
struct RuleExample: CustomTestStringConvertible, Sendable {
    let rule: RuleDescriptor
    let example: Example
    let index: Int

    var testDescription: String { "\(rule.id) #\(index + 1)" }

    var location: SourceLocation {
        let path = "\(example.file)"
        return SourceLocation(fileID: "APNSLintRules/\(URL(fileURLWithPath: path).lastPathComponent)",
                              filePath: path, line: Int(example.line), column: 1)
    }

    static let triggering = RuleRegistry.all.flatMap { rule in
        rule.documentation.triggering.enumerated().map { RuleExample(rule: rule.descriptor, example: $1, index: $0) }
    }
    static let nonTriggering = RuleRegistry.all.flatMap { rule in
        rule.documentation.nonTriggering.enumerated().map { RuleExample(rule: rule.descriptor, example: $1, index: $0) }
    }
}

@Suite("Rule examples are the rules' tests")
struct RuleExampleTests {
    @Test("each triggering example reports its rule exactly at the ↓ markers", arguments: RuleExample.triggering)
    func triggering(_ case_: RuleExample) {
        let (text, offsets) = case_.example.unmarked
        #expect(!offsets.isEmpty, "a triggering example needs a ↓ marker", sourceLocation: case_.location)
        let report = lint(text, headers: case_.example.headers, options: case_.example.options, fileExtension: case_.example.fileExtension)
        let found = report.diagnostics.filter { $0.ruleID == case_.rule.id }.compactMap { $0.range?.start }
        #expect(found == offsets, "diagnostics: \(report.summary)", sourceLocation: case_.location)
        for diagnostic in report.diagnostics where diagnostic.ruleID == case_.rule.id {
            #expect(diagnostic.severity == case_.rule.severity, sourceLocation: case_.location)
            #expect(diagnostic.help != nil, "every diagnostic says how to fix it", sourceLocation: case_.location)
        }
    }

    @Test("a triggering example still reports at the same place after leading blank lines and CRLF line breaks",
          arguments: RuleExample.triggering.filter { !$0.example.source.hasPrefix("↓\u{FEFF}") })
    func triggeringIsPositionStable(_ case_: RuleExample) {
        let (text, offsets) = case_.example.unmarked
        // YAML is indentation-sensitive: there the prefix is a comment with multi-byte characters.
        let prefix = case_.example.fileExtension == "yaml" ? "# é😀 comment\r\n\r\n" : "\r\n\r\n  "
        let shifted = prefix + text.replacingOccurrences(of: "\n", with: "\r\n")
        let report = lint(shifted, headers: case_.example.headers, options: case_.example.options, fileExtension: case_.example.fileExtension)
        let expected = lint(text, headers: case_.example.headers, options: case_.example.options, fileExtension: case_.example.fileExtension).diagnostics
            .filter { $0.ruleID == case_.rule.id }
            .compactMap { $0.range.map { SourcePosition(line: 0, column: 0, offset: $0.start) } }
            .map { report.source.position(of: crlfOffset(in: text, $0.offset) + prefix.utf8.count) }
        let found = report.diagnostics.filter { $0.ruleID == case_.rule.id }.compactMap { $0.range.map { report.source.position(of: $0.start) } }
        #expect(found == expected, sourceLocation: case_.location)
        #expect(found.count == offsets.count, sourceLocation: case_.location)
    }

    @Test("each non-triggering example does not report its rule", arguments: RuleExample.nonTriggering)
    func nonTriggering(_ case_: RuleExample) {
        let report = lint(case_.example.source, headers: case_.example.headers, options: case_.example.options, fileExtension: case_.example.fileExtension)
        #expect(!case_.example.source.contains(Example.marker), sourceLocation: case_.location)
        #expect(!report.ruleIDs.contains(case_.rule.id), "diagnostics: \(report.summary)", sourceLocation: case_.location)
    }
}

/// The offset of `offset` after every "\n" before it became "\r\n".
private func crlfOffset(in text: String, _ offset: Int) -> Int {
    offset + text.utf8.prefix(offset).filter { $0 == 0x0A }.count
}

@Suite("Rule registry and metadata")
struct RuleRegistryTests {
    @Test func everyRuleFileIsRegistered() throws {
        let rulesDirectory = packageRoot.appendingPathComponent("Sources/APNSLintRules/Rules")
        let enumerator = try #require(FileManager.default.enumerator(atPath: rulesDirectory.path))
        let files = enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix("Rule.swift") }
        #expect(files.count == RuleRegistry.all.count, "rule files: \(files.sorted())")
        let typeNames = Set(RuleRegistry.all.map { String(describing: $0) + ".swift" })
        for file in files {
            #expect(typeNames.contains(URL(fileURLWithPath: file).lastPathComponent), "\(file) is not in RuleRegistry.all")
        }
    }

    /// The registry is generated (`scripts/generate`): every file under Rules/, in the order of their paths.
    @Test func theRegistryIsTheRuleFilesInPathOrder() throws {
        let rulesDirectory = packageRoot.appendingPathComponent("Sources/APNSLintRules/Rules")
        let enumerator = try #require(FileManager.default.enumerator(atPath: rulesDirectory.path))
        let paths = enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
            .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        #expect(RuleRegistry.all.map { String(describing: $0) } == paths.map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent },
                "Sources/APNSLintRules/Plan/RuleRegistry+All.swift is stale: run scripts/generate")
    }

    /// Whether a rule that finds `owned` reports `finding` (a syntax problem owned for every language is owned in each).
    static func owns(_ owned: Finding, _ finding: Finding) -> Bool {
        if owned == finding { return true }
        guard case .syntax(let ownedKind, nil) = owned, case .syntax(let kind, _) = finding else { return false }
        return ownedKind == kind
    }

    /// Every finding a reader, a dialect or the suppression comments can make has exactly one rule that reports it.
    @Test func everyFindingHasOneOwner() {
        var findings: [Finding] = SyntaxProblem.Kind.allCases.flatMap { kind in SourceLanguage.allCases.map { Finding.syntax(kind, in: $0) } }
        findings += DialectNote.Kind.allCases.map { .dialect($0) } + [.suppression(.invalid), .suppression(.unused)]
        for finding in findings {
            let owners = RuleRegistry.all.filter { rule in rule.descriptor.finds.contains { Self.owns($0, finding) } }
            #expect(owners.count == 1, "\(finding): \(owners.map { $0.id })")
        }
    }

    /// `asModelRule` (what the plan asks instead of casting) says what the type is: the rule itself exactly when it is
    /// a `ModelRule`, for the registry's rules and for a generic one.
    @Test func asModelRuleIsTheRuleExactlyWhenItIsAModelRule() {
        let rules: [any Rule.Type] = RuleRegistry.all + [RunConditionTests.EveryDefinitionRule.self, GenericProbeRule<Int>.self]
        for rule in rules {
            #expect((rule.asModelRule != nil) == (rule is any ModelRule.Type), "\(rule.id)")
            #expect(rule.asModelRule.map { ObjectIdentifier($0) == ObjectIdentifier(rule) } ?? true, "\(rule.id)")
            #expect(rule.reportsWhileReading == !(rule is any ModelRule.Type), "\(rule.id)")
        }
        #expect(RuleRegistry.all.contains { $0.asModelRule == nil } && RuleRegistry.all.contains { $0.asModelRule != nil })
    }

    @Test func idsAreUniqueKebabCase() {
        let ids = RuleRegistry.ids
        #expect(Set(ids).count == ids.count)
        for id in ids {
            #expect(id.range(of: "^[a-z0-9]+(-[a-z0-9]+)*$", options: .regularExpression) != nil, "\(id)")
        }
    }

    @Test func everyRuleIsDocumentedAndHasBothKindsOfExample() {
        for rule in RuleRegistry.all.map({ $0.documented }) {
            #expect(!rule.summary.isEmpty && rule.summary.hasSuffix("."), "\(rule.id) summary")
            #expect(rule.rationale.count > 80, "\(rule.id) rationale")
            #expect(!rule.references.isEmpty, "\(rule.id) references")
            #expect(rule.references.allSatisfy { $0.hasPrefix("https://") }, "\(rule.id) references")
            #expect(!rule.triggering.isEmpty, "\(rule.id) has no triggering example")
            #expect(!rule.nonTriggering.isEmpty, "\(rule.id) has no non-triggering example")
        }
    }
}

/// A generic model rule, for `asModelRule`'s default on a generic type.
private struct GenericProbeRule<Value>: ModelRule {
    static var descriptor: RuleDescriptor { RuleDescriptor(id: "generic-probe", severity: .info, category: .payload) }
    static var documentation: RuleDocs { RuleDocs(summary: "s", rationale: "r", severity: .advice("Test."), references: [], triggering: [], nonTriggering: []) }

    static func check(_ context: inout RuleContext) {}
}
