/// Reported while the definition's format is chosen; this rule carries the docs and examples.
struct DialectUnclearRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "dialect-unclear", severity: .warning, category: .dialect,
        finds: [.dialect(.unclear)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "It is unclear which system's format a definition is written in: its keys belong to several, or its `dialect` names none apns-lint reads.",
            rationale: """
                node-apn, ADCK, Skygear and apns_json each build the APNs request from their own keys (`locArgs`, \
                `loc_args`, `custom.ios_*`, `extra`), and the same definition means different requests in each. \
                apns-lint reads a definition in the format it declares (`"dialect": "node-apn"`), the one \
                configured (`--dialect`, `dialect:` in `.apns-lint.yml`), or the one whose own keys it uses. When \
                keys of two systems are mixed, one of them is being ignored by the system that really sends it.
                """,
            severity: .likelyMistake(
                "with keys of two systems, or a `dialect` apns-lint does not know, the system that really sends the definition ignores the keys that are not its own"),
            references: [Reference.nodeAPNNotification, Reference.adck, Reference.skygearPayload],
            triggering: [
                Example(#"{"body": "Hi", "locArgs": ["Ana"], ↓"loc_key": "GREETING"}"#),
                Example(#"{"dialect": ↓"node_apn", "body": "Hi"}"#),
            ],
            nonTriggering: [
                Example(#"{"dialect": "node-apn", "body": "Hi", "badge": 1}"#),
                Example(#"{"body": "Hi", "locKey": "GREETING", "locArgs": ["Ana"], "topic": "com.example.app"}"#),
            ])
    }

}
