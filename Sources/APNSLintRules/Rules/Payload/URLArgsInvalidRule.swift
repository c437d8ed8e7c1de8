import APNSLintModel
import APNSLintSyntax

struct URLArgsInvalidRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "url-args-invalid", severity: .error, category: .payload,
        subscriptions: [.aps(.urlArgs)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "`url-args` is not an array of strings.",
            rationale: """
                `url-args` belongs to Safari website push notifications: its strings fill, in order, the \
                placeholders of the website's `urlFormatString` to build the page opened when the user clicks the \
                notification. It must be an array of strings (an empty array when the format has no placeholders). \
                A single string, a number or an array with other values does not fit that contract: senders such \
                as Pushy and sideshow/apns2 model it as a list of strings, and the page Safari opens is not the one \
                you meant. A value that is not an array is reported at the value; bad elements each where they are.
                """,
            severity: .certain("Safari fills its URL format with the strings of url-args; anything else does not build the page meant", source: Reference.generatingNotification),
            references: [Reference.generatingNotification, Reference.payloadKeyReference],
            triggering: [
                Example(#"{"aps": {"alert": {"title": "Flight UA1 delayed", "body": "New departure 14:05"}, "url-args": ↓"boarding/UA1"}}"#),
                Example(#"{"aps": {"alert": {"title": "Flight delayed", "body": "New departure 14:05"}, "url-args": ["flights", ↓1]}}"#),
                Example(#"{"aps": {"alert": {"title": "Flight delayed", "body": "New departure 14:05"}, "url-args": ↓{"flight": "UA1"}}}"#),
            ],
            nonTriggering: [
                Example(#"{"aps": {"alert": {"title": "Flight delayed", "body": "New departure 14:05"}, "url-args": ["boarding", "UA1"]}}"#),
                Example(#"{"aps": {"alert": {"title": "Sale", "body": "Today only"}, "url-args": []}}"#),
            ],
            enforces: [.aps(.urlArgs)])
    }

    static func check(_ context: inout RuleContext) {
        guard let field = context.definition.payload?.aps?[.urlArgs] else { return }
        let purpose = "\"url-args\" must be an array of strings, one for each placeholder of the website's urlFormatString"
        guard field.value.elements == nil else {
            reportNonStringElements(of: field, purpose: purpose, into: &context)
            return
        }
        let help = switch field.value.value {
        case .string(let text): "wrap it in an array: [\"\(text)\"]"
        case .number, .bool: "write it as an array of strings: [\"\(field.value.shortDescription)\"]"
        case .null: "write an empty array [] if the URL format has no placeholders, or the strings for them"
        default: "write the strings for the placeholders, in order, as an array: [\"…\", \"…\"]"
        }
        let what = field.value.isNull ? "null" : "\(field.value.kind.phrase) (\(field.value.shortDescription))"
        context.report(
            "\(purpose), but it is \(what); the page Safari opens cannot be built from it",
            at: field, part: .value, help: help)
    }
}
