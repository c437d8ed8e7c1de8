import APNSLintModel
import APNSLintSyntax

struct AppServiceExtensionMissingRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "app-service-extension-missing", severity: .warning, category: .app, subscriptions: [.aps(.mutableContent)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "`mutable-content: 1` to an app whose project has no Notification Service Extension.",
            rationale: """
                `mutable-content: 1` hands the notification to the app's Notification Service Extension before it is \
                shown, to download an image or decrypt the text. A project with no such target has nothing to run: the \
                notification is shown as sent, without the attachment the payload points at. A warning: the extension \
                may come from another project. Checked only when the app's Xcode project (or XcodeGen spec) is known.
                """,
            severity: .likelyMistake("nothing modifies the notification: it is shown as sent", source: Reference.modifyingContent),
            references: [Reference.modifyingContent],
            triggering: [
                Example(#"{"aps": {"alert": "Photo", ↓"mutable-content": 1}, "image-url": "https://example.com/a.jpg"}"#, options: AppSamples.plainOptions),
            ],
            nonTriggering: [
                Example(#"{"aps": {"alert": "Photo", "mutable-content": 1}, "image-url": "https://example.com/a.jpg"}"#, options: AppSamples.courierOptions),
                Example(#"{"aps": {"alert": "Photo", "mutable-content": 1}}"#),
            ],
            enforces: [.aps(.mutableContent)])
    }

    static func check(_ context: inout RuleContext) {
        guard let app = context.app, !app.targets.isEmpty, !app.hasNotificationServiceExtension,
              let flag = context.definition.payload?.aps?.mutableContent, flag.value.number?.intValue == 1 else { return }
        context.report(
            "\"mutable-content\" is 1, but \(app.project.path) has no Notification Service Extension target (its targets: \(app.targets.map(\.name).joined(separator: ", "))): nothing modifies the notification, which is shown as sent",
            at: flag, part: .whole, help: "add a Notification Service Extension target to the app, or remove \"mutable-content\"",
            notes: [Note("the app's project", at: app.project)])
    }
}
