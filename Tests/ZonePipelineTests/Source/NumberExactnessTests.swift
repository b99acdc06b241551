import Foundation
import TestSupport
import Testing

@testable import ZonePipeline

/// The reader's numbers must be bit-identical to Swift's `Double(String)` (correctly rounded):
/// the fast paths (eight digits at a time, extended-precision Clinger) may only decline, never
/// round differently.
@Suite struct NumberExactnessTests {
    /// A random JSON number: sign, 1-20 significant digits, optional fraction (sometimes with
    /// leading zeros after the point, sometimes trailing zeros), optional exponent -30...30
    /// written e/E with or without a sign.
    static func randomNumber(_ rng: inout SeededRandom) -> String {
        var s = Bool.random(using: &rng) ? "-" : ""
        let count = Int.random(in: 1...20, using: &rng)
        var digits = String(Int.random(in: 1...9, using: &rng))
        for _ in 1..<count { digits += String(Int.random(in: 0...9, using: &rng)) }
        if Bool.random(using: &rng) {
            // A fraction: split the digits at k (k == 0: "0.<zeros><digits>").
            let k = Int.random(in: 0..<count, using: &rng)
            let zeros = k == 0 ? String(repeating: "0", count: Int.random(in: 0...6, using: &rng)) : ""
            let trailing = Int.random(in: 0..<8, using: &rng) == 0 ? "00" : ""
            s += k == 0 ? "0." + zeros + digits : String(digits.prefix(k)) + "." + String(digits.dropFirst(k))
            s += trailing
        } else {
            s += digits
        }
        if Bool.random(using: &rng) {
            s += Bool.random(using: &rng) ? "e" : "E"
            let e = Int.random(in: -30...30, using: &rng)
            let plus = e >= 0 && Bool.random(using: &rng) ? "+" : ""
            s += plus + String(e)
        }
        return s
    }

    /// Hard cases by hand: halfway points, more digits than fit 64 bits, extremes of Double,
    /// signed zeros, exact powers of two and ten.
    static let handPicked = [
        "0", "-0", "-0.0", "0e10", "0.0E-5", "1", "-1", "0.1", "0.2", "0.3", "1e22", "1e23", "1e-22", "1e-23",
        "9007199254740992", "9007199254740993", "9007199254740995", "18014398509481985",
        "1.00000000000000011102230246251565404236316680908203125",  // 1 + 2^-53, exactly halfway: ties to even
        "1.00000000000000011102230246251565404236316680908203126",  // just above halfway
        "1.00000000000000011102230246251565404236316680908203124",  // just below
        "123456789012345678901234567890", "0.000000000000000000000000000001234567890123456789",
        "1.7976931348623157e308", "-1.7976931348623157e308", "2.2250738585072014e-308",
        "2.2250738585072011e-308", "4.9406564584124654e-324", "5e-324", "2.4703282292062328e-324",
        "179.99999999999997", "-89.99999999999999", "2.3522219", "48.856614", "13.404954000000001",
        "0.1e1", "10E-1", "100000000000000000000000", "99999999999999999999", "1844674407370955161.5",
    ]

    /// Reads `numbers` as the coordinates of one ring and returns them in order.
    private func readAsCoordinates(_ numbers: [String]) throws -> [Double] {
        var text = "{\"type\": \"Polygon\", \"coordinates\": [["
        for i in stride(from: 0, to: numbers.count, by: 2) {
            if i > 0 { text += i % 16 == 0 ? ",\n" : ", " }
            text += "[\(numbers[i]), \(numbers[i + 1])]"
        }
        text += "]]}"
        let result = readGeoJSON(text)
        #expect(result.diagnostics.map(positioned) == [])
        return try #require(result.features.first?.geometry).coordinates
    }

    @Test func hundredThousandRandomNumbersAreBitIdenticalToDoubleInit() throws {
        var rng = SeededRandom(seed: 0x5EED_2026)
        let numbers = (0..<100_000).map { _ in Self.randomNumber(&rng) }
        let values = try readAsCoordinates(numbers)
        try #require(values.count == numbers.count)
        var mismatches: [String] = []
        for (text, value) in zip(numbers, values) {
            let expected = try #require(Double(text), "\(text)")
            if value.bitPattern != expected.bitPattern {
                mismatches.append("\(text): read \(value), Double says \(expected)")
            }
        }
        #expect(mismatches.prefix(20) == [], "\(mismatches.count) mismatches")
        // The generator really spans the shapes asked for.
        #expect(numbers.contains { $0.count >= 20 && !$0.contains("e") && !$0.contains("E") })
        #expect(numbers.contains { $0.contains("e-") } && numbers.contains { $0.contains("E+") })
        #expect(numbers.contains { $0.hasPrefix("-0.0") })
    }

    @Test func handPickedNumbersAreBitIdenticalToDoubleInit() throws {
        let numbers = Self.handPicked.count % 2 == 0 ? Self.handPicked : Self.handPicked + ["0"]
        let values = try readAsCoordinates(numbers)
        try #require(values.count == numbers.count)
        for (text, value) in zip(numbers, values) {
            let expected = try #require(Double(text))
            #expect(value.bitPattern == expected.bitPattern, "\(text): read \(value), Double says \(expected)")
        }
    }

    /// Numbers in properties go through the same conversion.
    @Test func propertyNumbersAreExactToo() throws {
        let r = readGeoJSON(
            #"{"type": "Feature", "geometry": null, "properties": {"a": 0.30000000000000004, "b": -0, "c": 1E-7}}"#)
        let p = try #require(r.features.first).properties
        #expect(p["a"] == .number(0.30000000000000004))
        if case .number(let b)? = p["b"] {
            #expect(b.bitPattern == (-0.0).bitPattern)
        } else {
            Issue.record("b is \(String(describing: p["b"]))")
        }
        #expect(p["c"] == .number(1e-7))
    }
}
