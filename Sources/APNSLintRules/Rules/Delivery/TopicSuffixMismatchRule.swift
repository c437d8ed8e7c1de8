import APNSLintModel
import APNSLintSyntax

struct TopicSuffixMismatchRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "topic-suffix-mismatch", severity: .error, category: .delivery,
        subscriptions: [.header(.topic)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "The suffix of `apns-topic` does not match `apns-push-type`.",
            rationale: """
                Each push type goes to its own topic: the bundle ID for `alert` and `background`, and the bundle ID \
                plus `.voip`, `.complication`, `.pushkit.fileprovider`, `.location-query`, \
                `.push-type.liveactivity`, `.voip-ptt`, `.push-type.widgets` or `.push-type.controls` for the \
                others. The device token is registered for that topic, so a push whose topic has the wrong suffix, \
                or none, is rejected (400 `DeviceTokenNotForTopic`, `BadTopic` or `TopicDisallowed`) or never \
                reaches the PushKit, Live Activity or widget code it was meant for. Checked only when both headers \
                are given and the push type is valid; an `mdm` topic is the UID from the MDM certificate and is \
                not checked, nor is a broadcast request (`apns-channel-id`), whose topic is in its path.
                """,
            references: [Reference.sendingRequests, Reference.handlingResponses],
            triggering: [
                Example(#"{"headers": {"apns-push-type": "voip", "apns-topic": ↓"com.example.phone"}, "payload": {"aps": {}}}"#),
                Example(#"{"headers": {"apns-push-type": "alert", "apns-topic": ↓"com.example.phone.voip"}, "payload": {"aps": {"alert": "Missed call"}}}"#),
                Example(#"{"headers": {"apns-push-type": "controls", "apns-topic": ↓"com.example.home.push-type.widgets"}, "payload": {"aps": {"content-changed": true}}}"#),
                Example(#"{"headers": {"apns-push-type": "liveactivity", "apns-topic": ↓"com.example.delivery.liveactivity"}, "payload": {"aps": {"timestamp": 1763712000, "event": "update", "content-state": {"eta": "14:35"}}}}"#),
            ],
            nonTriggering: [
                Example(#"{"headers": {"apns-push-type": "voip", "apns-topic": "com.example.phone.voip"}, "payload": {"aps": {}}}"#),
                Example(#"{"headers": {"apns-push-type": "pushtotalk", "apns-topic": "com.example.radio.voip-ptt", "apns-priority": 10, "apns-expiration": 0}, "payload": {"aps": {}}}"#),
                Example(#"{"headers": {"apns-push-type": "background", "apns-topic": "com.example.mail", "apns-priority": 5}, "payload": {"aps": {"content-available": 1}}}"#),
                Example(#"{"headers": {"apns-push-type": "mdm", "apns-topic": "com.apple.mgmt.External.2a7c1f6e-8d4b-4f0e-9a51-3c9d2b7e6a10"}, "payload": {"mdm": "5E2C9A3F"}}"#),
            ])
    }

    static func check(_ context: inout RuleContext) {
        let headers = context.definition.headers
        guard let type = headers.pushType, type != .mdm, let field = headers.topicField, let topic = field.string else { return }
        let expected = TopicSuffix.suffix(for: type)
        let found = TopicSuffix.known(in: topic)
        // The usual case, a matching suffix, needs none of the checks below.
        if expected == found?.suffix { return }
        guard TopicInvalidRule.problem(in: topic) == nil, headers.fields["apns-channel-id"] == nil else { return }
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
