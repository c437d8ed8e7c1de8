import APNSLintModel
import APNSLintSyntax

/// The APNs request itself: a payload, or an envelope with headers, device token and payload. The registry's base:
/// what a definition with no other system's evidence is read as.
public enum APNsDialect: DialectSystem {
    public static let name = "apns"
    public static let title = "APNs request"
    public static let docsRow = DialectDocsRow(
        writtenAs: "a payload (`{\"aps\": {…}}`), or `{\"headers\", \"device-token\", \"payload\"}`",
        source: "[Apple: generating a remote notification](https://developer.apple.com/documentation/usernotifications/generating-a-remote-notification)",
        page: "definitions.md")

    /// `aps` or an envelope's keys: a definition with one is an APNs request.
    public static let distinctiveKeys: Set<String> = [EnvelopeKey.headers, EnvelopeKey.deviceToken, PayloadKey.aps.name]

    /// Top-level keys each of which marks an APNs definition in a directory walk: `aps`, `mdm`, the envelope's
    /// `device-token`, the keys of `aps` and of its alert written outside `aps` (the mistake `aps-key-outside-aps`
    /// reports) when they are APNs's own words (`alert`, `badge`, `sound`, `body`, `subtitle` and the hyphenated
    /// ones), and `apns-` headers.
    static let markKeys: Set<String> = {
        var keys: Set<String> = [PayloadKey.aps.name, PayloadKey.mdm.name, EnvelopeKey.deviceToken,
                                 APSKey.alert.name, APSKey.badge.name, APSKey.sound.name, AlertKey.body.name, AlertKey.subtitle.name]
        keys.formUnion(APSKey.allCases.map(\.name).filter { $0.contains("-") })
        keys.formUnion(AlertKey.allCases.map(\.name).filter { $0.contains("-") })
        keys.formUnion(HeaderKey.allCases.map(\.name).filter { $0.hasPrefix("apns-") })
        return keys
    }()

    /// Keys that mark a definition when their value is an object: the envelope's.
    static let objectKeys: Set<String> = [EnvelopeKey.headers, EnvelopeKey.payload]

    public static func marksDefinition(_ members: [Member]) -> Bool {
        members.contains { markKeys.contains($0.key) || objectKeys.contains($0.key) && $0.value.members != nil }
    }

    public static var textMarks: Set<String> { markKeys.union(objectKeys) }
    public static var serviceTextKeys: Set<String> { [] }

    public static func translate(_ input: DialectInput) -> DialectTranslation {
        DialectTranslation(request: input.document)
    }
}

extension Dialect {
    public static var apns: Dialect { Dialect(APNsDialect.self) }
}
