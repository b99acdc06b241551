import Foundation
import Testing

@testable import ZonePipeline

/// `decimal(_:digits:)` writes what `String(format: "%.Nf")` writes, ties and large values
/// included.
@Suite struct DecimalTests {
    @Test func writesWhatStringFormatWrites() {
        var values: [Double] = [
            0, -0.0, 0.05, 0.15, 0.25, 1.05, 1.15, 2.5, 9.995, 999.95, 1e21, -3.25, 123_456_789.987,
        ]
        var random = SystemRandomNumberGenerator()
        for _ in 0..<2000 { values.append(Double(Int.random(in: 0..<100_000_000, using: &random)) / 1e3) }
        for v in values {
            for digits in [0, 1, 2, 6] {
                #expect(decimal(v, digits: digits) == String(format: "%.\(digits)f", v), "\(v) to \(digits) digits")
            }
        }
        // Past the buffer (a 1e300 has 301 digits before the point): still printf's text.
        #expect(decimal(1e300, digits: 2) == String(format: "%.2f", 1e300))
    }
}
