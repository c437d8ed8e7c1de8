import APNSLintModel

/// Every rule apns-lint has, in documentation order (by category, then file name). The list is generated from the
/// files under `Rules/` (`RuleRegistry+All.swift`, written by `scripts/generate`); a test fails when it is stale.
public enum RuleRegistry {
    public static let all: [any Rule.Type] = generatedRules

    public static func rule(id: String) -> (any Rule.Type)? {
        all.first { $0.id == id }
    }

    public static var ids: [String] { all.map { $0.id } }

    /// The id of the rule that reports `finding`, among all rules.
    public static func owner(of finding: Finding) -> String? { plan.owner(of: finding)?.id }

    private static let plan = RulePlan(rules: all)

    /// The APNs reason `rule`'s severity rests on, if APNs rejects what it finds. Read from its documentation once
    /// per rule of the registry (a plan is made for every configuration), and from a rule outside it each time.
    static func rejection(of rule: any ModelRule.Type) -> APNsReason? {
        if let known = rejections[ObjectIdentifier(rule)] { return known }
        return rule.documentation.severityBasis.apnsReason
    }

    private static let rejections: [ObjectIdentifier: APNsReason?] = Dictionary(uniqueKeysWithValues: all.map { rule in
        (ObjectIdentifier(rule), rule.documentation.severityBasis.apnsReason)
    })
}
