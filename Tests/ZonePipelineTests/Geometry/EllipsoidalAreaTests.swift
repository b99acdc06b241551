import Foundation
import Testing
import ZoneFormats

@testable import ZoneGeometry
@testable import ZonePipeline

/// `ellipsoidalArea` (authalic sphere) against pyproj's geodesic area (Karney's method).
@Suite struct EllipsoidalAreaTests {
    @Test(.tags(.python)) func agreesWithKarneysGeodesicAreaOnEveryRealZone() throws {
        let script = PipelineTestPaths.scripts.appendingPathComponent("geodesic_areas.py")
        let run = try runProcess(PipelineTestPaths.python, [script.path, zonesRealDirectory.path])
        #expect(run.status == 0, "geodesic_areas.py failed: \(run.stderr)")
        let reference = try #require(try JSONSerialization.jsonObject(with: Data(run.stdoutBytes)) as? [String: [Any]])
        #expect(reference.count == 42)
        var compared = 0
        var worst = 0.0
        for (file, areas) in reference {
            let features = GeoJSONReader.read(
                try SourceText(contentsOf: zonesRealDirectory.appendingPathComponent(file).path)
            ).features
            #expect(features.count == areas.count, "\(file)")
            for (feature, expected) in zip(features, areas) {
                guard let expected = expected as? Double, let g = feature.geometry else { continue }
                worst = max(worst, abs(ellipsoidalArea(g) - expected) / expected)
                compared += 1
            }
        }
        // Measured: 8.2e-6 at worst (a 557 km² zone with 20 km edges), below 1e-6 for most.
        #expect(worst < 1e-5, "largest relative difference \(worst)")
        #expect(compared > 3700)
    }

    @Test func orientationDoesNotMatterAndHolesCountNegatively() {
        let outer = [7.0, 47.0, 7.01, 47.0, 7.01, 47.01, 7.0, 47.01, 7.0, 47.0]
        let hole = [7.002, 47.002, 7.002, 47.004, 7.004, 47.004, 7.004, 47.002, 7.002, 47.002]
        let ccw = multiPolygon([[outer]])
        let cw = multiPolygon([[reversedRing(outer)]])
        #expect(ellipsoidalArea(ccw) == ellipsoidalArea(cw))
        let holed = multiPolygon([[outer, hole]])
        let holeAlone = multiPolygon([[hole]])
        #expect(abs(ellipsoidalArea(holed) - (ellipsoidalArea(ccw) - ellipsoidalArea(holeAlone))) < 1e-6)
        // 0.01° × 0.01° at 47° N: about 1,112 m × 758 m.
        #expect(abs(ellipsoidalArea(ccw) - 842_000) < 10_000)
    }

    private func reversedRing(_ xy: [Double]) -> [Double] {
        stride(from: xy.count - 2, through: 0, by: -2).flatMap { [xy[$0], xy[$0 + 1]] }
    }
}
