import APNSLintModel
import APNSLintSyntax

struct ReservedCustomKeyRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "reserved-custom-key", severity: .warning, category: .structure,
        scope: .request,
        finds: [.dialect(.reservedDataKey)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "Custom data uses the reserved key `aps` for something that is not a notification.",
            rationale: """
                `aps` is the name APNs reserves for the system's dictionary. Custom data must not use it: Pushy \
                and the Firebase Admin SDK for Java refuse a custom key named `aps`, apns_json's `extra` puts its members \
                beside the real `aps` (so the request has two), and app or server code that looks `aps` up by name \
                can take the custom value for the real one. A whole payload nested under a custom key (an object \
                whose `aps` holds APNs keys, the pattern `nested-payload` describes) is not reported; an `aps` \
                holding anything else is.
                """,
            severity: .likelyMistake("APNs and the device ignore a nested aps, but Pushy and the Firebase Admin SDK for Java refuse it and code that looks aps up by name can take it for the real one", source: Reference.generatingNotification),
            references: [Reference.payloadKeyReference, Reference.generatingNotification],
            triggering: [
                Example(#"{"aps": {"alert": "Sale!"}, "meta": {↓"aps": "spring-campaign"}}"#),
                Example(#"{"aps": {"alert": "Sale!"}, "tracking": {"ids": [{↓"aps": 7}]}}"#),
                Example(#"{"aps": {"alert": "Sale!"}, "a": {"b": {↓"aps": {"campaign": "spring"}}}}"#),
                Example(#"{"aps": {"alert": "Sale!"}, "forwarded": {↓"aps": "not a dictionary"}}"#),
            ],
            nonTriggering: [
                Example(#"{"aps": {"content-available": 1}, "notification": {"aps": {"alert": "Hello"}, "id": 1}}"#),
                Example(#"{"aps": {"alert": "Sale!"}, "history": [{"aps": {"alert": "Earlier sale"}}]}"#),
                Example(#"{"aps": {"alert": "Sale!"}, "meta": {"apsVersion": 2}}"#),
            ])
    }

    static func check(_ context: inout RuleContext) {
        guard let payload = context.definition.payload, payload.isObject else { return }
        // A second `aps` beside the one that counts (apns_json's extra, or a key written twice).
        for field in payload.fields.fields where field.key == "aps" && field.isShadowed && !Self.isNotification(field.value) {
            report(field.keyRange, pointer: field.pointer, value: field.value, place: "a second \"aps\", beside the payload's own,", into: &context)
        }
        // Only a container can hold a member named `aps`: scalars need no walk.
        for field in payload.fields.fields where field.value.isContainer && payload.isCustomData(field) {
            field.value.walk { node, path in
                guard let members = node.members else { return }
                for member in members where member.key == "aps" {
                    // The `aps` of a payload nested directly under a custom key is linted as a notification by nested-payload.
                    if path.isEmpty, member.value.members != nil { continue }
                    if Self.isNotification(member.value) { continue }
                    let pointer = JSONPointer(field.pointer.tokens + path + ["aps"])
                    report(field.origin == .source ? member.keyRange : nil, pointer: pointer, value: member.value,
                           place: "a custom key named \"aps\" (at \(pointer))", into: &context)
                }
            }
        }
    }

    private static func report(_ range: SourceRange?, pointer: JSONPointer, value: DocumentNode, place: String, into context: inout RuleContext) {
        let what = value.isNull ? "null" : "\(value.kind.phrase) (\(value.shortDescription))"
        context.report(
            "\(place) holds \(what), not a notification; \"aps\" is reserved for the system's dictionary, and senders refuse custom data named \"aps\" (Pushy, Firebase Admin for Java) or send it as a second \"aps\"",
            pointer: pointer, range: range,
            help: "rename the key; if it is a notification the app presents itself, give it a full \"aps\" dictionary with APNs keys such as \"alert\"")
    }

    /// An `aps` that stands for a notification: a dictionary (or proplist) that is empty or holds APNs keys. What an
    /// elided container holds is not known: it is not reported.
    static func isNotification(_ node: DocumentNode) -> Bool {
        if node.elided != nil { return true }
        guard let members = node.members ?? Proplist.members(of: node) else { return false }
        return members.isEmpty || members.contains { apsKeys.contains($0.key) }
    }

    private static let apsKeys = Set(Schema.aps.map(\.name))
}
