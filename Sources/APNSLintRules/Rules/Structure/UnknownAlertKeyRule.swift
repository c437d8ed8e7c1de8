import APNSLintModel
import APNSLintSyntax

struct UnknownAlertKeyRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "unknown-alert-key", severity: .warning, category: .structure,
        fix: .sometimes,
        subscriptions: [.unknownKey(in: .alert)],
        finds: [.dialect(.unknownAlertProperty)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "A key inside the `alert` dictionary that APNs does not define.",
            rationale: """
                The system reads only the documented alert keys (`title`, `subtitle`, `body`, `loc-key`, `loc-args`, \
                `title-loc-key`, …). A misspelled key such as `loc_key` or `titleLocArgs` is ignored, so the user \
                sees a notification without the text you meant to show.
                """,
            severity: .likelyMistake("the device ignores an alert key it does not define, so the text meant for it is not shown", source: Reference.generatingNotification),
            references: [Reference.generatingNotification, Reference.payloadKeyReference],
            triggering: [
                Example(#"{"aps": {"alert": {"title": "Hi", ↓"loc_key": "GREETING"}}}"#),
                Example(#"{"aps": {"alert": {↓"titleLocArgs": ["Bob"], ↓"boddy": "Hello"}}}"#),
            ],
            nonTriggering: [
                Example(#"{"aps": {"alert": {"title": "Hi", "subtitle": "There", "body": "Hello", "loc-key": "GREETING", "loc-args": ["Bob"]}}}"#),
            ])
    }

    static func check(_ context: inout RuleContext) {
        guard case .dictionary(let alert, _) = context.definition.payload?.aps?.alert else { return }
        reportUnknownKeys(
            in: alert.fields, known: Schema.alert, describe: "the \"alert\" dictionary",
            consequence: "the device ignores it", otherwise: "remove it, or move your own data to the top level of the payload",
            into: &context)
    }
}
