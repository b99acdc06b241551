import Foundation
import Testing
import VectorTiles
import ZoneFormats
import ZoneGeometry

@testable import ZonePipeline
@testable import ZoneTiles

/// The zones of `paths` as the build makes them: one ``TileZone`` per (city, style) group.
func builtTileZones(_ paths: [String]) throws -> [TileZone] {
    let outcome = try buildZones(paths, jobs: 2)
    #expect(outcome.diagnostics.allSatisfy { $0.severity != .error })
    return outcome.cities.flatMap { city in
        city.groups.map { TileZone(city: city.city, style: $0.key.last ?? "", geometry: $0.geometry) }
    }
}

/// Fixture cities (`zones-real/NAME.geojson`) on the grid of each of `zooms`, simplified by
/// `tolerance(zoom)` units and snapped as the tiler snaps them (noded at every tile line ± 64).
func realCityGrids(
    _ names: [String], zooms: [Int], tolerance: (Int) -> Double, context: GEOSContext
) throws -> [CityZoom] {
    let dir = PipelineTestPaths.fixtures.appendingPathComponent("zones-real")
    let zones = try builtTileZones(names.map { dir.appendingPathComponent("\($0).geojson").path })
    try #require(!zones.isEmpty)
    return try Set(zones.map(\.city)).sorted().flatMap { city in
        try zooms.map { zoom in
            try RankedZones(
                CityZoom.projected(zones.filter { $0.city == city }.map(\.geometry), zoom: zoom, extent: 4096)
            ).simplified(tolerance: tolerance(zoom)).city.snapped(extent: 4096, buffer: 64)
        }
    }
}

/// A lon/lat square [lon, lon + side] × [lat, lat + side], counter-clockwise.
func squareZone(_ city: String, _ style: String, lon: Double, lat: Double, side: Double) -> TileZone {
    TileZone(
        city: city, style: style,
        geometry: PolygonalGeometry(
            coordinates: rect(lon, lat, lon + side, lat + side), ringEnds: [5], polygonEnds: [1], isMulti: false))
}

/// The zones as a GeoJSON FeatureCollection (properties city and style) for the Python checks.
func zonesGeoJSON(_ zones: [TileZone]) -> String {
    func ring(_ g: PolygonalGeometry, _ r: Int) -> String {
        "[" + g.ringRange(r).map { i in "[\(g.position(i).x),\(g.position(i).y)]" }.joined(separator: ",") + "]"
    }
    let features = zones.map { zone in
        let g = zone.geometry
        let polygons = (0..<g.polygonCount).map { p in
            "[" + g.polygonRings(p).map { ring(g, $0) }.joined(separator: ",") + "]"
        }
        return #"{"type":"Feature","properties":{"city":"\#(zone.city)","style":"\#(zone.style)"},"#
            + #""geometry":{"type":"MultiPolygon","coordinates":[\#(polygons.joined(separator: ","))]}}"#
    }
    return #"{"type":"FeatureCollection","features":["# + features.joined(separator: ",") + "]}"
}

/// What check_zone_tiles.py found.
struct ZoneTilesCheck: Decodable {
    var tiles: Int
    var features: Int
    var invalid: [String]
    var winding: [String]
    var missing: [String]
    var areaError: [String: Double]
    var seams: [String]
    var seamPairs: Int

    /// The runs of tiles that whole zones fill, as the tiler gave them (not read back), and
    /// their tiles.
    var runs = 0
    var runTiles = 0

    enum CodingKeys: String, CodingKey {
        case tiles, features, invalid, winding, missing, seams
        case areaError = "area_error"
        case seamPairs = "seam_pairs"
    }
}

/// Tiles `zones` into a PMTiles archive and checks it with Scripts/check_zone_tiles.py.
func checkTiles(_ zones: [TileZone], minZoom: Int, maxZoom: Int) throws -> ZoneTilesCheck {
    let dir = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let tiler = ZoneTiler(minZoom: minZoom, maxZoom: maxZoom, jobs: 2)
    var writer = PMTilesWriter(tileCompression: .gzip, internalCompression: .gzip) { try Gzip.compress($0, level: 1) }
    var (runs, runTiles) = (0, 0)
    try tiler.tiles(of: zones) { key, bytes in
        writer.add(z: key.z, x: key.x, y: key.y, bytes: try Gzip.compress(bytes, level: 1))
    } emitRun: { ids, bytes in
        writer.add(ids: ids, bytes: try Gzip.compress(bytes, level: 1))
        (runs, runTiles) = (runs + 1, runTiles + ids.count)
    }
    let archive = try writer.archive(
        metadata: Array(#"{"vector_layers":[{"id":"zones","fields":{}}]}"#.utf8), minZoom: minZoom, maxZoom: maxZoom,
        bounds: PMTilesBounds(west: -180, south: -85, east: 180, north: 85, centerZoom: minZoom))
    let file = dir.appendingPathComponent("zones.pmtiles")
    try Data(archive).write(to: file)
    let geojson = dir.appendingPathComponent("zones.geojson")
    try zonesGeoJSON(zones).write(to: geojson, atomically: true, encoding: .utf8)
    let run = try runProcess(
        PipelineTestPaths.python,
        [
            PipelineTestPaths.scripts.appendingPathComponent("check_zone_tiles.py").path, file.path, geojson.path,
            "\(minZoom)", "\(maxZoom)", "\(tiler.buffer)",
        ])
    try #require(run.status == 0, "check_zone_tiles.py: \(run.stderr)")
    var check = try JSONDecoder().decode(ZoneTilesCheck.self, from: Data(run.stdoutBytes))
    (check.runs, check.runTiles) = (runs, runTiles)
    return check
}
