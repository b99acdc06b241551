import Foundation
import Testing
import Yams
import ZoneFormats

@testable import ZonePipeline

/// The plain-scalar tags resolved by hand are Yams' default resolver's (its regular
/// expressions), on the YAML 1.1 examples and on many generated scalars.
@Suite struct YAMLImplicitTagTests {
    func yams(_ s: String) -> Yams.Tag.Name { Resolver.default.resolveTag(of: Node(s)) }

    @Test func examplesResolveAsYamsResolvesThem() {
        let examples = [
            "", "~", "null", "Null", "NULL", "nULL", "yes", "Yes", "YES", "yEs", "on", "OFF", "true", "False", "y", "n",
            "0", "-0", "+0", "00", "007", "08", "0o17", "0o8", "0b1010", "0b102", "0x1F", "0xg", "-0x_f", "1_000",
            "1__", "_1", "190:20:30", "190:60", "1:5", "1:05", "1:5:", "12:345", "-1:2", "0:1",
            "1.5", "-1.", ".5", "._", ".5e+3", ".5e3", "1e3", "1e+3", "1.5E-3", "1e", "1_000.0_1", "190:20:30.15",
            "1:2.", "1:2.3_", ".inf", "-.inf", "+.Inf", ".INF", ".nan", ".NaN", "-.nan", ".Nan", "<<", "=", "==",
            "2001-12-14", "2001-12-1", "2001-1-14t21:59:43.10-05:00", "2001-12-14 21:59:43.10 -5",
            "2001-12-14\t21:59:43.10Z", "2001-12-14 21:59:43", "2001-12-14 21:59:43 ", "2001-12-14T21:59:43.Z",
            "2001-12-14 21:59:43 +05:0", "2002-12-14T21:59:43.10+5:00", "20011-12-14", "#ff0000", "city", "6 m",
        ]
        for s in examples { #expect(YAMLImplicitTag.name(of: s) == yams(s), "\(jsonQuoted(s))") }
    }

    @Test func generatedScalarsResolveAsYamsResolvesThem() {
        let alphabet = Array("0123456789015_+-.:eExXoObB aAfFinNITtZz~<=\t")
        var random = SystemRandomNumberGenerator()
        var mismatches: [String] = []
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...12, using: &random)
            let s = String((0..<length).map { _ in alphabet.randomElement(using: &random)! })
            if YAMLImplicitTag.name(of: s) != yams(s) { mismatches.append(s) }
        }
        // Shapes the alphabet rarely makes: numbers, sexagesimals and timestamps with noise.
        let digits = Array("0123456789")
        for _ in 0..<20_000 {
            var s = ""
            for part in 0..<Int.random(in: 1...4, using: &random) {
                if part > 0 { s.append([":", ".", "-", "e", "E", " ", "T", "_"].randomElement(using: &random)!) }
                s += String(
                    (0..<Int.random(in: 1...4, using: &random)).map { _ in digits.randomElement(using: &random)! })
            }
            if Bool.random(using: &random) { s = ["-", "+", ".", "0x", "0o", "0b"].randomElement(using: &random)! + s }
            if Bool.random(using: &random) {
                s += ["Z", " Z", "+05:00", "-5", ".", "e+3", ":00"].randomElement(using: &random)!
            }
            if YAMLImplicitTag.name(of: s) != yams(s) { mismatches.append(s) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20).map(jsonQuoted))")
    }
}
