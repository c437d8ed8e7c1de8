import APNSLintModel
import APNSLintSyntax

struct CustomKeyInAPSRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "custom-key-in-aps", severity: .warning, category: .structure,
        subscriptions: [.unknownKey(in: .aps)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "Custom data written inside `aps` instead of beside it.",
            rationale: """
                Apple reserves the `aps` dictionary for the keys it defines and says custom data goes outside it, \
                at the top level of the payload, where the app reads it from `userInfo`. The system ignores unknown \
                `aps` keys, so the value still reaches the app inside `userInfo["aps"]`, but it sits where Apple may \
                later define a key of the same name, and code that builds or reads `aps` as a fixed set of fields \
                drops it. This rule reports the unknown `aps` keys that resemble nothing APNs defines; likely \
                misspellings are reported by `unknown-aps-key` instead.
                """,
            severity: .likelyMistake("the device ignores unknown aps keys and the value reaches the app only inside userInfo[\"aps\"], where Apple reserves the names", source: Reference.generatingNotification),
            references: [Reference.payloadKeyReference, Reference.generatingNotification],
            triggering: [
                Example(#"{"aps": {"alert": "Hi", ↓"order-id": 1234}}"#),
                Example(#"{"aps": {"alert": "Your ride is here", ↓"ride": {"id": "R-2291", "eta": 3}}, "ride-id": "R-2291"}"#),
            ],
            nonTriggering: [
                Example(#"{"aps": {"alert": "Hi"}, "order-id": 1234}"#),
                Example(#"{"aps": {"alert": "Hi", "thread_id": "chat-42", "title": "Hi"}}"#),
                // A Push to Talk service update: ptt-push-type is Apple's key.
                Example(#"{"headers": {"apns-push-type": "pushtotalk", "apns-topic": "com.example.radio.voip-ptt", "apns-priority": 10, "apns-expiration": 0}, "payload": {"aps": {"ptt-push-type": "service-update"}}}"#),
                Example(#"{"aps": {"alert": "Hi", "priority": 10}}"#),
            ])
    }

    static func check(_ context: inout RuleContext) {
        guard let payload = context.definition.payload, let aps = payload.aps else { return }
        for field in aps.fields.fields where !field.isKnown && UnknownAPSKey(field.key) == .custom {
            let clash = payload.fields[field.key] != nil
            let help = clash
                ? "the top level already has a \"\(field.key)\": merge the two, or rename this one, and move it out of \"aps\""
                : "move \"\(field.key)\" out of \"aps\" to the top level of the payload, beside \"aps\"; the app reads it from userInfo[\"\(field.key)\"]"
            context.report(
                "\"\(field.key)\" is not a key APNs defines for \"aps\"; it looks like your own data, which belongs beside \"aps\", not in it (Apple reserves \"aps\" for its keys, and the device ignores others there)",
                at: field, help: help)
        }
    }
}
