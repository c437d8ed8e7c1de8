import APNSLintSyntax

/// Skygear's unified push payload (`message`, `custom`, `platform`, `data`, `dry_run`), turned into the APNs
/// request and the FCM v1 message it sends.
enum SkygearDialect {
    static let distinctiveKeys: Set<String> = ["message", "custom", "platform", "data", "dry_run"]

    static func translate(_ document: DocumentNode) -> DialectTranslation {
        DialectTranslation(request: document)
    }
}
