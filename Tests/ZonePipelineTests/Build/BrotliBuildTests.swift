import Foundation
import Testing
import ZoneFormats

@testable import ZonePipeline

/// `encodings: [gzip, br]`: a brotli artifact beside each gzip one, in the manifest, the city
/// cache, publish, verify and retention.
@Suite struct BrotliBuildTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("brotli-\(UUID().uuidString)")
    var dist: String { root.appendingPathComponent("dist").path }
    var store: LocalStore { LocalStore(root: root.appendingPathComponent("store").path) }
    var cache: BuildCache { BuildCache(directory: root.appendingPathComponent("cache").path, codeIdentity: "test") }

    func writeZones(shift: Double = 0) throws {
        func square(_ city: String, _ x: Double) -> String {
            ##"{"type":"Feature","properties":{"city":"\##(city)","style":"parking","fill":"#00ff00"},"geometry":{"type":"Polygon","coordinates":[[[\##(x),0],[\##(x + 1),0],[\##(x + 1),1],[\##(x),1],[\##(x),0]]]}}"##
        }
        let zones = root.appendingPathComponent("zones")
        try FileManager.default.createDirectory(at: zones, withIntermediateDirectories: true)
        let text =
            #"{"type":"FeatureCollection","features":["# + square("oslo", 10) + "," + square("rome", 20 + shift) + "]}"
        try text.write(to: zones.appendingPathComponent("z.geojson"), atomically: true, encoding: .utf8)
    }

    func build(_ encodings: [ArtifactEncoding], previous: String? = nil, now: Date = Date()) throws -> BuildOutput {
        var config = PipelineConfig.default
        config.zones = [root.appendingPathComponent("zones").path]
        config.encodings = encodings
        let outcome = try BuildPipeline(config: config, jobs: 2).run(
            configBytes: [], revision: nil, previousVersion: previous, cache: cache, now: now)
        let output = try #require(outcome.output)
        try OwnedDirectory.check(dist, for: .buildOutput).replaceContents(
            with: output.files.map { .init(path: $0.path, bytes: $0.bytes) })
        return output
    }

    func publish(keep: Int = 10) throws {
        _ = try Publisher(store: store, keepVersions: keep, manifestMaxAge: 60).publish(
            try PublishPlan.make(dist: dist, store: store))
    }

    @Test func bothEncodingsAreWrittenListedCachedPublishedAndVerified() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try writeZones()
        let output = try build([.gzip, .br])
        let files = Dictionary(output.files.map { ($0.path, $0.bytes) }, uniquingKeysWith: { a, _ in a })
        #expect(output.manifest.cities.count == 2)
        for city in output.manifest.cities {
            let br = try #require(city.brotli, "\(city.id)")
            #expect(br.key == city.key.replacingOccurrences(of: ".geojson.gz", with: ".geojson.br"))
            let brBytes = try #require(files[br.key])
            #expect(brBytes.count == br.encodedBytes && sha256Hex(brBytes) == br.encodedSha256)
            let content = try Gzip.decompress(try #require(files[city.key]))
            #expect(try Brotli.decompress(brBytes) == content)
            #expect(sha256Hex(content) == city.sha256)
        }
        #expect(output.manifest.styles.brotli != nil)
        #expect(output.report.total.bytesBrotli == output.manifest.cities.reduce(0) { $0 + $1.brotli!.encodedBytes })

        // A rebuild from the cache writes the same bytes.
        let again = try build([.gzip, .br], now: Date().addingTimeInterval(5))
        #expect(again.report.cachedCities == 2)
        #expect(again.manifest.cities == output.manifest.cities)
        for file in again.files where file.path.hasPrefix("zones/") { #expect(files[file.path] == file.bytes) }

        try publish()
        var verified = try Verifier(store: store).verify()
        #expect(verified.problems == [])
        #expect(verified.checked == 6, "styles and 2 cities, each gzip and br")
        let brKey = try #require(output.manifest.cities.first?.brotli?.key)
        #expect(try store.get(brKey)?.metadata?.contentEncoding == "br")

        // A corrupted .br object fails verify, naming it.
        let path = root.appendingPathComponent("store/" + brKey)
        var bytes = [UInt8](try Data(contentsOf: path))
        bytes[bytes.count / 2] ^= 0xFF
        try Data(bytes).write(to: path)
        verified = try Verifier(store: store).verify()
        #expect(verified.problems.contains { $0.hasPrefix(brKey + ":") })
    }

    @Test func retentionDeletesBrotliObjectsWithTheirManifest() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try writeZones()
        let first = try build([.gzip, .br])
        try publish(keep: 1)
        try writeZones(shift: 1)
        let second = try build([.gzip, .br], previous: first.manifest.version, now: Date().addingTimeInterval(5))
        try publish(keep: 1)
        let old = try #require(first.manifest.cities.first { $0.id == "rome" }?.brotli?.key)
        let new = try #require(second.manifest.cities.first { $0.id == "rome" }?.brotli?.key)
        #expect(old != new)
        #expect(try store.get(old) == nil)
        #expect(try store.get(new) != nil)
        #expect(try Verifier(store: store).verify().problems == [])
    }

    @Test func gzipOnlyManifestHasNoBrotliFieldsAndItsCacheEntryIsABrotliMiss() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try writeZones()
        let output = try build([.gzip])
        let json = String(decoding: try output.manifest.jsonBytes(), as: UTF8.self)
        #expect(!json.contains("brotli") && !json.contains(".br\""))
        #expect(!output.files.contains { $0.path.hasSuffix(".br") })
        let keys = try FileManager.default.contentsOfDirectory(atPath: cache.citiesDirectory)
        #expect(keys.count == 2)
        for key in keys {
            #expect(cache.load(key, brotli: false) != nil)
            #expect(cache.load(key, brotli: true) == nil, "an entry without br bytes is a miss when br is on")
        }
    }
}
