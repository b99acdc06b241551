import Foundation
import TestSupport
import Testing
import ZoneClient

/// `zonectl sync` to version 2 over loopback HTTP — from an empty cache and from version 1, in
/// turn — killed with SIGKILL at random moments: after each kill the cache holds exactly what it
/// held before (nothing, or version 1) or version 2, complete; a rerun brings it to version 2
/// with nothing else left.
@Suite(.serialized, .tags(.python)) struct SyncKillTests {
    static let rounds = 60

    @Test func aSyncKilledAtAnyMomentLeavesTheOldOrTheNewVersionComplete() throws {
        let ws = try SyncWorkspace()
        defer { ws.remove() }
        let server = try StoreServer(serving: ws.v2, in: ws.dir)
        defer { server.stop() }
        let url = "http://127.0.0.1:\(server.port)"
        let template = ws.dir.appendingPathComponent("cache-v1")
        try #require(try syncJSON(ws.v1.path, template, in: ws.dir).status == 0)
        let cache = ws.dir.appendingPathComponent("cache")
        let keys2 = try SyncWorkspace.keys(ws.manifest2)

        // Kills are spread from before the first request (half a sync with nothing to do:
        // under load the process start is most of a sync, and a window starting later let
        // every kill of a loaded run land after the switch) to just after a whole sync from
        // an empty cache.
        var start = Date()
        try #require(try syncJSON(url, cache, in: ws.dir).status == 0)
        let whole = Date().timeIntervalSince(start)
        start = Date()
        try #require(try syncJSON(url, cache, in: ws.dir).report?.status == "current")
        let idle = Date().timeIntervalSince(start)

        var outcomes: [Int: Int] = [:]  // the version after the kill (0: still empty) → rounds
        var midway = 0
        for round in 0..<Self.rounds {
            try FileManager.default.removeItem(at: cache)
            let fromEmpty = round % 2 == 0
            if !fromEmpty { try FileManager.default.copyItem(at: template, to: cache) }
            let child = try startProcess(
                TestPaths.zonectl.path, ["sync", "--from", url, "--cache", cache.path], in: ws.dir)
            usleep(UInt32(Double.random(in: (idle * 0.5)...(max(whole, idle) * 1.1)) * 1_000_000))
            child.kill(SIGKILL)
            _ = try child.wait()
            let version = try ws.cachedVersion(cache)
            #expect(version == 2 || version == (fromEmpty ? 0 : 1), "round \(round): version \(version)")
            outcomes[version, default: 0] += 1
            // In the middle: objects written but not switched to, or old ones not yet removed.
            let named = version == 0 ? [] : try SyncWorkspace.keys(version == 1 ? ws.manifest1 : ws.manifest2)
            if try visibleFiles(cache) != (version == 0 ? [] : named.union(["manifest.json"])) { midway += 1 }

            let rerun = try syncJSON(url, cache, in: ws.dir)
            try #require(rerun.status == 0, "\(rerun.stderr)")
            #expect(try ws.cachedVersion(cache) == 2)
            #expect(try visibleFiles(cache) == keys2.union(["manifest.json"]), "round \(round)")
        }
        print(
            "sync kill loop: \(Self.rounds) rounds, after the kill \(outcomes[0] ?? 0) empty, "
                + "\(outcomes[1] ?? 0) at version 1, \(outcomes[2] ?? 0) at version 2; \(midway) killed "
                + "between the first object written and the last file removed")
        #expect(outcomes.values.reduce(0, +) == Self.rounds)
        #expect((outcomes[0] ?? 0) + (outcomes[1] ?? 0) > 0, "no kill landed before the switch: \(outcomes)")
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
