import APNSLintModel
import APNSLintSyntax

/// Live Activity dates are UNIX epoch seconds.
enum EpochSeconds {
    /// Above this a "seconds" value is a date after the year 5138: it is milliseconds (or finer) instead.
    static let millisecondThreshold = 100_000_000_000.0

    /// The field's number, when it is one.
    static func value(of field: Field?) -> Double? {
        field?.value.number?.doubleValue
    }

    /// The value as whole seconds, when it is a plausible seconds value (not milliseconds).
    static func seconds(of field: Field?) -> Int? {
        guard let value = value(of: field), value.isFinite, abs(value) <= millisecondThreshold else { return nil }
        return Int(value.rounded(.down))
    }

    /// `2025-11-21T08:00:00Z` (proleptic Gregorian calendar, UTC).
    static func iso8601(_ seconds: Int) -> String {
        let civil = CivilTime(epochSeconds: seconds)
        return "\(civil.date)T\(civil.time)Z"
    }

    /// "45 seconds", "1 hour", "8 hours 1 second", "3 days".
    static func duration(_ seconds: Int) -> String {
        func unit(_ count: Int, _ name: String) -> String { "\(count) \(name)\(count == 1 ? "" : "s")" }
        let seconds = abs(seconds)
        if seconds >= 2 * 86_400 { return unit(seconds / 86_400, "day") }
        let parts = [(seconds / 3600, "hour"), (seconds % 3600 / 60, "minute"), (seconds % 60, "second")]
            .filter { $0.0 > 0 }.map { unit($0.0, $0.1) }
        return parts.isEmpty ? "0 seconds" : parts.joined(separator: " ")
    }
}
