import APNSLintModel
import APNSLintSyntax

struct InterruptionLevelInvalidRule: ModelRule {
    static let levels = APSKey.interruptionLevel.facts.allowed

    static let descriptor = RuleDescriptor(
        id: "interruption-level-invalid", severity: .error, category: .payload,
        fix: .sometimes,
        subscriptions: [.aps(.interruptionLevel)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "`interruption-level` is not one of `passive`, `active`, `time-sensitive` or `critical`.",
            rationale: """
                Since iOS 15, `interruption-level` says how much a notification may interrupt: `passive` (no sound, \
                no lighting up the screen), `active` (the default), `time-sensitive` (breaks through Focus and \
                scheduled summaries) and `critical`. The values are exact lowercase strings; any other string is \
                not a level the system knows, so the notification does not get the level you meant. Apple's own \
                documentation once spelled `time-senstive`, and that typo has been copied into payloads; camelCase \
                (`timeSensitive`, as in the Swift API) and capitalized spellings are the other usual slips.
                """,
            severity: .certain("the system knows only the four exact strings, so another value does not give the notification the level meant", source: Reference.interruptionLevel),
            references: [Reference.interruptionLevel, Reference.generatingNotification],
            triggering: [
                Example(#"{"aps": {"alert": "Your table is ready", "interruption-level": ↓"time-senstive"}}"#),
                Example(#"{"aps": {"alert": "Your table is ready", "interruption-level": ↓"Time-Sensitive"}}"#),
                Example(#"{"aps": {"alert": "Your table is ready", "interruption-level": ↓"timeSensitive"}}"#),
                Example(#"{"aps": {"alert": "Your table is ready", "interruption-level": ↓"urgent"}}"#),
            ],
            nonTriggering: [
                Example(#"{"aps": {"alert": "Your table is ready", "interruption-level": "time-sensitive"}}"#),
                Example(#"{"aps": {"alert": "Weekly digest", "interruption-level": "passive"}}"#),
                Example(#"{"aps": {"alert": "Hi", "interruption-level": "active"}}"#),
            ],
            enforces: [.aps(.interruptionLevel)])
    }

    static func check(_ context: inout RuleContext) {
        guard let field = context.definition.payload?.aps?[.interruptionLevel], let level = field.string,
              !Self.levels.contains(level) else { return }
        let suggestion = Suggestion.closest(to: level, in: Self.levels)
        var help = suggestion.map { "did you mean \"\($0)\"?" } ?? "use one of \(Self.levels.map { "\"\($0)\"" }.joined(separator: ", "))"
        if level.lowercased() == "time-senstive" {
            help += " (Apple's documentation once misspelled it \"time-senstive\"; the value the system reads is \"time-sensitive\")"
        } else if let suggestion, suggestion != level, Suggestion.kebabCase(level) == suggestion || level.lowercased() == suggestion {
            help += " (the values are exact lowercase kebab-case strings)"
        }
        context.report(
            "\"interruption-level\" is \(field.value.shortDescription), which is not one of \(Self.levels.joined(separator: ", ")); the system does not know the level, so the notification is not delivered with the interruption level you meant",
            at: field, part: .value, help: help,
            // Safe for a spelling slip (the level was plainly meant); a guess by similarity is unsafe.
            fix: suggestion.flatMap { suggestion in
                let slip = level.lowercased() == "time-senstive" || Suggestion.kebabCase(level) == suggestion || level.lowercased() == suggestion
                return stringFix(for: field, suggestion, "write \"\(suggestion)\"", slip ? .safe : .unsafe)
            })
    }
}
