import APNSLintModel
import APNSLintSyntax

struct MissingAPSRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "missing-aps", severity: .error, category: .structure)

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "The payload has no \"aps\" dictionary.",
            rationale: """
                Every APNs payload must contain `aps`, the dictionary of keys the system reads (alert, badge, sound, \
                content-available, …); without it the device has nothing to show or do. The only exception is an MDM \
                wake-up, whose payload is `{"mdm": "<PushMagic>"}`, and pushes whose payload the system hands whole \
                to the app or an extension: a definition that declares `voip`, `complication`, `fileprovider`, \
                `location` or `pushtotalk` is not checked (PushKit payloads are app-defined, and many VoIP payloads \
                have no `aps`; a Push to Talk payload goes to the app's channel manager, and Apple's own example, \
                `{"activeSpeaker": "…"}`, has none).
                """,
            severity: .certain("a payload without aps gives the device nothing to show or do", source: Reference.generatingNotification),
            references: [Reference.payloadKeyReference, Reference.generatingNotification, Reference.pushToTalkApp],
            triggering: [
                Example(#"↓{"alert": "Hi", "badge": 1}"#),
                Example(#"{↓"APS": {"alert": "Hi"}}"#),
                Example(#"{"headers": {"apns-push-type": "alert"}, "payload": ↓{"message": "Hi"}}"#),
            ],
            nonTriggering: [
                Example(#"{"aps": {"alert": "Hi"}}"#),
                Example(#"{"mdm": "6FDF1B5C-3A1A-4B4F-9B39-6A8E1C5C2D61"}"#),
                Example(#"{"headers": {"apns-push-type": "voip", "apns-topic": "com.example.phone.voip"}, "payload": {"callerName": "Ana"}}"#),
                Example(#"{"headers": {"apns-push-type": "pushtotalk", "apns-topic": "com.example.radio.voip-ptt", "apns-priority": 10, "apns-expiration": 0}, "payload": {"activeSpeaker": "Ana"}}"#),
            ],
            enforces: [.pushType(.payload)])
    }

    static func check(_ context: inout RuleContext) {
        // A bound `aps` means an `aps` field: that settles the usual case without looking the field up.
        guard let payload = context.definition.payload, payload.aps == nil, payload.isObject,
              payload.apsField == nil, !payload.isMDM else { return }
        // PushKit and extension pushes hand the whole dictionary to the app (`PayloadShape.appDefined` in Apple's spec:
        // voip, complication, fileprovider, location, pushtotalk); APNs does not read "aps" there.
        // Without a push type, a topic whose suffix names such a push (`….pushkit.fileprovider`) says the same.
        let headers = context.definition.headers
        if let pushType = headers.pushType ?? headers.topicField?.string.flatMap({ TopicSuffix.known(in: $0)?.type }),
           pushType.spec.payload == .appDefined { return }
        // A Wallet pass update is `{}` by design (wallet-pass-payload says what Wallet does with anything else).
        if let topic = context.definition.headers.topicField?.string, TopicSuffix.isWalletPass(topic) { return }
        let why = "APNs requires \"aps\" in every payload (only an MDM wake-up {\"mdm\": …} goes without)"
        if let lookalike = payload.fields.fields.first(where: { Suggestion.closest(to: $0.key, in: ["aps"]) != nil }) {
            context.report(
                "the payload has no \"aps\" dictionary, only \"\(lookalike.key)\"; \(why)",
                at: lookalike, help: "rename \"\(lookalike.key)\" to \"aps\" (keys are case-sensitive)")
            return
        }
        let keys = payload.fields.fields.map(\.key).filter { Schema.aps.map(\.name).contains($0) }
        context.report(
            "the payload has no \"aps\" dictionary; \(why)",
            pointer: payload.pointer, range: payload.node.range,
            help: keys.isEmpty
                ? "put the notification in an \"aps\" dictionary: {\"aps\": {\"alert\": \"…\"}}"
                : "move \(keys.map { "\"\($0)\"" }.joined(separator: ", ")) into an \"aps\" dictionary: {\"aps\": {…}}")
    }
}
