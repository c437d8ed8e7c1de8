import APNSLintSyntax

/// Reported by the JSON reader; this rule carries the docs and examples.
struct ByteOrderMarkRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "byte-order-mark", severity: .warning, category: .syntax,
        fix: .always,
        finds: [.syntax(.byteOrderMark)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "The file starts with a UTF-8 byte order mark.",
            rationale: """
                RFC 8259 forbids a byte order mark at the start of JSON text. Parsers differ: some skip it, some \
                fail, and a sender that copies the file's bytes sends three extra bytes APNs does not expect. The \
                rest of the file is still read and checked.
                """,
            severity: .undocumented(
                "RFC 8259 forbids a byte order mark before JSON that is sent and lets parsers ignore it, so one sender skips it, another fails or sends its three bytes, and what APNs does with them is not documented",
                source: Reference.rfc8259),
            references: [Reference.rfc8259],
            triggering: [Example("↓\u{FEFF}{\"aps\": {\"alert\": \"Hi\"}}")],
            nonTriggering: [Example(#"{"aps": {"alert": "Hi"}}"#)])
    }

}
