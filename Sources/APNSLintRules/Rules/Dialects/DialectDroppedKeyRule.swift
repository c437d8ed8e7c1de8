/// Reported while a system's format is turned into the request; this rule carries the docs and examples.
struct DialectDroppedKeyRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "dialect-dropped-key", severity: .warning, category: .dialect,
        finds: [.dialect(.droppedKey)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "A key the system does not send: not one of its fields, a value its setter ignores, or a setting made useless by another (node-apn's `rawPayload`).",
            rationale: """
                Client libraries build the APNs payload from their own fields and silently skip what they do not \
                know: node-apn ignores a badge that is not a number and every setter once `rawPayload` is given, \
                replaces the `aps` inside `payload`, and keeps unknown fields off the wire; ADCK sends only its \
                Message options; Skygear sends only the seed's `ios_*` and `android_*` custom keys, and FCM has no \
                field for `android_led_color`; apns_json's `make_notification/1` reads only `alert`, `badge`, `sound` \
                and `extra` (and of an alert proplist only `body`, `action-loc-key`, `loc-key`, `loc-args`, \
                `launch-image`: no title), and apns_erlv3 1.3.3 sends no `apns-push-type` or `apns-collapse-id`. \
                The push services ignore keys they do not know: Expo's `content-available` (its field is \
                `contentAvailable`), gorush's `threadID` (its field is `thread-id`) and `apns` (FCM's configuration, \
                which gorush reads for Android only), OneSignal's `ios_BadgeCount`. The notification then lacks what \
                the definition seems to say, and nothing fails until a user notices. A misspelt content-available \
                flag is an error: the background push it asks for certainly does not happen.
                """,
            severity: .likelyMistake(
                "the request is sent without the key, so the notification lacks what the definition seems to say, though a left-over key may not be missed"),
            references: [Reference.nodeAPNNotification, Reference.adck, Reference.skygearPayload, Reference.apnsJSON,
                         Reference.expoContentAvailableIssue, Reference.gorushAPNs],
            triggering: [
                Example(#"{"dialect": "node-apn", "body": "Hi", ↓"badge": "5"}"#),
                Example(#"{"rawPayload": {"aps": {"content-available": 1}}, ↓"body": "Hello, world!", "topic": "com.example.app"}"#),
                Example(#"{"topic": "com.example.app", "payload": {"sender": "node-apn", ↓"aps": {"badge": 1}}, "body": "Hi"}"#),
                Example(#"{"dialect": "adck", "body": "Hi", ↓"subtitle": "Ana"}"#),
                Example(#"{"message": {"title": "Inbox", ↓"titel": "3 new"}, "custom": {↓"ios_bagde": 3, "android_icon": "inbox"}}"#),
                Example("[{alert, [{body, <<\"Jenna invited you\">>}, {↓title, <<\"Game invite\">>}]}, {↓category, <<\"INVITE\">>}].", fileExtension: "erl"),
                Example(#"{"notifications": [{"platform": 1, "tokens": ["…"], "topic": "com.example.app", "message": "New offer", ↓"threadID": "offers"}]}"#),
            ],
            nonTriggering: [
                Example(#"{"dialect": "node-apn", "body": "Hi", "badge": 10, "payload": {"sender": "node-apn"}}"#),
                Example(#"{"rawPayload": {"aps": {"content-available": 1}}, "topic": "com.example.app", "priority": 5}"#),
                Example(#"{"message": {"title": "Inbox", "body": "3 new"}, "custom": {"ios_badge": 3, "android_icon": "inbox"}}"#),
                Example("[{alert, [{body, <<\"Jenna invited you\">>}]}, {sound, <<\"chime\">>}, {extra, [{<<\"game\">>, 4471}]}].", fileExtension: "erl"),
            ])
    }

}
