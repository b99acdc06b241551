import Foundation

/// A signing time in the two forms SigV4 uses, in UTC: `stamp` "20150830T123600Z" (ISO 8601
/// basic, for `x-amz-date` and the string to sign) and `day` "20150830" (for the scope).
/// Fractions of a second are dropped. Computed arithmetically (proleptic Gregorian calendar),
/// with no formatter, locale or time zone involved.
struct AmzDate: Sendable, Equatable {
    /// e.g. "20150830T123600Z".
    let stamp: String
    /// e.g. "20150830".
    let day: String

    init(_ date: Date) {
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        let (days, secondOfDay) = seconds.floorDivided(by: 86_400)
        let (year, month, dayOfMonth) = Self.civil(fromDaysSinceEpoch: days)
        day = Self.digits(year, 4) + Self.digits(month, 2) + Self.digits(dayOfMonth, 2)
        stamp =
            day + "T" + Self.digits(secondOfDay / 3600, 2) + Self.digits(secondOfDay / 60 % 60, 2)
            + Self.digits(secondOfDay % 60, 2) + "Z"
    }

    /// Year, month, day of a day count from 1970-01-01 (Howard Hinnant's `civil_from_days`).
    private static func civil(fromDaysSinceEpoch days: Int64) -> (Int64, Int64, Int64) {
        let (era, dayOfEra) = (days + 719_468).floorDivided(by: 146_097)
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func digits(_ value: Int64, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}

extension Int64 {
    /// Quotient rounded towards minus infinity and the non-negative remainder.
    fileprivate func floorDivided(by divisor: Int64) -> (Int64, Int64) {
        let remainder = self % divisor
        return remainder < 0 ? (self / divisor - 1, remainder + divisor) : (self / divisor, remainder)
    }
}
