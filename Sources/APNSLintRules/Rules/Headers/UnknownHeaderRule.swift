import APNSLintModel
import APNSLintSyntax

struct UnknownHeaderRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "unknown-header", severity: .warning, category: .headers,
        fix: .sometimes,
        subscriptions: [.unknownKey(in: .headers)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "A header in the definition that APNs does not define.",
            rationale: """
                APNs reads only its own `apns-*` headers (and `authorization`). A misspelled header such as \
                `apns-prioirty` or `apns_push_type` is sent but ignored, so APNs applies its default instead of \
                your value.
                """,
            severity: .likelyMistake("APNs ignores headers it does not define and applies its default; a near-miss of an apns-* name is a typo", source: Reference.sendingRequests),
            references: [Reference.sendingRequests],
            triggering: [
                Example(#"{"headers": {↓"apns-prioirty": "5"}, "payload": {"aps": {"content-available": 1}}}"#),
                Example(#"{"headers": {↓"apns_push_type": "alert", ↓"x-trace": "1"}, "payload": {"aps": {"alert": "Hi"}}}"#),
            ],
            nonTriggering: [
                Example(#"{"headers": {"APNS-Priority": "5", "apns-push-type": "background"}, "payload": {"aps": {"content-available": 1}}}"#),
            ])
    }

    static func check(_ context: inout RuleContext) {
        let headers = context.definition.headers.fields
        reportUnknownKeys(
            in: headers, known: Schema.headers, describe: "request headers",
            consequence: "APNs ignores it and applies its default", otherwise: "remove it; APNs reads only its apns-* headers",
            into: &context)
    }
}
