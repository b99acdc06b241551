import Foundation
import TestSupport
import Testing

@testable import ZonePipeline

/// zonectl's clustering against pysupercluster-rust (PyPI, a Rust port of mapbox/supercluster)
/// on generated cities: fed the same points in the same order, the same counts per zoom. The
/// port is checked in supercluster's order (``PointClusterer/Order/given``: the items of each
/// zoom in the order they were made), from zonectl's point order, which the peer is fed too;
/// PointClusterOrderTests compares zonectl's own order (densest first) with the peer's.
@Suite(.tags(.python)) struct PointClusterPeerTests {
    @Test func clusterCountsPerZoomEqualPysuperclusters() throws {
        let dir = try PointFixtures.generate(points: 20000)
        defer { try? FileManager.default.removeItem(at: dir) }
        let cities = try PointFixtures.cities(in: dir)
        #expect(cities.count == 24)
        var paths: [String] = []
        for (city, points) in cities {
            let path = dir.appendingPathComponent("sorted-\(city).json").path
            try PointFixtures.geoJSON(points).write(toFile: path, atomically: false, encoding: .utf8)
            paths.append(path)
        }
        let layer = PointFixtures.layer
        let script = PipelineTestPaths.scripts.appendingPathComponent("supercluster_counts.py").path
        let run = try runProcess(
            PipelineTestPaths.python,
            [script, "\(layer.radius)", "\(layer.extent)", "\(layer.minPoints)", "\(layer.maxZoom)"] + paths)
        try #require(run.status == 0, "supercluster_counts.py: \(run.stderr)")
        let peer = try JSONDecoder().decode([String: [[Int]]].self, from: Data(run.stdoutBytes))
        var zooms = 0
        var equal = 0
        for ((city, points), path) in zip(cities, paths) {
            // supercluster measures on the plane: compared without zonectl's wrap at ±180°.
            let ours = PointFixtures.counts(points, wrap: false, order: .given)
            let theirs = try #require(peer[path])
            for z in ours.indices {
                zooms += 1
                if ours[z] == theirs[z] { equal += 1 }
                let diff = abs(ours[z][0] - theirs[z][0])
                #expect(Double(diff) <= 0.01 * Double(theirs[z][0]), "\(city) z\(z): \(ours[z]) vs \(theirs[z])")
            }
        }
        // Float rounding differs (the peer's centroids and tree are its own), so a rare zoom
        // may differ by an item; nearly all are exactly equal.
        #expect(Double(equal) >= 0.95 * Double(zooms), "\(equal) of \(zooms) zooms equal")
        print("pysupercluster-rust agreement: \(equal) of \(zooms) (city, zoom) counts equal")
    }
}
