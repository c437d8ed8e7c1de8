import APNSLintModel
import APNSLintSyntax

struct PayloadNotObjectRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "payload-not-object", severity: .error, category: .structure,
        // An elided payload is still an object or an array.
        runsOnElidedDefinitions: true)

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "The payload is not a JSON object.",
            rationale: """
                An APNs request body is a JSON object whose `aps` key holds the notification. A body that is an \
                array, a string or a number is rejected.
                """,
            severity: .certain("a body that is not a JSON object has no aps, so the device has nothing to show or do", source: Reference.generatingNotification),
            references: [Reference.generatingNotification, Reference.payloadKeyReference],
            triggering: [
                Example(#"↓[{"aps": {"alert": "Hi"}}]"#),
                Example(#"{"headers": {"apns-push-type": "alert"}, "payload": ↓"{\"aps\": {}}"}"#),
            ],
            nonTriggering: [Example(#"{"aps": {"alert": "Hi"}}"#)])
    }

    static func check(_ context: inout RuleContext) {
        guard let payload = context.definition.payload, !payload.isObject else { return }
        let encodedJSON = payload.node.string.map { $0.trimmingPrefix(while: \.isWhitespace).hasPrefix("{") } ?? false
        context.report(
            "the payload is \(payload.node.kind.phrase), but APNs expects a JSON object with an \"aps\" dictionary",
            pointer: payload.pointer, range: payload.node.range,
            help: encodedJSON
                ? "this string holds encoded JSON; write the object itself instead of its serialization"
                : "write the payload as an object: {\"aps\": {…}}")
    }
}

extension StringProtocol {
    func trimmingPrefix(while predicate: (Character) -> Bool) -> SubSequence {
        self[(firstIndex { !predicate($0) } ?? endIndex)...]
    }
}

extension Substring {
    func trimmingSuffix(while predicate: (Character) -> Bool) -> Substring {
        var end = endIndex
        while end > startIndex, predicate(self[index(before: end)]) { end = index(before: end) }
        return self[startIndex..<end]
    }
}
