import APNSLintModel
import APNSLintSyntax

struct PushTypeMissingRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "push-type-missing", severity: .warning, category: .delivery)

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "A definition that declares its headers has no `apns-push-type`.",
            rationale: """
                Apple: `apns-push-type` is "required for watchOS 6 and later; recommended for macOS, iOS, tvOS, and \
                iPadOS", and when it is missing where required or does not match the payload, "APNs may return an \
                error, delay the delivery of the notification, or drop it altogether". Client libraries fill the gap \
                differently: sideshow/apns2 silently sends `alert`, PyAPNs2 guesses from the topic and payload only \
                when a topic is given. The finding is a warning, and an error when the app runs on watchOS \
                (`--platform watchos`), and on a broadcast request (`apns-channel-id`), which APNs answers with 400 \
                `MissingPushType`. A bare payload with no headers (in the file or on the command line) says \
                nothing about its request and is not flagged, nor does the configuration's `headers` alone declare \
                one; a Wallet pass update (topic `pass.…`) has no push type in Apple's documentation. A system that \
                sets the header itself sets it in the request apns-lint checks, so this rule sees it there: FCM sends \
                a notification message (`notification` with a title or body), which it displays, as `alert`.
                """,
            severity: .undocumented(
                "Apple recommends apns-push-type outside watchOS and says only that APNs may reject, delay or drop a request without it, and senders fill the gap differently",
                source: Reference.sendingRequests),
            references: [Reference.sendingRequests, Reference.generatingNotification],
            triggering: [
                Example(#"{↓"headers": {"apns-priority": 10, "apns-topic": "com.example.chat"}, "payload": {"aps": {"alert": "New message"}}}"#),
                Example(#"{↓"headers": {}, "payload": {"mdm": "5E2C9A3F-7B1D-4E8A-9C6F-0D3B2A1E4F57"}}"#),
            ],
            nonTriggering: [
                Example(#"{"headers": {"apns-push-type": "alert", "apns-priority": 10, "apns-topic": "com.example.chat"}, "payload": {"aps": {"alert": "New message"}}}"#),
                Example(#"{"aps": {"alert": "New message"}}"#, headers: ["apns-push-type": "alert", "apns-priority": "10"]),
                Example(#"{"aps": {"alert": "New message"}}"#),
                Example(#"{"message": {"token": "bk3RNwTe3H0:CI2k_HHwgIpoDKCIZvvDMExUdFQ3P1", "notification": {"title": "New message"}}}"#),
            ],
            enforces: [.header(.pushType), .reason(.missingPushType)])
    }

    static func check(_ context: inout RuleContext) {
        // Where the sending system decides the push type (Skygear, ADCK), the definition has no way to set it.
        guard !context.dialect.contains(.decidesPushType) else { return }
        let definition = context.definition
        let headers = definition.headers
        guard headers.areDeclared, headers.pushTypeField == nil else { return }
        // A Wallet pass update has no push type in Apple's documentation: Wallet's own daemon receives it.
        if let topic = headers.topicField?.string, TopicSuffix.isWalletPass(topic) { return }
        let onWatchOS = context.options.platforms.contains(.watchos)
        // Required on watchOS 6 and later, and on a broadcast request (400 MissingPushType): the same finding, at error
        // severity.
        let severity: Severity? = onWatchOS || headers.isBroadcast ? .error : nil
        let requirement = headers.isBroadcast
            ? "a broadcast request (apns-channel-id) must say liveactivity, and APNs answers 400 MissingPushType"
            : onWatchOS
            ? "the app runs on watchOS, where Apple requires it (watchOS 6 and later)"
            : "Apple requires it on watchOS 6 and later and recommends it on every other platform"
        let message = headers.isBroadcast ? "no apns-push-type in the request headers: \(requirement)"
            : "no apns-push-type in the request headers: \(requirement); without it APNs may reject, delay or drop the notification"
        let guess = Self.guess(for: definition)
        if let declaration = headers.declaration, declaration.keyRange != nil {
            let help = guess.map { "add \"apns-push-type\": \"\($0.type.rawValue)\" to the headers; \($0.reason)" }
                ?? "add \"apns-push-type\" to the headers: alert to show something, background for a silent update, or the type of this push"
            context.report(message, at: declaration, help: help, severity: severity)
        } else {
            let sources = HeaderValue.outsideSources(in: headers)
            let help = guess.map { "send apns-push-type: \($0.type.rawValue) (with the request headers, --push-type, or the configuration's headers); \($0.reason)" }
                ?? "send apns-push-type (with the request headers, --push-type, or the configuration's headers) with the type of this push: alert to show something, background for a silent update"
            context.report(
                message, pointer: headers.fields.pointer, range: nil, help: help,
                notes: [Note("the request headers come from outside the file: \(sources.joined(separator: ", "))")], severity: severity)
        }
    }

    /// The push type the topic or the payload suggests, and why.
    static func guess(for definition: NotificationDefinition) -> (type: PushType, reason: String)? {
        let inferred = definition.inferredPushType
        // The topic's suffix says the type, unless the payload is plainly another (then topic-suffix-mismatch says so).
        if let topic = definition.headers.topicField?.string, let found = TopicSuffix.known(in: topic),
           !TopicSuffix.payload(inferred, contradicts: found.type) {
            return (found.type, "the topic ends in \(found.suffix)")
        }
        guard let type = inferred else { return nil }
        let reason = switch type {
        case .mdm: "the payload is an MDM wake-up ({\"mdm\": …})"
        case .liveactivity: "\"aps\" has content-state or event, so the payload is a Live Activity update"
        case .widgets: "\"aps\" has content-changed, so the payload is a widget push (controls for a control widget)"
        case .alert: "\"aps\" has alert, badge or sound, so the payload is a visible notification"
        case .background: "\"aps\" has content-available and nothing to show, so the payload is a background update"
        default: "that is what the payload looks like"
        }
        return (type, reason)
    }

}
