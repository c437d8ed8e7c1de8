import APNSLintModel
import APNSLintSyntax

extension NodeAPNDialect: DialectSystem {
    static let name = "node-apn"
    static let title = "node-apn"
    static let docsRow = DialectDocsRow(
        writtenAs: "node-apn's `Notification` fields: `body`, `locArgs`, `payload`, `rawPayload`, `topic`, …",
        source: "node-apn 7.1.0 (parse-community/node-apn@1db632d, `lib/notification/`)", page: "dialects.md#node-apn")

    /// Its fields but `topic` and `expiry`, words other formats use, mark a definition, in a file or a text no reader could read.
    static let commonWords: Set<String> = ["topic", "expiry"]
    static var textMarks: Set<String> { distinctiveKeys.subtracting(commonWords) }

    static func translate(_ input: DialectInput) -> DialectTranslation {
        translate(input.document)
    }
}

extension Dialect {
    public static var nodeAPN: Dialect { Dialect(NodeAPNDialect.self) }
}
