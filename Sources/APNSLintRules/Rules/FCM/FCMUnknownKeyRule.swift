import APNSLintModel
import APNSLintSyntax

struct FCMUnknownKeyRule: ModelRule {
    static let descriptor = RuleDescriptor(id: "fcm-unknown-key", severity: .error, category: .fcm, scope: .fcmMessage)

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "A key FCM's HTTP v1 API does not have, in the request, the message, its `notification`, `apns` or `apns.fcm_options`.",
            rationale: """
                FCM reads the request as a protocol buffer message and refuses a field it does not have: "Invalid \
                JSON payload received. Unknown name \\"sound\\" at 'message': Cannot find field." (expo/expo #8250). \
                The usual causes are a legacy API field (`to`, `priority`, `content_available`), an APNs key written \
                at the wrong level (`aps` in `apns`, not in `apns.payload`), or a misspelling. Field names may be \
                written in snake_case or lowerCamelCase (`fcm_options`, `fcmOptions`), as protobuf's JSON reads both. \
                The payload itself (`apns.payload`) is APNs's, and not checked here.
                """,
            severity: .rejected(
                byService: "INVALID_ARGUMENT", "FCM answers 400 \"Invalid JSON payload received. Unknown name … Cannot find field.\" and sends nothing",
                source: Reference.fcmUnknownNameIssue),
            references: [Reference.fcmV1Messages, Reference.fcmUnknownNameIssue],
            triggering: [
                Example(#"{"message": {"topic": "news", "notification": {"title": "Hi", ↓"sound": "default"}}}"#),
                Example(#"{"message": {"topic": "news", "apns": {↓"aps": {"badge": 1}}}}"#),
                Example(#"{"message": {"topic": "news", ↓"priority": "high", "notification": {"title": "Hi"}}}"#),
            ],
            nonTriggering: [
                Example(#"{"validate_only": true, "message": {"topic": "news", "notification": {"title": "Hi", "image": "https://example.com/a.png"}, "fcm_options": {"analytics_label": "w"}}}"#),
                Example(#"{"message": {"topic": "news", "apns": {"fcmOptions": {"analyticsLabel": "w"}, "payload": {"aps": {"badge": 1}}}}}"#),
                Example(#"{"validateOnly": true, "message": {"topic": "news", "apns": {"liveActivityToken": "la", "payload": {"aps": {"event": "end", "timestamp": 1700000000, "content-state": {}}}}}}"#),
            ])
    }

    static func check(_ context: inout RuleContext) {
        guard let message = context.fcmMessage, message.isWrittenByUser else { return }
        var parts: [(FieldSet, FCMPart)] = [(message.fields, FCMSchema.message)]
        if let request = message.request { parts.append((request, FCMSchema.request)) }
        if let notification = message.notification { parts.append((notification, FCMSchema.notification)) }
        if let apns = message.apns {
            parts.append((apns.fields, FCMSchema.apns))
            if let options = apns.fcmOptions { parts.append((options, FCMSchema.apnsFcmOptions)) }
        }
        for (fields, part) in parts {
            let place = part.place
            let names = part.names
            for field in fields.fields where !field.isKnown {
                let suggestion = field.key == "aps" && part.place == FCMSchema.apns.place ? "payload"
                    : Suggestion.closest(to: field.key, in: part.fields.flatMap(\.spellings))
                context.report(
                    "\"\(field.key)\" is not a field of \(place) in FCM's HTTP v1 API, so FCM refuses the request (\"Unknown name \\\"\(field.key)\\\"\(place == "the request" ? "" : " at '\(place)'"): Cannot find field.\")",
                    at: field, help: (suggestion.map { "did you mean \"\($0)\"? " } ?? "") + "the fields are \(names.joined(separator: ", "))"
                        + (field.key == "aps" || APSKey(name: field.key) != nil || AlertKey(name: field.key) != nil
                            ? "; for Apple devices, APNs keys go in apns.payload.aps (\"apns\": {\"payload\": {\"aps\": {\"\(field.key == "aps" ? "badge" : field.key)\": …}}})" : ""))
            }
        }
    }
}
