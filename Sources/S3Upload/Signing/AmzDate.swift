import CivilTime
import Foundation

/// A signing time in the two forms SigV4 uses, in UTC: `stamp` "20150830T123600Z" (ISO 8601
/// basic, for `x-amz-date` and the string to sign) and `day` "20150830" (for the scope).
/// Fractions of a second are dropped. Computed arithmetically (``UTCStamp``: proleptic
/// Gregorian calendar), with no formatter, locale or time zone involved.
struct AmzDate: Sendable, Equatable {
    /// e.g. "20150830T123600Z".
    let stamp: String
    /// e.g. "20150830".
    let day: String

    init(_ date: Date) {
        stamp = UTCStamp.compact(seconds: Int(date.timeIntervalSince1970.rounded(.down)))
        day = String(stamp.prefix(8))
    }
}
