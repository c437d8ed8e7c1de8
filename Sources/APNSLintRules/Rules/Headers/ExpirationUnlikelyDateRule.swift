import APNSLintModel
import APNSLintSyntax

struct ExpirationUnlikelyDateRule: ModelRule {
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
        id: "expiration-unlikely-date", severity: .warning, category: .headers,
        subscriptions: [.header(.expiration)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "`apns-expiration` is a duration, milliseconds, a date already past, or more than 30 days ahead.",
            rationale: """
                `apns-expiration` is an absolute date in UNIX epoch seconds (UTC). APNs accepts any such integer, but \
                some are surely not the date meant. A small number such as `300` or `86400` is not "5 minutes" or \
                "1 day" but a moment in 1970 (Apple Developer Forums thread 708937), long past, so the notification \
                is not stored at all; a value above 10^11 is milliseconds, tens of thousands of years ahead. Compared \
                with the time of the check (the clock, or `--now`), a date in the past behaves like `0` (one delivery \
                attempt, nothing stored) and a date more than 30 days ahead is more than APNs keeps ("30 days or \
                less"); both depend on when the request is sent, so a committed file's verdict never turns into an \
                error as the calendar moves, and the message names the date it compared with. 2147483647 \
                (16#7FFFFFFF, apns_erlv3's default for "as long as possible") is not reported as too far ahead.
                """,
            severity: .dependsOnSendTime(
                "APNs accepts the value; a past date makes one delivery attempt (like 0) and a far one is kept 30 days at most, depending on when it is sent, and a 1970 date or milliseconds are likely mistakes",
                source: Reference.sendingRequests),
            references: [Reference.sendingRequests, "https://developer.apple.com/forums/thread/708937"],
            triggering: [
                Example(#"{"headers": {"apns-push-type": "alert", "apns-expiration": ↓300}, "payload": {"aps": {"alert": "Hi"}}}"#),
                Example(#"{"headers": {"apns-push-type": "alert", "apns-expiration": ↓"1763712000000"}, "payload": {"aps": {"alert": "Hi"}}}"#),
                Example(#"{"headers": {"apns-push-type": "alert", "apns-expiration": ↓1767225600}, "payload": {"aps": {"alert": "Hi"}}}"#, options: RuleOptions(now: 1763712000)),
                Example(#"{"headers": {"apns-push-type": "alert", "apns-expiration": ↓1763625600}, "payload": {"aps": {"alert": "Hi"}}}"#, options: RuleOptions(now: 1763712000)),
            ],
            nonTriggering: [
                Example(#"{"headers": {"apns-push-type": "alert", "apns-expiration": 0}, "payload": {"aps": {"alert": "Hi"}}}"#, options: RuleOptions(now: 1763712000)),
                Example(#"{"headers": {"apns-push-type": "alert", "apns-expiration": "1763798400"}, "payload": {"aps": {"alert": "Hi"}}}"#, options: RuleOptions(now: 1763712000)),
                Example(#"{"headers": {"apns-push-type": "alert", "apns-expiration": 2147483647}, "payload": {"aps": {"alert": "Hi"}}}"#, options: RuleOptions(now: 1763712000)),
                // Not an integer: expiration-invalid's.
                Example(#"{"headers": {"apns-push-type": "alert", "apns-expiration": "1h"}, "payload": {"aps": {"alert": "Hi"}}}"#),
            ])
    }

    static func check(_ context: inout RuleContext) {
        guard let field = context.definition.headers.expirationField, let value = HeaderValue.integer(of: field),
              value > 0 else { return }
        let now = context.options.now
        if value > Self.largestSeconds {
            let seconds = value / 1000
            context.report(
                "apns-expiration is \(value), which looks like milliseconds: APNs reads epoch seconds, so this is a date in the year \(EpochTime.utc(value).prefix { $0 != "-" }), not the expiry you meant",
                at: field, part: .value, help: "divide by 1000: \(seconds) (\(EpochTime.utc(seconds)))")
            return
        }
        if value < Self.smallestDate {
            let help = now.map { "to keep it for \(EpochTime.duration(value)), send now + \(value), e.g. \($0 + value) at \(EpochTime.utc($0)); compute it when you send" }
                ?? "to keep it for \(EpochTime.duration(value)), send the current epoch time + \(value), computed when you send; or 0 for a single attempt"
            context.report(
                "apns-expiration is \(value), which is the date \(EpochTime.utc(value)), not a duration of \(EpochTime.duration(value)); APNs reads an absolute date, long past, so it does not store the notification (as with 0)",
                at: field, part: .value, help: help)
            return
        }
        guard let now else { return }
        let compared = "compared with \(EpochTime.utc(now)), the time of this check"
        if value < now {
            context.report(
                "apns-expiration \(value) (\(EpochTime.utc(value))) is \(EpochTime.duration(now - value)) in the past (\(compared)); sent now, it behaves like 0: APNs makes one delivery attempt and does not store the notification",
                at: field, part: .value,
                help: "write 0 if a single attempt is what you want, or compute a date ahead of the time of sending (epoch seconds) when you send")
        } else if value - now > Self.maximumStorage, value != Self.int32Max {
            context.report(
                "apns-expiration \(value) (\(EpochTime.utc(value))) is \(EpochTime.duration(value - now)) ahead (\(compared)), but APNs stores a notification for 30 days or less, so it will not keep it until then",
                at: field, part: .value,
                help: "use a date at most 30 days ahead, e.g. \(now + Self.maximumStorage) (\(EpochTime.utc(now + Self.maximumStorage))), or remove the header to let APNs apply its storage policy")
        }
    }
}
