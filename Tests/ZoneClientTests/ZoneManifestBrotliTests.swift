import Testing
import ZoneClient

/// A manifest of a build with `encodings: [gzip, br]`: the client reads the `brotli` members and
/// prefers them (``ZoneEncoding/preferred``), or the gzip objects when asked to.
@Suite struct ZoneManifestBrotliTests {
    @Test func decodesAManifestWithBrotliMembers() throws {
        let sha = String(repeating: "a", count: 64)
        let json = """
            {"schema": 1, "version": "20261123T230000Z", "previous": null, "generatedAt": "2026-11-23T23:00:00Z",
             "source": {"revision": null, "configHash": "x"},
             "styles": {"key": "styles/s.json.gz", "sha256": "s", "bytes": 2, "encodedBytes": 22,
                        "brotli": {"key": "styles/s.json.br", "encodedSha256": "\(sha)", "encodedBytes": 6}},
             "cities": [{"id": "berlin", "key": "zones/berlin/b.geojson.gz", "sha256": "b", "bytes": 10,
                         "encodedBytes": 30, "contentType": "application/geo+json", "contentEncoding": "gzip",
                         "bbox": [0, 0, 4, 2], "features": 2, "vertices": 15, "styles": ["parking"],
                         "brotli": {"key": "zones/berlin/b.geojson.br", "encodedSha256": "\(sha)", "encodedBytes": 14}}]}
            """
        let manifest = try ZoneManifest.decode(Array(json.utf8))
        #expect(manifest.styles.key == "styles/s.json.gz")
        let berlin = try #require(manifest.city("berlin")?.artifact)
        #expect(
            berlin
                == ZoneArtifact(
                    key: "zones/berlin/b.geojson.gz", sha256: "b", bytes: 10, encodedBytes: 30,
                    brotli: ZoneBrotliObject(key: "zones/berlin/b.geojson.br", encodedSha256: sha, encodedBytes: 14)))
        #expect(
            berlin.object()
                == ZoneObject(key: "zones/berlin/b.geojson.br", encoding: .br, encodedBytes: 14, encodedSha256: sha))
        #expect(berlin.object(preferring: [.gzip]) == ZoneObject(key: berlin.key, encoding: .gzip, encodedBytes: 30))
        #expect(manifest.styles.object().key == "styles/s.json.br")
        let held = berlin.holding(berlin.object())
        #expect(held.key == "zones/berlin/b.geojson.br" && held.contentEncoding == .br && held.brotli == nil)
        #expect(held.storedObjects == [berlin.object()])
    }
}
