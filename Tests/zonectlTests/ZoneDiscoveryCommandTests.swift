import Foundation
import TestSupport
import Testing

/// How `validate` and `build` find the zone and point files in folders, end to end: folders
/// that cannot be listed, symbolic links, files reached twice, hidden names, pipes.
@Suite struct ZoneDiscoveryCommandTests {
    let fm = FileManager.default

    static func zone(_ city: String) -> String {
        #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"city":"\#(city)","style":"parking"},"#
            + #""geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,1],[0,0]]]}}]}"#
    }

    static func points(_ city: String) -> String {
        #"{"type":"FeatureCollection","features":["#
            + (0..<3).map {
                #"{"type":"Feature","properties":{"id":"p\#($0)","city":"\#(city)"},"#
                    + #""geometry":{"type":"Point","coordinates":[2.3\#($0),48.8]}}"#
            }.joined(separator: ",") + "]}"
    }

    /// A fresh folder (readable by all) holding `files`: relative path → text.
    func folder(_ files: [String: String]) throws -> URL {
        let dir = try temporaryDirectory()
        for (name, text) in files {
            let url = dir.appendingPathComponent(name)
            try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: false, encoding: .utf8)
        }
        return dir
    }

    func report(_ dir: URL) throws -> [String: Any] {
        let data = try Data(contentsOf: dir.appendingPathComponent("dist/report.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// `report.json`'s input polygons per city.
    func polygons(_ dir: URL) throws -> [String: Int] {
        let cities = try #require(try report(dir)["cities"] as? [[String: Any]])
        return Dictionary(
            uniqueKeysWithValues: cities.map { ($0["id"] as? String ?? "", $0["inputPolygons"] as? Int ?? -1) })
    }

    // MARK: Folders that cannot be listed

    /// zonectl as a user that permissions stop: root reads any folder, so as root the binary
    /// runs as nobody (setpriv(1)); `dir` is made writable for it.
    func zonectlUnprivileged(_ arguments: [String], in dir: URL) throws -> ProcessResult {
        guard getuid() == 0 else { return try run(TestPaths.zonectl.path, arguments, in: dir) }
        #expect(chmod(dir.path, 0o777) == 0)
        return try run(
            "/usr/bin/setpriv",
            ["--reuid=65534", "--regid=65534", "--clear-groups", TestPaths.zonectl.path] + arguments,
            in: dir)
    }

    @Test func aSubfolderThatCannotBeListedStopsTheBuild() throws {
        let dir = try folder(["zones/paris.geojson": Self.zone("paris"), "zones/rome/rome.geojson": Self.zone("rome")])
        defer { try? fm.removeItem(at: dir) }
        #expect(chmod(dir.appendingPathComponent("zones/rome").path, 0) == 0)
        let r = try zonectlUnprivileged(["build", "--no-cache"], in: dir)
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr == "zones/rome: error: cannot list directory: permission denied\n")
        #expect(!fm.fileExists(atPath: dir.appendingPathComponent("dist/manifest.json").path))
        let v = try zonectlUnprivileged(["validate"], in: dir)
        #expect(v.status == 2)
        #expect(v.stderr == "zones/rome: error: cannot list directory: permission denied\n")
    }

    @Test func aZonesFolderThatCannotBeListedSaysPermissionDenied() throws {
        let dir = try folder(["zones/paris.geojson": Self.zone("paris")])
        defer { try? fm.removeItem(at: dir) }
        #expect(chmod(dir.appendingPathComponent("zones").path, 0) == 0)
        let r = try zonectlUnprivileged(["validate", "zones"], in: dir)
        #expect(r.status == 2)
        #expect(r.stderr == "zones: error: cannot list directory: permission denied\n")
    }

    // MARK: Symbolic links

    @Test func aLinkedZonesFolderBuilds() throws {
        let dir = try folder(["data/paris.geojson": Self.zone("paris"), "more/rome.geojson": Self.zone("rome")])
        defer { try? fm.removeItem(at: dir) }
        try fm.createSymbolicLink(atPath: dir.appendingPathComponent("zones").path, withDestinationPath: "data")
        try fm.createSymbolicLink(atPath: dir.appendingPathComponent("data/more").path, withDestinationPath: "../more")
        let r = try zonectl("build", "--no-cache", "--zones", "zones", in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try polygons(dir) == ["paris": 1, "rome": 1])
    }

    @Test func zonesNamedTwiceAreReadOnce() throws {
        let dir = try folder(["zones/paris.geojson": Self.zone("paris")])
        defer { try? fm.removeItem(at: dir) }
        try fm.createSymbolicLink(atPath: dir.appendingPathComponent("alias").path, withDestinationPath: "zones")
        let v = try zonectl("validate", "zones", "./zones", "alias", in: dir)
        #expect(v.status == 0, "\(v.stderr)")
        #expect(v.stdout == "1 file, 1 feature: 0 errors, 0 warnings\n")
        let r = try zonectl("build", "--no-cache", "--zones", "zones", "--zones", "./zones", in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try polygons(dir) == ["paris": 1])
    }

    @Test func pointsNamedTwiceAreCountedOnce() throws {
        let dir = try folder([
            "zones/paris.geojson": Self.zone("paris"), "points/paris.geojson": Self.points("paris"),
            "pipeline.yml": "points:\n  cars:\n    source: [points, ./points]\n",
        ])
        defer { try? fm.removeItem(at: dir) }
        let r = try zonectl("build", "--no-cache", in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let rows = try #require(try report(dir)["points"] as? [[String: Any]])
        #expect(rows.map { $0["points"] as? Int } == [3])
        let v = try zonectl("validate", in: dir)
        #expect(v.stdout == "2 files, 4 features: 0 errors, 0 warnings\n")
    }

    // MARK: Hidden and *.json files

    @Test func hiddenFilesAreSkippedAndListedWithVerbose() throws {
        let dir = try folder([
            "zones/paris.geojson": Self.zone("paris"), "zones/.old.geojson": Self.zone("old"),
            "zones/._paris.geojson": "\u{0}\u{5}\u{16}\u{7}Mac OS X", "zones/notes.json": "{}",
        ])
        defer { try? fm.removeItem(at: dir) }
        try fm.createSymbolicLink(
            atPath: dir.appendingPathComponent("zones/.#paris.geojson").path, withDestinationPath: "me@host.4242:1")
        let r = try zonectl("build", "--no-cache", in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try polygons(dir) == ["paris": 1])
        #expect(
            r.stderr
                == "zonectl: warning: 1 *.json file not read (zone and point files end in .geojson): zones/notes.json\n"
        )
        let v = try zonectl("validate", "--verbose", in: dir)
        #expect(v.status == 0, "\(v.stderr)")
        #expect(
            v.stderr.split(separator: "\n") == [
                "zones/.#paris.geojson: note: hidden; not read", "zones/._paris.geojson: note: hidden; not read",
                "zones/.old.geojson: note: hidden; not read",
                "zonectl: warning: 1 *.json file not read (zone and point files end in .geojson): zones/notes.json",
            ])
        let named = try zonectl("validate", "zones/.old.geojson", in: dir)
        #expect(named.stdout == "1 file, 1 feature: 0 errors, 0 warnings\n")
    }

    @Test func manyJSONFilesAreNamedInOneLine() throws {
        var files = ["zones/paris.geojson": Self.zone("paris")]
        for i in 1...5 { files["zones/extra\(i).json"] = "{}" }
        let dir = try folder(files)
        defer { try? fm.removeItem(at: dir) }
        let v = try zonectl("validate", in: dir)
        #expect(v.status == 0)
        #expect(
            v.stderr
                == "zonectl: warning: 5 *.json files not read (zone and point files end in .geojson): "
                + "zones/extra1.json, zones/extra2.json, zones/extra3.json and 2 more\n")
    }

    // MARK: Pipes

    @Test func aPipeIsRefusedPlainly() throws {
        let dir = try folder(["paris.geojson": Self.zone("paris")])
        defer { try? fm.removeItem(at: dir) }
        let r = try run("/bin/bash", ["-c", #""$0" validate <(cat paris.geojson)"#, TestPaths.zonectl.path], in: dir)
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("/dev/fd/"), "\(r.stderr)")
        #expect(r.stderr.contains(": error: a pipe, not a regular file:"), "\(r.stderr)")
        #expect(r.stderr.contains("save it to a file first"))
    }
}
