import APNSLintModel
import APNSLintSyntax

extension SNSDialect: DialectSystem {
    static let name = "sns"
    static let title = "Amazon SNS"
    static let docsRow = DialectDocsRow(
        writtenAs: "a `Publish` message with `MessageStructure` json: `{\"default\": …, \"APNS\": \"{\\\"aps\\\": …}\"}`, or the `Publish` request around one",
        source: "[SNS Publish](https://docs.aws.amazon.com/sns/latest/api/API_Publish.html)", page: "push-services.md#amazon-sns-mobile-push")

    static func shapeEvidence(_ members: [Member]) -> String? {
        guard recognizes(members) else { return nil }
        if members.contains(where: { $0.key == "Message" }) { return "it is an SNS Publish request (\"Message\" beside its parameters)" }
        if members.contains(where: { $0.key == "default" && $0.value.string != nil }),
           let platform = members.first(where: { lowercasedPlatforms.contains($0.key.lowercased()) }) {
            return "it has a string \"default\" beside \"\(platform.key)\", as an SNS message does"
        }
        return "every key it has is an SNS message's"
    }

    /// A payload written where SNS ignores it (`aps` beside `default`) is still an SNS message.
    static func claimsAPNsKeys(_ members: [Member]) -> Bool { recognizes(members) }

    static var textMarks: Set<String> { Set(apnsPlatforms) }
    /// With every key of an SNS message: one of nothing but its protocols' and other platforms' keys is one.
    static var serviceTextKeys: Set<String> { distinctiveKeys.union(messageKeys) }
    static var whyNoAPNsRequest: String {
        "the message has no payload for an Apple platform (APNS, APNS_SANDBOX, …) and no default text, or SNS refuses it"
    }

    static func translate(_ input: DialectInput) -> DialectTranslation {
        translate(input.document, source: input.source)
    }
}

extension Dialect {
    public static var sns: Dialect { Dialect(SNSDialect.self) }
}
