import APNSLintModel
import APNSLintSyntax

extension HomeAssistantDialect: DialectSystem {
    static let name = "home-assistant"
    static let title = "Home Assistant companion app"
    static let docsRow = DialectDocsRow(
        writtenAs: "a `notify.mobile_app_<device>` action's service data in YAML (`message`, `title`, `data: {push: {…}, apns_headers, …}`), the action calling it, or an automation or script holding such actions",
        source: "[Companion app: notifications](https://companion.home-assistant.io/docs/notifications/basic), and its push relay home-assistant/mobile-apps-fcm-push `functions/legacy.js`",
        page: "push-services.md#home-assistant-companion-app")

    /// No top-level key is its alone (`message`, `title` and `data` are Skygear's and FCM's words too): its shape says.
    static var distinctiveKeys: Set<String> { [] }

    static func shapeEvidence(_ members: [Member]) -> String? {
        shape(members)
    }

    static func shapeEvidence(list elements: [DocumentNode]) -> String? {
        guard let action = elements.lazy.compactMap({ $0.members }).first(where: callsApp).flatMap(notifyAction) else { return nil }
        return "it is a list of actions calling \(action), the Home Assistant companion app's notify action"
    }

    static func marksDefinition(_ members: [Member]) -> Bool {
        shape(members) != nil
    }

    static var textMarks: Set<String> { ["apns_headers"] }
    static var whyNoAPNsRequest: String { "it calls no Home Assistant notify action the companion app receives" }

    static func translate(_ input: DialectInput) -> DialectTranslation {
        translate(input.document)
    }
}

extension Dialect {
    public static var homeAssistant: Dialect { Dialect(HomeAssistantDialect.self) }
}
