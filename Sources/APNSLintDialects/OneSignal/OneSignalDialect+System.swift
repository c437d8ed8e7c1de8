import APNSLintModel
import APNSLintSyntax

extension OneSignalDialect: DialectSystem {
    static let name = "onesignal"
    static let title = "OneSignal"
    static let docsRow = DialectDocsRow(
        writtenAs: "a create-notification body: `app_id`, `contents`, `ios_badgeType`, …, its iOS side",
        source: "[OneSignal: create notification](https://documentation.onesignal.com/reference/create-notification)",
        page: "push-services.md#onesignal")
    static var textMarks: Set<String> { ["app_id"] }

    static func translate(_ input: DialectInput) -> DialectTranslation {
        translate(input.document, now: input.now)
    }
}

extension Dialect {
    public static var oneSignal: Dialect { Dialect(OneSignalDialect.self) }
}
