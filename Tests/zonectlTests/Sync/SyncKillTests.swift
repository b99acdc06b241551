import Foundation
import TestSupport
import Testing
import ZoneClient

/// `zonectl sync` from version 1 to version 2 over loopback HTTP, killed with SIGKILL at random
/// moments: after each kill the cache holds exactly version 1 or version 2, complete, and a
/// rerun brings it to version 2.
@Suite(.serialized) struct SyncKillTests {
    static let rounds = 40

    @Test func aSyncKilledAtAnyMomentLeavesTheOldOrTheNewVersionComplete() throws {
        let ws = try SyncWorkspace()
        defer { ws.remove() }
        let server = try StoreServer(serving: ws.v2, in: ws.dir)
        defer { server.stop() }
        let url = "http://127.0.0.1:\(server.port)"
        let template = ws.dir.appendingPathComponent("cache-v1")
        try #require(try syncJSON(ws.v1.path, template, in: ws.dir).status == 0)
        let cache = ws.dir.appendingPathComponent("cache")

        // How long one whole sync takes here; kills are spread over 0 … 1.2 × that.
        try FileManager.default.copyItem(at: template, to: cache)
        let start = Date()
        try #require(try syncJSON(url, cache, in: ws.dir).status == 0)
        let duration = Date().timeIntervalSince(start)

        var outcomes = [0, 0, 0]  // index: version after the kill (0 unused)
        var midway = 0
        for _ in 0..<Self.rounds {
            try FileManager.default.removeItem(at: cache)
            try FileManager.default.copyItem(at: template, to: cache)
            let child = try startProcess(
                TestPaths.zonectl.path, ["sync", "--from", url, "--cache", cache.path], in: ws.dir)
            usleep(UInt32(Double.random(in: 0...(duration * 1.2)) * 1_000_000))
            child.kill(SIGKILL)
            _ = try child.wait()
            let version = try ws.cachedVersion(cache)
            outcomes[version] += 1
            // A kill in the middle: new objects written but not switched to, or old ones not yet removed.
            let manifest = version == 1 ? ws.manifest1 : ws.manifest2
            if try visibleFiles(cache) != (try SyncWorkspace.keys(manifest)).union(["manifest.json"]) { midway += 1 }
            let rerun = try syncJSON(url, cache, in: ws.dir)
            try #require(rerun.status == 0, "\(rerun.stderr)")
            #expect(try ws.cachedVersion(cache) == 2)
            // Nothing else is left: no partial file, no object of version 1 only.
            #expect(try visibleFiles(cache) == (try SyncWorkspace.keys(ws.manifest2)).union(["manifest.json"]))
            #expect(rerun.report?.to == (try ZoneManifest.decode(ws.manifest2)).version)
        }
        print(
            "sync kill loop: \(Self.rounds) rounds, \(outcomes[1]) at version 1, \(outcomes[2]) at version 2, "
                + "\(midway) killed between the first object written and the last file removed")
        #expect(outcomes[1] + outcomes[2] == Self.rounds)
        #expect(outcomes[1] > 0, "no kill landed before the switch: \(outcomes)")
        #expect(try zonectl("verify", "--target", cache.path, in: ws.dir).status == 0)
    }
}

/// The files below `cache` as keys, without the hidden entries at its root (marker, state, lock).
func visibleFiles(_ cache: URL) throws -> Set<String> {
    var keys: Set<String> = []
    let walker = FileManager.default.enumerator(atPath: cache.path)
    while let key = walker?.nextObject() as? String {
        if !key.contains("/"), key.hasPrefix(".") {
            walker?.skipDescendants()
            continue
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: cache.appendingPathComponent(key).path, isDirectory: &isDirectory),
            !isDirectory.boolValue
        {
            keys.insert(key)
        }
    }
    return keys
}
