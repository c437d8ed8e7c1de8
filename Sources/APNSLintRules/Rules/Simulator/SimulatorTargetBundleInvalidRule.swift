/// Reported while a Simulator `.apns` file is read; this rule carries the docs and examples.
struct SimulatorTargetBundleInvalidRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "simulator-target-bundle-invalid", severity: .error, category: .simulator,
        finds: [.dialect(.simulatorTargetBundleInvalid)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "A \"Simulator Target Bundle\" that is not a string holding a bundle identifier.",
            rationale: """
                The Simulator delivers an `.apns` file to the app whose bundle identifier is the string under \
                "Simulator Target Bundle". A number, a list, or text that cannot be a bundle identifier (spaces, \
                one part only, an empty part) names no installed app, and nothing is delivered: an error. Apple \
                documents a bundle identifier as "alphanumeric characters (A–Z, a–z, and 0–9), hyphens (-), and \
                periods (.)" (CFBundleIdentifier); an underscore is outside that, yet Xcode builds, installs and \
                runs an app whose identifier has one (a configuration's `com.example.app_dev`), so the Simulator \
                finds it: a warning, as the spelling is undocumented. A template's slot (`{app_bundle_id}`, \
                `[BUNDLE_ID]`, `<bundle id>`, `${BUNDLE_ID}`, `$(PRODUCT_BUNDLE_IDENTIFIER)`, `YOUR_BUNDLE_ID`) states \
                no identifier: whoever uses the file fills it in, so it is not judged (the template principle, as \
                for an `apns-topic` or an FCM target).
                """,
            severity: .certain(
                "no installed app has that bundle identifier, so the Simulator delivers the file to none (an underscore: a warning, undocumented but built and run by Xcode)",
                source: Reference.xcode114ReleaseNotes),
            references: [Reference.xcode114ReleaseNotes, Reference.simctlPushHelp, Reference.cfBundleIdentifier],
            triggering: [
                Example(#"{"Simulator Target Bundle": ↓"My App", "aps": {"alert": "Hi"}}"#, fileExtension: "apns"),
                Example(#"{"Simulator Target Bundle": ↓["com.example.app"], "aps": {"alert": "Hi"}}"#, fileExtension: "apns"),
            ],
            nonTriggering: [
                Example(#"{"Simulator Target Bundle": "com.example.my-app", "aps": {"alert": "Hi"}}"#, fileExtension: "apns"),
                Example(#"{"Simulator Target Bundle": "{app_bundle_id}", "aps": {"alert": "Hi"}}"#, fileExtension: "apns"),
                Example(#"{"Simulator Target Bundle": "$(PRODUCT_BUNDLE_IDENTIFIER)", "aps": {"alert": "Hi"}}"#, fileExtension: "apns"),
            ])
    }
}
