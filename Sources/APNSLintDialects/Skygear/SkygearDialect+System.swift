import APNSLintModel
import APNSLintSyntax

extension SkygearDialect: DialectSystem {
    static let name = "skygear"
    static let title = "Skygear"
    static let docsRow = DialectDocsRow(
        writtenAs: "Skygear's unified push payload: `message`, `custom`, `platform`, `data`, for APNs and FCM",
        source: "the 2017 unified push proposal (the seed's text: Skygear's server never implemented it)", page: "dialects.md#skygear")
    static var ownKeys: Set<String> { Set(topLevelKeys) }

    /// A message with a title or body, a platform switch, `ios_`/`android_` options, or `dry_run`.
    static func marksDefinition(_ members: [Member]) -> Bool {
        members.contains { member in
            if member.key == "dry_run" { return true }
            guard let fields = member.value.members else { return false }
            switch member.key {
            case "message": return fields.contains { messageKeys.contains($0.key) }
            case "platform": return fields.contains { platformKeys.contains($0.key) }
            case "custom": return fields.contains { $0.key.hasPrefix("ios_") || $0.key.hasPrefix("android_") }
            default: return false
            }
        }
    }

    static var textMarks: Set<String> { ["dry_run"] }
    static var whyNoAPNsRequest: String { "its platform.ios is false (render --target fcm prints its FCM message)" }

    static func translate(_ input: DialectInput) -> DialectTranslation {
        translate(input.document, now: input.now)
    }
}

extension Dialect {
    public static var skygear: Dialect { Dialect(SkygearDialect.self) }
}
