import Foundation
import Testing

/// `zonectl validate` on the 42 real cities, checked against shapely, an independent reader
/// and validity engine: every invalid feature reported once, at the right file:line:col, and
/// clean files get nothing but winding warnings.
@Suite(.tags(.python)) struct RealCitiesValidationTests {
    @Test func everyInvalidFeatureIsReportedWhereItIs() throws {
        let zones = TestPaths.fixtures.appendingPathComponent("zones-real")
        let r = try zonectl("validate", "--format", "json", zones.path)
        #expect(r.status == 0, "the real cities have no errors with repair: true: \(r.stderr)")
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let reportFile = dir.appendingPathComponent("report.json")
        try r.stdout.write(to: reportFile, atomically: true, encoding: .utf8)

        let check = try run(
            TestPaths.python,
            [
                TestPaths.scripts.appendingPathComponent("check_validity.py").path,
                reportFile.path, zones.path,
            ])
        #expect(check.status == 0, "check_validity.py failed: \(check.stderr)")
        let result = try #require(try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [String: Any])
        let problems = result["problems"] as? [String] ?? ["no result"]
        #expect(problems.isEmpty, "\(problems.prefix(10))")
        // The corpus README counts 71 invalid features; shapely and zonectl must both find them.
        #expect(result["invalid"] as? Int == 71)
        #expect(result["matched"] as? Int == 71)

        // Files shapely finds clean get winding warnings only.
        let clean = Set((result["clean_files"] as? [String]) ?? [])
        #expect(clean.count == 28)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let diagnostics = try #require(report["diagnostics"] as? [[String: Any]])
        let onClean = diagnostics.filter {
            clean.contains(URL(fileURLWithPath: $0["file"] as? String ?? "").lastPathComponent)
        }
        #expect(!onClean.isEmpty)
        for d in onClean {
            let message = d["message"] as? String ?? ""
            #expect(
                message.hasPrefix("exterior ring is clockwise") || message.hasPrefix("hole is counter-clockwise"),
                "\(d)")
        }
    }
}
