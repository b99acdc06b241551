import Foundation
import Testing
import ZoneGeometry
import ZoneTiles

/// The zones layer read back by readers zonectl did not write (PyPI pmtiles, mapbox-vector-tile,
/// shapely; Scripts/check_zone_tiles.py): every tile decodes, every polygon is valid with MVT
/// winding, every zone is in some tile at every zoom, neighbouring tiles agree along their
/// common edge, and at the maximum zoom each zone's tiles cover it within 0.5 % of its area.
@Suite struct ZoneTilerPythonTests {
    static let root = PipelineTestPaths.root

    /// `roughZones`: zones of a few units at the maximum zoom, whose rounding is a large part of them.
    func expectSound(_ check: ZoneTilesCheck, zones: [TileZone], roughZones: Set<String> = []) {
        #expect(check.tiles > 0 && check.features >= check.tiles)
        #expect(check.invalid.isEmpty, "\(check.invalid.prefix(10))")
        #expect(check.winding.isEmpty, "\(check.winding.prefix(10))")
        #expect(check.missing.isEmpty, "\(check.missing.prefix(20))")
        #expect(check.seamPairs > 0)
        #expect(check.seams.isEmpty, "\(check.seams.count) seams: \(check.seams.prefix(10))")
        #expect(check.areaError.count == zones.count)
        for (zone, error) in check.areaError.sorted(by: { $0.key < $1.key }) where !roughZones.contains(zone) {
            #expect(error < 0.005, "\(zone): the tiles differ from the zone by \(error * 100) % of its area")
        }
    }

    /// The sample cities, plus a zone far below a pixel at z0 beside a large neighbour.
    @Test(.tags(.python)) func sampleZonesAndATinyZone() throws {
        let paths = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("zones").path)
            .filter { $0.hasSuffix(".geojson") }.sorted().map { Self.root.appendingPathComponent("zones/\($0)").path }
        var zones = try builtTileZones(paths)
        try #require(zones.count >= 7)
        zones.append(squareZone("islet", "big", lon: 30, lat: 10, side: 0.01))
        zones.append(squareZone("islet", "tiny", lon: 30.01, lat: 10.005, side: 0.00005))
        expectSound(try checkTiles(zones, minZoom: 0, maxZoom: 12), zones: zones, roughZones: ["islet/tiny"])
    }

    /// Real cities of the fixtures.
    @Test(.tags(.python)) func realCities() throws {
        let dir = PipelineTestPaths.fixtures.appendingPathComponent("zones-real")
        let zones = try builtTileZones(
            ["basel", "bari", "rome-rioni"].map { dir.appendingPathComponent("\($0).geojson").path })
        try #require(zones.count >= 3)
        expectSound(try checkTiles(zones, minZoom: 0, maxZoom: 12), zones: zones)
    }

    /// Fiji, split at ±180° by the build: its tiles on both edges of the world.
    @Test(.tags(.python)) func aCountryAcrossTheAntimeridian() throws {
        let zones = try builtTileZones([
            PipelineTestPaths.fixtures.appendingPathComponent("antimeridian/fiji.geojson").path
        ])
        try #require(!zones.isEmpty)
        expectSound(try checkTiles(zones, minZoom: 0, maxZoom: 8), zones: zones)
    }

    /// Zones at the world's edges: wholly south of the map's −85.05°, across that line, and
    /// on 180°. Each is in a tile itself at every zoom (a point on its surface off the map is
    /// drawn in the last row or column), not only in a tile's buffer.
    @Test(.tags(.python)) func zonesAtTheEdgesOfTheMapAreInsideTheirTiles() throws {
        let zones = [
            TileZone(
                city: "south", style: "below",
                geometry: PolygonalGeometry(
                    coordinates: rect(-20, -89.9, -19, -85.06), ringEnds: [5], polygonEnds: [1], isMulti: false)),
            TileZone(
                city: "south", style: "across",
                geometry: PolygonalGeometry(
                    coordinates: rect(10, -85.06, 10.001, -85.051), ringEnds: [5], polygonEnds: [1], isMulti: false)),
            squareZone("east", "edge", lon: 179.9999, lat: 10, side: 0.0001),
        ]
        let check = try checkTiles(zones, minZoom: 0, maxZoom: 10)
        #expect(check.tiles > 0)
        #expect(check.invalid.isEmpty, "\(check.invalid.prefix(10))")
        #expect(check.winding.isEmpty, "\(check.winding.prefix(10))")
        #expect(check.missing.isEmpty, "\(check.missing.prefix(20))")
    }

    /// A zone over thousands of tiles with a hole, and another city's zone over part of it:
    /// the tiles that whole zones fill come as runs of ids (far fewer runs than tiles), the
    /// overlap as runs of both zones' squares, and the archive reads back sound.
    @Test(.tags(.python)) func aLargeZoneWithAHoleAndAnOverlappingCityComesAsRuns() throws {
        let outer = rect(20, 40, 24, 44)
        let hole = reversed(rect(21, 41, 22, 42))
        let zones = [
            TileZone(
                city: "land", style: "service",
                geometry: PolygonalGeometry(
                    coordinates: outer + hole, ringEnds: [5, 10], polygonEnds: [2], isMulti: false)),
            squareZone("town", "slow", lon: 23, lat: 43, side: 2),
        ]
        let check = try checkTiles(zones, minZoom: 0, maxZoom: 11)
        expectSound(check, zones: zones)
        // At z11, 4° is some 23 tiles a side: most tiles are inside.
        #expect(check.runTiles > check.tiles / 2, "\(check.runTiles) of \(check.tiles) tiles in runs")
        #expect(check.runs * 3 < check.runTiles, "\(check.runs) runs")
    }
}
