import APNSLintModel
import APNSLintSyntax

extension ExpoDialect: DialectSystem {
    static let name = "expo"
    static let title = "Expo push service"
    static let docsRow = DialectDocsRow(
        writtenAs: "an Expo push message, or an array of them: `to`, `title`, `body`, `_contentAvailable`, …",
        source: "[Expo: sending notifications](https://docs.expo.dev/push-notifications/sending-notifications/)",
        page: "push-services.md#expo-push-service")

    static func shapeEvidence(_ members: [Member]) -> String? {
        guard recognizes(members) else { return nil }
        if members.contains(where: { ["title", "subtitle", "body"].contains($0.key) && $0.value.string != nil }) {
            return "it has \"to\" beside a top-level title or body, as an Expo message does"
        }
        return "its \"to\" holds an Expo push token"
    }

    static func shapeEvidence(list elements: [DocumentNode]) -> String? {
        recognizes(list: elements) ? "it is a list holding an Expo message (a batch)" : nil
    }

    static var textMarks: Set<String> { ["_contentAvailable"] }
    /// With `to`, the key of the messages in a batch.
    static var serviceTextKeys: Set<String> { distinctiveKeys.union(["to"]) }
    static var whyNoAPNsRequest: String { "it holds no push message (Expo takes an object, or an array of them)" }

    static func translate(_ input: DialectInput) -> DialectTranslation {
        translate(input.document, now: input.now)
    }
}

extension Dialect {
    public static var expo: Dialect { Dialect(ExpoDialect.self) }
}
