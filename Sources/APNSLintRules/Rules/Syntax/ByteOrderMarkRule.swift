import APNSLintSyntax

/// Reported by the JSON reader; this rule carries the docs and examples.
struct ByteOrderMarkRule: Rule {
    static let metadata = RuleMetadata(
        id: "byte-order-mark",
        summary: "The file starts with a UTF-8 byte order mark.",
        rationale: """
            RFC 8259 forbids a byte order mark at the start of JSON text. Parsers differ: some skip it, some \
            fail, and a sender that copies the file's bytes sends three extra bytes APNs does not expect. The \
            rest of the file is still read and checked.
            """,
        severity: .warning, category: .syntax, stage: .syntax, fix: .always,
        references: [Reference.rfc8259],
        triggering: [Example("↓\u{FEFF}{\"aps\": {\"alert\": \"Hi\"}}")],
        nonTriggering: [Example(#"{"aps": {"alert": "Hi"}}"#)])

    static func check(_ context: inout RuleContext) {}
}
