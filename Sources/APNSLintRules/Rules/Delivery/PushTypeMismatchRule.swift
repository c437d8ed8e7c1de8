import APNSLintModel
import APNSLintSyntax

struct PushTypeMismatchRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "push-type-mismatch", severity: .error, category: .delivery,
        subscriptions: [.header(.pushType)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "The payload contradicts `apns-push-type`.",
            rationale: """
                Apple: the push type "must accurately reflect the contents of your notification's payload. If there \
                is a mismatch, … APNs may return an error, delay the delivery of the notification, or drop it \
                altogether." Some payloads name their push type: `content-state` and `event` in `aps` are a Live \
                Activity update (`liveactivity`), `content-changed` a WidgetKit push (`widgets`, or `controls` for a \
                control widget), and `{"mdm": "<PushMagic>"}` an MDM wake-up (`mdm`, whose body has no `aps`). Even \
                when APNs delivers it, a push sent under another type does not reach the Live Activity, widget or \
                MDM client it was written for. An alert, badge or sound on a `background` push is \
                `background-with-alert`.
                """,
            severity: .certain(
                "a Live Activity, widget or MDM payload sent under another push type does not reach the Live Activity, widget or MDM client it is written for, and Apple says APNs may reject, delay or drop it",
                source: Reference.sendingRequests),
            references: [Reference.sendingRequests, Reference.generatingNotification],
            triggering: [
                Example(#"{"headers": {"apns-push-type": ↓"alert"}, "payload": {"aps": {"timestamp": 1763712000, "event": "update", "content-state": {"eta": "14:35"}}}}"#),
                Example(#"{"headers": {"apns-push-type": ↓"background", "apns-priority": 5}, "payload": {"aps": {"content-changed": true}}}"#),
                Example(#"{"headers": {"apns-push-type": ↓"alert"}, "payload": {"mdm": "5E2C9A3F-7B1D-4E8A-9C6F-0D3B2A1E4F57"}}"#),
                Example(#"{"headers": {"apns-push-type": ↓"mdm"}, "payload": {"aps": {"alert": "Enroll now"}, "mdm": "5E2C9A3F"}}"#),
                Example(#"{"aps": {↓"content-state": {"eta": "14:35"}, "event": "update", "timestamp": 1763712000}}"#, headers: ["apns-push-type": "alert"]),
            ],
            nonTriggering: [
                Example(#"{"headers": {"apns-push-type": "liveactivity"}, "payload": {"aps": {"timestamp": 1763712000, "event": "update", "content-state": {"eta": "14:35"}}}}"#),
                Example(#"{"headers": {"apns-push-type": "controls"}, "payload": {"aps": {"content-changed": true}}}"#),
                Example(#"{"headers": {"apns-push-type": "mdm"}, "payload": {"mdm": "5E2C9A3F-7B1D-4E8A-9C6F-0D3B2A1E4F57"}}"#),
                Example(#"{"headers": {"apns-push-type": "alert"}, "payload": {"aps": {"alert": "Hi"}, "event": "signup", "content-state": "draft"}}"#),
            ],
            enforces: [.pushType(.payload), .aps(.contentChanged)])
    }

    static func check(_ context: inout RuleContext) {
        let definition = context.definition
        guard let typeField = definition.headers.pushTypeField, let declared = definition.headers.pushType,
              let payload = definition.payload else { return }
        let type = declared.rawValue
        let consequence = "a push type that contradicts the payload may be rejected, delayed or dropped by APNs"

        // Most payloads have none of the keys that contradict a push type: the schema-key bits say so at once.
        if let aps = payload.aps, aps.keys.intersects(Self.contradictingKeys) {
            let apsFields = aps.fields
            func isLiveActivityKey(_ field: Field) -> Bool {
                !field.isShadowed && (field.key.isSameKey(as: "content-state") || field.key.isSameKey(as: "event"))
            }
            if declared != .liveactivity, let evidence = apsFields.fields.first(where: isLiveActivityKey) {
                let keys = apsFields.fields.filter(isLiveActivityKey).map { "\"\($0.key)\"" }.joined(separator: " and ")
                report(
                    "apns-push-type is \(type), but \"aps\" has \(keys), so the payload is a Live Activity update; \(consequence), and only a liveactivity push reaches the Live Activity",
                    typeField: typeField, evidence: evidence, into: &context,
                    help: "send it as apns-push-type liveactivity (topic <bundle ID>.push-type.liveactivity), or remove the Live Activity keys")
            }
            if declared != .widgets, declared != .controls, let evidence = apsFields["content-changed"] {
                report(
                    "apns-push-type is \(type), but \"aps\" has \"content-changed\", which only a widgets or controls push carries; \(consequence), and the widget is not reloaded",
                    typeField: typeField, evidence: evidence, into: &context,
                    help: "send it as apns-push-type widgets (topic <bundle ID>.push-type.widgets), or controls for a control widget (<bundle ID>.push-type.controls)")
            }
        }
        if payload.isMDM, declared != .mdm, let evidence = payload.mdmField {
            report(
                "apns-push-type is \(type), but the payload is an MDM wake-up ({\"mdm\": …} without \"aps\"); \(consequence), and only an mdm push wakes the device's MDM client",
                typeField: typeField, evidence: evidence, into: &context,
                help: "set apns-push-type to mdm (the topic is the UID from your MDM push certificate)")
        }
        if declared == .mdm, let evidence = payload.apsField {
            report(
                "apns-push-type is mdm, but the payload has \"aps\"; an MDM wake-up's body is {\"mdm\": \"<PushMagic>\"} and nothing else, so \(consequence)",
                typeField: typeField, evidence: evidence, into: &context,
                help: "send {\"mdm\": \"<PushMagic>\"} as the whole payload, or set apns-push-type to the type \"aps\" is for")
        }
    }

    /// The keys of `aps` that say what type of push the payload is: a Live Activity's, and a widget's.
    private static let contradictingKeys: KeySet<APSKey> = [.contentState, .event, .contentChanged]

    /// Reports at the push type's value, with a note at the payload key that contradicts it; when the push type
    /// comes from the command line (no place in the file), at the payload key.
    private static func report(_ message: String, typeField: Field, evidence: Field, into context: inout RuleContext,
                        help: String) {
        if typeField.valueRange != nil {
            context.report(message, at: typeField, part: .value, help: help,
                           notes: [Note("the payload says otherwise here", range: evidence.keyRange)])
        } else {
            context.report(message, at: evidence, help: help, notes: typeField.originNote.map { [$0] } ?? [])
        }
    }
}
