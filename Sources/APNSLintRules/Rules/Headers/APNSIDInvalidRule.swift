import APNSLintModel
import APNSLintSyntax

struct APNSIDInvalidRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "apns-id-invalid", severity: .error, category: .headers,
        subscriptions: [.header(.id)], rejection: .badMessageId)

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "`apns-id` is not a UUID in its canonical 8-4-4-4-12 hex form.",
            rationale: """
                `apns-id` identifies the notification in APNs's response; APNs creates one when it is missing. When \
                given, it must be a canonical UUID: 32 lowercase hex digits in groups of 8-4-4-4-12, such as \
                `123e4567-e89b-12d3-a456-426655440000`. APNs rejects anything else with 400 `BadMessageId`. Older \
                Apple text and several libraries show an example whose last group has only 11 digits (a typo); \
                copied as is, it is rejected. Uppercase hex digits are accepted: APNs itself answers with uppercase \
                `apns-id`s, and sideshow/apns2's README sends one.
                """,
            severity: .rejectedByAPNs("an apns-id that is not a UUID is rejected", source: Reference.handlingResponses),
            references: [Reference.sendingRequests, Reference.handlingResponses, "https://github.com/sideshow/apns2#readme"],
            triggering: [
                Example(#"{"headers": {"apns-push-type": "alert", "apns-id": ↓"123e4567-e89b-12d3-a456-42665544000"}, "payload": {"aps": {"alert": "Hi"}}}"#),
                Example(#"{"headers": {"apns-push-type": "alert", "apns-id": ↓"order-10452"}, "payload": {"aps": {"alert": "Hi"}}}"#),
                Example(#"{"headers": {"apns-push-type": "alert", "apns-id": ↓"6f1c1c3e52a84b599a0c0d2f5c1b9e77"}, "payload": {"aps": {"alert": "Hi"}}}"#),
            ],
            nonTriggering: [
                Example(#"{"headers": {"apns-push-type": "alert", "apns-id": "6f1c1c3e-52a8-4b59-9a0c-0d2f5c1b9e77"}, "payload": {"aps": {"alert": "Hi"}}}"#),
                Example(#"{"headers": {"apns-push-type": "alert"}, "payload": {"aps": {"alert": "Hi"}}}"#),
                // Upper case, as APNs writes the ids it returns and sideshow/apns2's README sends.
                Example(#"{"headers": {"apns-push-type": "alert", "apns-id": "6F1C1C3E-52A8-4B59-9A0C-0D2F5C1B9E77"}, "payload": {"aps": {"alert": "Hi"}}}"#),
            ],
            enforces: [.header(.id)])
    }

    static func check(_ context: inout RuleContext) {
        // A value of another type is invalid-value-type's.
        guard let field = context.definition.headers.idField, let text = field.string,
              !Self.isUUID(text) else { return }
        let (what, fixed) = Self.diagnose(text)
        let help = fixed.map { "write \"\($0)\"" }
            ?? "use a UUID such as \"123e4567-e89b-12d3-a456-426655440000\", or remove apns-id and APNs creates one"
        context.report(
            "apns-id \(field.value.shortDescription) is not a UUID (32 hex digits in groups of 8-4-4-4-12): \(what); APNs rejects the request with 400 BadMessageId",
            at: field, part: .value, help: help)
    }

    static let groupLengths = [8, 4, 4, 4, 12]

    static func isUUID(_ text: String) -> Bool {
        let groups = text.split(separator: "-", omittingEmptySubsequences: false)
        return groups.map(\.count) == groupLengths && groups.allSatisfy { group in
            group.allSatisfy { $0.isHexDigit && $0.isASCII }
        }
    }

    /// What is wrong, and the canonical form when it can be recovered.
    static func diagnose(_ text: String) -> (what: String, fixed: String?) {
        let trimmed = text.trimmingWhitespace
        if trimmed.isEmpty { return ("it is empty", nil) }
        if trimmed != text, isUUID(trimmed) {
            return ("it has whitespace around it", trimmed.lowercased())
        }
        var core = trimmed
        var wrapper: String?
        if core.lowercased().hasPrefix("urn:uuid:") {
            core = String(core.dropFirst("urn:uuid:".count))
            wrapper = "the urn:uuid: prefix"
        }
        if core.hasPrefix("{"), core.hasSuffix("}"), core.count > 2 {
            core = String(core.dropFirst().dropLast())
            wrapper = "braces"
        }
        if let wrapper, isUUID(core) {
            return ("it has \(wrapper) around the UUID", core.lowercased())
        }
        let hex = core.filter { $0 != "-" }
        if hex.count == 32, hex.allSatisfy({ $0.isHexDigit && $0.isASCII }) {
            let lowered = Array(hex.lowercased())
            var groups: [String] = []
            var start = 0
            for length in groupLengths {
                groups.append(String(lowered[start..<start + length]))
                start += length
            }
            return ("its hyphens are missing or misplaced", groups.joined(separator: "-"))
        }
        if let bad = core.first(where: { !($0.isHexDigit && $0.isASCII) && $0 != "-" }) {
            return ("\"\(bad)\" is not a hex digit", nil)
        }
        let lengths = core.split(separator: "-", omittingEmptySubsequences: false).map(\.count)
        if lengths.count == groupLengths.count,
           let index = groupLengths.indices.first(where: { lengths[$0] != groupLengths[$0] }) {
            let ordinal = ["first", "second", "third", "fourth", "last"][index]
            let typo = lengths == [8, 4, 4, 4, 11] ? " (Apple's old example UUID has this typo)" : ""
            return ("the \(ordinal) group has \(lengths[index]) hex digits, not \(groupLengths[index])\(typo)", nil)
        }
        return ("it has \(hex.count) hex digits in \(lengths.count) group\(lengths.count == 1 ? "" : "s")", nil)
    }
}
