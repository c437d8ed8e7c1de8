import APNSLintModel
import APNSLintSyntax

struct ExpirationInvalidRule: ModelRule {
    /// APNs stores a notification for 30 days at most.
    static let maximumStorage = 30 * EpochTime.day
    /// Below this (2001-09-09), a positive value is almost surely a duration, not a date.
    static let smallestDate = 1_000_000_000
    /// Above this (the year 5138), a value is surely milliseconds.
    static let largestSeconds = 100_000_000_000
    /// 16#7FFFFFFF, which apns_erlv3 sends by default to mean "as long as APNs keeps it": not reported as too
    /// far ahead.
    static let int32Max = 2_147_483_647

    static let descriptor = RuleDescriptor(
        id: "expiration-invalid", severity: .error, category: .headers,
        subscriptions: [.header(.expiration)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "`apns-expiration` is not an integer of UNIX epoch seconds, or is a duration, milliseconds, or out of range.",
            rationale: """
                `apns-expiration` is an absolute date in UNIX epoch seconds (UTC): APNs stores the notification and \
                retries until then. `0` means one delivery attempt, not stored; without the header APNs applies its \
                own storage policy. A value that is not an integer is rejected with 400 `BadExpirationDate`. A small \
                number such as `300` or `86400` is not "5 minutes" or "1 day" but a moment in 1970 (Apple Developer \
                Forums thread 708937), long past, so the notification is not stored at all; a value above 10^11 is \
                milliseconds, tens of thousands of years ahead. With `--now` (the command line uses the clock), a \
                date in the past behaves like `0`, and a date more than 30 days ahead is more than APNs keeps \
                ("30 days or less"). 2147483647 (16#7FFFFFFF, apns_erlv3's default for "as long as possible") is \
                not reported as too far ahead.
                """,
            references: [Reference.sendingRequests, Reference.handlingResponses, "https://developer.apple.com/forums/thread/708937"],
            triggering: [
                Example(#"{"headers": {"apns-push-type": "alert", "apns-expiration": ↓300}, "payload": {"aps": {"alert": "Hi"}}}"#),
                Example(#"{"headers": {"apns-push-type": "alert", "apns-expiration": ↓"1763712000000"}, "payload": {"aps": {"alert": "Hi"}}}"#),
                Example(#"{"headers": {"apns-push-type": "alert", "apns-expiration": ↓"2025-11-22T08:00:00Z"}, "payload": {"aps": {"alert": "Hi"}}}"#),
                Example(#"{"headers": {"apns-push-type": "alert", "apns-expiration": ↓1767225600}, "payload": {"aps": {"alert": "Hi"}}}"#, options: RuleOptions(now: 1763712000)),
                Example(#"{"headers": {"apns-push-type": "alert", "apns-expiration": ↓1763625600}, "payload": {"aps": {"alert": "Hi"}}}"#, options: RuleOptions(now: 1763712000)),
                Example(#"{"headers": {"apns-push-type": "alert", "apns-expiration": ↓-1}, "payload": {"aps": {"alert": "Hi"}}}"#),
            ],
            nonTriggering: [
                Example(#"{"headers": {"apns-push-type": "alert", "apns-expiration": 0}, "payload": {"aps": {"alert": "Hi"}}}"#, options: RuleOptions(now: 1763712000)),
                Example(#"{"headers": {"apns-push-type": "alert", "apns-expiration": "1763798400"}, "payload": {"aps": {"alert": "Hi"}}}"#, options: RuleOptions(now: 1763712000)),
                Example(#"{"headers": {"apns-push-type": "alert", "apns-expiration": 2147483647}, "payload": {"aps": {"alert": "Hi"}}}"#, options: RuleOptions(now: 1763712000)),
            ])
    }

    static func check(_ context: inout RuleContext) {
        guard let field = context.definition.headers.expirationField else { return }
        let now = context.options.now
        guard let value = HeaderValue.integer(of: field) else {
            let what = field.value.string != nil || field.value.number != nil
                ? "apns-expiration \(field.value.shortDescription) is not" : "apns-expiration is \(HeaderValue.describeType(of: field)), not"
            context.report(
                "\(what) an integer of UNIX epoch seconds; APNs rejects the request with 400 BadExpirationDate",
                at: field, part: .value, help: help(forNonInteger: field, now: now))
            return
        }
        if value == 0 { return }
        if value < 0 {
            context.report(
                "apns-expiration is \(value), a negative date; APNs rejects the request with 400 BadExpirationDate",
                at: field, part: .value, help: "write 0 for a single delivery attempt, or remove the header to let APNs apply its storage policy")
            return
        }
        if value > Self.largestSeconds {
            let seconds = value / 1000
            context.report(
                "apns-expiration is \(value), which looks like milliseconds: APNs reads epoch seconds, so this is a date in the year \(EpochTime.utc(value).prefix { $0 != "-" }), not the expiry you meant",
                at: field, part: .value, help: "divide by 1000: \(seconds) (\(EpochTime.utc(seconds)))")
            return
        }
        if value < Self.smallestDate {
            let help = now.map { "to keep it for \(EpochTime.duration(value)), send now + \(value), e.g. \($0 + value) for --now \($0); compute it when you send" }
                ?? "to keep it for \(EpochTime.duration(value)), send the current epoch time + \(value), computed when you send; or 0 for a single attempt"
            context.report(
                "apns-expiration is \(value), which is the date \(EpochTime.utc(value)), not a duration of \(EpochTime.duration(value)); APNs reads an absolute date, long past, so it does not store the notification (as with 0)",
                at: field, part: .value, help: help)
            return
        }
        guard let now else { return }
        if value < now {
            context.report(
                "apns-expiration \(value) (\(EpochTime.utc(value))) is \(EpochTime.duration(now - value)) in the past, so it behaves like 0: APNs makes one delivery attempt and does not store the notification",
                at: field, part: .value,
                help: "write 0 if a single attempt is what you want, or a date ahead of the time of sending (epoch seconds)")
        } else if value - now > Self.maximumStorage, value != Self.int32Max {
            context.report(
                "apns-expiration \(value) (\(EpochTime.utc(value))) is \(EpochTime.duration(value - now)) ahead, but APNs stores a notification for 30 days or less, so it will not keep it until then",
                at: field, part: .value,
                help: "use a date at most 30 days ahead, e.g. \(now + Self.maximumStorage) (\(EpochTime.utc(now + Self.maximumStorage))), or remove the header to let APNs apply its storage policy")
        }
    }

    private static func help(forNonInteger field: Field, now: Int?) -> String {
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
