/// Dates and durations for messages about epoch-second values, without Foundation.
enum EpochTime {
    static let day = 86_400

    /// `300` → `1970-01-01 00:05:00 UTC` (proleptic Gregorian calendar).
    static func utc(_ seconds: Int) -> String {
        let civil = CivilTime(epochSeconds: seconds)
        return "\(civil.year)-\(CivilTime.pad(civil.month))-\(CivilTime.pad(civil.day)) \(civil.time) UTC"
    }

    /// `86400` → `1 day`, `300` → `5 minutes`, `90061` → `1 day 1 hour` (two largest units at most).
    static func duration(_ seconds: Int) -> String {
        let seconds = abs(seconds)
        let units: [(String, Int)] = [("day", day), ("hour", 3600), ("minute", 60), ("second", 1)]
        var parts: [String] = []
        var rest = seconds
        for (name, size) in units where rest >= size && parts.count < 2 {
            let count = rest / size
            rest -= count * size
            parts.append("\(count) \(name)\(count == 1 ? "" : "s")")
        }
        return parts.isEmpty ? "0 seconds" : parts.joined(separator: " ")
    }
}
