import Testing
import ZoneClient

/// A manifest of a build with `encodings: [gzip, br]` still decodes: the client reads the gzip
/// artifact and ignores the `brotli` members.
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
        #expect(
            manifest.city("berlin")?.artifact
                == ZoneArtifact(key: "zones/berlin/b.geojson.gz", sha256: "b", bytes: 10, encodedBytes: 30))
    }
}
