import APNSLint
import ArgumentParser

/// `--select`, `--extend-select` and `--ignore`: which rules run, as the configuration's keys of the same names say
/// it, in a layer on top of the configuration (`RuleSelection` resolves the layers).
struct RuleSelectionOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Run only these rules instead of those the configuration runs: rule ids or categories, comma-separated (repeatable).", valueName: "rules"))
    var select: [String] = []

    @Option(help: ArgumentHelp("Run these rules (ids or categories) on top of those selected.", valueName: "rules"))
    var extendSelect: [String] = []

    @Option(help: ArgumentHelp("Do not run these rules (ids or categories); a rule id wins over a category, and --ignore over --select for the same one.", valueName: "rules"))
    var ignore: [String] = []

    func validate() throws { _ = try selection() }

    /// The selection the options make; an unknown rule or category, or a rule that cannot be turned off, is a usage
    /// error that says which option named it.
    func selection() throws -> RuleSelection {
        func selectors(_ values: [String], option: String) throws -> [RuleSelector] {
            try values.flatMap { $0.split(separator: ",") }.map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }.map { name in
                do { return try RuleSelector(parsing: String(name)) } catch { throw ValidationError("\(option): \(error)") }
            }
        }
        let ignored = try selectors(ignore, option: "--ignore")
        for case .rule(let id) in ignored {
            if let rule = RuleRegistry.rule(id: id), rule.alwaysRuns { throw ValidationError("--ignore: " + RuleSelection.cannotBeTurnedOff(rule)) }
        }
        return RuleSelection(select: select.isEmpty ? nil : try selectors(select, option: "--select"),
                             extendSelect: try selectors(extendSelect, option: "--extend-select"), ignore: ignored)
    }
}
