import APNSLintModel
import APNSLintSyntax

struct PushToTalkPriorityRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "pushtotalk-priority", severity: .warning, category: .delivery,
        subscriptions: [.pushType(.pushtotalk)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "A push-to-talk push without priority 10 and expiration 0.",
            rationale: """
                A `pushtotalk` push tells the device that someone is talking on a channel right now. Apple's \
                PushToTalk documentation (as quoted by Pushy) recommends immediate priority (`apns-priority: 10`) \
                and immediate expiration (`apns-expiration: 0`): at priority 5 or 1 APNs may hold it back to save \
                power, and with any other expiration (or none, where APNs applies its storage policy) APNs stores it \
                and may deliver it after the transmission is over. APNs uses 10 when the priority header is missing, so only an \
                explicit other value is flagged. Values that are not valid at all are `priority-invalid` and \
                `expiration-invalid`.
                """,
            severity: .likelyMistake(
                "Apple recommends priority 10 and expiration 0 for push-to-talk: at a lower priority APNs may hold the push back, and a push it stores may arrive after the transmission is over",
                source: Reference.sendingRequests),
            references: [Reference.sendingRequests],
            triggering: [
                Example(#"{"headers": {"apns-push-type": "pushtotalk", "apns-topic": "com.example.radio.voip-ptt", "apns-priority": ↓5, "apns-expiration": 0}, "payload": {"aps": {}, "channel": "ops"}}"#),
                Example(#"{"headers": {"apns-push-type": "pushtotalk", "apns-expiration": ↓"1763712060"}, "payload": {"aps": {}}}"#),
                Example(#"{"headers": {"apns-push-type": ↓"pushtotalk", "apns-priority": 10}, "payload": {"aps": {}}}"#),
            ],
            nonTriggering: [
                Example(#"{"headers": {"apns-push-type": "pushtotalk", "apns-topic": "com.example.radio.voip-ptt", "apns-priority": 10, "apns-expiration": 0}, "payload": {"aps": {}}}"#),
                Example(#"{"headers": {"apns-push-type": "pushtotalk", "apns-expiration": "0"}, "payload": {"aps": {}}}"#),
            ],
            enforces: [.pushType(.priority)])
    }

    static func check(_ context: inout RuleContext) {
        let headers = context.definition.headers
        guard headers.pushType == .pushtotalk, let typeField = headers.pushTypeField else { return }
        let recommended = PushType.pushtotalk.spec.priorities
        if let priority = headers.priorityField, PriorityInvalidRule.isValid(priority),
           let value = HeaderValue.integer(of: priority), !recommended.contains(value) {
            context.report(
                "apns-priority \(value) on a pushtotalk push: Apple recommends priority \(recommended[0]), and at \(value) APNs may hold the push back to save power while someone is talking",
                at: priority, part: .value, help: "set apns-priority to \(recommended[0]) (or remove it: APNs uses \(AppleSpec.defaultPriority))")
        }
        if let expiration = headers.expirationField {
            // Not an integer, or negative: expiration-invalid's.
            guard let value = HeaderValue.integer(of: expiration), value > 0 else { return }
            context.report(
                "apns-expiration \(value) on a pushtotalk push: Apple recommends 0, so that APNs does not store the push and deliver it after the transmission is over",
                at: expiration, part: .value, help: "set apns-expiration to 0")
        } else {
            context.report(
                "a pushtotalk push without apns-expiration: APNs stores it under its own policy and may deliver it after the transmission is over; Apple recommends apns-expiration 0",
                at: typeField, part: .value,
                help: headers.declaration == nil ? "pass --expiration 0" : "add \"apns-expiration\": 0 to the headers")
        }
    }
}
