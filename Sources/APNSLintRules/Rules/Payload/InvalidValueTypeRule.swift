import APNSLintModel
import APNSLintSyntax

struct InvalidValueTypeRule: Rule {
    let metadata = RuleMetadata(
        id: "invalid-value-type",
        summary: "A documented key holds a value of the wrong JSON type.",
        rationale: """
            APNs and the device read each key as a specific type: `badge` is an integer, `alert` a string or a \
            dictionary, `loc-args` an array of strings, `thread-id` a string. A value of another type (`"5"` for \
            a badge, a number for a title) is ignored or makes APNs reject the request, and client libraries \
            differ in whether they coerce it. `content-available` and `mutable-content` have rules of their own.
            """,
        severity: .error, category: .payload,
        references: [Reference.generatingNotification, Reference.sendingRequests],
        triggering: [
            Example(#"{"aps": {"badge": ↓"5"}}"#),
            Example(#"{"aps": {"alert": ↓5}}"#),
            Example(#"{"aps": {"alert": {"loc-key": "GREETING", "loc-args": ↓"Bob"}}}"#),
            Example(#"{"aps": {"alert": {"loc-key": "SCORE", "loc-args": ["Bob", ↓3]}}}"#),
            Example(#"{"headers": {"apns-priority": ↓"high"}, "payload": {"aps": {"alert": "Hi"}}}"#),
            Example(#"{"aps": {"alert": "Hi", "thread-id": ↓42, "badge": ↓1.5}}"#),
        ],
        nonTriggering: [
            Example(#"{"headers": {"apns-priority": 10, "apns-expiration": "0"}, "payload": {"aps": {"alert": {"title": "Hi", "loc-key": "K", "loc-args": ["a"]}, "badge": 0, "relevance-score": 1}}}"#),
        ])

    func check(_ context: inout RuleContext) {
        let definition = context.definition
        var fields = definition.headers.fields.fields
        if let envelope = definition.envelope {
            // `payload` has its own rule (payload-not-object).
            fields += envelope.fields.filter { $0.key != EnvelopeKey.payload }
        }
        if let payload = definition.payload {
            if payload.isMDM, let mdm = payload.mdmField { fields.append(mdm) }
            if let aps = payload.aps {
                fields += aps.fields.fields
                if case .dictionary(let alert, _) = aps.alert { fields += alert.fields.fields }
                if case .critical(let sound, _) = aps.sound { fields += sound.fields }
            }
        }
        for field in fields { check(field, into: &context) }
    }

    private func check(_ field: Field, into context: inout RuleContext) {
        guard let spec = field.spec, spec.type != .flag, !field.hasExpectedType else { return }
        // An array of strings with a bad element: point at the element.
        if spec.type == .stringArray, let elements = field.value.elements,
           let index = elements.firstIndex(where: { $0.string == nil }) {
            let element = elements[index]
            context.report(
                "\"\(field.key)\" must be an array of strings, but element \(index) is \(element.kind.phrase) (\(element.shortDescription)); the device formats only strings into the message",
                pointer: field.pointer.appending(index), range: field.origin == .source ? element.range : nil,
                help: "write it as a string: \"\(element.string ?? element.shortDescription)\"")
            return
        }
        context.report(
            "\"\(field.key)\" must be \(spec.type.phrase), but it is \(field.value.kind.phrase) (\(field.value.shortDescription)); APNs ignores or rejects a value of the wrong type",
            at: field, part: .value, help: help(for: field, expected: spec.type))
    }

    private func help(for field: Field, expected: ValueType) -> String {
        if let text = field.value.string {
            if expected == .integer || expected == .headerInteger, Int(text.trimmingPrefix(while: \.isWhitespace)) != nil {
                return "write the number without quotes: \(text.trimmingPrefix(while: \.isWhitespace))"
            }
            if expected == .number, Double(text) != nil { return "write the number without quotes: \(text)" }
            if expected == .boolean, text == "true" || text == "false" { return "write \(text) without quotes" }
            if expected == .stringArray { return "wrap it in an array: [\"\(text)\"]" }
        }
        if expected == .string || expected == .headerString, field.value.number != nil || field.value.bool != nil {
            return "quote it: \"\(field.value.shortDescription)\""
        }
        return "give \"\(field.key)\" \(expected.phrase)"
    }
}
