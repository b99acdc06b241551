import Foundation
import TestSupport
import Testing

@testable import ZonePipeline

/// One formatting case: a value, a precision and the exact text expected.
struct FixedCase: CustomTestStringConvertible, Sendable {
    var value: Double
    var precision: Int
    var text: String
    var label: String
    init(_ label: String, _ value: Double, _ precision: Int, _ text: String) {
        (self.label, self.value, self.precision, self.text) = (label, value, precision, text)
    }
    var testDescription: String { label }
}

@Suite struct FixedPointFormatTests {
    static let cases: [FixedCase] = [
        FixedCase("0.1+0.2", 0.1 + 0.2, 6, "0.3"),
        FixedCase("tiny negative is 0, not -0", -0.0000004, 6, "0"),
        FixedCase("negative zero", -0.0, 6, "0"),
        FixedCase("zero", 0, 6, "0"),
        FixedCase("one grid cell", 1e-6, 6, "0.000001"),
        FixedCase("minus one grid cell", -1e-6, 6, "-0.000001"),
        FixedCase("rounds up to an integer", 179.9999999, 6, "180"),
        FixedCase("negative half", -12.5, 6, "-12.5"),
        FixedCase("large integer", 1234567.0, 6, "1234567"),
        FixedCase("full precision", -179.999999, 6, "-179.999999"),
        FixedCase("inner zeros kept", 10.000101, 6, "10.000101"),
        FixedCase("half a cell rounds away from zero", 0.0000005, 6, "0.000001"),
        FixedCase("precision 0", 52.52, 0, "53"),
        FixedCase("precision 1", 13.4, 1, "13.4"),
        FixedCase("precision 9", 13.123456789, 9, "13.123456789"),
        FixedCase("negative precision is 0", 2.5, -1, "3"),
        FixedCase("precision above 15 is 15", 0.1, 20, "0.1"),
        FixedCase("precision 15", 0.000000000000001, 15, "0.000000000000001"),
        FixedCase("beyond the grid: shortest text", 1e300, 6, "1e+300"),
        FixedCase("NaN is null", .nan, 6, "null"),
        FixedCase("infinity is null", -.infinity, 6, "null"),
    ]

    @Test(arguments: cases)
    func exactText(_ c: FixedCase) {
        #expect(fixed(c.value, c.precision) == c.text)
    }

    /// For random values on the grid the text names the grid point: no exponent, at most
    /// `precision` fraction digits without trailing zeros, within half a cell of the value when
    /// parsed, and the same digits as C's correctly rounded `%.*f` with its zeros trimmed.
    @Test(arguments: [0, 1, 3, 6, 7, 9])
    func randomGridValuesRoundTrip(precision: Int) throws {
        var rng = SeededRandom(seed: 0x5EED_0000 + UInt64(precision))
        let unit = pow(10.0, Double(precision))
        let limit = Int64(180 * unit)
        let halfCell = 0.5 / unit
        var problems: [String] = []  // collected, so one bug reports a few lines, not thousands
        for _ in 0..<5_000 {
            let value = Double(Int64.random(in: -limit...limit, using: &rng)) / unit
            let text = fixed(value, precision)
            let fraction = text.firstIndex(of: ".").map { text[text.index(after: $0)...] } ?? ""
            if let parsed = Double(text), abs(parsed - value) <= halfCell,
                !text.contains("e"), !text.contains("E"), text != "-0",
                fraction.count <= precision, fraction.last != "0",
                text == trimmedPrintf(value, precision)
            {
                continue
            }
            problems.append("\(value) -> \(text) (printf: \(trimmedPrintf(value, precision)))")
        }
        #expect(problems.count == 0)
        #expect(Array(problems.prefix(5)) == [])
    }

    /// `%.*f` with trailing zeros, a bare '.' and the sign of zero removed.
    private func trimmedPrintf(_ value: Double, _ precision: Int) -> String {
        var s = String(format: "%.*f", precision, value)
        if s.contains(".") {
            while s.hasSuffix("0") { s.removeLast() }
            if s.hasSuffix(".") { s.removeLast() }
        }
        return s == "-0" ? "0" : s
    }
}
