/// Reported while a system's format is turned into the request; this rule carries the docs and examples.
struct DialectMissingKeyRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "dialect-missing-key", severity: .error, category: .dialect,
        finds: [.dialect(.missingKey)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "The system's format requires a key this definition does not give (ADCK: `loc_args` with `loc_key`; apns_json: an alert's `body`; apns_erlv3: `token`).",
            rationale: """
                ADCK's documentation requires `loc_args` whenever `loc_key` is given: the arguments fill the \
                placeholders of the localized string the key names, and the gem builds the alert from both. A \
                message without them is not what the gem expects to send. apns_json's `make_alert/1` always writes \
                a body: an alert proplist without `body` is sent with the text "undefined" \
                (`sc_util:to_bin(undefined)`), which the device shows. apns_erlv3 refuses a notification without a \
                `token` (`{key_not_found, token}`): it builds the payload, then sends nothing. `render` still prints \
                what the library builds.
                """,
            references: [Reference.adck, Reference.apnsJSON, Reference.apnsErlv3],
            triggering: [
                Example(#"{"dialect": "adck", ↓"loc_key": "GAME_PLAY_REQUEST"}"#),
                Example("[{alert, ↓[{'loc-key', <<\"GAME_PLAY_REQUEST\">>}, {'loc-args', [<<\"Jenna\">>]}]}].", fileExtension: "erl"),
            ],
            nonTriggering: [
                Example(#"{"dialect": "adck", "loc_key": "GAME_PLAY_REQUEST", "loc_args": ["Jenna"]}"#),
                Example("[{alert, [{body, <<\"Jenna invited you\">>}, {'loc-key', <<\"GAME_PLAY_REQUEST\">>}, {'loc-args', [<<\"Jenna\">>]}]}].", fileExtension: "erl"),
            ])
    }

}
