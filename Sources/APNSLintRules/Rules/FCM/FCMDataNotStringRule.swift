import APNSLintModel
import APNSLintSyntax

struct FCMDataNotStringRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "fcm-data-not-string", severity: .error, category: .fcm,
        scope: .fcmMessage)

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "A value in the FCM message's `data` is not a string (FCM's data holds only string values).",
            rationale: """
                FCM's `data` is a map from string keys to string values (`map<string, string>` in the HTTP v1 API). \
                A number, boolean, array or object there makes the whole message invalid: the Firebase Admin SDK for \
                Node refuses it before sending ("data must only contain string values"), and a request written by \
                hand gets an error from FCM. Skygear sends its `data` both beside `aps`, where any JSON value is \
                fine, and as FCM's `data`, where it is not: write every value as a string, and encode structured \
                values (JSON text) for the app to decode.
                """,
            severity: .rejected(
                byService: "INVALID_ARGUMENT", "FCM answers 400 to a `data` value that is not a string (\"Invalid value at 'message.data[0].value' (TYPE_STRING)\"), and the Admin SDK for Node refuses it before sending",
                source: Reference.fcmErrorCodes),
            references: [Reference.fcmV1Messages, Reference.fcmAdminNodeValidation, Reference.fcmMessageTypes],
            triggering: [
                Example(#"{"message": {"title": "Match point"}, "data": {"points": ↓42, "team": "red"}}"#),
                Example(#"{"message": {"body": "New photos"}, "data": {"for": "bar", "source": ↓["alice", "bob"], "seen": ↓false}}"#),
                Example("message:\n  title: Match point\ndata:\n  points: ↓42\n", fileExtension: "yaml"),
            ],
            nonTriggering: [
                Example(#"{"message": {"title": "Match point"}, "data": {"points": "42", "team": "red"}}"#),
                Example(#"{"platform": {"android": false}, "message": {"title": "Match point"}, "data": {"points": 42}}"#),
            ])
    }

    static func check(_ context: inout RuleContext) {
        guard let message = context.fcmMessage else { return }
        // The message's data, and the Android config's own (`android.data`, which replaces it on Android).
        let androidData = message.android?.fields[fcm: FCMKey.data].flatMap { FCMMessage.bind($0, schema: FCMSchema.data) }
        for field in [message.data, androidData].compactMap({ $0 }).flatMap(\.effectiveFields) where field.value.string == nil {
            let value = field.value
            let quoted = value.isContainer
                ? "encode it as JSON text for the app to decode: \(jsonString(String(decoding: WireSerializer.serialize(value), as: UTF8.self)))"
                : "quote it: \(jsonString(value.number?.text ?? value.shortDescription))"
            context.report(
                "\(field.pointer.tokens.contains("android") ? "android.data" : "data") \"\(field.key)\" is \(value.kind.phrase) (\(value.shortDescription)), but FCM's data holds only strings, so FCM does not accept the message (the Admin SDKs refuse it before sending)",
                at: field, part: .value, help: quoted)
        }
    }

    private static func jsonString(_ text: String) -> String {
        String(decoding: WireSerializer.serialize(DocumentNode(.string(text), range: SourceRange(start: 0, end: 0))), as: UTF8.self)
    }
}
