import Foundation
import TestSupport
import Testing
import VectorTiles
import ZoneFormats

@testable import ZonePipeline

/// The tile checker the tile engine's and the build's tests call (Scripts/check_tiles.py, which
/// runs scripts/check_tiles.py), on archives made here with `PMTilesWriter` and `MVTTile`: it
/// passes a good archive and fails one with each fault, naming the tile or zoom and the fault.
@Suite struct CheckTilesScriptTests {
    /// What is wrong with an archive.
    enum Fault: String, CaseIterable, CustomTestStringConvertible {
        case none
        case selfIntersection
        case zoneMissingAtOneZoom
        case wrongPointCount

        var testDescription: String { rawValue }
    }

    /// Two zones of one city in tile 2/1/1, as tile pixels at zoom 2 (each corner a multiple of
    /// 4, so the same rings are whole pixels at zooms 0 and 1).
    static let zones: [(style: String, min: Int32, max: Int32)] = [("parking", 1024, 3072), ("no-parking", 3200, 3800)]
    static let maxZoom = 2

    /// A zone's square in the tile of zoom `z` that holds it (2/1/1 is inside 1/0/0 and 0/0/0),
    /// its exterior ring positive in y-down tile coordinates; with `bowTie`, a ring that crosses
    /// itself (its area not zero, so readers keep it).
    static func square(_ zone: (style: String, min: Int32, max: Int32), z: Int, bowTie: Bool = false) -> [TilePoint] {
        let shift = Int32(maxZoom - z)
        func p(_ v: Int32) -> Int32 { ((4096 + v) >> shift) % 4096 }
        let (a, b) = (p(zone.min), p(zone.max))
        if bowTie { return [TilePoint(a, a), TilePoint(b, a), TilePoint(a, b), TilePoint((a + b) / 2, b)] }
        return [TilePoint(a, a), TilePoint(b, a), TilePoint(b, b), TilePoint(a, b)]
    }

    /// Longitude and latitude of world units at zoom 2 (4096 per tile), Web Mercator.
    static func lonLat(_ x: Double, _ y: Double) -> (Double, Double) {
        let size = 4096.0 * 4
        let lon = x / size * 360 - 180
        let lat = atan(sinh(Double.pi * (1 - 2 * y / size))) * 180 / Double.pi
        return (lon, lat)
    }

    /// The build directory the checker compares with: manifest.json and one city's artifact.
    func writeBuild(in dir: URL) throws {
        var features: [String] = []
        for zone in Self.zones {
            let (lo, hi) = (4096 + Double(zone.min), 4096 + Double(zone.max))
            let ring = [(lo, lo), (lo, hi), (hi, hi), (hi, lo), (lo, lo)].map { Self.lonLat($0.0, $0.1) }
            let coordinates = ring.map { "[\($0.0),\($0.1)]" }.joined(separator: ",")
            features.append(
                #"{"type":"Feature","properties":{"city":"rome","style":"\#(zone.style)"},"#
                    + #""geometry":{"type":"Polygon","coordinates":[[\#(coordinates)]]}}"#)
        }
        try Self.writeBuild(in: dir, city: "rome", features: features)
    }

    /// A build directory of one city's artifact (`features`, GeoJSON Feature texts) and its manifest.
    static func writeBuild(in dir: URL, city: String, features: [String]) throws {
        let zonesDir = dir.appendingPathComponent("zones/\(city)")
        try FileManager.default.createDirectory(at: zonesDir, withIntermediateDirectories: true)
        let collection = #"{"type":"FeatureCollection","features":[\#(features.joined(separator: ","))]}"#
        try Data(collection.utf8).write(to: zonesDir.appendingPathComponent("\(city).geojson"))
        let manifest =
            #"{"cities":[{"id":"\#(city)","key":"zones/\#(city)/\#(city).geojson","contentEncoding":"identity"}]}"#
        try Data(manifest.utf8).write(to: dir.appendingPathComponent("manifest.json"))
    }

    /// Zooms 0–2 of the two zones and a `cars` layer of 5 points: one cluster at zooms 0 and 1;
    /// at zoom 2 a cluster of 3 and two single points, one of them also in the buffer of the
    /// tile to the east (anchored once), with `fault` put in.
    func archive(_ fault: Fault) throws -> [UInt8] {
        var writer = PMTilesWriter(tileCompression: .gzip, internalCompression: .gzip) {
            try Gzip.compress($0, level: 6)
        }
        func zoneFeatures(_ z: Int) -> [MVTFeature] {
            Self.zones.compactMap { zone in
                if fault == .zoneMissingAtOneZoom && z == 1 && zone.style == "no-parking" { return nil }
                let bowTie = fault == .selfIntersection && z == 1 && zone.style == "parking"
                let ring = Self.square(zone, z: z, bowTie: bowTie)
                return MVTFeature(
                    properties: [("city", .string("rome")), ("style", .string(zone.style))],
                    geometry: .polygons([ring]))
            }
        }
        func point(_ x: Int32, _ y: Int32, count: UInt64?) -> MVTFeature {
            let properties: [(String, MVTValue)] =
                count.map { [("cluster", .bool(true)), ("point_count", .uint($0))] } ?? [("cluster", .bool(false))]
            return MVTFeature(properties: properties, geometry: .points([TilePoint(x, y)]))
        }
        func tile(_ z: Int, _ cars: [MVTFeature]) -> [UInt8] {
            MVTTile(layers: [
                MVTLayer(name: "zones", features: zoneFeatures(z)), MVTLayer(name: "cars", features: cars),
            ])
            .encoded()
        }
        let cluster = UInt64(fault == .wrongPointCount ? 4 : 3)
        let tiles: [(Int, Int, Int, [UInt8])] = [
            (0, 0, 0, tile(0, [point(1500, 1500, count: 5)])),
            (1, 0, 0, tile(1, [point(3000, 3000, count: 5)])),
            (
                2, 1, 1,
                tile(
                    2, [point(2000, 2000, count: cluster), point(2500, 2600, count: nil), point(4090, 100, count: nil)])
            ),
            (2, 2, 1, MVTTile(layers: [MVTLayer(name: "cars", features: [point(-6, 100, count: nil)])]).encoded()),
        ]
        for (z, x, y, bytes) in tiles { writer.add(z: z, x: x, y: y, bytes: try Gzip.compress(bytes, level: 6)) }
        let metadata = Data(#"{"vector_layers":[{"id":"zones"},{"id":"cars"}]}"#.utf8)
        return try writer.archive(
            metadata: Array(metadata), minZoom: 0, maxZoom: Self.maxZoom,
            bounds: PMTilesBounds(west: 0, south: 0, east: 90, north: 66, centerZoom: 2))
    }

    /// A zone of the corpus (los-angeles-county-058's parking at z14, in tile units) whose
    /// border meets the tile's bottom side at a vertex, (897, 4096), and crosses it twice more.
    /// GEOS 3.11's `clip_by_rect` cuts it into a self-intersecting ring, on which an overlay
    /// undercounts the area shared with the artifact (a quarter of it).
    static let crossingBottom: [(Int32, Int32)] = [
        (646, 4160), (646, 4102), (719, 4104), (707, 4088), (897, 4096), (922, 4077), (924, 4075), (943, 4061),
        (930, 4045), (929, 4044), (928, 4042), (915, 4043), (914, 4032), (914, 4026), (902, 4012), (914, 4002),
        (905, 3926), (849, 3946), (831, 3800), (805, 3779), (959, 3759), (962, 3787), (989, 3773), (990, 3773),
        (1000, 3768), (1043, 3818), (1069, 3904), (1043, 4032), (1043, 4033), (1006, 4036), (1077, 4120),
        (1024, 4160), (945, 4160), (913, 4123), (912, 4121), (911, 4120), (903, 4112), (844, 4160), (762, 4160),
        (752, 4147), (752, 4160),
    ]

    @Test(.tags(.python)) func aZoneMeetingATileSideAtAVertexIsComparedWhole() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // The artifact: the polygon whole, in tile 2/1/1's world units, off the grid by a tenth
        // of a unit as an artifact is (about 0.2 % of the area apart).
        let ring = (Self.crossingBottom + [Self.crossingBottom[0]]).map {
            Self.lonLat(4096.1 + Double($0.0), 4096.1 + Double($0.1))
        }
        let coordinates = ring.map { "[\($0.0),\($0.1)]" }.joined(separator: ",")
        let feature =
            #"{"type":"Feature","properties":{"city":"la","style":"parking"},"#
            + #""geometry":{"type":"Polygon","coordinates":[[\#(coordinates)]]}}"#
        try Self.writeBuild(in: dir, city: "la", features: [feature])
        // Tiles 2/1/1 and 2/1/2 (below) each hold the polygon with their buffer, as the tiler cuts it.
        var writer = PMTilesWriter(tileCompression: .gzip, internalCompression: .gzip) {
            try Gzip.compress($0, level: 6)
        }
        for (y, dy) in [(1, Int32(0)), (2, Int32(-4096))] {
            let feature = MVTFeature(
                properties: [("city", .string("la")), ("style", .string("parking"))],
                geometry: .polygons([Self.crossingBottom.map { TilePoint($0.0, $0.1 + dy) }]))
            let tile = MVTTile(layers: [MVTLayer(name: "zones", features: [feature])]).encoded()
            writer.add(z: 2, x: 1, y: y, bytes: try Gzip.compress(tile, level: 6))
        }
        let file = dir.appendingPathComponent("tiles.pmtiles")
        let archive = try writer.archive(
            metadata: Array(#"{"vector_layers":[{"id":"zones"}]}"#.utf8), minZoom: 2, maxZoom: 2,
            bounds: PMTilesBounds(west: 0, south: -66, east: 90, north: 0, centerZoom: 2))
        try Data(archive).write(to: file)
        let run = try runProcess(
            PipelineTestPaths.python,
            [
                PipelineTestPaths.scripts.appendingPathComponent("check_tiles.py").path, file.path,
                "--geojson-dir", dir.path, "--max-zoom", "2",
            ])
        let summary = try #require(
            try JSONSerialization.jsonObject(with: Data(run.stdoutBytes)) as? [String: Any], "\(run.stderr)")
        #expect(run.status == 0, "\(run.stderr)")
        let worst = try #require((summary["area"] as? [String: Any])?["worst"] as? [String: Any])
        #expect(try #require(worst["ratio"] as? Double) < 0.003, "\(worst)")
    }

    /// What each fault must make the checker say, on stderr and in the JSON summary.
    static let expected: [Fault: String] = [
        .selfIntersection:
            "1/0/0: layer zones feature 0 (city=rome, style=parking): invalid polygon: Self-intersection",
        .zoneMissingAtOneZoom: "zoom 1: zone (rome, no-parking) missing",
        .wrongPointCount: "zoom 2: layer cars: point_count sums to 6 over anchored features, not 5",
    ]

    @Test(.tags(.python), arguments: Fault.allCases) func checkerFailsEachFaultAndPassesAGoodArchive(_ fault: Fault)
        throws
    {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try writeBuild(in: dir)
        let file = dir.appendingPathComponent("tiles.pmtiles")
        try Data(try archive(fault)).write(to: file)
        let run = try runProcess(
            PipelineTestPaths.python,
            [
                PipelineTestPaths.scripts.appendingPathComponent("check_tiles.py").path, file.path,
                "--geojson-dir", dir.path, "--points-total", "cars=5", "--max-zoom", "2",
            ])
        let summary = try #require(
            try JSONSerialization.jsonObject(with: Data(run.stdoutBytes)) as? [String: Any], "\(run.stderr)")
        let lines = try #require(summary["failure_lines"] as? [String])
        #expect(summary["tiles"] as? Int == 4)
        guard let message = Self.expected[fault] else {
            #expect(run.status == 0, "\(run.stderr)")
            #expect(lines.isEmpty && summary["ok"] as? Bool == true)
            let worst = try #require((summary["area"] as? [String: Any])?["worst"] as? [String: Any])
            #expect(try #require(worst["ratio"] as? Double) < 1e-6)
            return
        }
        #expect(run.status == 1, "\(run.stderr)")
        #expect(lines.contains { $0.hasPrefix(message) }, "\(lines)")
        #expect(run.stderr.contains("FAIL \(message)"), "\(run.stderr)")
        #expect(lines.count == 1, "only the fault put in: \(lines)")
    }
}
