/// Reported while an Expo message is turned into its APNs request; this rule carries the docs and examples.
struct ExpoRequestInvalidRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "expo-request-invalid", severity: .error, category: .expo,
        finds: [.dialect(.expoRequestInvalid)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "An Expo push request Expo refuses, or a message it sends to no one: no `to`, a `to` that is not an Expo push token, more than 100 recipients, a value of the wrong type.",
            rationale: """
                Expo's push API takes one message or an array of them. `to` is the one required field, and holds \
                Expo push tokens (`ExponentPushToken[…]`, `ExpoPushToken[…]`), not APNs device tokens. A request \
                for more than 100 recipients (each token of a `to` array counts) is refused whole with \
                `PUSH_TOO_MANY_NOTIFICATIONS`, and a value of the wrong type with `VALIDATION_ERROR` \
                (`"[0].sound" must be one of [default, null, object]`): none of its messages is sent. `priority` is \
                `default`, `normal` or `high`. A `to` that is a template's placeholder (`<Expo push token>`, \
                `{{token}}`) is not judged: the sending code puts the token there.
                """,
            severity: .rejected(
                byService: "PUSH_TOO_MANY_NOTIFICATIONS / VALIDATION_ERROR",
                "Expo refuses the request, or has no device to send the message to, and nothing is delivered",
                source: Reference.expoSendingNotifications),
            references: [Reference.expoSendingNotifications, Reference.expoServerSDK, Reference.expoValidationErrorIssue],
            triggering: [
                Example(#"{"to": ↓"a1b2c3d4e5f6", "title": "Order shipped"}"#),
                Example(#"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "title": "Order shipped", "sound": ↓["bells.wav"]}"#),
                Example(#"[{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "body": "Hi", "priority": ↓"urgent"}]"#),
            ],
            nonTriggering: [
                Example(#"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "title": "Order shipped", "sound": "default", "priority": "high"}"#),
                Example(#"[{"to": ["ExpoPushToken[yyyyyyyyyyyyyyyyyyyyyy]", "ExponentPushToken[zzzzzzzzzzzzzzzzzzzzzz]"], "body": "Hi"}]"#),
                Example(#"{"to": "<Expo push token>", "title": "Order shipped"}"#),
            ])
    }
}
