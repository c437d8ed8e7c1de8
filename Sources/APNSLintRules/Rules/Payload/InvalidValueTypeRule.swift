import APNSLintModel
import APNSLintSyntax

struct InvalidValueTypeRule: ModelRule {
    /// Keys whose values other rules check completely, types included, so this rule leaves them alone (one
    /// finding per mistake). Add a key here when a rule takes over its value checks.
    static let checkedByTheirOwnRules: Set<String> = [
        // badge-invalid: every value check of `badge`.
        "badge",
        // sound-invalid: the critical sound dictionary's keys (these names exist only in that dictionary).
        "critical", "name", "volume",
        // url-args-invalid: `url-args`, the value and its elements.
        "url-args",
        // priority-invalid, expiration-invalid, device-token-invalid: every value check of these.
        "apns-priority", "apns-expiration", "device-token",
    ]

    static let descriptor = RuleDescriptor(
        id: "invalid-value-type", severity: .error, category: .payload,
        subscriptions: [.wronglyTypedValue],
        finds: [.dialect(.invalidValueType)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "A documented key holds a value of the wrong JSON type.",
            rationale: """
                APNs and the device read each key as a specific type: `badge` is an integer, `alert` a string or a \
                dictionary, `loc-args` an array of strings, `thread-id` a string. A value of another type (`"5"` for \
                a badge, a number for a title) is ignored or makes APNs reject the request, and client libraries \
                differ in whether they coerce it. `content-available` and `mutable-content` have rules of their own.
                """,
            severity: .certain("a value of another type than the key's is ignored by the device or refused by APNs, so the key does not do what was meant", source: Reference.generatingNotification),
            references: [Reference.generatingNotification, Reference.sendingRequests],
            triggering: [
                Example(#"{"aps": {"alert": ↓5}}"#),
                Example(#"{"aps": {"alert": {"loc-key": "GREETING", "loc-args": ↓"Bob"}}}"#),
                Example(#"{"aps": {"alert": {"title": ↓7, "loc-key": "SCORE", "loc-args": ["Bob", 3]}}}"#),
                Example(#"{"headers": {"apns-collapse-id": ↓4471}, "payload": {"aps": {"alert": "Hi"}}}"#),
                Example(#"{"aps": {"alert": "Hi", "thread-id": ↓42, "badge": 1.5}}"#),
            ],
            nonTriggering: [
                // A Live Activity alert may localize its title and body with objects.
                Example(#"{"aps": {"timestamp": 1, "event": "update", "content-state": {}, "alert": {"title": {"loc-key": "DOWN", "loc-args": ["Power Panel"]}}}}"#),
                Example(#"{"headers": {"apns-priority": 10, "apns-expiration": "0"}, "payload": {"aps": {"alert": {"title": "Hi", "loc-key": "K", "loc-args": ["a"]}, "badge": 0, "relevance-score": 1}}}"#),
                // Checked by badge-invalid, sound-invalid, url-args-invalid and loc-args-not-strings instead.
                Example(#"{"aps": {"alert": {"loc-key": "K", "loc-args": [3]}, "badge": "5", "url-args": "x", "sound": {"critical": true, "name": 5, "volume": "1"}}}"#),
            ],
            enforces: APSKey.allCases.map(SpecFact.aps) + AlertKey.allCases.map(SpecFact.alert))
    }

    static func check(_ context: inout RuleContext) {
        let definition = context.definition
        // Each set is checked where it is, in this order, without gathering the fields into one array first.
        check(definition.headers.fields, in: definition, into: &context)
        if let envelope = definition.envelope {
            // `payload` has its own rule (payload-not-object).
            for field in envelope.fields where field.key != EnvelopeKey.payload { check(field, in: definition, into: &context) }
        }
        if let payload = definition.payload {
            if payload.isMDM, let mdm = payload.mdmField { check(mdm, in: definition, into: &context) }
            if let aps = payload.aps {
                check(aps.fields, in: definition, into: &context)
                if case .dictionary(let alert, _) = aps.alert { check(alert.fields, in: definition, into: &context) }
                if case .critical(let sound, _) = aps.sound { check(sound, in: definition, into: &context) }
            }
        }
    }

    private static func check(_ set: FieldSet, in definition: NotificationDefinition, into context: inout RuleContext) {
        // Most sets have every value of the right type: that is found without making a field for each member.
        guard !set.allFieldsHaveExpectedTypes else { return }
        for field in set.fields where !field.hasExpectedType { check(field, in: definition, into: &context) }
    }

    private static func check(_ field: Field, in definition: NotificationDefinition, into context: inout RuleContext) {
        guard !field.hasExpectedType, let spec = field.spec, !Self.checkedByTheirOwnRules.contains(spec.name) else { return }
        // An array of strings with bad elements (`*-loc-args`): loc-args-not-strings reports each element.
        if spec.type == .stringArray, field.value.elements != nil { return }
        // In a Live Activity alert, `title` and `body` may be localized objects: {"loc-key": …, "loc-args": […]}.
        // Asked only of a value that is wrong otherwise, as it is rare.
        if field.key == "title" || field.key == "body", field.pointer.tokens.dropLast().last == "alert",
           field.value.member("loc-key")?.value.string != nil, LiveActivityPush(definition) != nil {
            return
        }
        context.report(
            "\"\(field.key)\" must be \(spec.type.phrase), but it is \(field.value.kind.phrase) (\(field.value.shortDescription)); APNs ignores or rejects a value of the wrong type",
            at: field, part: .value, help: help(for: field, expected: spec.type))
    }

    private static func help(for field: Field, expected: ValueType) -> String {
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
