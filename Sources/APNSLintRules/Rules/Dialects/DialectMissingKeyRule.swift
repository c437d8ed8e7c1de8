/// Reported while a system's format is turned into the request; this rule carries the docs and examples.
struct DialectMissingKeyRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "dialect-missing-key", severity: .error, category: .dialect,
        finds: [.dialect(.missingKey)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "The system's format requires a key this definition does not give (ADCK: `loc_args` with `loc_key`).",
            rationale: """
                ADCK's documentation requires `loc_args` whenever `loc_key` is given: the arguments fill the \
                placeholders of the localized string the key names, and the gem builds the alert from both. A \
                message without them is not what the gem expects to send.
                """,
            references: [Reference.adck],
            triggering: [
                Example(#"{"dialect": "adck", ↓"loc_key": "GAME_PLAY_REQUEST"}"#),
            ],
            nonTriggering: [
                Example(#"{"dialect": "adck", "loc_key": "GAME_PLAY_REQUEST", "loc_args": ["Jenna"]}"#),
            ])
    }

}
