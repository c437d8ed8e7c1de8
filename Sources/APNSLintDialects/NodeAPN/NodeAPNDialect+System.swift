import APNSLintModel
import APNSLintSyntax

extension NodeAPNDialect: DialectSystem {
    static let name = "node-apn"
    static let title = "node-apn"
    static let docsRow = DialectDocsRow(
        writtenAs: "node-apn's `Notification` fields: `body`, `locArgs`, `payload`, `rawPayload`, `topic`, …",
        source: "node-apn 7.1.0 (parse-community/node-apn@1db632d, `lib/notification/`)", page: "dialects.md#node-apn")

    /// Its fields but `topic` and `expiry`, words other formats use, mark a definition.
    static func marksDefinition(_ members: [Member]) -> Bool {
        members.contains { markKeys.contains($0.key) }
    }

    static var textMarks: Set<String> { markKeys }
    private static let markKeys = distinctiveKeys.subtracting(["topic", "expiry"])

    static func translate(_ input: DialectInput) -> DialectTranslation {
        translate(input.document)
    }
}

extension Dialect {
    public static var nodeAPN: Dialect { Dialect(NodeAPNDialect.self) }
}
