/// Reported while a system's format is turned into the request; this rule carries the docs and examples.
struct DialectMissingKeyRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "dialect-missing-key", severity: .warning, category: .dialect,
        finds: [.dialect(.missingKey)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "The system's documentation asks for a key this definition does not give (ADCK: `loc_args` with `loc_key`).",
            rationale: """
                ADCK's README says to pass `loc_args` whenever `loc_key` is given: the arguments fill the \
                placeholders (`%@`) of the localized string the key names. ADCK 0.2.0's code does not check it and \
                sends `loc-key` alone, so the notification goes out, but if the string has placeholders the device \
                has no values to fill them with. Severity: a warning, because a string without placeholders needs \
                no arguments.
                """,
            references: [Reference.adck, Reference.adck020],
            triggering: [
                Example(#"{"dialect": "adck", ↓"loc_key": "GAME_PLAY_REQUEST"}"#),
            ],
            nonTriggering: [
                Example(#"{"dialect": "adck", "loc_key": "GAME_PLAY_REQUEST", "loc_args": ["Jenna"]}"#),
            ])
    }

}
