import APNSLintModel
import APNSLintSyntax

struct APSNotObjectRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "aps-not-object", severity: .error, category: .structure)

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "`aps` is not a dictionary.",
            rationale: """
                `aps` must be a JSON object holding the system keys. A string (often the payload JSON-encoded twice), \
                an array or a number leaves the device nothing it can read.
                """,
            severity: .certain("aps that is not a dictionary leaves the device no key it can read", source: Reference.generatingNotification),
            references: [Reference.payloadKeyReference, Reference.generatingNotification],
            triggering: [
                Example(#"{"aps": ↓"{\"alert\": \"Hi\"}"}"#),
                Example(#"{"aps": ↓["alert", "Hi"]}"#),
            ],
            nonTriggering: [Example(#"{"aps": {}}"#)])
    }

    static func check(_ context: inout RuleContext) {
        // The bound `aps` first: when there is one, the look-up of the `aps` field is not needed.
        guard let payload = context.definition.payload, payload.aps == nil, let field = payload.apsField else { return }
        // Wallet reads nothing of a pass update's payload (`{"aps": ""}` in many pass servers works as `{}` does).
        if let topic = context.definition.headers.topicField?.string, TopicSuffix.isWalletPass(topic) { return }
        let encodedJSON = field.value.string.map { $0.trimmingPrefix(while: \.isWhitespace).hasPrefix("{") } ?? false
        context.report(
            "\"aps\" is \(field.value.kind.phrase), but APNs expects a dictionary of notification keys",
            at: field, part: .value,
            help: encodedJSON
                ? "this string holds encoded JSON (the payload was encoded twice); write the object itself"
                : "write \"aps\" as an object, e.g. \"aps\": {\"alert\": \"…\"}")
    }
}
