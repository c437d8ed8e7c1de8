import APNSLintSyntax

/// Reported by the JSON reader; this rule carries the docs and examples.
struct InvalidJSONRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "invalid-json", severity: .error, category: .syntax,
        fix: .sometimes,
        finds: [.syntax(.invalidSyntax, in: .json), .syntax(.nonJSONValue, in: .json)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "The file is not valid JSON (RFC 8259).",
            rationale: """
                APNs accepts only a JSON body, and a sender that cannot parse the definition sends nothing or \
                something else. apns-lint reads JSON exactly as RFC 8259 defines it and names the problem and its \
                position. After a trailing comma, a comment, or data after the value it keeps reading, so the other \
                rules still run; after any other error it stops.
                """,
            severity: .certain(
                "a JSON parser refuses the file, so a sender that reads it has no payload to send",
                source: Reference.rfc8259),
            references: [Reference.rfc8259, Reference.sendingRequests],
            triggering: [
                Example(#"{"aps": {"badge": 1↓,}}"#),
                Example(#"{"aps": {"alert": "Hi" ↓// greeting"# + "\n}}"),
                Example(#"{"aps": {"badge": ↓01}}"#),
                Example(#"{"aps": {"alert": ↓"unterminated}}"#),
                Example(#"{"aps": {"alert": "bad ↓\x escape"}}"#),
                Example(#"{"aps": {"sound": ↓NaN}}"#),
                Example(#"{"aps": {}} ↓{"aps": {}}"#),
            ],
            nonTriggering: [
                Example(#"{"aps": {"alert": "Caf\u00e9 \ud83d\ude00 \/ \"quoted\"", "badge": -0, "relevance-score": 1.5e-1}}"#),
            ],
            enforces: [.reason(.payloadEmpty), .reason(.badRequestPayload)])
    }

}
