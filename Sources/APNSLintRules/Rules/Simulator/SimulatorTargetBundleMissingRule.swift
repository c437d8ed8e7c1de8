/// Reported while a Simulator `.apns` file is read; this rule carries the docs and examples.
struct SimulatorTargetBundleMissingRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "simulator-target-bundle-missing", severity: .info, category: .simulator,
        finds: [.dialect(.simulatorTargetBundleMissing)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "An `.apns` file without the \"Simulator Target Bundle\" key that names the app.",
            rationale: """
                A file dropped on the Simulator must say which app it is for: "the payload must contain a Simulator \
                Target Bundle top-level key with a string value that matches the target application's bundle \
                identifier" (Xcode 11.4 release notes). Without it the Simulator does not deliver the file. But \
                `xcrun simctl push <device> <bundle-id> <file>` names the app on its command line and does without \
                the key (the same notes), and so does a watch app's scheme, which names its notification payload \
                file itself (Apple, Testing Custom Notification Interfaces). The file alone does not say which way \
                it is used, and in app repositories most such files are pushed with `simctl push` from a script or \
                a README's command (of 17 warnings this rule gave on public repositories, at least 11 were on such \
                files). So it is advice, with both ways to name the app. A key that is there but misspelt \
                ("Simulation Target Bundle") is a warning: it was meant as the bundle's key and is not read.
                """,
            severity: .advice(
                "dropped on the Simulator the file is not delivered; pushed with `simctl push` and a bundle id, or from a watch app's scheme, it is",
                source: Reference.xcode114ReleaseNotes),
            references: [Reference.xcode114ReleaseNotes, Reference.simctlPushHelp, Reference.watchNotificationTesting],
            triggering: [
                Example(#"↓{"aps": {"alert": {"title": "Welcome", "body": "Thanks for installing"}, "sound": "default"}}"#, fileExtension: "apns"),
            ],
            nonTriggering: [
                Example(#"{"Simulator Target Bundle": "com.example.app", "aps": {"alert": "Welcome", "sound": "default"}}"#, fileExtension: "apns"),
                Example(#"{"aps": {"alert": "A payload for a server, not the Simulator"}}"#),
            ])
    }
}
