import APNSLintModel
import APNSLintSyntax

struct LocArgsNotStringsRule: ModelRule {
    static let keys: [AlertKey] = [.titleLocArgs, .subtitleLocArgs, .locArgs]

    static let descriptor = RuleDescriptor(
        id: "loc-args-not-strings", severity: .warning, category: .payload,
        subscriptions: keys.map(Subscription.alert))

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "An element of `loc-args`, `title-loc-args` or `subtitle-loc-args` is not a string.",
            rationale: """
                The `*-loc-args` arrays fill the `%@` and `%n$@` placeholders of the localized format strings \
                named by `loc-key`, `title-loc-key` and `subtitle-loc-key`, and Apple documents them as arrays of \
                strings. A number, boolean, null or nested value is outside that contract: Firebase's Python SDK \
                refuses it, while node-apn's typings allow any value, and what the device shows for it is not \
                documented. The rule is a warning, not an error, because nothing shows that APNs rejects it or \
                that the device fails; a string is the form every sender and every iOS version read the same way. \
                Each bad element is reported where it is. A value that is not an array at all is \
                `invalid-value-type`'s.
                """,
            severity: .undocumented("Apple documents arrays of strings; what the device shows for another element is not documented", source: Reference.generatingNotification),
            references: [Reference.generatingNotification, Reference.payloadKeyReference],
            triggering: [
                Example(#"{"aps": {"alert": {"loc-key": "SCORE", "loc-args": ["Bob", ↓3]}}}"#),
                Example(#"{"aps": {"alert": {"title-loc-key": "T", "title-loc-args": [↓null, ↓true], "loc-key": "B", "loc-args": [↓{"n": 1}]}}}"#),
                Example(#"{"aps": {"alert": {"subtitle-loc-key": "S", "subtitle-loc-args": [↓4.5], "body": "Hi"}}}"#),
            ],
            nonTriggering: [
                Example(#"{"aps": {"alert": {"loc-key": "SCORE", "loc-args": ["Bob", "3"]}}}"#),
                Example(#"{"aps": {"alert": {"loc-key": "GREETING", "loc-args": "Bob"}}}"#),
                Example(#"{"aps": {"alert": {"loc-key": "GREETING", "loc-args": []}}}"#),
            ],
            enforces: [.alert(.locArgs), .alert(.titleLocArgs), .alert(.subtitleLocArgs)])
    }

    static func check(_ context: inout RuleContext) {
        guard case .dictionary(let alert, _) = context.definition.payload?.aps?.alert else { return }
        for key in Self.keys {
            guard let field = alert[key] else { continue }
            reportNonStringElements(
                of: field,
                purpose: "Apple documents \"\(key.name)\" as an array of strings (the text for the format string's placeholders)",
                into: &context)
        }
    }
}

/// Shared by `loc-args-not-strings` and `url-args-invalid`: reports each element of an array field that is not a
/// string, at the element.
/// `purpose` is built only for an array that has such an element.
func reportNonStringElements(of field: Field, purpose: @autoclosure () -> String, into context: inout RuleContext) {
    guard let elements = field.value.elements, elements.contains(where: { $0.string == nil }) else { return }
    let purpose = purpose()
    for (index, element) in elements.enumerated() where element.string == nil {
        let help = switch element.value {
        case .number, .bool: "write it as a string: \"\(element.shortDescription)\""
        case .null: "write the text to use as a string (\"\" for none)"
        default: "write the text to use as a string"
        }
        let what = element.isNull ? "null" : "\(element.kind.phrase) (\(element.shortDescription))"
        context.report(
            "element \(index) of \"\(field.key)\" is \(what), not a string; \(purpose)",
            pointer: field.pointer.appending(index), range: field.origin == .source ? element.range : nil, help: help)
    }
}
