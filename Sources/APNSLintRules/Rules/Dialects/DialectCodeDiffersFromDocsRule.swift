/// Reported while a system's format is turned into the request; this rule carries the docs and examples.
struct DialectCodeDiffersFromDocsRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "dialect-code-differs-from-docs", severity: .warning, category: .dialect,
        finds: [.dialect(.codeDiffersFromDocs)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "The library's documentation asks for something its code does not enforce, and the definition relies on the code (ADCK: `loc_key` without `loc_args`).",
            rationale: """
                ADCK's README says to pass `loc_args` whenever `loc_key` is given: the arguments fill the \
                placeholders (`%@`) of the localized string the key names. ADCK 0.2.0's code does not check it and \
                sends `loc-key` alone, so the notification goes out, but if the string has placeholders the device \
                has no values to fill them with. Severity: a warning, as the severity contract gives undocumented \
                behaviour: a string without placeholders needs no arguments, and the code sends the request \
                (ADCK's README and `lib/adck/message.rb` at the pinned commit).
                """,
            severity: .undocumented(
                "ADCK 0.2.0 sends `loc-key` without `loc-args` though its README asks for both, and what the device shows for a localized string whose placeholders get no arguments is not documented",
                source: Reference.adck020),
            references: [Reference.adck, Reference.adck020],
            triggering: [
                Example(#"{"dialect": "adck", ↓"loc_key": "GAME_PLAY_REQUEST"}"#),
            ],
            nonTriggering: [
                Example(#"{"dialect": "adck", "loc_key": "GAME_PLAY_REQUEST", "loc_args": ["Jenna"]}"#),
                Example(#"{"dialect": "adck", "loc_key": "GAME_PLAY_REQUEST", "loc_args": []}"#),
            ])
    }
}
