import Foundation
import Testing
import ZoneClient

/// Reading a store directory: the manifest, and artifacts checked against it.
@Suite struct ZoneStoreTests {
    let root: URL
    let artifact: ZoneArtifact
    let manifestJSON: String

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("zoneclient-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("zones/berlin"), withIntermediateDirectories: true)
        let raw = ArtifactFixtures.neighbours
        let gzip = try Self.gzip(raw)
        let key = "zones/berlin/abc.geojson.gz"
        try Data(gzip).write(to: root.appendingPathComponent(key))
        artifact = ZoneArtifact(key: key, sha256: try Self.sha256(raw), bytes: raw.count, encodedBytes: gzip.count)
        manifestJSON = """
            {"schema": 1, "version": "20261123T220000Z", "previous": null, "generatedAt": "2026-11-23T22:00:00Z",
             "source": {"revision": null, "configHash": "x"}, "futureMember": [1, 2],
             "styles": {"key": "styles/s.json.gz", "sha256": "s", "bytes": 2, "encodedBytes": 22},
             "cities": [{"id": "berlin", "key": "\(key)", "sha256": "\(artifact.sha256)", "bytes": \(raw.count),
                         "encodedBytes": \(gzip.count), "contentType": "application/geo+json", "contentEncoding": "gzip",
                         "bbox": [0, 0, 4, 2], "features": 2, "vertices": 15, "styles": ["noparking", "parking"]}]}
            """
        try Data(manifestJSON.utf8).write(to: root.appendingPathComponent("manifest.json"))
    }

    @Test func readsTheManifestAndAnArtifact() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let store = DirectoryStore(root: "file://" + root.path)
        let manifest = try store.manifest()
        #expect(manifest.version == "20261123T220000Z")
        #expect(manifest.cities.map(\.id) == ["berlin"])
        let city = try #require(manifest.city("berlin"))
        #expect(city.artifact == artifact)
        #expect(city.boxContains(lon: 4, lat: 2) && !city.boxContains(lon: 4.1, lat: 1))
        let index = try ZoneIndex(artifact: try store.content(of: city.artifact))
        #expect(index.style(longitude: 3, latitude: 1) == "noparking")

        let lookup = try ZoneLookup(store: store)
        #expect(try lookup.lookup(longitude: 1.5, latitude: 1.5) == .init(city: "berlin", style: "parking"))
        #expect(try lookup.lookup(longitude: 0.75, latitude: 0.75) == .init(city: "berlin", style: nil))
        #expect(try lookup.lookup(longitude: 9, latitude: 9) == .init(city: nil, style: nil))
        #expect(throws: ZoneClientError.unknownCity("paris")) {
            try lookup.lookup(longitude: 1, latitude: 1, city: "paris")
        }
    }

    @Test func thePublishedPriorityIsTheDefaultThenTheFallback() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let path = root.appendingPathComponent("manifest.json")
        var json = try String(contentsOf: path, encoding: .utf8)
        #expect(try ZoneLookup(store: DirectoryStore(root: root.path)).priority == [])
        let fallback = try ZoneLookup(store: DirectoryStore(root: root.path), fallbackPriority: ["noparking"])
        #expect(fallback.priority == ["noparking"], "the manifest has none: the fallback")
        json = String(json.dropLast(json.hasSuffix("\n") ? 2 : 1)) + #", "priority": ["parking", "noparking"]}"#
        try json.write(to: path, atomically: false, encoding: .utf8)
        let store = DirectoryStore(root: root.path)
        #expect(try store.manifest().priority == ["parking", "noparking"])
        #expect(try ZoneLookup(store: store).priority == ["parking", "noparking"])
        #expect(try ZoneLookup(store: store, priority: ["noparking"]).priority == ["noparking"])
        #expect(try ZoneLookup(store: store, fallbackPriority: ["noparking"]).priority == ["parking", "noparking"])
    }

    @Test func refusesAnArtifactThatIsNotWhatTheManifestSays() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let store = DirectoryStore(root: root.path)
        var wrongHash = artifact
        wrongHash.sha256 = String(repeating: "0", count: 64)
        #expect(throws: ZoneClientError.corrupt(key: artifact.key, reason: "sha256 differs from the manifest")) {
            try store.content(of: wrongHash)
        }
        var wrongSize = artifact
        wrongSize.encodedBytes += 1
        #expect(throws: ZoneClientError.self) { try store.content(of: wrongSize) }
        let stored = try [UInt8](Data(contentsOf: root.appendingPathComponent(artifact.key)))
        #expect(throws: ZoneClientError.self) {
            var truncated = artifact
            truncated.encodedBytes -= 9
            return try truncated.unpack(Array(stored.dropLast(9)))
        }
        var missing = artifact
        missing.key = "zones/none.geojson.gz"
        #expect(throws: ZoneClientError.missing(key: "zones/none.geojson.gz")) { try store.content(of: missing) }
        #expect(throws: ZoneClientError.missing(key: "manifest.json")) {
            try DirectoryStore(root: root.appendingPathComponent("zones").path).manifest()
        }
        try Data("{}".utf8).write(to: root.appendingPathComponent("manifest.json"))
        #expect(throws: ZoneClientError.self) { try store.manifest() }
    }

    // Programs at paths Debian and macOS share (the Apple workflow runs these tests too).
    static func gzip(_ bytes: [UInt8]) throws -> [UInt8] { try pipe("/usr/bin/gzip", ["-9", "-n", "-c"], bytes) }

    static func sha256(_ bytes: [UInt8]) throws -> String {
        String(String(decoding: try pipe("/usr/bin/shasum", ["-a", "256"], bytes), as: UTF8.self).prefix(64))
    }

    /// `bytes` through a program's stdin; its stdout.
    static func pipe(_ program: String, _ arguments: [String], _ bytes: [UInt8]) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(bytes))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return [UInt8](data)
    }
}
