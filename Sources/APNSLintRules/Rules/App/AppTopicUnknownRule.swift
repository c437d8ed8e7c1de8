import APNSLintModel
import APNSLintSyntax

struct AppTopicUnknownRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "app-topic-unknown", severity: .error, category: .app, fix: .sometimes, subscriptions: [.header(.topic)], rejection: .deviceTokenNotForTopic)

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "`apns-topic` (without its push type's suffix) is none of the app's bundle identifiers.",
            rationale: """
                A device token belongs to one app: APNs delivers a push only when `apns-topic` is that app's bundle \
                identifier (plus the push type's suffix, `.voip`, `.push-type.liveactivity`, …). A topic that is no \
                bundle identifier of the app's project (its app, app clip or watch app, in any build configuration) is \
                answered with 400 `DeviceTokenNotForTopic` for the app's tokens, or `TopicDisallowed` when the \
                certificate or key is not for it. An extension's bundle identifier (the Notification Service \
                Extension's, a widget's) is never a topic: pushes go to the app. A bundle identifier the project \
                builds from a setting apns-lint cannot resolve (`$(BUNDLE_ID_SUFFIX)`) matches any text there. A topic \
                that is a template's placeholder is not judged. Checked only when the app is known (`app:` in the \
                configuration, `--app`, or the repository's Xcode project). The fix writes the app's bundle identifier \
                (with the topic's suffix); it is safe only when the topic differs from it in letter case alone.
                """,
            severity: .rejectedByAPNs("the app's tokens are not registered for that topic", source: Reference.handlingResponses),
            references: [Reference.handlingResponses, Reference.sendingRequests],
            triggering: [
                Example(#"{"headers": {"apns-topic": ↓"com.example.courier.app"}, "payload": {"aps": {"alert": "Shipped"}}}"#, options: AppSamples.courierOptions),
                Example(#"{"headers": {"apns-topic": ↓"com.example.Courier"}, "payload": {"aps": {"alert": "Shipped"}}}"#, options: AppSamples.courierOptions),
                Example(#"{"headers": {"apns-topic": ↓"com.example.courier.NotificationService"}, "payload": {"aps": {"alert": "Shipped", "mutable-content": 1}}}"#, options: AppSamples.courierOptions),
            ],
            nonTriggering: [
                Example(#"{"headers": {"apns-topic": "com.example.courier"}, "payload": {"aps": {"alert": "Shipped"}}}"#, options: AppSamples.courierOptions),
                Example(#"{"headers": {"apns-topic": "com.example.courier.push-type.liveactivity", "apns-push-type": "liveactivity"}, "payload": {"aps": {"timestamp": 1763712000, "event": "update", "content-state": {"eta": 14}}}}"#, options: AppSamples.courierOptions),
                Example(#"{"headers": {"apns-topic": "{{bundle_id}}"}, "payload": {"aps": {"alert": "Shipped"}}}"#, options: AppSamples.courierOptions),
                Example(#"{"headers": {"apns-topic": "com.example.other"}, "payload": {"aps": {"alert": "Shipped"}}}"#),
            ],
            enforces: [.header(.topic)])
    }

    static func check(_ context: inout RuleContext) {
        guard let app = context.app, let field = context.definition.headers.topicField, let topic = field.string,
              !context.definition.headers.isBroadcast, TopicInvalidRule.problem(in: topic) == nil,
              !TopicSuffix.isPlaceholder(topic, periodless: true) else { return }
        let receivers = app.topicTargets.filter { [.app, .appClip, .watchApp].contains($0.kind) }
        let identifiers = receivers.flatMap(\.bundleIdentifiers)
        guard !identifiers.isEmpty else { return }
        let bundleID = TopicSuffix.bundleID(of: topic)
        if identifiers.contains(where: { BundleIdentifier.matches(bundleID, $0.value) }) { return }
        let suffix = String(topic.dropFirst(bundleID.count))
        let listed = identifiers.map { "\"\($0.value)\"" }.joined(separator: ", ")
        var notes = identifiers.prefix(3).map { Note("bundle identifier \($0.value) is set here", at: $0.location) }
        let message: String
        if let owner = app.targets.first(where: { $0.bundleIdentifiers.contains { BundleIdentifier.matches(bundleID, $0.value) } }) {
            message = "apns-topic \(field.value.shortDescription) is the bundle identifier of \(owner.name), an extension: a push goes to the app (\(listed)), so APNs answers 400 DeviceTokenNotForTopic for the app's tokens"
        } else {
            message = "apns-topic \(field.value.shortDescription) is none of \(app.project.path)'s bundle identifiers (\(listed)): the app's device tokens are not registered for it, so APNs answers 400 DeviceTokenNotForTopic (or TopicDisallowed for a key or certificate of another app)"
        }
        if identifiers.count > 3 { notes.append(Note("and \(identifiers.count - 3) more in \(app.project.path)")) }
        // The fix is certain only for a topic that is the bundle identifier in another letter case.
        let sameIgnoringCase = identifiers.first { $0.value.lowercased() == bundleID.lowercased() && !$0.value.contains("$") }
        let single = identifiers.count == 1 && !identifiers[0].value.contains("$") ? identifiers[0] : nil
        let target = sameIgnoringCase ?? single
        context.report(
            message, at: field, part: .value,
            help: target.map { "use \"\($0.value + suffix)\"" } ?? "use one of the app's bundle identifiers, with the push type's suffix",
            notes: notes,
            fix: target.flatMap { stringFix(for: field, $0.value + suffix, "use the app's bundle identifier", sameIgnoringCase != nil ? .safe : .unsafe) })
    }
}
