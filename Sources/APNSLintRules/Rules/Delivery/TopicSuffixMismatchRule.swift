import APNSLintModel
import APNSLintSyntax

struct TopicSuffixMismatchRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "topic-suffix-mismatch", severity: .error, category: .delivery,
        subscriptions: [.header(.topic)], rejection: .deviceTokenNotForTopic)

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "The suffix of `apns-topic` does not match `apns-push-type`, or a broadcast request's topic has one.",
            rationale: """
                Each push type goes to its own topic: the bundle ID for `alert` and `background`, and the bundle ID \
                plus `.voip`, `.complication`, `.pushkit.fileprovider`, `.location-query`, \
                `.push-type.liveactivity`, `.voip-ptt`, `.push-type.widgets` or `.push-type.controls` for the \
                others. The device token is registered for that topic, so a push whose topic has the wrong suffix, \
                or none, is rejected (400 `DeviceTokenNotForTopic`, `BadTopic` or `TopicDisallowed`) or never \
                reaches the PushKit, Live Activity or widget code it was meant for. Checked only when both headers \
                are given and the push type is valid; an `mdm` topic is the UID from the MDM certificate and is \
                not checked. A suffix written twice (`com.example.phone.voip.voip`) names no topic a token is \
                registered for. Without a push type, APNs takes the push type the topic's suffix names: a topic \
                whose suffix names one contradicts a payload plainly of another type (an alert sent to \
                `….push-type.liveactivity`), except a VoIP, complication, File Provider, location or Push to Talk \
                topic, whose payload is whatever dictionary the app's own code reads (an `aps` with an alert \
                included); and a Live Activity update (`event`, `content-state`) or a widget reload \
                (`content-changed`) sent to the bare bundle ID with no push type goes to a topic its token is not \
                registered for (400 `DeviceTokenNotForTopic`, Apple Developer Forums thread 712499). A topic that \
                is still a template's placeholder (`{{bundle_id}}`, `${BUNDLE_ID}`: a character no bundle ID has) is \
                filled in by the sender and not judged, nor, without a push type, a name with no period \
                (`YOUR_BUNDLE_ID`). A broadcast request (`apns-channel-id`, Live Activity channels) is the exception: its \
                bundle ID is in the path, and Apple's broadcast errors say "Ensure that no push type suffix is added \
                to the bundle ID": a `.push-type.liveactivity` topic there is answered with 400 `TopicDisallowed`.
                """,
            severity: .rejectedByAPNs(
                "a topic whose suffix is not the push type's is rejected (or BadTopic; TopicDisallowed for a suffix on a broadcast)",
                source: Reference.handlingResponses),
            references: [Reference.sendingRequests, Reference.handlingResponses, Reference.broadcastErrors],
            triggering: [
                Example(#"{"headers": {"apns-push-type": "voip", "apns-topic": ↓"com.example.phone"}, "payload": {"aps": {}}}"#),
                Example(#"{"headers": {"apns-push-type": "alert", "apns-topic": ↓"com.example.phone.voip"}, "payload": {"aps": {"alert": "Missed call"}}}"#),
                Example(#"{"headers": {"apns-push-type": "controls", "apns-topic": ↓"com.example.home.push-type.widgets"}, "payload": {"aps": {"content-changed": true}}}"#),
                Example(#"{"headers": {"apns-push-type": "liveactivity", "apns-topic": ↓"com.example.delivery.liveactivity"}, "payload": {"aps": {"timestamp": 1763712000, "event": "update", "content-state": {"eta": "14:35"}}}}"#),
                Example(#"{"headers": {"apns-push-type": "liveactivity", "apns-channel-id": "dHN0LXNyY2gtY2hubA==", "apns-topic": ↓"com.example.scores.push-type.liveactivity"}, "payload": {"aps": {"timestamp": 1763712000, "event": "update", "content-state": {"score": "2-1"}}}}"#),
                Example(#"{"headers": {"apns-push-type": "voip", "apns-topic": ↓"com.example.phone.voip.voip"}, "payload": {"aps": {}}}"#),
                Example(#"{"headers": {"apns-topic": ↓"com.example.delivery.push-type.liveactivity", "apns-priority": 10}, "payload": {"aps": {"alert": "Your order is on its way"}}}"#),
                Example(#"{"headers": {"apns-topic": ↓"com.example.delivery", "apns-priority": 10}, "payload": {"aps": {"timestamp": 1763712000, "event": "end", "content-state": {"eta": "delivered"}}}}"#),
            ],
            nonTriggering: [
                Example(#"{"headers": {"apns-push-type": "voip", "apns-topic": "com.example.phone.voip"}, "payload": {"aps": {}}}"#),
                Example(#"{"headers": {"apns-push-type": "pushtotalk", "apns-topic": "com.example.radio.voip-ptt", "apns-priority": 10, "apns-expiration": 0}, "payload": {"aps": {}}}"#),
                Example(#"{"headers": {"apns-push-type": "background", "apns-topic": "com.example.mail", "apns-priority": 5}, "payload": {"aps": {"content-available": 1}}}"#),
                Example(#"{"headers": {"apns-push-type": "mdm", "apns-topic": "com.apple.mgmt.External.2a7c1f6e-8d4b-4f0e-9a51-3c9d2b7e6a10"}, "payload": {"mdm": "5E2C9A3F"}}"#),
                Example(#"{"headers": {"apns-push-type": "liveactivity", "apns-channel-id": "dHN0LXNyY2gtY2hubA==", "apns-topic": "com.example.scores"}, "payload": {"aps": {"timestamp": 1763712000, "event": "update", "content-state": {"score": "2-1"}}}}"#),
                Example(#"{"headers": {"apns-topic": "com.example.phone.voip"}, "payload": {"aps": {"alert": "Incoming call"}, "caller": "Ana"}}"#),
            ],
            enforces: [.pushType(.topic), .header(.topic), .reason(.topicDisallowed)])
    }

    static func check(_ context: inout RuleContext) {
        let headers = context.definition.headers
        if headers.isBroadcast {
            checkBroadcast(&context)
            return
        }
        guard let field = headers.topicField, let topic = field.string else { return }
        guard let type = headers.pushType else {
            checkUndeclared(topic: topic, field: field, &context)
            return
        }
        guard type != .mdm else { return }
        let expected = TopicSuffix.suffix(for: type)
        let found = TopicSuffix.known(in: topic)
        // The usual case, a matching suffix written once, needs none of the checks below.
        if expected == found?.suffix {
            if let found, TopicSuffix.known(in: TopicSuffix.bundleID(of: topic)) != nil {
                let once = TopicSuffix.bundleID(of: topic)
                context.report(
                    "apns-topic \(field.value.shortDescription) ends in a push type suffix twice: the token is registered for a topic with one, so APNs answers 400 DeviceTokenNotForTopic",
                    at: field, part: .value, help: "use \"\(once)\" (the bundle ID and \(found.suffix) once)")
            }
            return
        }
        // A topic the sender fills in (a template's placeholder) has no suffix to judge. A name without a period
        // (`widget_topic`) beside a declared push type is still judged: the push type says which suffix it needs.
        guard TopicInvalidRule.problem(in: topic) == nil, !TopicSuffix.isPlaceholder(topic, periodless: false) else { return }
        let (bundleID, partial) = found == nil
            ? Self.bundleID(ofUnsuffixed: topic, expected: expected) : (TopicSuffix.bundleID(of: topic), nil)
        let wanted = bundleID + (expected ?? "")
        let consequence = "the device token is registered for another topic, so APNs rejects the push (400 DeviceTokenNotForTopic, BadTopic or TopicDisallowed)"

        switch (expected, found) {
        case (nil, nil):
            return
        case (let expected?, let found?) where found.suffix == expected:
            return
        case (let expected?, nil):
            let has = partial.map { "ends in \($0), not \(expected)" } ?? "lacks the \(expected) suffix"
            context.report(
                "apns-topic \(field.value.shortDescription) \(has), but apns-push-type \(type.rawValue) needs the bundle ID plus \(expected); \(consequence)",
                at: field, part: .value, help: "use \"\(wanted)\"")
        case (nil, let found?):
            context.report(
                "apns-topic \(field.value.shortDescription) ends in \(found.suffix), the suffix of \(found.type.rawValue) pushes, but apns-push-type \(type.rawValue) needs the bare bundle ID; \(consequence)",
                at: field, part: .value, help: "use \"\(wanted)\", or set apns-push-type to \(found.type.rawValue) if this is a \(found.type.rawValue) push")
        case (let expected?, let found?):
            context.report(
                "apns-topic \(field.value.shortDescription) ends in \(found.suffix), the suffix of \(found.type.rawValue) pushes, but apns-push-type \(type.rawValue) needs the bundle ID plus \(expected); \(consequence)",
                at: field, part: .value, help: "use \"\(wanted)\", or set apns-push-type to \(found.type.rawValue) if this is a \(found.type.rawValue) push")
        }
    }

    /// No push type: a topic whose suffix names one (`….push-type.liveactivity`) contradicts a payload that is plainly
    /// of another type (an alert, a background update): the token the topic is for does not take it.
    static func checkUndeclared(topic: String, field: Field, _ context: inout RuleContext) {
        guard let found = TopicSuffix.known(in: topic) else {
            checkUnsuffixed(topic: topic, field: field, &context)
            return
        }
        guard let payloadType = context.definition.inferredPushType,
              TopicSuffix.payload(payloadType, contradicts: found.type) else { return }
        let wanted = TopicSuffix.bundleID(of: topic) + (TopicSuffix.suffix(for: payloadType) ?? "")
        context.report(
            "apns-topic \(field.value.shortDescription) ends in \(found.suffix), the suffix of \(found.type.rawValue) pushes, but the payload is \(payloadType == .alert ? "an" : "a") \(payloadType.rawValue) push: the device token is registered for another topic, so APNs rejects it (400 DeviceTokenNotForTopic) or it never reaches the code it was meant for",
            at: field, part: .value,
            help: "use \"\(wanted)\" with apns-push-type \(payloadType.rawValue), or set apns-push-type \(found.type.rawValue) and send a \(found.type.rawValue) payload")
    }

    /// No push type, and a topic without a suffix: APNs takes the push for an alert or background push to the bare
    /// bundle ID, so a payload plainly of a type whose topic has a suffix of its own and whose payload is Apple's (a
    /// Live Activity update, a widget reload) goes to a token that is not registered for it: APNs answers 400
    /// DeviceTokenNotForTopic (Live Activity tokens are the activity's, not the device's), or the push never reaches
    /// the Live Activity or widget. A topic that is still a placeholder, a Wallet pass's, or where the sending system
    /// decides the push type, says nothing here (`TopicSuffix.isPlaceholder`).
    static func checkUnsuffixed(topic: String, field: Field, _ context: inout RuleContext) {
        guard let payloadType = context.definition.inferredPushType, Self.typesNamedByTheirPayload.contains(payloadType),
              let expected = TopicSuffix.suffix(for: payloadType), !context.dialect.contains(.decidesPushType),
              !TopicSuffix.isWalletPass(topic), !TopicSuffix.isPlaceholder(topic) else { return }
        let (bundleID, partial) = Self.bundleID(ofUnsuffixed: topic, expected: expected)
        let has = partial.map { "ends in \($0), not \(expected)" } ?? "lacks the \(expected) suffix"
        let what = payloadType == .liveactivity ? "a Live Activity update (\"event\", \"content-state\" in \"aps\")" : "a widget push (\"content-changed\" in \"aps\")"
        context.report(
            "apns-topic \(field.value.shortDescription) \(has), but the payload is \(what), and there is no apns-push-type: APNs takes it for a push to the app's own topic, where the \(payloadType.rawValue) token is not registered, so it answers 400 DeviceTokenNotForTopic or the push never reaches the \(payloadType == .liveactivity ? "Live Activity" : "widget")",
            at: field, part: .value,
            help: "use \"\(bundleID + expected)\" and add apns-push-type \(payloadType.rawValue) to the headers")
    }

    /// The push types a payload names by itself (`PushType.spec.markers`) whose topic has a suffix: a payload with
    /// their keys is theirs whatever else it holds.
    private static let typesNamedByTheirPayload: [PushType] = [.liveactivity, .widgets]

    /// A broadcast request names its app in the path; a topic, if given, is the bare bundle ID.
    static func checkBroadcast(_ context: inout RuleContext) {
        guard let field = context.definition.headers.topicField, let topic = field.string else { return }
        let (bundleID, found) = TopicSuffix.known(in: topic).map { (TopicSuffix.bundleID(of: topic), Optional($0.suffix)) }
            ?? Self.bundleID(ofUnsuffixed: topic, expected: nil)
        guard let suffix = found else { return }
        context.report(
            "apns-topic \(field.value.shortDescription) ends in the push type suffix \(suffix), but this is a broadcast request (apns-channel-id): APNs answers 400 TopicDisallowed (\"Ensure that no push type suffix is added to the bundle ID\")",
            at: field, part: .value, help: "use the bare bundle ID \"\(bundleID)\", or remove apns-topic (the broadcast path names the app)",
            rejection: .topicDisallowed)
    }

    /// The bundle ID in a topic without a known suffix, and the part of a suffix it ends in, if any: a topic
    /// with only the end of the expected suffix (`….liveactivity` for `.push-type.liveactivity`), or with
    /// `.push-type.` and something else, keeps what comes before it.
    static func bundleID(ofUnsuffixed topic: String, expected: String?) -> (bundleID: String, partial: String?) {
        let lowered = topic.lowercased()
        if let expected {
            let components = expected.split(separator: ".")
            for start in components.indices.dropFirst() {
                let tail = "." + components[start...].joined(separator: ".")
                if lowered.hasSuffix(tail), lowered.count > tail.count {
                    return (String(topic.dropLast(tail.count)), tail)
                }
            }
        }
        if let marker = lowered.firstRange(of: ".push-type."), marker.lowerBound > lowered.startIndex {
            let offset = lowered.distance(from: lowered.startIndex, to: marker.lowerBound)
            return (String(topic.prefix(offset)), String(topic.dropFirst(offset)))
        }
        return (topic, nil)
    }
}
