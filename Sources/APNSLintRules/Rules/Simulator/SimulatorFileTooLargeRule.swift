/// Reported while a Simulator `.apns` file is read; this rule carries the docs and examples.
struct SimulatorFileTooLargeRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "simulator-file-too-large", severity: .error, category: .simulator,
        finds: [.dialect(.simulatorFileTooLarge)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "An `.apns` file over the 4096 bytes `simctl push` accepts.",
            rationale: """
                `simctl push` takes a payload that is "4096 bytes or less". It measures the file it is given, so \
                indentation and line breaks count, where APNs counts the request body a server sends (compact JSON: \
                `payload-too-large`). A file over the limit is refused and the notification never reaches the app.
                """,
            severity: .certain(
                "simctl refuses a payload over 4096 bytes and delivers nothing",
                source: Reference.simctlPushHelp),
            references: [Reference.simctlPushHelp],
            triggering: [
                Example("↓{\"Simulator Target Bundle\": \"com.example.app\", \"aps\": {\"alert\": \"" + repeated("Lorem ipsum ", count: 340) + "\"}}", fileExtension: "apns"),
            ],
            nonTriggering: [
                Example("{\"Simulator Target Bundle\": \"com.example.app\", \"aps\": {\"alert\": \"" + repeated("Lorem ipsum ", count: 330) + "\"}}", fileExtension: "apns"),
            ])
    }
}
