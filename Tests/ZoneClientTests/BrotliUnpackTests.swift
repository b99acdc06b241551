import Foundation
import Testing
import ZoneClient

/// Brotli objects: checked (size, stored SHA-256) before they are decoded, decoded with
/// libbrotlidec, and preferred over gzip by ``ZoneStore/content(of:preferring:)``.
@Suite struct BrotliUnpackTests {
    /// `{"type":"FeatureCollection","features":[]}` brotli'd at quality 11, window 22.
    static let content = Array(#"{"type":"FeatureCollection","features":[]}"#.utf8)
    static let brotli: [UInt8] = [
        0x8b, 0x14, 0x80, 0x7b, 0x22, 0x74, 0x79, 0x70, 0x65, 0x22, 0x3a, 0x22, 0x46, 0x65, 0x61, 0x74, 0x75, 0x72,
        0x65, 0x43, 0x6f, 0x6c, 0x6c, 0x65, 0x63, 0x74, 0x69, 0x6f, 0x6e, 0x22, 0x2c, 0x22, 0x66, 0x65, 0x61, 0x74,
        0x75, 0x72, 0x65, 0x73, 0x22, 0x3a, 0x5b, 0x5d, 0x7d, 0x03,
    ]

    static func artifact() throws -> ZoneArtifact {
        ZoneArtifact(
            key: "zones/c/x.geojson.gz", sha256: try ZoneStoreTests.sha256(content), bytes: content.count,
            encodedBytes: try ZoneStoreTests.gzip(content).count,
            brotli: ZoneBrotliObject(
                key: "zones/c/x.geojson.br", encodedSha256: try ZoneStoreTests.sha256(brotli),
                encodedBytes: brotli.count))
    }

    @Test func checksThenDecodesABrotliObject() throws {
        let artifact = try Self.artifact()
        let object = artifact.object()
        #expect(object.encoding == .br)
        #expect(try artifact.unpack(Self.brotli, from: object) == Self.content)

        var otherSha = object
        otherSha.encodedSha256 = String(repeating: "0", count: 64)
        #expect(
            throws: ZoneClientError.corrupt(
                key: object.key, reason: "sha256 of the stored bytes differs from the manifest")
        ) { try artifact.unpack(Self.brotli, from: otherSha) }
        // Without a listed SHA-256, a damaged stream is still refused by the decoder or the content hash.
        for damaged in [
            Array(Self.brotli.dropLast()), Self.brotli + [0], Array(Self.brotli[..<20]) + [0xff] + Self.brotli[21...],
        ] {
            var unchecked = object
            unchecked.encodedSha256 = nil
            unchecked.encodedBytes = damaged.count
            #expect(throws: ZoneClientError.self) { try artifact.unpack(damaged, from: unchecked) }
        }
    }

    @Test func aStorePrefersTheBrotliObject() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("zoneclient-br-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("zones/c"), withIntermediateDirectories: true)
        let artifact = try Self.artifact()
        try Data(Self.brotli).write(to: root.appendingPathComponent("zones/c/x.geojson.br"))
        let store = DirectoryStore(root: root.path)
        #expect(try store.content(of: artifact) == Self.content, "read from the .br object; there is no .gz")
        #expect(throws: ZoneClientError.missing(key: artifact.key)) {
            try store.content(of: artifact, preferring: [.gzip])
        }
        try Data(try ZoneStoreTests.gzip(Self.content)).write(to: root.appendingPathComponent(artifact.key))
        #expect(try store.content(of: artifact, preferring: [.gzip]) == Self.content)
    }
}
