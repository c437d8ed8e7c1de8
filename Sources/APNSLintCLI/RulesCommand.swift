import APNSLint
import APNSLintRules
import ArgumentParser

struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules", abstract: "List every rule: id, default severity, category, whether it has a fix.")

    func run() throws {
        let rules = RuleRegistry.all.map { $0.documented }
        let width = rules.map(\.id.count).max() ?? 0
        let categoryWidth = rules.map(\.category.rawValue.count).max() ?? 0
        for rule in rules {
            let id = rule.id.padding(toLength: width, withPad: " ", startingAt: 0)
            let severity = rule.severity.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)
            let category = rule.category.rawValue.padding(toLength: categoryWidth, withPad: " ", startingAt: 0)
            let fix = rule.fix == .none ? "   " : "fix"
            print("\(id)  \(severity)  \(category)  \(fix)  \(rule.summary)")
        }
    }
}
