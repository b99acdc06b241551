import Foundation
import Testing
import ZoneFormats
import ZonePoints

@testable import ZonePipeline

/// `tiles:` through the build: the archive beside the artifacts, named by its hash, listed in
/// the manifest, and reused (not written) when nothing it is made of changed.
@Suite struct TileBuildTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("tiles-\(UUID().uuidString)")
    var dist: String { root.appendingPathComponent("dist").path }
    var zones: URL { root.appendingPathComponent("zones") }

    /// The sample zones (a copy, to edit) and the sample point layer, with `tiles` at its defaults.
    func config() throws -> PipelineConfig {
        if !FileManager.default.fileExists(atPath: zones.path) {
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: PipelineTestPaths.root.appendingPathComponent("zones"), to: zones)
        }
        let layer = PointLayerConfig(
            name: "cars", source: [PipelineTestPaths.root.appendingPathComponent("points").path], groupBy: "city",
            keep: ["id", "kind"], sum: ["available"])
        return PipelineConfig(zones: [zones.path], points: [layer], tiles: TilesConfig())
    }

    func build(_ config: PipelineConfig) throws -> BuildOutput {
        let cache = BuildCache(directory: root.appendingPathComponent("cache").path, codeIdentity: "test")
        let request = BuildRequest(configFile: ConfigFile(config: config), cache: cache, jobs: 2)
        let outcome = try request.write(to: OwnedDirectory.check(dist, for: .buildOutput))
        return try #require(outcome.output, "\(outcome.diagnostics)")
    }

    @Test func theArchiveIsNamedByItsBytesAndListed() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let output = try build(try config())
        let tiles = try #require(output.manifest.tiles)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dist + "/" + tiles.key)))
        #expect(tiles.key == "tiles/\(sha256Hex(bytes)).pmtiles" && tiles.sha256 == sha256Hex(bytes))
        #expect(tiles.bytes == bytes.count && tiles.encodedBytes == bytes.count)
        #expect(Array(bytes.prefix(8)) == Array("PMTiles".utf8) + [3])
        #expect(tiles.layers == ["zones", "cars"] && tiles.minZoom == 0 && tiles.maxZoom == 14)
        #expect(tiles.contentType == "application/vnd.pmtiles" && tiles.contentEncoding == "identity")
        // Without `tiles`, no archive and no manifest member.
        var off = try config()
        off.tiles = nil
        let plain = try build(off)
        #expect(plain.manifest.tiles == nil && !plain.files.contains { $0.path.hasPrefix("tiles/") })
        #expect(!FileManager.default.fileExists(atPath: dist + "/" + tiles.key))
    }

    @Test func anUnchangedBuildWritesNothingAndAChangedZoneANewArchive() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let config = try config()
        let first = try #require(try build(config).manifest.tiles)
        let path = dist + "/" + first.key
        let stamp = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        Thread.sleep(forTimeInterval: 0.05)
        let again = try build(config)
        #expect(again.manifest.tiles == first)
        #expect(again.files.first { $0.path == first.key }?.isAlreadyWritten == true)
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date == stamp)
        // Another tile setting, or one zone moved: another archive, and the old one removed.
        var deeper = config
        deeper.tiles?.maxZoom = 12
        let shallower = try #require(try build(deeper).manifest.tiles)
        #expect(shallower.key != first.key && shallower.inputs != first.inputs && shallower.maxZoom == 12)
        var finer = config
        finer.tiles?.extent = 8192
        let fine = try #require(try build(finer).manifest.tiles)
        #expect(fine.key != first.key && fine.inputs != first.inputs && fine.inputs != shallower.inputs)
        let file = zones.appendingPathComponent("bari.geojson")
        var text = try String(contentsOf: file, encoding: .utf8)
        let range = try #require(text.range(of: "16.8"))
        text.replaceSubrange(range, with: "16.9")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let moved = try #require(try build(deeper).manifest.tiles)
        #expect(moved.key != shallower.key && moved.inputs != shallower.inputs)
        #expect(!FileManager.default.fileExists(atPath: dist + "/" + shallower.key))
        #expect(FileManager.default.fileExists(atPath: dist + "/" + moved.key))
    }

    /// Readers nobody here wrote (Scripts/check_tiles.py: PyPI pmtiles, mapbox-vector-tile,
    /// shapely) on the sample's archive: every tile decodes, every polygon is valid with MVT
    /// winding, every zone at every zoom, the tiles cover each zone within 0.5 % at max_zoom, and
    /// the point layer's `point_count` sums to its points at every zoom; at either extent.
    @Test(.tags(.python), arguments: TilesConfig.extents)
    func theArchivePassesTheIndependentChecks(extent: Int) throws {
        defer { try? FileManager.default.removeItem(at: root) }
        var config = try config()
        config.tiles?.extent = extent
        let output = try build(config)
        let tiles = try #require(output.manifest.tiles)
        let points = try #require(output.manifest.points?.first).cities.reduce(0) { $0 + $1.points }
        let run = try runProcess(
            PipelineTestPaths.python,
            [
                PipelineTestPaths.scripts.appendingPathComponent("check_tiles.py").path, dist + "/" + tiles.key,
                "--geojson-dir", dist, "--points-total", "cars=\(points)",
            ])
        #expect(run.status == 0, "check_tiles.py: \(run.stderr)")
        let summary = try #require(
            try JSONSerialization.jsonObject(with: Data(run.stdoutBytes)) as? [String: Any])
        #expect(summary["ok"] as? Bool == true)
        #expect(summary["zones"] as? Int == output.manifest.cities.reduce(0) { $0 + $1.styles.count })
        // The zones at the extent asked for; the point layer at MVT's usual one.
        #expect(summary["extents"] as? [String: Int] == ["zones": extent, "cars": 4096])
    }

    /// The archive is published like every artifact (PMTiles' Content-Type, no Content-Encoding),
    /// verified, and removed by retention when no kept version names it.
    @Test func theArchiveIsPublishedVerifiedAndRetired() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let store = LocalStore(root: root.appendingPathComponent("store").path)
        var config = try config()
        config.points = []
        let first = try #require(try build(config).manifest.tiles)
        let publisher = Publisher(store: store, keepVersions: 1, manifestMaxAge: 60)
        _ = try publisher.publish(try PublishPlan.make(dist: dist, store: store))
        let stored = try #require(try store.get(first.key))
        #expect(sha256Hex(stored.bytes) == first.sha256)
        let verified = try Verifier(store: store).verify()
        #expect(verified.problems.isEmpty, "\(verified.problems)")
        #expect(try PublishPlan.make(dist: dist, store: store).upToDate)
        // Another archive: the first is removed with the version that named it (keep 1).
        config.tiles?.maxZoom = 10
        let second = try #require(try build(config).manifest.tiles)
        _ = try publisher.publish(try PublishPlan.make(dist: dist, store: store))
        #expect(try store.get(second.key) != nil)
        #expect(try store.get(first.key) == nil)
        // A damaged archive is found by verify.
        try Data("not an archive".utf8).write(to: URL(fileURLWithPath: store.root + "/" + second.key))
        #expect(try !Verifier(store: store).verify().problems.isEmpty)
    }
}
