import APNSLintModel
import APNSLintSyntax

extension ADCKDialect: DialectSystem {
    static let name = "adck"
    static let title = "ADCK"
    static let docsRow = DialectDocsRow(
        writtenAs: "the ADCK gem's `Message` options: `body`, `loc_key`, `truncate`, `validate`, …, sent through the retired binary interface",
        source: "ADCK 0.2.0 (delight-labs/ADCK@e7d9714, `lib/adck/message.rb`)", page: "dialects.md#adck")

    /// Its options but `truncate`, `validate` and `freeze`, words other formats use, mark a definition.
    static func marksDefinition(_ members: [Member]) -> Bool {
        members.contains { markKeys.contains($0.key) }
    }

    static var textMarks: Set<String> { markKeys }
    private static let markKeys = distinctiveKeys.subtracting(["truncate", "validate", "freeze"])

    static func translate(_ input: DialectInput) -> DialectTranslation {
        translate(input.document)
    }
}

extension Dialect {
    public static var adck: Dialect { Dialect(ADCKDialect.self) }
}
