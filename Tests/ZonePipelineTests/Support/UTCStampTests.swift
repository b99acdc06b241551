import Foundation
import TestSupport
import Testing

@testable import CivilTime

/// UTCStamp against Foundation's formatters (ICU), the oracle it replaces.
@Suite struct UTCStampTests {
    static func formatter(_ format: String) -> DateFormatter {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "UTC")
        f.dateFormat = format
        return f
    }

    /// Seconds since 1970 spread over 1900–2399 (leap days, centuries, the year 2000, times
    /// before 1970), plus fractions of a second, which both drop.
    static func samples() -> [Double] {
        var rng = SeededRandom(seed: 20_261_124)
        let first = -2_208_988_800.0  // 1900-01-01
        let last = 13_569_465_600.0  // 2400-01-01
        var out: [Double] = [0, -1, -0.5, 59.999, 86_399, 86_400, 951_782_400, 951_868_799, 4_107_542_399]
        for _ in 0..<20_000 { out.append(Double.random(in: first..<last, using: &rng)) }
        return out
    }

    @Test func formatsAsDateFormatterDoes() {
        let compact = Self.formatter("yyyyMMdd'T'HHmmss'Z'")
        let iso = ISO8601DateFormatter()
        for t in Self.samples() {
            let date = Date(timeIntervalSince1970: t)
            #expect(UTCStamp.compact(date) == compact.string(from: date), "t = \(t)")
            if t >= 0 { #expect(UTCStamp.iso8601(date) == iso.string(from: date), "t = \(t)") }
        }
    }

    @Test func parsesWhatItFormats() {
        for t in Self.samples() {
            let date = Date(timeIntervalSince1970: t.rounded(.down))
            #expect(UTCStamp.date(compact: UTCStamp.compact(date)) == date, "t = \(t)")
        }
    }

    @Test func refusesWhatIsNotAStamp() {
        for text in [
            "", "20261124T2241Z", "20261124 224100Z", "20261124T224100", "20261324T224100Z", "20261100T224100Z",
            "20260229T000000Z", "20261124T244100Z", "20261124T226000Z", "20261124T224160Z", "2026112xT224100Z",
            "+2026124T224100Z", "20261124T224100Zx",
        ] {
            #expect(UTCStamp.date(compact: text) == nil, "\(text)")
        }
        #expect(UTCStamp.date(compact: "20240229T235959Z") != nil)
        #expect(UTCStamp.date(compact: "21000229T000000Z") == nil)
        #expect(UTCStamp.date(compact: "20000229T000000Z") != nil)
    }
}
