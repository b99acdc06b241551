import Foundation
import TestSupport
import Testing
import ZoneClient

/// `zonectl clusters`: one FeatureCollection on standard output, the objects fetched on
/// standard error, --save and --since, offline answers from a cache, and usage errors.
@Suite(.serialized) struct ClustersCommandTests {
    @Test func printsTheViewportAndTheDifferenceSinceASavedAnswer() throws {
        let ws = try ClusterStore()
        defer { ws.remove() }
        let rome = ClusterViewportTests.box(try ws.published(city: "rome")[16]!)
        let left = "\(rome.west),\(rome.south),\((rome.west + rome.east) / 2),\(rome.north)"
        let saved = ws.dir.appendingPathComponent("answer.json").path
        let first = try zonectl(
            "clusters", "--from", "store", "--layer", "cars", "--bbox", left, "--zoom", "15", "--save", saved,
            in: ws.dir)
        try #require(first.status == 0, "\(first.stderr)")
        let collection = try json(Data(first.stdout.utf8))
        #expect(collection["type"] as? String == "FeatureCollection")
        let features = try #require(collection["features"] as? [[String: Any]])
        #expect(!features.isEmpty)
        // Each object fetched is named on standard error, and is a metatile of zoom 15.
        let fetched = first.stderr.split(separator: "\n").filter { $0.hasPrefix("fetched ") }
        #expect(!fetched.isEmpty && fetched.allSatisfy { $0.contains("/15/") })
        #expect(try Data(contentsOf: URL(fileURLWithPath: saved)) == Data(first.stdout.utf8))

        // The whole city: the difference from the saved left half removes nothing.
        let whole = "\(rome.west),\(rome.south),\(rome.east),\(rome.north)"
        let second = try zonectl(
            "clusters", "--from", "store", "--layer", "cars", "--bbox", whole, "--zoom", "15", "--since", saved,
            in: ws.dir)
        try #require(second.status == 0, "\(second.stderr)")
        let out = try json(Data(second.stdout.utf8))
        let difference = try #require(out["difference"] as? [String: Any])
        #expect((difference["removed"] as? [Any])?.isEmpty == true)
        let inserted = try #require(difference["inserted"] as? [Any])
        #expect(inserted.count == (out["features"] as! [Any]).count - features.count)

        // A MapKit zoom (256-px tiles) one higher gives the same features, expansion zooms one higher.
        let mapKit = try zonectl(
            "clusters", "--from", "store", "--layer", "cars", "--bbox", left, "--zoom", "16", "--tile-size", "256",
            in: ws.dir)
        try #require(mapKit.status == 0, "\(mapKit.stderr)")
        let mk = try #require(try json(Data(mapKit.stdout.utf8))["features"] as? [[String: Any]])
        #expect(mk.count == features.count)
        for (a, b) in zip(features, mk) {
            let (pa, pb) = (a["properties"] as! [String: Any], b["properties"] as! [String: Any])
            if let e = pa["expansion_zoom"] as? Int { #expect(pb["expansion_zoom"] as? Int == e + 1) }
        }

        // --save does not replace a file zonectl did not write.
        try "mine".write(toFile: saved, atomically: true, encoding: .utf8)
        let refused = try zonectl(
            "clusters", "--from", "store", "--layer", "cars", "--bbox", left, "--zoom", "15", "--save", saved,
            in: ws.dir)
        #expect(refused.status == 2 && refused.stderr.contains("refusing"))
        #expect(try String(contentsOfFile: saved, encoding: .utf8) == "mine")
    }

    @Test func aCacheAnswersOfflineAndSaysWhatItLacks() throws {
        let ws = try ClusterStore()
        defer { ws.remove() }
        let sync = try zonectl("sync", "--from", "store", "--cache", "cache", in: ws.dir)
        try #require(sync.status == 0, "\(sync.stderr)")
        let rome = ClusterViewportTests.box(try ws.published(city: "rome")[16]!)
        let box = "\(rome.west),\(rome.south),\(rome.east),\(rome.north)"
        let low = try zonectl(
            "clusters", "--from", "cache", "--layer", "cars", "--bbox", box, "--zoom", "11", in: ws.dir)
        #expect(low.status == 0, "\(low.stderr)")
        let high = try zonectl(
            "clusters", "--from", "cache", "--layer", "cars", "--bbox", box, "--zoom", "15", in: ws.dir)
        #expect(high.status == 1)
        #expect(high.stderr.contains("unavailable") && high.stderr.contains("incomplete answer from version"))
        // With every point file synced, the same answer is complete.
        let all = try zonectl("sync", "--from", "store", "--cache", "cache", "--points", "all", in: ws.dir)
        try #require(all.status == 0, "\(all.stderr)")
        let full = try zonectl(
            "clusters", "--from", "cache", "--layer", "cars", "--bbox", box, "--zoom", "15", in: ws.dir)
        #expect(full.status == 0, "\(full.stderr)")
    }

    @Test func usageErrors() throws {
        let ws = try ClusterStore()
        defer { ws.remove() }
        for args in [
            ["--bbox", "1,2,3"], ["--bbox", "0,95,1,96"], ["--bbox", "a,b,c,d"], ["--zoom", "-1"],
            ["--tile-size", "300"],
        ] {
            var arguments = ["clusters", "--from", "store", "--layer", "cars", "--bbox", "12,41,13,42", "--zoom", "10"]
            if let i = arguments.firstIndex(of: args[0]) { arguments[i + 1] = args[1] } else { arguments += args }
            let r = try run(TestPaths.zonectl.path, arguments, in: ws.dir)
            #expect(r.status == 64, "\(args): \(r.stderr)")
        }
        let unknown = try zonectl(
            "clusters", "--from", "store", "--layer", "bikes", "--bbox", "12,41,13,42", "--zoom", "10", in: ws.dir)
        #expect(unknown.status == 2 && unknown.stderr.contains("no point layer bikes"))
    }
}
