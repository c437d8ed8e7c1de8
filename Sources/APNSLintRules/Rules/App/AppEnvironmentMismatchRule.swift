import APNSLintModel
import APNSLintSyntax

struct AppEnvironmentMismatchRule: ModelRule {
    static let descriptor = RuleDescriptor(id: "app-environment-mismatch", severity: .warning, category: .app, subscriptions: [])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "The request goes to APNs's development environment, but the app is only ever signed for production.",
            rationale: """
                A device token belongs to one APNs environment: a build signed for development (run from Xcode) gets \
                tokens of the development environment (`api.sandbox.push.apple.com`), a build signed for distribution \
                (App Store, TestFlight, Ad Hoc) tokens of production (`api.push.apple.com`); sent to the other \
                environment, APNs answers 400 BadDeviceToken. An entitlements file that says `aps-environment: \
                production` is signed only into distribution builds (Xcode refuses a development profile that does not \
                match it), so every token the app has is a production token, and a request to the development \
                environment cannot reach it. The environment is the definition's `environment` key, else the \
                configuration's (`environment:`, `--environment`); the APNs sandbox of this project is the development \
                environment. A warning: the token may come from another build of the app than this project makes. The \
                other way round is the usual case and not reported: Xcode writes `development` into the file, and \
                signing for distribution turns it into `production`.
                """,
            severity: .likelyMistake("APNs answers 400 BadDeviceToken for each of the app's tokens", source: Reference.apsEnvironment),
            references: [Reference.apsEnvironment, Reference.sendingRequests],
            triggering: [
                Example(#"{↓"environment": "development", "headers": {"apns-topic": "com.example.shipped"}, "payload": {"aps": {"alert": "Hi"}}}"#, options: AppSamples.shippedOptions),
            ],
            nonTriggering: [
                Example(#"{"environment": "production", "headers": {"apns-topic": "com.example.shipped"}, "payload": {"aps": {"alert": "Hi"}}}"#, options: AppSamples.shippedOptions),
                Example(#"{"environment": "development", "headers": {"apns-topic": "com.example.courier"}, "payload": {"aps": {"alert": "Hi"}}}"#, options: AppSamples.courierOptions),
                Example(#"{"environment": "development", "payload": {"aps": {"alert": "Hi"}}}"#),
            ],
            enforces: [])
    }

    static func check(_ context: inout RuleContext) {
        guard let app = context.app?.app, let signed = app.entitlements?[Entitlements.apsEnvironment], signed.value == APNsEnvironment.production.rawValue else { return }
        let definition = context.definition
        let written = definition.envelope?[EnvelopeKey.environment]
        let environment = written?.value.string.flatMap(APNsEnvironment.init(rawValue:)) ?? (written == nil ? context.options.environment : nil)
        guard environment == .development else { return }
        let message = "the request goes to APNs's development environment (\(APNsEnvironment.development.host)), but \(app.name)'s entitlements say aps-environment production: every build of it is signed for production, so its device tokens are production tokens, and the development environment answers 400 BadDeviceToken"
        let help = "send to the production environment (\(APNsEnvironment.production.host)), or sign development builds with aps-environment development"
        let notes = [Note("aps-environment is production here", at: signed.location)]
        if let written {
            context.report(message, at: written, part: .whole, help: help, notes: notes)
        } else if let topic = definition.headers.topicField, case .source = topic.origin {
            context.report(message + " (the environment given for every file: --environment, or environment: in the configuration)", at: topic, part: .whole, help: help, notes: notes)
        } else {
            let start = definition.root.range.start
            context.report(message + " (the environment given for every file: --environment, or environment: in the configuration)", pointer: .root,
                           range: SourceRange(start: start, end: start), help: help, notes: notes)
        }
    }
}
