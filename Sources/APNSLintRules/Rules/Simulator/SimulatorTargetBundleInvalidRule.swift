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
                one part only, an empty part) names no installed app, and nothing is delivered. A bundle \
                identifier is reverse-DNS text: letters, digits, hyphens and dots.
                """,
            severity: .certain(
                "no installed app has that bundle identifier, so the Simulator delivers the file to none",
                source: Reference.xcode114ReleaseNotes),
            references: [Reference.xcode114ReleaseNotes, Reference.simctlPushHelp],
            triggering: [
                Example(#"{"Simulator Target Bundle": ↓"My App", "aps": {"alert": "Hi"}}"#, fileExtension: "apns"),
                Example(#"{"Simulator Target Bundle": ↓["com.example.app"], "aps": {"alert": "Hi"}}"#, fileExtension: "apns"),
            ],
            nonTriggering: [
                Example(#"{"Simulator Target Bundle": "com.example.my-app", "aps": {"alert": "Hi"}}"#, fileExtension: "apns"),
            ])
    }
}
