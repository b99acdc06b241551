import Foundation

/// UTC time stamps to the second, formatted and parsed by calendar arithmetic (proleptic
/// Gregorian, no leap seconds), as `DateFormatter` with the `en_US_POSIX` locale writes them:
/// no ICU formatter is opened (opening one was a serial part of a one-city rebuild). Shared by
/// the manifest's versions (ZonePipeline) and SigV4's signing time (S3Upload).
public enum UTCStamp {
    typealias Fields = (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int)

    /// Year, month, day, hour, minute, second of `date`: rounded to the millisecond, then down
    /// to the second, as `DateFormatter` does (ICU counts milliseconds).
    static func fields(of date: Date) -> Fields {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        return fields(ofSeconds: Int((milliseconds / 1000).rounded(.down)))
    }

    /// Year, month, day, hour, minute, second of a whole number of seconds since 1970.
    static func fields(ofSeconds seconds: Int) -> Fields {
        let (days, time) = seconds.quotientAndRemainder(dividingBy: 86_400)
        let (day, secondOfDay) = time < 0 ? (days - 1, time + 86_400) : (days, time)
        let (y, m, d) = civil(fromDays: day)
        return (y, m, d, secondOfDay / 3600, secondOfDay / 60 % 60, secondOfDay % 60)
    }

    /// `yyyyMMdd'T'HHmmss'Z'`: a manifest version.
    public static func compact(_ date: Date) -> String { compact(fields(of: date)) }

    /// ``compact(_:)`` of a whole number of seconds since 1970 (SigV4's `x-amz-date`).
    public static func compact(seconds: Int) -> String { compact(fields(ofSeconds: seconds)) }

    private static func compact(_ f: Fields) -> String {
        digits(f.year, 4) + digits(f.month, 2) + digits(f.day, 2) + "T" + digits(f.hour, 2)
            + digits(f.minute, 2) + digits(f.second, 2) + "Z"
    }

    /// `yyyy-MM-dd'T'HH:mm:ss'Z'`: RFC 3339, as `ISO8601DateFormatter` writes it by default.
    public static func iso8601(_ date: Date) -> String {
        let f = fields(of: date)
        return digits(f.year, 4) + "-" + digits(f.month, 2) + "-" + digits(f.day, 2) + "T" + digits(f.hour, 2) + ":"
            + digits(f.minute, 2) + ":" + digits(f.second, 2) + "Z"
    }

    /// The date of a ``compact(_:)`` stamp; nil unless `text` is one (16 characters, a real
    /// calendar day, hours below 24, minutes and seconds below 60).
    public static func date(compact text: String) -> Date? {
        let b = Array(text.utf8)
        guard b.count == 16, b[8] == UInt8(ascii: "T"), b[15] == UInt8(ascii: "Z") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var n = 0
            for i in range {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b[i]) else { return nil }
                n = n * 10 + Int(b[i] - UInt8(ascii: "0"))
            }
            return n
        }
        guard let year = number(0..<4), let month = number(4..<6), let day = number(6..<8),
            let hour = number(9..<11), let minute = number(11..<13), let second = number(13..<15),
            (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day), hour < 24, minute < 60,
            second < 60
        else { return nil }
        let days = self.days(fromCivil: year, month, day)
        return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3600 + minute * 60 + second))
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    static func days(fromCivil year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date of a day number since 1970-01-01 (`civil_from_days`).
    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// `n` in decimal, zero-padded to `width` digits.
    private static func digits(_ n: Int, _ width: Int) -> String {
        let s = String(n)
        return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
    }
}
