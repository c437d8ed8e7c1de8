import APNSLintModel
import APNSLintSyntax

struct PriorityInvalidRule: ModelRule {
    static let valid = AppleSpec.priorities

    static let descriptor = RuleDescriptor(
        id: "priority-invalid", severity: .error, category: .headers,
        fix: .sometimes,
        subscriptions: [.header(.priority)], rejection: .badPriority)

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "`apns-priority` is not 10, 5 or 1.",
            rationale: """
                APNs knows three priorities: 10 sends the notification immediately, 5 sends it with the device's \
                power in mind (it may be grouped and delivered in bursts), and 1 puts power first and does not wake \
                the device. Without the header APNs uses 10. Any other value, such as `"high"` or `"normal"` (FCM's \
                and gorush's words for 10 and 5), 0 or 7, is rejected with 400 `BadPriority`. On the wire the header \
                is text, so `10` and `"10"` are the same; `10.0` is not. Many clients accept only 10 and 5 \
                (APNSwift, rpush, PyAPNs2). This rule owns every check of the value, its type included.
                """,
            severity: .rejectedByAPNs("a priority other than 10, 5 or 1 is rejected", source: Reference.handlingResponses),
            references: [Reference.sendingRequests, Reference.handlingResponses],
            triggering: [
                Example(#"{"headers": {"apns-push-type": "alert", "apns-priority": ↓"high"}, "payload": {"aps": {"alert": "Hi"}}}"#),
                Example(#"{"headers": {"apns-push-type": "background", "apns-priority": ↓"Normal"}, "payload": {"aps": {"content-available": 1}}}"#),
                Example(#"{"headers": {"apns-push-type": "alert", "apns-priority": ↓7}, "payload": {"aps": {"alert": "Hi"}}}"#),
                Example(#"{"headers": {"apns-push-type": "alert", "apns-priority": ↓10.0}, "payload": {"aps": {"alert": "Hi"}}}"#),
                Example(#"{"headers": {"apns-push-type": "alert", "apns-priority": ↓true}, "payload": {"aps": {"alert": "Hi"}}}"#),
            ],
            nonTriggering: [
                Example(#"{"headers": {"apns-push-type": "alert", "apns-priority": 10}, "payload": {"aps": {"alert": "Hi"}}}"#),
                Example(#"{"headers": {"apns-push-type": "background", "apns-priority": "5"}, "payload": {"aps": {"content-available": 1}}}"#),
                Example(#"{"headers": {"apns-push-type": "alert", "apns-priority": "1"}, "payload": {"aps": {"badge": 0}}}"#),
            ],
            enforces: [.header(.priority)])
    }

    static func check(_ context: inout RuleContext) {
        guard let field = context.definition.headers.priorityField, !Self.isValid(field) else { return }
        let accepted = "APNs accepts only 10 (send now), 5 (send when power allows) and 1 (power first), and rejects anything else with 400 BadPriority"
        let generalHelp = "use 10 to send immediately or 5 to let the device save power (or remove the header: APNs uses 10)"
        switch field.value.value {
        case .string(let text):
            let word = text.trimmingWhitespace.lowercased()
            if let known = Self.words[word] {
                // Unsafe: which priority a word meant to the sender is a guess.
                context.report("apns-priority is \(field.value.shortDescription), but \(accepted)", at: field, part: .value,
                               help: "write \(known.number): APNs's number for \(known.meaning)",
                               fix: integerFix(for: field, known.number, "write \(known.number)", .unsafe))
            } else if let number = Self.number(in: text), Self.valid.contains(number) {
                context.report("apns-priority is \(field.value.shortDescription), which is not written as the number \(number); \(accepted)",
                               at: field, part: .value, help: "write \(number)", fix: integerFix(for: field, number, "write \(number)", .safe))
            } else {
                context.report("apns-priority is \(field.value.shortDescription), but \(accepted)", at: field, part: .value, help: generalHelp)
            }
        case .number(let number):
            if !number.isInteger, let value = number.doubleValue, let whole = Int(exactly: value),
               Self.valid.contains(whole) {
                context.report("apns-priority is \(number.text), which is not written as the integer \(whole); \(accepted)",
                               at: field, part: .value, help: "write \(whole)", fix: integerFix(for: field, whole, "write \(whole)", .safe))
            } else {
                context.report("apns-priority is \(number.text), but \(accepted)", at: field, part: .value, help: generalHelp)
            }
        default:
            context.report("apns-priority is \(HeaderValue.describeType(of: field)), but \(accepted)",
                           at: field, part: .value, help: generalHelp)
        }
    }

    /// Words other APIs use for a priority.
    static let words: [String: (number: Int, meaning: String)] = [
        "high": (10, "\"high\" (send immediately)"),
        "immediate": (10, "immediate delivery"),
        "normal": (5, "\"normal\" (send when power allows)"),
        "conserve-power": (5, "conserving power"),
        "conserve_power": (5, "conserving power"),
    ]

    /// True for 10, 5 or 1, as an integer or a string of exactly those digits.
    static func isValid(_ field: Field) -> Bool {
        switch field.value.value {
        case .number(let number): return number.intValue.map(valid.contains) ?? false
        case .string(let text): return valid.map(String.init).contains(text)
        default: return false
        }
    }

    /// `" 10"`, `"10.0"`, `"+5"` → the integer they stand for.
    static func number(in text: String) -> Int? {
        let trimmed = text.trimmingWhitespace
        if let integer = Int(trimmed) { return integer }
        if let value = Double(trimmed), let whole = Int(exactly: value) { return whole }
        return nil
    }
}
