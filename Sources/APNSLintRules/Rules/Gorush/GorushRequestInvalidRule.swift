/// Reported while a gorush request is turned into its APNs requests; this rule carries the docs and examples.
struct GorushRequestInvalidRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "gorush-request-invalid", severity: .error, category: .gorush,
        finds: [.dialect(.gorushRequestInvalid)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "A gorush request gorush refuses, or an iOS notification it sends to no device: no `notifications`, a value of the wrong type, no `platform` or `tokens`, more than 100 notifications.",
            rationale: """
                gorush decodes the request with Go's `encoding/json`: a value of the wrong type anywhere \
                (`"badge": "3"`, `"content_available": 1`, `"priority": 10`) fails the whole request with HTTP 400 \
                "Missing notifications field.", and none of its notifications is sent. An empty list and more \
                than `max_notification` entries (100 by default) are refused too. An entry whose `platform` is not \
                1, 2 or 3 is dropped without an error, and an iOS entry without `tokens` is accepted and sent to \
                no device: gorush checks tokens only for Android and Huawei. `data.aps` replaces the `aps` gorush \
                builds, and beside a title, alert, category or Live Activity field it makes gorush panic.
                """,
            severity: .rejected(
                byService: "400 Missing notifications field.", "gorush refuses the request, or drops the notification, and nothing is sent",
                source: Reference.gorushServer),
            references: [Reference.gorushServer, Reference.gorushAPNs, Reference.gorushReadme],
            triggering: [
                Example(#"{"notifications": [{"platform": 1, "tokens": ["…"], "message": "Hi", "badge": ↓"3"}]}"#),
                Example(#"{"notifications": [↓{"tokens": ["…"], "message": "Hi"}]}"#),
                Example(#"{"notifications": [↓{"platform": 1, "message": "Hi"}]}"#),
            ],
            nonTriggering: [
                Example(#"{"notifications": [{"platform": 1, "tokens": ["…"], "message": "Hi", "badge": 3, "topic": "com.example.app"}]}"#),
            ])
    }
}
