import ClientTestSupport
import Foundation
import Testing
import ZoneClient

/// `ZoneRequest.range` as an HTTP `Range`: URLSession and a directory both answer 206 with
/// exactly those bytes of the object.
@Suite struct RangeRequestTests {
    @Test func aRangeGetsThoseBytesOverURLSessionAndFromADirectory() async throws {
        let fx = try ClientFixtures()
        defer { fx.remove() }
        let (server, _) = try fx.client(of: fx.v1)
        defer { server.stop() }
        let whole = [UInt8](try Data(contentsOf: fx.v1.appendingPathComponent("manifest.json")))
        let request = ZoneRequest(key: "manifest.json", range: 100..<164)
        for transport in [URLSessionTransport(base: server.url), DirectoryStore(root: fx.v1.path)]
            as [any ZoneTransport]
        {
            let response = try await transport.get(request)
            #expect(response.status == 206)
            #expect(response.body == Array(whole[100..<164]))
        }
        let all = try await URLSessionTransport(base: server.url).get(ZoneRequest(key: "manifest.json"))
        #expect(all.status == 200 && all.body == whole && all.etag != nil)
    }
}
