/// Reported while a Simulator `.apns` file is read; this rule carries the docs and examples.
struct SimulatorPushUnsupportedRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "simulator-push-unsupported", severity: .error, category: .simulator,
        finds: [.dialect(.simulatorPushUnsupported)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "An `.apns` file for a push type the Simulator does not deliver: a VoIP, complication or File Provider topic.",
            rationale: """
                `simctl push` says: "Only application remote push notifications are supported. VoIP, Complication, \
                File Provider, and other types are not supported." Those pushes go to a topic with a suffix \
                (`com.example.app.voip`, `.complication`, `.pushkit.fileprovider`); a file whose "Simulator Target \
                Bundle" names one is not delivered, and the test proves nothing. Test those pushes on a device.
                """,
            severity: .certain(
                "simctl delivers only app remote notifications: a VoIP, complication or File Provider push never arrives",
                source: Reference.simctlPushHelp),
            references: [Reference.simctlPushHelp, Reference.xcode114ReleaseNotes],
            triggering: [
                Example(#"{"Simulator Target Bundle": ↓"com.example.app.voip", "aps": {}, "caller": "Ana"}"#, fileExtension: "apns"),
                Example(#"{"Simulator Target Bundle": ↓"com.example.app.watchkitapp.complication", "aps": {"content-available": 1}}"#, fileExtension: "apns"),
            ],
            nonTriggering: [
                Example(#"{"Simulator Target Bundle": "com.example.app", "aps": {"alert": "Incoming call from Ana"}}"#, fileExtension: "apns"),
            ])
    }
}
