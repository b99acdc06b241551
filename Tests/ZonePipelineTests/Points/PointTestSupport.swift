import Foundation
import TestSupport

@testable import ZoneGeometry
@testable import ZonePipeline
@testable import ZonePoints

/// Generated point layers (Scripts/make_points.py, a copy of ../shared/tools/make_points.py)
/// and the helpers the point tests share.
enum PointFixtures {
    /// The issue's layer: radius 60, extent 512, min_points 2, zooms 0...16.
    static let layer = PointLayerConfig(
        name: "cars", source: [], groupBy: "city", keep: ["id", "kind"], sum: ["available"])

    /// Runs make_points.py into a new temporary directory (the caller removes it).
    static func generate(points: Int, cities: Int = 24, seed: Int = 1, duplicates: Double? = nil) throws -> URL {
        let dir = try makeTemporaryDirectory()
        let script = PipelineTestPaths.scripts.appendingPathComponent("make_points.py").path
        let run = try runProcess(
            PipelineTestPaths.python,
            [script, dir.path, "--points", "\(points)", "--cities", "\(cities)", "--seed", "\(seed)"]
                + (duplicates.map { ["--duplicates", "\($0)"] } ?? []))
        guard run.status == 0 else { throw PointFixtureError(message: "make_points.py: \(run.stderr)") }
        return dir
    }

    /// Every city of the files in `dir`, sorted as the build sorts them.
    static func cities(in dir: URL, layer: PointLayerConfig = layer) throws -> [(city: String, points: PointSet)] {
        var config = PipelineConfig.default
        config.points = [PointLayerConfig(name: layer.name, source: [dir.path], groupBy: layer.groupBy, sum: layer.sum)]
        config.points[0].keep = layer.keep
        let (cities, diagnostics) = try PointBuild(config: config, jobs: 2).read()
        guard diagnostics.isEmpty else { throw PointFixtureError(message: "\(diagnostics)") }
        return cities[0]
    }

    /// The points as a FeatureCollection, in their order (what the peer is fed).
    static func geoJSON(_ points: PointSet) -> String {
        let features = (0..<points.count).map { i in
            #"{"type":"Feature","geometry":{"type":"Point","coordinates":["#
                + "\(points.longitude[i]),\(points.latitude[i])]},"
                + #""properties":{"id":"\#(points.ids[i])"}}"#
        }
        return #"{"type":"FeatureCollection","features":["# + features.joined(separator: ",\n") + "]}\n"
    }

    /// Features and clusters per zoom 0...maxZoom from zonectl's clusterer.
    static func counts(
        _ points: PointSet, layer: PointLayerConfig = layer, wrap: Bool, order: PointClusterer.Order = .densestFirst
    ) -> [[Int]] {
        var counts = [[Int]](repeating: [0, 0], count: layer.maxZoom + 1)
        PointClusterer(layer, wrap: wrap, order: order).run(points) { z, level in
            counts[z] = [level.itemCount, level.point.count { $0 < 0 }]
        }
        return counts
    }
}

struct PointFixtureError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
