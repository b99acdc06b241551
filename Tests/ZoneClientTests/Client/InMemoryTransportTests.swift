import Foundation
import Testing
import ZoneClient

/// A transport double that keeps a store in memory and hands some bodies over decoded, as
/// URLSession does: the client takes either form by its content, and refuses anything else.
struct InMemoryTransport: ZoneTransport {
    var objects: [String: [UInt8]]
    /// Keys whose body arrives as the decoded content (the transport undid the encoding).
    var decoded: [String: [UInt8]] = [:]

    func get(_ request: ZoneRequest) async throws(ZoneClientError) -> ZoneResponse {
        if let body = decoded[request.key] { return ZoneResponse(status: 200, body: body) }
        guard let body = objects[request.key] else { return ZoneResponse(status: 404) }
        return ZoneResponse(status: 200, body: body, etag: request.key == "manifest.json" ? "\"m\"" : nil)
    }

    /// Every file of `store` (a directory) by key.
    static func load(_ store: URL) throws -> InMemoryTransport {
        var objects: [String: [UInt8]] = [:]
        let root = store.standardizedFileURL.path
        for case let path as String in FileManager.default.enumerator(atPath: root)! {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory),
                !isDirectory.boolValue
            else { continue }
            objects[path] = [UInt8](try Data(contentsOf: URL(fileURLWithPath: root + "/" + path)))
        }
        return InMemoryTransport(objects: objects)
    }
}

@Suite struct InMemoryTransportTests {
    @Test func bodiesDecodedByTheTransportAreAcceptedByTheirContent() async throws {
        let fx = try ClientFixtures()
        defer { fx.remove() }
        var transport = try InMemoryTransport.load(fx.v1)
        let manifest = try fx.manifest(fx.v1)
        let store = DirectoryStore(root: fx.v1.path)
        // Half of the brotli objects arrive decoded.
        for artifact in manifest.objects.enumerated().filter({ $0.offset % 2 == 0 }).map(\.element) {
            transport.decoded[try #require(artifact.brotli).key] = try store.content(of: artifact)
        }
        let client = ZoneClient(store: fx.v1, cache: fx.cache, transport: transport)
        let report = try await client.sync()
        #expect(report.fetched.count == manifest.objects.count)
        #expect(try fx.cachedVersion() == manifest.version)
    }

    @Test func aBodyThatIsNeitherTheObjectNorItsContentIsCorrupt() async throws {
        let fx = try ClientFixtures()
        defer { fx.remove() }
        var transport = try InMemoryTransport.load(fx.v1)
        let manifest = try fx.manifest(fx.v1)
        let city = try #require(manifest.cities.last)
        let key = try #require(city.artifact.brotli).key
        // The content with one byte changed: the right size, the wrong SHA-256.
        var content = try DirectoryStore(root: fx.v1.path).content(of: city.artifact)
        content[content.count / 2] ^= 1
        transport.decoded[key] = content
        let client = ZoneClient(store: fx.v1, cache: fx.cache, transport: transport)
        await #expect {
            try await client.sync()
        } throws: { error in
            guard case .corrupt(let corruptKey, _) = error as? ZoneClientError else { return false }
            return corruptKey == key
        }
        #expect(try fx.cachedVersion() == nil)
        #expect(try fx.visibleCacheFiles().isEmpty)
    }
}
