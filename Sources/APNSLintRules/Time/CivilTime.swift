/// UNIX epoch seconds as a UTC calendar date and time (proleptic Gregorian calendar), without Foundation. The rules'
/// messages and the APNs sandbox's log write dates with it.
package struct CivilTime: Equatable {
    package let year, month, day, hour, minute, second: Int

    package init(epochSeconds seconds: Int) {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        // Howard Hinnant's civil_from_days.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        hour = secondOfDay / 3600
        minute = secondOfDay % 3600 / 60
        second = secondOfDay % 60
    }

    package static func pad(_ value: Int, _ width: Int = 2) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    /// `2026-11-21`
    package var date: String { "\(Self.pad(year, 4))-\(Self.pad(month))-\(Self.pad(day))" }
    /// `08:00:00`
    package var time: String { "\(Self.pad(hour)):\(Self.pad(minute)):\(Self.pad(second))" }
}
