import APNSLintModel
import APNSLintSyntax

extension SimulatorDialect: DialectSystem {
    static let name = "simulator"
    static let title = "Simulator .apns file"
    static let docsRow = DialectDocsRow(
        writtenAs: "an `.apns` file: a payload with the app's bundle id under `\"Simulator Target Bundle\"`",
        source: "[Xcode 11.4 release notes](https://developer.apple.com/documentation/xcode-release-notes/xcode-11_4-release-notes); `xcrun simctl help push`",
        page: "dialects.md#xcode-simulator-apns-files")
    static var distinctiveKeys: Set<String> { [targetBundleKey] }
    static var fileExtensions: Set<String> { [fileExtension] }
    static var textMarks: Set<String> { [targetBundleKey] }

    static func translate(_ input: DialectInput) -> DialectTranslation {
        translate(input.document, source: input.source)
    }
}

extension Dialect {
    public static var simulator: Dialect { Dialect(SimulatorDialect.self) }
}
