/// Reported by the linter while it reads suppression comments; this rule carries the docs and examples.
struct InvalidSuppressionRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "invalid-suppression", severity: .warning, category: .syntax,
        finds: [.suppression(.invalid)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "An `apns-lint:` comment cannot be understood: an unknown rule id, no rule, no reason, or another word than disable-next-line, disable-line or disable-file.",
            rationale: """
                A suppression that names a misspelled rule suppresses nothing, and the finding it was written for \
                still fails the build with no hint why the comment did not work. One without a reason would leave the next \
                reader unable to tell whether the finding was accepted on purpose, so it suppresses nothing: the \
                finding it was written for is still reported next to this one. The form is \
                `# apns-lint: disable-next-line RULE[, RULE] -- reason` (`%` in Erlang); `disable-line` covers its own \
                line and `disable-file` the whole file.
                """,
            severity: .likelyMistake(
                "a suppression naming an unknown rule, with another word than the three, or without a reason suppresses nothing, so the finding it was written for still fails the build"),
            references: ["https://eslint.org/docs/latest/use/configure/rules#comment-descriptions"],
            triggering: [
                Example("""
                    aps:
                      alert:
                        loc-key: GAME_PLAY
                        # apns-lint: disable-next-line ↓loc-args-not-string -- the app formats numbers itself
                        loc-args: [5]
                    """, fileExtension: "yaml"),
                Example("""
                    aps:
                      alert:
                        loc-key: GAME_PLAY
                        # apns-lint: ↓disable-next-line loc-args-not-strings
                        loc-args: [5]
                    """, fileExtension: "yaml"),
                Example("""
                    # apns-lint: ↓ignore loc-args-not-strings -- the app formats numbers itself
                    aps: {alert: Hi}
                    """, fileExtension: "yaml"),
            ],
            nonTriggering: [
                Example("""
                    aps:
                      alert: "Use # apns-lint: anything in a string"
                    """, fileExtension: "yaml"),
                Example("""
                    # apns-lint: disable-file loc-args-not-strings, unknown-alert-key -- read by our notification extension
                    aps:
                      alert: {loc-key: GAME_PLAY, loc-args: [5], score-color: red}
                    """, fileExtension: "yaml"),
            ])
    }

}
