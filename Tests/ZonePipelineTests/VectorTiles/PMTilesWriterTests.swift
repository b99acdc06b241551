import Foundation
import TestSupport
import Testing
import VectorTiles
import ZoneFormats

@testable import ZonePipeline

/// A PMTiles archive read back by PyPI `pmtiles` and `mapbox-vector-tile`
/// (Scripts/read_pmtiles.py): every tile once with its bytes, run-length entries for repeated
/// tiles, leaf directories when the root would pass 16 KiB, and features as written.
@Suite struct PMTilesWriterTests {
    struct Reading: Decodable {
        var header: [String: Int]
        var metadata: [String: [[String: String]]]
        var tiles: [String: String]
        var get: [String: String?]
    }

    /// The decoded part, read loosely (mapbox-vector-tile's dictionaries).
    func decoded(_ json: Data, _ key: String) throws -> [String: Any] {
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let all = try #require(object["decoded"] as? [String: Any])
        return try #require(all[key] as? [String: Any])
    }

    func zonesTile() -> MVTTile {
        let square = [TilePoint(0, 0), TilePoint(4096, 0), TilePoint(4096, 4096), TilePoint(0, 4096)]
        let hole = [TilePoint(1000, 1000), TilePoint(1000, 2000), TilePoint(2000, 2000), TilePoint(2000, 1000)]
        return MVTTile(layers: [
            MVTLayer(
                name: "zones",
                features: [
                    MVTFeature(
                        properties: [("city", .string("rome")), ("style", .string("style-1a2b3c4d"))],
                        geometry: .polygons([square, hole]))
                ]),
            MVTLayer(
                name: "cars",
                features: [
                    MVTFeature(
                        id: 7,
                        properties: [
                            ("cluster", .bool(true)), ("point_count", .uint(12)), ("cluster_id", .uint(1 << 40)),
                            ("battery", .double(0.5)), ("offset", .int(-3)),
                        ], geometry: .points([TilePoint(100, 200)])),
                    MVTFeature(
                        id: 8, properties: [("cluster", .bool(false)), ("id", .string("car-8"))],
                        geometry: .points([TilePoint(-10, 4100)])),
                ]),
        ])
    }

    @Test(.tags(.python)) func archiveReadsBackThroughThePMTilesAndMVTReaders() throws {
        var writer = PMTilesWriter(
            tileCompression: .gzip, internalCompression: .gzip, spillDirectory: NSTemporaryDirectory()
        ) {
            try Gzip.compress($0, level: 6)
        }
        var expected: [String: String] = [:]
        func add(_ z: Int, _ x: Int, _ y: Int, _ tile: [UInt8]) throws {
            writer.add(z: z, x: x, y: y, bytes: try Gzip.compress(tile, level: 6))
            expected["\(z)/\(x)/\(y)"] = sha256Hex(tile)
        }
        // Zooms 0–2: the same two-layer tile everywhere (run-length entries along the curve).
        let zones = zonesTile().encoded()
        for z in 0...2 {
            for x in 0..<(1 << z) { for y in 0..<(1 << z) { try add(z, x, y, zones) } }
        }
        // Zoom 5: an "ocean" tile everywhere but one tile of its own.
        let ocean = MVTTile(layers: [
            MVTLayer(
                name: "zones",
                features: [
                    MVTFeature(geometry: .polygons([[TilePoint(0, 0), TilePoint(4096, 0), TilePoint(4096, 4096)]]))
                ])
        ]).encoded()
        for x in 0..<32 { for y in 0..<32 { try add(5, x, y, x == 9 && y == 20 ? zones : ocean) } }
        // Zoom 9: 30,000 tiles scattered over the zoom, each its own bytes, so the root
        // directory would pass 16 KiB.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var used = Set<Int>()
        while used.count < 30_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let k = Int(state >> 46)  // 18 bits: 512 × 512 tiles
            guard used.insert(k).inserted else { continue }
            let point = MVTTile(layers: [
                MVTLayer(
                    name: "cars",
                    features: [
                        MVTFeature(
                            id: UInt64(k), properties: [("n", .uint(UInt64(k)))],
                            geometry: .points([TilePoint(Int32(k % 4096), Int32(k / 4096))]))
                    ])
            ]).encoded()
            try add(9, k % 512, k / 512, point)
        }
        let metadata = Data(#"{"vector_layers":[{"id":"zones"},{"id":"cars"}]}"#.utf8)
        let archive = try writer.archive(
            metadata: Array(metadata), minZoom: 0, maxZoom: 9,
            bounds: PMTilesBounds(west: 12.2, south: 41.7, east: 12.8, north: 42.1, centerZoom: 9))

        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("zones.pmtiles")
        try Data(archive).write(to: file)
        let present = try #require(used.first)
        let absent = try #require((0..<(512 * 512)).first { !used.contains($0) })
        let probes = [
            "0/0/0", "2/3/1", "5/9/20", "5/0/0", "9/\(present % 512)/\(present / 512)",
            "9/\(absent % 512)/\(absent / 512)",
        ]
        let run = try runProcess(
            PipelineTestPaths.python,
            [PipelineTestPaths.scripts.appendingPathComponent("read_pmtiles.py").path, file.path] + probes)
        try #require(run.status == 0, "read_pmtiles.py: \(run.stderr)")
        let json = Data(run.stdoutBytes)
        let reading = try JSONDecoder().decode(Reading.self, from: json)

        // Every tile once, with its bytes.
        #expect(reading.tiles.count == expected.count)
        #expect(reading.tiles == expected)
        // The header's counts: 21 + 1,024 + 30,000 tiles; 3 contents below zoom 9.
        let h = reading.header
        #expect(h["addressed_tiles_count"] == expected.count)
        #expect(h["tile_contents_count"] == 2 + 30_000)
        #expect(h["tile_entries_count"]! < 21 + 1_024 + 30_000)
        #expect(h["clustered"] == 1 && h["tile_type"] == 1 && h["tile_compression"] == 2)
        #expect(h["internal_compression"] == 2 && h["min_zoom"] == 0 && h["max_zoom"] == 9)
        #expect(h["min_lon_e7"] == 122_000_000 && h["max_lat_e7"] == 421_000_000 && h["center_zoom"] == 9)
        // Leaf directories, and the header and root in the first 16 KiB.
        #expect(h["leaf_directory_length"]! > 0)
        #expect(h["root_offset"] == 127 && h["root_offset"]! + h["root_length"]! <= 16_384)
        #expect(reading.metadata["vector_layers"]?.map { $0["id"] } == ["zones", "cars"])
        // A client's lookups (through the leaves), and a tile that is not there.
        for key in probes.dropLast() { #expect(reading.get[key] == expected[key], "\(key)") }
        #expect(reading.get[probes.last!] == .some(nil))

        // The features as written: properties of every type, y down, the hole.
        let tile = try decoded(json, "2/3/1")
        let zonesLayer = try #require(tile["zones"] as? [String: Any])
        #expect(zonesLayer["extent"] as? Int == 4096)
        let zone = try #require((zonesLayer["features"] as? [[String: Any]])?.first)
        #expect(zone["properties"] as? [String: String] == ["city": "rome", "style": "style-1a2b3c4d"])
        let geometry = try #require(zone["geometry"] as? [String: Any])
        #expect(geometry["type"] as? String == "Polygon")
        let rings = try #require(geometry["coordinates"] as? [[[Int]]])
        #expect(rings.count == 2 && rings[0].first == [0, 0] && rings[1].first == [1000, 1000])
        let cars = try #require((tile["cars"] as? [String: Any])?["features"] as? [[String: Any]])
        #expect(cars.count == 2)
        let cluster = try #require(cars.first { $0["id"] as? Int == 7 })
        let properties = try #require(cluster["properties"] as? [String: Any])
        #expect(properties["cluster"] as? Bool == true)
        #expect(properties["point_count"] as? Int == 12)
        #expect(properties["cluster_id"] as? Int == 1 << 40)
        #expect(properties["battery"] as? Double == 0.5)
        #expect(properties["offset"] as? Int == -3)
        #expect((cluster["geometry"] as? [String: Any])?["coordinates"] as? [Int] == [100, 200])
        let single = try #require(cars.first { $0["id"] as? Int == 8 })
        #expect((single["geometry"] as? [String: Any])?["coordinates"] as? [Int] == [-10, 4100])
    }

    /// The tiles wait in a temporary file; the archive is the one made in memory, equal tiles
    /// stored once (also when hashes are shared: the bytes are compared), and a directory where
    /// no file can be made keeps them in memory.
    @Test func aSpilledArchiveIsTheOneMadeInMemory() throws {
        func writer(_ directory: String?) -> PMTilesWriter {
            PMTilesWriter(tileCompression: .none, internalCompression: .none, spillDirectory: directory) { $0 }
        }
        var writers = [writer(nil), writer(NSTemporaryDirectory()), writer("/nonexistent-\(UUID().uuidString)")]
        var contents = Set<[UInt8]>()
        for z in 0...6 {
            for x in 0..<(1 << z) {
                for y in 0..<(1 << z) {
                    // Few distinct tiles, many repeats, and lengths that differ.
                    let bytes = [UInt8](repeating: UInt8((x * 7 + y * 3) % 11), count: (x + y) % 5)
                    contents.insert(bytes)
                    for w in writers.indices { writers[w].add(z: z, x: x, y: y, bytes: bytes) }
                }
            }
        }
        let bounds = PMTilesBounds(west: 0, south: 0, east: 1, north: 1, centerZoom: 0)
        let archives = try writers.indices.map { w in
            try writers[w].takeArchive(metadata: Array("{}".utf8), minZoom: 0, maxZoom: 6, bounds: bounds)
        }
        #expect(archives[1] == archives[0])
        #expect(archives[2] == archives[0])
        // Header: the number of tile contents is the u64 at byte 88.
        let stored = (0..<8).reduce(UInt64(0)) { $0 | UInt64(archives[1][88 + $1]) << (8 * UInt64($1)) }
        #expect(stored == UInt64(contents.count))
        #expect(throws: PMTilesError.self) {
            try writers[1].takeArchive(metadata: [], minZoom: 0, maxZoom: 6, bounds: bounds)
        }
    }

    @Test func aTileAddedTwiceIsRefused() throws {
        var writer = PMTilesWriter(tileCompression: .none, internalCompression: .none) { $0 }
        writer.add(z: 3, x: 1, y: 2, bytes: [1])
        writer.add(z: 3, x: 1, y: 2, bytes: [2])
        #expect(throws: PMTilesError.self) {
            try writer.archive(
                metadata: Array("{}".utf8), minZoom: 3, maxZoom: 3,
                bounds: PMTilesBounds(west: 0, south: 0, east: 1, north: 1, centerZoom: 3))
        }
    }

    /// Tiles added as runs of ids make the archive that adding each tile makes: runs next to
    /// each other and to single tiles of the same bytes become one entry, a run of other bytes
    /// inside is its own; a run overlapping a tile is refused.
    @Test func runsOfIdsMakeTheArchiveThatTheirTilesMake() throws {
        func writer() -> PMTilesWriter {
            PMTilesWriter(tileCompression: .none, internalCompression: .none) { $0 }
        }
        var (runs, tiles) = (writer(), writer())
        let first = PMTilesTileID.firstID(z: 6)
        let pieces: [(ids: Range<UInt64>, bytes: [UInt8])] = [
            (first..<(first + 100), [7]), ((first + 100)..<(first + 101), [7]), ((first + 101)..<(first + 140), [8]),
            ((first + 140)..<(first + 4096), [7]), (PMTilesTileID.firstID(z: 2)..<PMTilesTileID.firstID(z: 3), [9]),
        ]
        for piece in pieces {
            if piece.ids.count == 1 {
                let t = PMTilesTileID.tile(id: piece.ids.lowerBound)
                runs.add(z: t.z, x: t.x, y: t.y, bytes: piece.bytes)
            } else {
                runs.add(ids: piece.ids, bytes: piece.bytes)
            }
            for id in piece.ids {
                let t = PMTilesTileID.tile(id: id)
                tiles.add(z: t.z, x: t.x, y: t.y, bytes: piece.bytes)
            }
        }
        #expect(runs.tileCount == 4096 + 16)
        let bounds = PMTilesBounds(west: 0, south: 0, east: 1, north: 1, centerZoom: 2)
        let archive = try runs.archive(metadata: Array("{}".utf8), minZoom: 2, maxZoom: 6, bounds: bounds)
        #expect(archive == (try tiles.archive(metadata: Array("{}".utf8), minZoom: 2, maxZoom: 6, bounds: bounds)))
        // Header: addressed tiles (u64 at 72) and entries (at 80): [9] × 16, [7] × 100 + 1, [8], [7].
        func u64(_ at: Int) -> UInt64 { (0..<8).reduce(0) { $0 | UInt64(archive[at + $1]) << (8 * UInt64($1)) } }
        #expect(u64(72) == 4096 + 16)
        #expect(u64(80) == 4)
        runs.add(ids: (first + 4000)..<(first + 4001), bytes: [1])
        #expect(throws: PMTilesError.self) {
            try runs.archive(metadata: Array("{}".utf8), minZoom: 2, maxZoom: 6, bounds: bounds)
        }
    }

    /// Ids and tiles convert both ways, and an aligned square of 2^k tiles is one range of ids
    /// holding exactly its tiles.
    @Test func tileIdsConvertBothWaysAndSquaresAreRanges() {
        for z in 0...6 {
            for x in 0..<(1 << z) {
                for y in 0..<(1 << z) {
                    let id = PMTilesTileID.id(z: z, x: x, y: y)
                    #expect(PMTilesTileID.tile(id: id) == (z, x, y))
                }
            }
        }
        let far = PMTilesTileID.id(z: 20, x: 654_321, y: 123_456)
        #expect(PMTilesTileID.tile(id: far) == (20, 654_321, 123_456))
        for level in 0...3 {
            let size = 1 << level
            let ids = PMTilesTileID.ids(z: 5, x: 13, y: 22, level: level)
            let (x0, y0) = (13 / size * size, 22 / size * size)
            let square = Set(
                (x0..<(x0 + size)).flatMap { x in (y0..<(y0 + size)).map { PMTilesTileID.id(z: 5, x: x, y: $0) } })
            #expect(Set(ids) == square)
        }
    }
}
