import APNSLintModel
import APNSLintSyntax

struct BackgroundPriority10Rule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "background-priority-10", severity: .warning, category: .delivery,
        fix: .sometimes,
        subscriptions: [.pushType(.background), .aps(.contentAvailable)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "A background push sent at priority 10.",
            rationale: """
                Apple: for `apns-push-type: background` "always use priority 5. Using priority 10 is an error", and \
                a payload whose `aps` holds only `content-available` must not be sent at priority 10 either. APNs \
                calls this an error; a key of the app's own inside `aps`, or a `category`, shows nothing and leaves \
                the payload a background update. APNs accepts such pushes, and what the device does is not documented: reports \
                range from a push that arrives (node-apn's default priority is 10) to one that never wakes the app \
                (node-apn issue #241: at 5 it did), so this is a warning. APNs uses priority 10 when the header \
                is missing, so a definition that declares its headers must set 5 explicitly. A bare payload with no \
                headers says nothing about its priority and is not flagged.
                """,
            severity: .undocumented(
                "Apple documents priority 10 on a background push as an error (\"Always use priority 5. Using priority 10 is an error.\"), but APNs accepts it, and reports of what the device does range from delivered to never woken",
                source: Reference.sendingRequests),
            references: [Reference.backgroundUpdates, Reference.sendingRequests],
            triggering: [
                Example(#"{"headers": {"apns-push-type": "background", "apns-priority": ↓10}, "payload": {"aps": {"content-available": 1}}}"#),
                Example(#"{"headers": {"apns-priority": ↓"10"}, "payload": {"aps": {"content-available": 1}, "sync": "inbox"}}"#),
                Example(#"{↓"headers": {"apns-push-type": "background"}, "payload": {"aps": {"content-available": 1}}}"#),
                Example(#"{↓"headers": {"apns-topic": "com.example.mail"}, "payload": {"aps": {"content-available": 1, "mailbox": "inbox"}}}"#),
            ],
            nonTriggering: [
                Example(#"{"headers": {"apns-push-type": "background", "apns-priority": 5}, "payload": {"aps": {"content-available": 1}}}"#),
                Example(#"{"aps": {"content-available": 1}}"#),
                Example(#"{"headers": {"apns-priority": 10}, "payload": {"aps": {"alert": "Hi", "content-available": 1}}}"#),
                Example(#"{"headers": {"apns-push-type": "complication", "apns-topic": "com.example.watchkitapp.complication"}, "payload": {"aps": {"content-available": 1}}}"#),
                Example(#"{"headers": {"apns-topic": "com.example.watchkitapp.complication"}, "payload": {"aps": {"content-available": 1}, "score": "2-1"}}"#),
            ],
            enforces: [.pushType(.priority), .header(.priority)])
    }

    static func check(_ context: inout RuleContext) {
        let definition = context.definition
        let headers = definition.headers
        // A priority of 10 is reported wherever it comes from (the configuration's too); a missing one only where
        // the request is declared.
        guard headers.priorityField != nil || headers.areDeclared, let aps = definition.payload?.aps else { return }
        let declaredBackground = headers.pushType == .background
        // The content-available-only rule is about notifications; PushKit, Live Activity, widget and other typed
        // pushes have their own priority rules. A background update is content-available with nothing to show and no
        // other push type's keys (`inferredPushType`): a custom key inside `aps` (custom-key-in-aps) or a category
        // shows nothing either, so the push is still a background one.
        let contentAvailableOnly = definition.inferredPushType == .background && aps.contentAvailable != nil
            && [nil, .alert, .background].contains(TopicSuffix.declaredPushType(of: headers))
        guard declaredBackground || contentAvailableOnly else { return }
        let why = declaredBackground
            ? "apns-push-type is background, and Apple says a background push must use priority 5 (\"using priority 10 is an error\")"
            : "\"aps\" has content-available and nothing to show (a background update), which must not be sent at priority 10"
        let consequence = "APNs accepts it, but the system may deliver it late or never wake the app (node-apn issue #241)"
        // Apple's spec table says which priorities are the error (10) and which is right (5).
        let spec = PushType.background.spec
        guard let right = spec.priorities.first else { return }
        if let priority = headers.priorityField {
            guard let wrong = priority.integer, spec.priorityErrors.contains(wrong) else { return }
            // Unsafe: delivery timing changes.
            context.report("priority \(wrong) on a background push: \(why); \(consequence)", at: priority, part: .value,
                           help: "set apns-priority to \(right)", fix: integerFix(for: priority, right, "set apns-priority to \(right)", .unsafe))
        } else if let declaration = headers.declaration, spec.priorityErrors.contains(AppleSpec.defaultPriority) {
            context.report(
                "no apns-priority on a background push, and APNs uses \(AppleSpec.defaultPriority) when it is missing: \(why); \(consequence)",
                at: declaration, help: "add \"apns-priority\": \"\(right)\" to the headers")
        }
    }
}
