import APNSLint
import Testing

// The severity contract (README, "Severity"): an error is a request APNs rejects with a documented reason, or one the
// device certainly ignores or mis-presents (or that is never sent); a warning is a likely mistake, undocumented
// behaviour, or depends on when it is sent; info is advice. Each rule states its basis in its docs.
@Suite("Severity contract")
struct SeverityContractTests {
    static let rules = RuleRegistry.all.map { $0.documented }

    @Test("every rule's severity is the one its stated basis supports", arguments: rules.map(\.id))
    func severityMatchesBasis(_ id: String) throws {
        let rule = try #require(Self.rules.first { $0.id == id })
        #expect(rule.severityBasis.kind.severity == rule.severity,
                "\(id) is \(rule.severity.rawValue) but its basis is \(rule.severityBasis.kind.rawValue)")
        #expect(!rule.severityBasis.outcome.isEmpty)
    }

    @Test("every error names a documented rejection or a certain outcome, with its source")
    func errorsHaveDocumentedGrounds() {
        var ungrounded: [String] = []
        for rule in Self.rules where rule.severity == .error {
            let basis = rule.severityBasis
            let grounded = switch basis.kind {
            case .rejected: !(basis.rejection ?? "").isEmpty && basis.source != nil
            case .certainOutcome: basis.source != nil
            default: false
            }
            if !grounded { ungrounded.append(rule.id) }
        }
        #expect(ungrounded.isEmpty, "errors without a documented rejection or certain outcome: \(ungrounded)")
        // The list is not empty by accident: the contract has errors to hold.
        #expect(Self.rules.filter { $0.severity == .error }.count > 20)
    }

    /// An APNs reason is said once, typed, in the descriptor: the rule's page and docs/spec.md read it from there, and
    /// a rejection by APNs in the documentation names none of its own.
    @Test func anAPNsRejectionIsTypedInTheDescriptorAndMappedInTheSpec() {
        let untyped = Self.rules.filter { $0.severityBasis.apnsReason == nil && APNsReason(rawValue: $0.severityBasis.rejection ?? "") != nil }
        #expect(untyped.map(\.id) == [])
        let unnamed = Self.rules.filter { $0.docs.severityBasis.kind == .rejected && $0.severityBasis.rejection == nil }
        #expect(unnamed.map(\.id) == [], "rejected by APNs, with no rejection: in the descriptor")
        let notRejected = Self.rules.filter { $0.descriptor.rejection != nil && $0.severityBasis.apnsReason != $0.descriptor.rejection }
        #expect(notRejected.map(\.id) == [], "a rejection: in the descriptor, and no rejectedByAPNs basis in the docs")
        let rejections = Self.rules.compactMap { rule in rule.descriptor.rejection.map { (rule, $0) } }
        #expect(rejections.count >= 12)
        for (rule, reason) in rejections {
            #expect(rule.enforces.contains(.reason(reason)), "\(rule.id)")
            #expect(rule.severityBasis.sentence.hasPrefix("Rejected with `\(reason.rawValue)`: "), "\(rule.id)")
        }
    }

    /// The reason is on each error the rule reports too (`Diagnostic.rejection`): the APNs sandbox answers with it.
    @Test func everyRuleThatRestsOnAnAPNsRejectionCarriesItsReasonInItsFindings() {
        for rule in RuleRegistry.all {
            guard let reason = rule.descriptor.rejection else { continue }
            for example in rule.documentation.triggering {
                let report = lint(example.unmarked.text, headers: example.headers, options: example.options, fileExtension: example.fileExtension)
                let own = report.diagnostics.filter { $0.ruleID == rule.id && $0.severity == .error }
                #expect(!own.isEmpty, "\(rule.id): \(example.source)")
                // A case may name a reason of its own (an empty token is MissingDeviceToken); every error names one.
                #expect(own.allSatisfy { $0.rejection != nil }, "\(rule.id)")
                #expect(own.contains { $0.rejection == reason } || rule.id == "device-token-invalid" || rule.id == "topic-suffix-mismatch", "\(rule.id)")
            }
        }
    }

    @Test("a message that admits the behaviour is not documented is never an error")
    func hedgedMessagesAreWarnings() {
        let hedges = ["not documented", "undocumented", "unverified", "may reject", "may not"]
        var offenders: [String] = []
        for example in RuleExample.triggering where example.rule.severity == .error {
            let (text, _) = example.example.unmarked
            let report = lint(text, headers: example.example.headers, options: example.example.options,
                              fileExtension: example.example.fileExtension)
            for diagnostic in report.diagnostics where diagnostic.ruleID == example.rule.id {
                if let hedge = hedges.first(where: { diagnostic.message.lowercased().contains($0) }) {
                    offenders.append("\(example.rule.id): \"\(hedge)\" in \(diagnostic.message)")
                }
            }
        }
        #expect(offenders.isEmpty, "\(offenders.joined(separator: "\n"))")
    }

    @Test("each rule page states its severity and the reason")
    func pagesStateTheBasis() {
        for rule in RuleRegistry.all {
            let page = RuleDocumentation.page(for: rule)
            #expect(page.contains("## Why this severity\n\n**\(rule.descriptor.severity.rawValue)**. \(rule.documented.severityBasis.sentence)"), "\(rule.id)")
        }
    }
}
