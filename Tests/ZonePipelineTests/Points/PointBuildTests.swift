import Foundation
import Mercator
import Testing
import ZoneFormats
import ZonePoints

@testable import ZonePipeline

/// Point layers through the build: files, manifest rows, and bytes that depend only on the points.
@Suite struct PointBuildTests {
    func config(_ source: String) -> PipelineConfig {
        var layer = PointFixtures.layer
        layer.source = [source]
        return PipelineConfig(points: [layer])
    }

    /// The same features as `dir`'s, shuffled and spread over three files with other names.
    func shuffled(_ dir: URL) throws -> URL {
        var features: [Any] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: dir.path) where name.hasSuffix(".geojson") {
            let data = try Data(contentsOf: dir.appendingPathComponent(name))
            let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            features += object?["features"] as? [Any] ?? []
        }
        var rng = SystemRandomNumberGenerator()
        features.shuffle(using: &rng)
        let out = try makeTemporaryDirectory()
        for part in 0..<3 {
            let slice = features.enumerated().filter { $0.offset % 3 == part }.map(\.element)
            let data = try JSONSerialization.data(withJSONObject: ["type": "FeatureCollection", "features": slice])
            try data.write(to: out.appendingPathComponent("part-\(2 - part).geojson"))
        }
        return out
    }

    @Test(.tags(.python)) func bytesDoNotDependOnFileOrderOrJobs() throws {
        // Duplicate positions (a station with several cars): ties for the cluster order.
        let dir = try PointFixtures.generate(points: 4000, cities: 8, duplicates: 0.05)
        let other = try shuffled(dir)
        defer {
            try? FileManager.default.removeItem(at: dir)
            try? FileManager.default.removeItem(at: other)
        }
        let a = try PointBuild(config: config(dir.path), jobs: 1).run()
        let b = try PointBuild(config: config(other.path), jobs: 2).run()
        #expect(a.diagnostics.isEmpty && b.diagnostics.isEmpty)
        #expect(!a.files.isEmpty)
        #expect(a.files.map(\.path) == b.files.map(\.path))
        #expect(a.files.map(\.bytes) == b.files.map(\.bytes))
        #expect(a.layers == b.layers)
    }

    /// `radius: 0` (allowed): only points on one spot meet. It used to trap converting 1/0 to an
    /// Int in the neighbour grid.
    @Test(.tags(.python)) func aRadiusOfZeroClustersOnlyPointsOnOneSpot() throws {
        let dir = try PointFixtures.generate(points: 400, cities: 2, duplicates: 0.2)
        defer { try? FileManager.default.removeItem(at: dir) }
        var zero = config(dir.path)
        zero.points[0].radius = 0
        let out = try PointBuild(config: zero, jobs: 2).run()
        #expect(out.diagnostics.isEmpty)
        let layer = try #require(out.layers.first)
        #expect(layer.cities.reduce(0) { $0 + $1.points } == 400)
        // Every point counted, per city, as at the usual radius.
        let normal = try #require(try PointBuild(config: config(dir.path), jobs: 2).run().layers.first)
        #expect(layer.cities.map(\.points) == normal.cities.map(\.points))
        #expect(!out.files.isEmpty)
    }

    @Test(.tags(.python)) func filesHoldEveryPointOncePerZoomAndTheManifestNamesThem() throws {
        let dir = try PointFixtures.generate(points: 3000, cities: 3)
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = try PointBuild(config: config(dir.path), jobs: 2).run()
        let byPath = Dictionary(uniqueKeysWithValues: out.files.map { ($0.path, $0.bytes) })
        let layer = try #require(out.layers.first)
        #expect(layer.cities.count == 3 && layer.bandMaxZoom == 12 && layer.metatileDelta == 3)
        for (city, report) in zip(layer.cities, out.report) {
            var perZoom = [Int](repeating: 0, count: 17)
            var featuresPerZoom = [Int](repeating: 0, count: 17)
            for file in [city.band] + city.metatiles {
                let gzip = try #require(byPath[file.key])
                let raw = try Gzip.decompress(gzip)
                #expect(sha256Hex(raw) == file.sha256 && raw.count == file.bytes && gzip.count == file.encodedBytes)
                #expect(
                    file.key.hasPrefix("points/cars/\(city.id)/") && file.key.hasSuffix(file.sha256 + ".geojson.gz"))
                let collection = try JSONSerialization.jsonObject(with: Data(raw)) as? [String: Any]
                let features = collection?["features"] as? [[String: Any]] ?? []
                #expect(features.count == file.features)
                for feature in features {
                    let p = feature["properties"] as? [String: Any] ?? [:]
                    let z = p["z"] as? Int ?? -1
                    perZoom[z] += p["point_count"] as? Int ?? 1
                    featuresPerZoom[z] += 1
                    if p["cluster"] != nil { #expect(p["cluster_id"] is Int && p["expansion_zoom"] is Int) }
                    if let fz = file.z {
                        #expect(fz == z)
                        let c = (feature["geometry"] as? [String: Any])?["coordinates"] as? [Double] ?? []
                        let scale = Double(1 << (z - 3))
                        let x = Int((WebMercator.x(longitude: c[0]) * scale).rounded(.down))
                        #expect(abs(x - (file.x ?? -9)) <= 1)  // coordinates rounded to 6 decimals
                    } else {
                        #expect(z <= 12)
                    }
                }
            }
            #expect(perZoom == [Int](repeating: city.points, count: 17), "\(city.id)")
            #expect(featuresPerZoom == report.featuresPerZoom)
        }
        // Publish enumerates the manifest's artifacts: every point file is one of them.
        let manifest = Manifest(
            schema: 1, version: "20260101T000000Z", previous: nil, generatedAt: "", source: .init(configHash: ""),
            styles: .init(key: "styles/x.json.gz", sha256: "", bytes: 0, encodedBytes: 0), cities: [],
            points: out.layers)
        #expect(Set(manifest.artifacts.map(\.key)) == Set(out.files.map(\.path)).union(["styles/x.json.gz"]))
        let decoded = try JSONDecoder().decode(Manifest.self, from: Data(try manifest.jsonBytes()))
        #expect(decoded == manifest)
    }

    @Test(.tags(.python)) func anUnchangedCityComesFromTheCache() throws {
        let dir = try PointFixtures.generate(points: 1500, cities: 3)
        let cacheDir = try makeTemporaryDirectory()
        defer {
            try? FileManager.default.removeItem(at: dir)
            try? FileManager.default.removeItem(at: cacheDir)
        }
        let cache = BuildCache(directory: cacheDir.path, codeIdentity: "test")
        let first = try PointBuild(config: config(dir.path), jobs: 2).run(cache: cache)
        #expect(first.report.allSatisfy { !$0.cached } && first.cacheKeys.count == 3)
        let second = try PointBuild(config: config(dir.path), jobs: 2).run(cache: cache)
        #expect(second.report.allSatisfy { $0.cached })
        #expect(
            second.files.map(\.path) == first.files.map(\.path) && second.files.map(\.bytes) == first.files.map(\.bytes)
        )
        #expect(second.layers == first.layers)
        // One point of one city moves: that city is built again, the others come from the cache.
        let file = dir.appendingPathComponent("amsterdam.geojson")
        var text = try String(contentsOf: file, encoding: .utf8)
        let range = try #require(text.range(of: "[4."))
        text.replaceSubrange(range, with: "[5.")
        try text.write(to: file, atomically: false, encoding: .utf8)
        let third = try PointBuild(config: config(dir.path), jobs: 2).run(cache: cache)
        #expect(third.report.map(\.cached) == third.report.map { $0.city != "amsterdam" })
        // A changed parameter misses the cache.
        var other = config(dir.path)
        other.points[0].radius = 40
        #expect(try PointBuild(config: other, jobs: 2).run(cache: cache).report.allSatisfy { !$0.cached })
    }

    @Test func badPointsAreReportedAtTheirFeature() {
        let text = """
            {"type":"FeatureCollection","features":[
            {"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"city":"a","available":1}},
            {"type":"Feature","geometry":{"type":"LineString","coordinates":[[1,2],[3,4]]},"properties":{"city":"a"}},
              {"type":"Feature","geometry":{"type":"Point","coordinates":[1,95]},"properties":{"city":"a"}},
            {"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"city":"a","available":"x"}},
            {"type":"Feature","geometry":{"type":"MultiPoint","coordinates":[[1,2],[3,4]]},"properties":{}}
            ]}
            """
        let result = PointReader(layer: PointFixtures.layer).read(
            SourceText(path: "p.geojson", bytes: Array(text.utf8)))
        let found = result.diagnostics.map { "\($0.location.line):\($0.location.column) \($0.message)" }
        #expect(
            found == [
                "3:1 point layer 'cars': expected a Point or MultiPoint, got LineString",
                "4:3 latitude 95 is outside -90...90",
                "5:1 point layer 'cars': property 'available' (sum) is not a number",
                "6:1 point layer 'cars': property 'city' (group_by) is missing or not a string",
            ])
        #expect(result.groups["a"]?.count == 1)
    }
}
