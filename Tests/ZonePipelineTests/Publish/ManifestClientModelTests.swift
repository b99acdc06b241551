import Foundation
import Testing
import ZoneClientCore
import ZoneFormats

@testable import ZonePipeline

/// Every store is read through ZoneClientCore's manifest model, so every manifest the pipeline
/// writes must decode into it with the same content: versions, source, the style table, every
/// city (objects of both encodings, box, styles, counts), priority, the point layers' files.
@Suite struct ManifestClientModelTests {
    @Test func aZoneBuildWithBothEncodingsAndPriorityReadsTheSame() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var config = PipelineConfig.default
        config.zones = ["bari.geojson", "paris.geojson"].map { zonesRealDirectory.appendingPathComponent($0).path }
        config.encodings = [.gzip, .br]
        config.overlaps = .priority(["no-parking"])
        let outcome = try BuildPipeline(config: config, jobs: 2).run(
            configBytes: Array("test".utf8), revision: "abc123", previousVersion: "20260101T000000Z")
        let output = try #require(outcome.output)
        let written = try #require(output.files.first { $0.path == "manifest.json" }).bytes
        #expect(written == (try output.manifest.jsonBytes()))
        let read = try ZoneManifest.decode(written)
        #expect(output.manifest.cities.count == 2 && output.manifest.cities.allSatisfy { $0.brotli != nil })
        #expect(output.manifest.priority != nil)
        expectSameContent(output.manifest, read)
        #expect(try output.manifest.clientModel() == read)
    }

    @Test func aPointBuildReadsTheSame() throws {
        let (_, output) = try PointDifferTests().build([
            ("p1", 13.40, 52.50, "berlin"), (nil, 13.41, 52.51, "berlin"), ("r1", 12.49, 41.89, "rome"),
        ])
        let styles = Array("{}\n".utf8)
        let manifest = Manifest(
            schema: 1, version: "20260101T000000Z", previous: nil, generatedAt: "2026-01-01T00:00:00Z",
            source: .init(revision: nil, configHash: "x"),
            styles: .init(key: "styles/x.json.gz", sha256: sha256Hex(styles), bytes: styles.count, encodedBytes: 23),
            cities: [], points: output.layers)
        #expect(output.layers.flatMap(\.cities).allSatisfy { $0.index != nil && !$0.metatiles.isEmpty })
        expectSameContent(manifest, try manifest.clientModel())
    }

    /// Field by field, and every stored object with its sizes and hashes.
    func expectSameContent(_ m: Manifest, _ c: ZoneManifest) {
        #expect(c.schema == m.schema && c.version == m.version && c.previous == m.previous)
        #expect(c.generatedAt == m.generatedAt && c.priority == m.priority)
        #expect(c.source == .init(revision: m.source.revision, configHash: m.source.configHash))
        expectSame(
            c.styles, key: m.styles.key, sha256: m.styles.sha256, bytes: m.styles.bytes,
            encodedBytes: m.styles.encodedBytes, brotli: m.styles.brotli)
        #expect(c.cities.count == m.cities.count)
        for (mc, cc) in zip(m.cities, c.cities) {
            #expect(cc.id == mc.id && cc.styles == mc.styles && cc.features == mc.features)
            #expect(cc.vertices == mc.vertices)
            #expect([cc.bbox.west, cc.bbox.south, cc.bbox.east, cc.bbox.north] == mc.bbox)
            #expect(cc.artifact.contentEncoding.rawValue == mc.contentEncoding)
            expectSame(
                cc.artifact, key: mc.key, sha256: mc.sha256, bytes: mc.bytes, encodedBytes: mc.encodedBytes,
                brotli: mc.brotli)
        }
        #expect((c.points ?? []).count == (m.points ?? []).count)
        for (ml, cl) in zip(m.points ?? [], c.points ?? []) {
            #expect(cl.layer == ml.layer && cl.cities.count == ml.cities.count)
            let k = cl.clustering
            #expect(k?.radius == ml.radius && k?.extent == ml.extent && k?.minPoints == ml.minPoints)
            #expect(k?.maxZoom == ml.maxZoom && k?.bandMaxZoom == ml.bandMaxZoom)
            #expect(k?.metatileDelta == ml.metatileDelta)
            for (mc, cc) in zip(ml.cities, cl.cities) {
                #expect(cc.id == mc.id && cc.points == mc.points)
                let files = [mc.band] + mc.metatiles + (mc.index.map { [$0] } ?? [])
                let read = (cc.band.map { [$0] } ?? []) + cc.metatiles + (cc.index.map { [$0] } ?? [])
                #expect(read.count == files.count)
                for (f, r) in zip(files, read) {
                    #expect(r.features == f.features && r.z == f.z && r.x == f.x && r.y == f.y)
                    expectSame(
                        r.artifact, key: f.key, sha256: f.sha256, bytes: f.bytes, encodedBytes: f.encodedBytes,
                        brotli: nil)
                }
            }
        }
        let written = m.artifacts.map {
            "\($0.key) \($0.sha256) \($0.bytes) \($0.encodedBytes) \($0.encodedSha256 ?? "-")"
        }
        let read = c.storedObjects.map {
            "\($0.object.key) \($0.artifact.sha256) \($0.artifact.bytes) \($0.object.encodedBytes) \($0.object.encodedSha256 ?? "-")"
        }
        #expect(read == written)
    }

    func expectSame(
        _ a: ZoneArtifact, key: String, sha256: String, bytes: Int, encodedBytes: Int,
        brotli: Manifest.EncodedArtifact?
    ) {
        #expect(a.key == key && a.sha256 == sha256 && a.bytes == bytes && a.encodedBytes == encodedBytes)
        #expect(a.brotli?.key == brotli?.key && a.brotli?.encodedBytes == brotli?.encodedBytes)
        #expect(a.brotli?.encodedSha256 == brotli?.encodedSha256)
    }
}
