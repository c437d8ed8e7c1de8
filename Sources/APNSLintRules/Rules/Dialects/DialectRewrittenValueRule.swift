/// Reported while a system's format is turned into the request; this rule carries the docs and examples.
struct DialectRewrittenValueRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "dialect-rewritten-value", severity: .warning, category: .dialect,
        finds: [.dialect(.rewrittenValue)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "The system sends another value than the one written: a number rounded, a type converted, a value replaced, added or left out.",
            rationale: """
                Libraries convert what they are given on its way into the payload, silently: node-apn keeps \
                numbers as JavaScript doubles (9007199254740993 is sent as 9007199254740992); ADCK writes \
                `action_loc_key: false` as `null`; apns_json sends `content-available: 1` whatever the definition \
                says, turns numbers and atoms into strings where it calls `to_bin`, and re-encodes a binary written \
                without `/utf8` byte by byte. gorush sends no `apns-priority` for a priority other than `normal` or \
                `high` (APNs then uses 10), and a top-level `name` or `volume` turns its sound critical. The device \
                then gets a value the definition does not show. \
                Severity: a warning, because the request is still sent and may be what was meant; `render` prints \
                the bytes that are sent.
                """,
            severity: .likelyMistake(
                "the request is sent with a value the definition does not show (a number rounded, a type converted, `content-available: 1` added), which may still be what was meant"),
            references: [Reference.nodeAPN710, Reference.adck020, Reference.apnsJSON, Reference.gorushAPNs],
            triggering: [
                Example(#"{"dialect": "node-apn", "body": "Hi", "payload": {"order": ↓9007199254740993}}"#),
                Example(#"{"notifications": [{"platform": 1, "tokens": ["…"], "topic": "com.example.app", "message": "Weekly summary", "priority": ↓"5"}]}"#),
                Example("[{alert, <<\"Hi\">>}, {sound, ↓5}, {extra, [{<<\"city\">>, ↓<<\"Köln\">>}]}].", fileExtension: "erl"),
            ],
            nonTriggering: [
                Example(#"{"dialect": "node-apn", "body": "Hi", "payload": {"order": 9007199254740992}}"#),
                Example("[{alert, <<\"Hi\">>}, {sound, <<\"5\">>}, {extra, [{<<\"city\">>, <<\"Köln\"/utf8>>}]}].", fileExtension: "erl"),
            ])
    }
}
