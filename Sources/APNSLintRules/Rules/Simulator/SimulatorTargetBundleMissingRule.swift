/// Reported while a Simulator `.apns` file is read; this rule carries the docs and examples.
struct SimulatorTargetBundleMissingRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "simulator-target-bundle-missing", severity: .warning, category: .simulator,
        finds: [.dialect(.simulatorTargetBundleMissing)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "An `.apns` file without the \"Simulator Target Bundle\" key that names the app.",
            rationale: """
                A file dropped on the Simulator must say which app it is for: "the payload must contain a Simulator \
                Target Bundle top-level key with a string value that matches the target application's bundle \
                identifier" (Xcode 11.4 release notes). Without it the Simulator does not deliver the file. \
                `xcrun simctl push <device> <bundle-id> <file>` names the app on its command line and does without \
                the key, which is why this is a warning: a file kept for a script that names the bundle works.
                """,
            severity: .likelyMistake(
                "dropped on the Simulator the file is not delivered; sent with `simctl push` and a bundle id it is",
                source: Reference.xcode114ReleaseNotes),
            references: [Reference.xcode114ReleaseNotes, Reference.simctlPushHelp],
            triggering: [
                Example(#"↓{"aps": {"alert": {"title": "Welcome", "body": "Thanks for installing"}, "sound": "default"}}"#, fileExtension: "apns"),
            ],
            nonTriggering: [
                Example(#"{"Simulator Target Bundle": "com.example.app", "aps": {"alert": "Welcome", "sound": "default"}}"#, fileExtension: "apns"),
                Example(#"{"aps": {"alert": "A payload for a server, not the Simulator"}}"#),
            ])
    }
}
