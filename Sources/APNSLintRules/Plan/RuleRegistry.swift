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
}
