import APNSLintSyntax

/// Reported by the JSON reader; this rule carries the docs and examples.
struct InvalidJSONRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "invalid-json", severity: .error, category: .syntax,
        fix: .sometimes,
        // A trailing comma only the JSON reader finds; it is owned for every language so each kind has one owner. In
        // a file the Simulator reads it is `.dialect(.simulatorTrailingComma)`, reported as a warning (see below).
        finds: [.syntax(.invalidSyntax, in: .json), .syntax(.trailingComma), .dialect(.simulatorTrailingComma),
                .syntax(.nonJSONValue, in: .json)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "The file is not valid JSON (RFC 8259).",
            rationale: """
                APNs accepts only a JSON body, and a sender that cannot parse the definition sends nothing or \
                something else. apns-lint reads JSON exactly as RFC 8259 defines it and names the problem and its \
                position. After a trailing comma, a comment, or data after the value it keeps reading, so the other \
                rules still run; after any other error it stops.

                A trailing comma in a Simulator `.apns` file is a warning, not an error. Xcode reads the file with \
                Foundation's `JSONSerialization`, whose scanner skips a comma before a closing bracket \
                (swift-foundation's `JSONScanner`: "the foundation json implementation does support trailing \
                commas"), and app repositories keep such files and drag them onto the Simulator, which shows the \
                notification (OneSignal-iOS-SDK #1053). The file is still not JSON: the same payload sent to APNs, \
                or loaded by a sender with a strict reader (Go's `encoding/json`, Python's `json`, JavaScript's \
                `JSON.parse`), is refused, so it is reported, with its fix. What decides it is the system that reads \
                the document (a system whose reader takes trailing commas, `DialectCapabilities.readsTrailingCommas`), \
                not the file's name. A comment stays an error in an `.apns` file too: `JSONSerialization` takes \
                comments only with the `.json5Allowed` option, and its scanner otherwise skips only space, tab, CR \
                and LF.
                """,
            severity: .certain(
                "a JSON parser refuses the file, so a sender that reads it has no payload to send",
                source: Reference.rfc8259),
            references: [Reference.rfc8259, Reference.sendingRequests, Reference.foundationJSONScanner, Reference.json5Allowed,
                         Reference.oneSignalSimulatorTrailingComma],
            triggering: [
                Example(#"{"aps": {"badge": 1↓,}}"#),
                Example(#"{"aps": {"alert": "Hi" ↓// greeting"# + "\n}}"),
                Example(#"{"Simulator Target Bundle": "com.example.app", "aps": {"alert": "Hi" ↓// greeting"# + "\n}}", fileExtension: "apns"),
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
