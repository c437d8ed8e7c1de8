import APNSLintModel
import APNSLintSyntax

extension ADCKDialect: DialectSystem {
    static let name = "adck"
    static let title = "ADCK"
    static let docsRow = DialectDocsRow(
        writtenAs: "the ADCK gem's `Message` options: `body`, `loc_key`, `truncate`, `validate`, …, sent through the retired binary interface",
        source: "ADCK 0.2.0 (delight-labs/ADCK@e7d9714, `lib/adck/message.rb`)", page: "dialects.md#adck")

    /// Its options but `truncate`, `validate` and `freeze`, words other formats use, mark a definition, in a file or a text no reader could read.
    static let commonWords: Set<String> = ["truncate", "validate", "freeze"]
    static var textMarks: Set<String> { distinctiveKeys.subtracting(commonWords) }

    static func translate(_ input: DialectInput) -> DialectTranslation {
        translate(input.document)
    }
}

extension Dialect {
    public static var adck: Dialect { Dialect(ADCKDialect.self) }
}
