/// Reported by the linter after the rules ran; this rule carries the docs and examples.
struct UnusedSuppressionRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "unused-suppression", severity: .warning, category: .syntax,
        fix: .always,
        finds: [.suppression(.unused)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "An inline suppression (`# apns-lint: disable-next-line RULE -- reason`) covers no finding.",
            rationale: """
                A suppression is a promise that a finding was looked at and is accepted. Once the definition changes \
                and the rule no longer reports there, the comment stays behind and would silently hide the next, \
                unrelated finding of that rule on that line. Removing unused suppressions keeps every one of them \
                meaningful. Suppressions go in comments, so only YAML (`#`) and Erlang (`%`) files have them; a \
                suppression of a rule the configuration turned off is not reported.
                """,
            severity: .likelyMistake(
                "a suppression left behind after the definition changed covers nothing, and would silently hide the next, unrelated finding of its rule there"),
            references: ["https://docs.astral.sh/ruff/rules/unused-noqa/", "https://eslint.org/docs/latest/use/configure/rules#report-unused-eslint-disable-comments"],
            triggering: [
                Example("""
                    # apns-lint: disable-next-line ↓loc-args-not-strings -- the app formats numbers itself
                    aps:
                      alert:
                        loc-key: GAME_PLAY
                        loc-args: ["5"]
                    """, fileExtension: "yaml"),
                Example("""
                    aps:
                      alert: Hi  # apns-lint: disable-line ↓unknown-aps-key -- read by our extension
                    """, fileExtension: "yaml"),
                Example("""
                    % apns-lint: disable-file ↓unknown-aps-key -- read by our extension
                    [{aps, [{alert, <<"Hi">>}]}].
                    """, fileExtension: "erl"),
            ],
            nonTriggering: [
                Example("""
                    aps:
                      alert:
                        loc-key: GAME_PLAY
                        # apns-lint: disable-next-line loc-args-not-strings -- the app formats numbers itself
                        loc-args: [5]
                    """, fileExtension: "yaml"),
                Example("""
                    % apns-lint: disable-file loc-args-not-strings -- the app formats numbers itself
                    [{<<"aps">>, [{<<"alert">>, [{<<"loc-key">>, <<"GAME_PLAY">>}, {<<"loc-args">>, [5]}]}]}].
                    """, fileExtension: "erl"),
            ])
    }

}
