@testable import APNSLintDialects
import APNSLintModel
import APNSLintRules

/// The id of the rule that reports a dialect's note (the model says what it found; the rules layer says who reports it).
func ruleID(of note: DialectNote) -> String {
    RuleRegistry.owner(of: .dialect(note.kind)) ?? "no rule for \(note.kind)"
}
