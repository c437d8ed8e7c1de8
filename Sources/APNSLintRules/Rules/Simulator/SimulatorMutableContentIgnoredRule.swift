/// Reported while a Simulator `.apns` file is read; this rule carries the docs and examples.
struct SimulatorMutableContentIgnoredRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "simulator-mutable-content-ignored", severity: .warning, category: .simulator,
        finds: [.dialect(.simulatorMutableContentIgnored)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "An `.apns` file with `mutable-content`, whose Notification Service Extension the Simulator does not run.",
            rationale: """
                Xcode 11.4's release notes list as a known issue that a push given to the Simulator (dragged onto it \
                or sent with `simctl push`) does not run the app's Notification Service Extension: the notification \
                shows as the file writes it, so an image or a decrypted text the extension adds is never tested. The \
                file is delivered, and the same payload sent through APNs's sandbox runs the extension, so this is a \
                warning about the test, not about the payload.
                """,
            severity: .undocumented(
                "the file is delivered; only the extension does not run, as a known issue of Xcode's that later release notes do not say is fixed",
                source: Reference.xcode114ReleaseNotes),
            references: [Reference.xcode114ReleaseNotes, Reference.simctlPushHelp],
            triggering: [
                Example(#"{"Simulator Target Bundle": "com.example.app", "aps": {"alert": "Photo", ↓"mutable-content": 1}, "image-url": "https://example.com/p.jpg"}"#, fileExtension: "apns"),
            ],
            nonTriggering: [
                Example(#"{"Simulator Target Bundle": "com.example.app", "aps": {"alert": "Photo"}}"#, fileExtension: "apns"),
                Example(#"{"aps": {"alert": "Photo", "mutable-content": 1}}"#),
            ])
    }
}
