import APNSLintModel
import APNSLintSyntax

struct ExpirationInvalidRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "expiration-invalid", severity: .error, category: .headers,
        subscriptions: [.header(.expiration)], rejection: .badExpirationDate)

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "`apns-expiration` is not a non-negative integer of UNIX epoch seconds.",
            rationale: """
                `apns-expiration` is an absolute date in UNIX epoch seconds (UTC): APNs stores the notification and \
                retries until then. `0` means one delivery attempt, not stored; without the header APNs applies its \
                own storage policy. A value that is not an integer (a date string, a duration such as `1h`, a \
                fraction) or a negative one is rejected with 400 `BadExpirationDate`. Integers that are probably \
                not the date meant (a duration, milliseconds, a date already past) are `expiration-unlikely-date`'s.
                """,
            severity: .rejectedByAPNs("a value that is not an integer of epoch seconds is rejected", source: Reference.handlingResponses),
            references: [Reference.sendingRequests, Reference.handlingResponses],
            triggering: [
                Example(#"{"headers": {"apns-push-type": "alert", "apns-expiration": ↓"2025-11-22T08:00:00Z"}, "payload": {"aps": {"alert": "Hi"}}}"#),
                Example(#"{"headers": {"apns-push-type": "alert", "apns-expiration": ↓"1h"}, "payload": {"aps": {"alert": "Hi"}}}"#),
                Example(#"{"headers": {"apns-push-type": "alert", "apns-expiration": ↓-1}, "payload": {"aps": {"alert": "Hi"}}}"#),
            ],
            nonTriggering: [
                Example(#"{"headers": {"apns-push-type": "alert", "apns-expiration": 0}, "payload": {"aps": {"alert": "Hi"}}}"#),
                Example(#"{"headers": {"apns-push-type": "alert", "apns-expiration": "1763798400"}, "payload": {"aps": {"alert": "Hi"}}}"#),
                // A date long past is still a valid value: expiration-unlikely-date's.
                Example(#"{"headers": {"apns-push-type": "alert", "apns-expiration": 300}, "payload": {"aps": {"alert": "Hi"}}}"#),
            ],
            enforces: [.header(.expiration)])
    }

    static func check(_ context: inout RuleContext) {
        guard let field = context.definition.headers.expirationField else { return }
        guard let value = HeaderValue.integer(of: field) else {
            let what = field.value.string != nil || field.value.number != nil
                ? "apns-expiration \(field.value.shortDescription) is not" : "apns-expiration is \(HeaderValue.describeType(of: field)), not"
            context.report(
                "\(what) an integer of UNIX epoch seconds; APNs rejects the request with 400 BadExpirationDate",
                at: field, part: .value, help: help(forNonInteger: field))
            return
        }
        if value < 0 {
            context.report(
                "apns-expiration is \(value), a negative date; APNs rejects the request with 400 BadExpirationDate",
                at: field, part: .value, help: "write 0 for a single delivery attempt, or remove the header to let APNs apply its storage policy")
        }
    }

    private static func help(forNonInteger field: Field) -> String {
        let epoch = "write the date as UNIX epoch seconds (an integer), or 0 for a single delivery attempt"
        guard let text = field.value.string ?? field.value.number?.text else { return epoch }
        let trimmed = text.trimmingWhitespace
        if let integer = Int(trimmed), trimmed != text || trimmed.hasPrefix("+") {
            return "write \(integer) (digits only)"
        }
        if let number = Double(trimmed), number.isFinite, let whole = Int(exactly: number.rounded(.down)) {
            return "write a whole number of seconds: \(whole)"
        }
        if trimmed.contains("-") && trimmed.contains(":") || trimmed.count == 10 && trimmed.filter({ $0 == "-" }).count == 2 {
            return "\(epoch); APNs does not read date strings"
        }
        if let last = trimmed.last, "smhdw".contains(last), Int(trimmed.dropLast()) != nil {
            return "\(epoch); a duration is not a date: send the current epoch time plus the duration, computed when you send"
        }
        return epoch
    }
}
