import APNSLintModel
import APNSLintSyntax

extension GorushDialect: DialectSystem {
    static let name = "gorush"
    static let title = "gorush"
    static let docsRow = DialectDocsRow(
        writtenAs: "a push request, `{\"notifications\": [{\"platform\": 1, \"tokens\": […], …}]}`",
        source: "[gorush README](https://github.com/appleboy/gorush#ios-example)", page: "push-services.md#gorush")
    static var textMarks: Set<String> { ["notifications"] }
    static var whyNoAPNsRequest: String {
        "it holds no iOS notification (platform 1) gorush sends: gorush refuses the request, or every notification is for another platform"
    }

    static func translate(_ input: DialectInput) -> DialectTranslation {
        translate(input.document)
    }
}

extension Dialect {
    public static var gorush: Dialect { Dialect(GorushDialect.self) }
}
