/// Reported while a system's format is turned into the request; this rule carries the docs and examples.
struct DialectMissingKeyRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "dialect-missing-key", severity: .error, category: .dialect,
        finds: [.dialect(.missingKey)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "The system needs a key this definition does not give, and without it sends nothing or something the device shows wrongly (apns_json: an alert's `body`; apns_erlv3: `token`; gorush: `topic`).",
            rationale: """
                apns_json's `make_alert/1` always writes \
                a body: an alert proplist without `body` is sent with the text "undefined" \
                (`sc_util:to_bin(undefined)`), which the device shows. apns_erlv3 refuses a notification without a \
                `token` (`{key_not_found, token}`): it builds the payload, then sends nothing. The token is what the \
                sending code supplies, so the rest of the notification is checked (and `render` prints it) as it goes \
                out once the token is given: a topic with spaces is still reported as the BadTopic it becomes. Severity: an error, because the device shows text nobody wrote, or nothing \
                is sent (the libraries' code at the pinned commits, and their recorded behaviour in \
                Tests/OracleTests/Corpora). An SNS `Publish` request with an `APNS_VOIP` payload and no \
                `AWS.SNS.MOBILE.APNS.PUSH_TYPE` attribute is reported too, as a warning: SNS decides alert or \
                background itself, and AWS asks for the attribute for VoIP pushes (what APNs then does with the push \
                is not documented). A gorush iOS notification without `topic` is reported as advice (info): gorush \
                sends the topic as written and has no iOS topic of its own (`GetIOSNotification` and `SectionIos` at \
                v1.22.0), so the request goes without `apns-topic`; APNs then uses the topic of the certificate the \
                server signs with when it is for one app (Apple: the certificate's Subject is then the default topic), which is how every iOS \
                example of gorush's README works, and refuses it only when the server signs with a token (.p8) key \
                (`MissingTopic`, gorush #341), which the file does not say.
                """,
            severity: .certain(
                "apns_json's `make_alert/1` sends an alert proplist without `body` with the text \"undefined\", which the device shows, and apns_erlv3 sends nothing without a `token`",
                source: Reference.apnsJSON),
            references: [Reference.apnsJSON, Reference.apnsErlv3, Reference.snsIOS13Blog],
            triggering: [
                Example("[{alert, ↓[{'loc-key', <<\"GAME_PLAY_REQUEST\">>}, {'loc-args', [<<\"Jenna\">>]}]}].", fileExtension: "erl"),
            ],
            nonTriggering: [
                Example("[{alert, [{body, <<\"Jenna invited you\">>}, {'loc-key', <<\"GAME_PLAY_REQUEST\">>}, {'loc-args', [<<\"Jenna\">>]}]}].", fileExtension: "erl"),
            ])
    }

}
