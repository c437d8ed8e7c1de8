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
                MDM client it was written for. A `widgets` or `controls` push without `content-changed` reloads \
                nothing. An alert, sound or badge in a push whose payload the app's own code receives (`location`, \
                `complication`, `fileprovider`, `pushtotalk`) is never presented, and a `fileprovider` push without \
                `container-identifier` names no container: those two are warnings, since APNs delivers them. A \
                `background` push whose `aps` has no `content-available` wakes nothing and shows nothing (Apple: a \
                background notification's `aps` holds `content-available: 1`), an error. The other way round, a \
                payload of `content-available` with nothing to show sent as `alert` (gorush's default push type, \
                gorush issue #438) is a background update under the wrong push type: a warning, as APNs may still \
                deliver it. An alert, badge or sound on a `background` push is `background-with-alert`; an `alert` \
                push with nothing at all to show is `alert-empty`.
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
                Example(#"{"headers": {"apns-push-type": ↓"widgets", "apns-topic": "com.example.weather.push-type.widgets"}, "payload": {"aps": {"alert": "Rain at 4 pm"}}}"#),
                Example(#"{"headers": {"apns-push-type": ↓"background", "apns-priority": 5}, "payload": {"aps": {"category": "SYNC"}, "mailbox": "inbox"}}"#),
            ],
            nonTriggering: [
                Example(#"{"headers": {"apns-push-type": "liveactivity"}, "payload": {"aps": {"timestamp": 1763712000, "event": "update", "content-state": {"eta": "14:35"}}}}"#),
                Example(#"{"headers": {"apns-push-type": "controls"}, "payload": {"aps": {"content-changed": true}}}"#),
                Example(#"{"headers": {"apns-push-type": "mdm"}, "payload": {"mdm": "5E2C9A3F-7B1D-4E8A-9C6F-0D3B2A1E4F57"}}"#),
                Example(#"{"headers": {"apns-push-type": "alert"}, "payload": {"aps": {"alert": "Hi"}, "event": "signup", "content-state": "draft"}}"#),
                Example(#"{"headers": {"apns-push-type": "alert"}, "payload": {"aps": {"alert": "New mail", "content-available": 1}}}"#),
                Example(#"{"headers": {"apns-push-type": "background", "apns-priority": 5}, "payload": {"aps": {"content-available": 1}, "mailbox": "inbox"}}"#),
            ],
            enforces: [.pushType(.payload), .aps(.contentChanged)])
    }

    static func check(_ context: inout RuleContext) {
        let definition = context.definition
        guard let typeField = definition.headers.pushTypeField, let declared = definition.headers.pushType,
              let payload = definition.payload else { return }
        // The name only when a finding says it (most pushes have none, and it is a string made on each call).
        var type: String { declared.rawValue }
        let spec = declared.spec
        let consequence = "a push type that contradicts the payload may be rejected, delayed or dropped by APNs"

        // Most payloads have none of the keys that mark another push type: the schema-key bits say so at once.
        if let aps = payload.aps, aps.keys.intersects(Self.decisiveMarkers) {
            let apsFields = aps.fields
            let liveActivity = PushType.liveactivity.spec.markers, widget = PushType.widgets.spec.markers
            func marks(_ markers: KeySet<APSKey>) -> (Field) -> Bool {
                { field in !field.isShadowed && APSKey(name: field.key).map(markers.contains) == true }
            }
            if !spec.markers.intersects(liveActivity), let evidence = apsFields.fields.first(where: marks(liveActivity)) {
                let keys = apsFields.fields.filter(marks(liveActivity)).map { "\"\($0.key)\"" }.joined(separator: " and ")
                report(
                    "apns-push-type is \(type), but \"aps\" has \(keys), so the payload is a Live Activity update; \(consequence), and only a liveactivity push reaches the Live Activity",
                    typeField: typeField, evidence: evidence, into: &context,
                    help: "send it as apns-push-type liveactivity (topic <bundle ID>.push-type.liveactivity), or remove the Live Activity keys")
            }
            if !spec.markers.intersects(widget), let evidence = apsFields.fields.first(where: marks(widget)) {
                report(
                    "apns-push-type is \(type), but \"aps\" has \"\(evidence.key)\", which only a widgets or controls push carries; \(consequence), and the widget is not reloaded",
                    typeField: typeField, evidence: evidence, into: &context,
                    help: "send it as apns-push-type widgets (topic <bundle ID>.push-type.widgets), or controls for a control widget (<bundle ID>.push-type.controls)")
            }
        }
        checkOwnPayload(declared: declared, spec: spec, typeField: typeField, payload: payload, into: &context)
        checkNotification(declared: declared, typeField: typeField, payload: payload, into: &context)
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

    /// The keys of `aps` that mark a payload as another push type's whatever else it holds: a Live Activity's, and a
    /// widget's.
    private static let decisiveMarkers = PushType.liveactivity.spec.markers.union(PushType.widgets.spec.markers)
    /// What an alert push shows (`PushType.alert`'s markers), kept: asked on every alert and background push.
    private static let alertMarkers = PushType.alert.spec.markers

    /// What Apple says a push type's payload is (`PushType.spec.payload`) against what this one holds: a widget push
    /// without `content-changed` reloads nothing (an error); an alert, sound or badge in a push whose payload the
    /// app's own code receives (location, complication, File Provider, Push to Talk) is never presented, and a File
    /// Provider push without `container-identifier` names no container (warnings: APNs delivers them).
    /// - Parameter spec: `declared.spec`, looked up once by the caller.
    static func checkOwnPayload(declared: PushType, spec: PushTypeSpec, typeField: Field, payload: Payload, into context: inout RuleContext) {
        var type: String { declared.rawValue }
        switch spec.payload {
        case .contentChanged:
            guard let aps = payload.aps, !aps.keys.intersects(spec.markers) else { return }
            report(
                "apns-push-type is \(type), but \"aps\" has no \"content-changed\": WidgetKit reloads a widget only for {\"aps\": {\"content-changed\": true}}, so this push reloads nothing",
                typeField: typeField, evidence: payload.apsField ?? typeField, into: &context,
                help: "send {\"aps\": {\"content-changed\": true}}; to show something, send an alert push to the app's own topic")
        case .appDefined where declared != .voip:
            for field in payload.aps?.fields(of: alertMarkers) ?? [] {
                context.report(
                    "\"\(field.key)\" in a \(type) push: the system hands its payload to the app's \(receiver(of: declared)), which shows nothing by itself, so the \(field.key) is never presented",
                    at: field, help: "send what the \(receiver(of: declared)) reads; to show something, send an alert push to the app's own topic",
                    severity: .warning)
            }
            if declared == .fileprovider, payload.isObject, !payload.fields.fields.contains(where: { $0.key == "container-identifier" }) {
                context.report(
                    "a fileprovider push without \"container-identifier\": the File Provider extension learns from it which container changed (Apple's payload is {\"container-identifier\": …, \"domain\": …}), so this one names none",
                    pointer: payload.pointer, range: payload.node.range,
                    help: "add \"container-identifier\" (and \"domain\" for a domain other than the default) beside \"aps\"",
                    severity: .warning)
            }
        default:
            return
        }
    }

    /// An alert or background push against what its `aps` holds, both ways: a background push whose `aps` has no
    /// `content-available` wakes nothing and shows nothing (an error: the device does nothing with it); a payload of
    /// `content-available` with nothing to show, sent as `alert` (gorush's default push type, gorush issue #438), is
    /// a background update under the wrong push type, which APNs may deliver, delay or drop (a warning). An `aps`
    /// with an alert, badge or sound is `background-with-alert`'s in a background push; an alert push with nothing
    /// at all to show is `alert-empty`'s; a Live Activity's or widget's keys are reported above.
    static func checkNotification(declared: PushType, typeField: Field, payload: Payload, into context: inout RuleContext) {
        guard declared == .background || declared == .alert, let aps = payload.aps,
              !aps.keys.intersects(alertMarkers), !aps.keys.intersects(decisiveMarkers) else { return }
        if declared == .background, aps.contentAvailable == nil {
            report(
                "apns-push-type is background, but \"aps\" has no \"content-available\": only \"content-available\": 1 wakes the app for a background push, and this one has nothing to show either, so the device does nothing with it",
                typeField: typeField, evidence: payload.apsField ?? typeField, into: &context,
                help: "add \"content-available\": 1 to \"aps\"; to show something, send an alert push with \"alert\"")
        } else if declared == .alert, context.definition.inferredPushType == .background, let flag = aps.contentAvailable {
            report(
                "apns-push-type is alert, but \"aps\" has \"content-available\" and nothing to show (no alert, badge or sound), so the payload is a background update; Apple says the push type must match the payload, and APNs may delay or drop a mismatched push, or the app may never be woken",
                typeField: typeField, evidence: flag, into: &context,
                help: "send it as apns-push-type background with apns-priority 5, or add the alert to show",
                severity: .warning)
        }
    }

    static func receiver(of type: PushType) -> String {
        switch type {
        case .location: "Location Push Service Extension"
        case .complication: "watch complication (PushKit)"
        case .fileprovider: "File Provider extension"
        case .pushtotalk: "Push to Talk channel manager"
        default: "own code"
        }
    }

    /// Reports at the push type's value, with a note at the payload key that contradicts it; when the push type
    /// comes from the command line (no place in the file), at the payload key.
    private static func report(_ message: String, typeField: Field, evidence: Field, into context: inout RuleContext,
                        help: String, severity: Severity? = nil) {
        if typeField.valueRange != nil {
            context.report(message, at: typeField, part: .value, help: help,
                           notes: [Note("the payload says otherwise here", range: evidence.keyRange)], severity: severity)
        } else {
            context.report(message, at: evidence, help: help, notes: typeField.originNote.map { [$0] } ?? [], severity: severity)
        }
    }
}
