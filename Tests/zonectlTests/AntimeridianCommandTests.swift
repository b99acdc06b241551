import Foundation
import Testing

/// Shapes round the whole globe, end to end: `zonectl validate` and `zonectl build` agree on
/// each (built, or refused with the same error at the same file:line:col), and no zone is lost
/// with only a warning.
@Suite struct AntimeridianCommandTests {
    /// A Feature whose Polygon has one ring, one position per line: position k of the ring
    /// (0-based) is on line k + 2, column 1.
    func feature(city: String, ring: [[Double]]) -> String {
        #"{"type":"Feature","properties":{"city":"\#(city)","style":"p"},"geometry":{"type":"Polygon","coordinates":[["#
            + "\n" + ring.map { "[\(format($0[0])),\(format($0[1]))]" }.joined(separator: ",\n") + "\n]]}}\n"
    }

    func format(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }

    /// A directory with zones/NAME.geojson holding `text`.
    func zones(_ name: String, _ text: String) throws -> URL {
        let dir = try temporaryDirectory()
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("zones"), withIntermediateDirectories: true)
        try text.write(to: dir.appendingPathComponent("zones/\(name).geojson"), atomically: true, encoding: .utf8)
        return dir
    }

    /// The error lines of a run's stderr.
    func errors(_ stderr: String) -> [Substring] { stderr.split(separator: "\n").filter { $0.contains(": error: ") } }

    /// The band from −180 to 180 between latitudes 40 and 50 (RFC 7946: edges are straight in
    /// longitude/latitude) is built as that band: one feature, the same four corners, its box
    /// the whole circle of longitude.
    @Test func aBandRoundTheGlobeIsBuiltAsTheBand() throws {
        let band: [[Double]] = [[-180, 40], [180, 40], [180, 50], [-180, 50], [-180, 40]]
        let dir = try zones("band", feature(city: "band", ring: band))
        defer { try? FileManager.default.removeItem(at: dir) }
        let validate = try zonectl("validate", "zones", in: dir)
        #expect(validate.status == 0)
        #expect(validate.stderr == "")
        #expect(validate.stdout == "1 file, 1 feature: 0 errors, 0 warnings\n")

        let build = try zonectl("build", "--zones", "zones", "--out", "dist", "--no-cache", "--verbose", in: dir)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(!build.stderr.contains("no area left"), "\(build.stderr)")
        let manifest = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("dist/manifest.json")))
                as? [String: Any])
        let city = try #require((manifest["cities"] as? [[String: Any]])?.first)
        #expect(city["bbox"] as? [Double] == [-180, 40, 180, 50])
        let artifact = try run(
            "gzip",
            [
                "-dc",
                dir.appendingPathComponent("dist").appendingPathComponent(try #require(city["key"] as? String)).path,
            ])
        let collection = try #require(
            try JSONSerialization.jsonObject(with: Data(artifact.stdout.utf8)) as? [String: Any])
        let features = try #require(collection["features"] as? [[String: Any]])
        #expect(features.count == 1)
        let geometry = try #require(features.first?["geometry"] as? [String: Any])
        #expect(geometry["coordinates"] as? [[[[Double]]]] == [[band]])
    }

    /// A ring that goes round the globe eastward at 50° and back westward at 40°, crossing
    /// ±180 twice (its seam is at 0°), is wound clockwise: by RFC 7946's right-hand rule it
    /// holds both polar caps, and rewinding it would build the band between instead. Both
    /// commands refuse it at the position that ends its first crossing edge.
    @Test func aRingRoundBothPolesIsRefusedWhereItCrosses() throws {
        let ring: [[Double]] = [
            [0, 40], [0, 50], [90, 50], [179, 50], [-179, 50], [-90, 50], [0, 50],
            [0, 40], [-90, 40], [-179, 40], [179, 40], [90, 40], [0, 40],
        ]
        let dir = try zones("poles", feature(city: "poles", ring: ring))
        defer { try? FileManager.default.removeItem(at: dir) }
        let expected = "zones/poles.geojson:6:1: error: ring goes round the globe clockwise"
        let validate = try zonectl("validate", "zones", in: dir)
        #expect(validate.status == 1)
        #expect(errors(validate.stderr).count == 1)
        #expect(validate.stderr.contains(expected), "\(validate.stderr)")
        #expect(validate.stderr.contains("both poles"))

        let build = try zonectl("build", "--zones", "zones", "--out", "dist", "--no-cache", in: dir)
        #expect(build.status == 1)
        #expect(errors(build.stderr) == errors(validate.stderr), "\(build.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("dist").path))
    }

    /// The same ring wound counter-clockwise is the band between 40° and 50°: built, covering
    /// the whole circle of longitude (its crossings at ±180 on great circles, a little poleward).
    @Test func theSameRingCounterClockwiseIsTheBand() throws {
        let ring: [[Double]] = [
            [0, 40], [90, 40], [179, 40], [-179, 40], [-90, 40], [0, 40],
            [0, 50], [-90, 50], [-179, 50], [179, 50], [90, 50], [0, 50], [0, 40],
        ]
        let dir = try zones("band", feature(city: "band", ring: ring))
        defer { try? FileManager.default.removeItem(at: dir) }
        let build = try zonectl("build", "--zones", "zones", "--out", "dist", "--no-cache", in: dir)
        #expect(build.status == 0, "\(build.stderr)")
        let manifest = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("dist/manifest.json")))
                as? [String: Any])
        let bbox = try #require((manifest["cities"] as? [[String: Any]])?.first?["bbox"] as? [Double])
        #expect(bbox[0] == -180 && bbox[2] == 180, "\(bbox)")
        #expect(abs(bbox[1] - 40) < 0.01 && abs(bbox[3] - 50) < 0.01, "\(bbox)")
    }

    /// A band whose hole crosses ±180 cannot be read both as drawn (the band) and split (the
    /// hole): both commands refuse it at the hole's first crossing.
    @Test func aBandWithACrossingHoleIsRefused() throws {
        let text = """
            {"type":"Feature","properties":{"city":"band","style":"p"},"geometry":{"type":"Polygon","coordinates":[
            [[-180,40],[180,40],[180,50],[-180,50],[-180,40]],
            [[175,44],[175,46],[-175,46],[-175,44],[175,44]]]}}
            """
        let dir = try zones("band", text)
        defer { try? FileManager.default.removeItem(at: dir) }
        let expected =
            "zones/band.geojson:3:20: error: this ring crosses the antimeridian in a polygon that runs round the globe"
        let validate = try zonectl("validate", "zones", in: dir)
        #expect(validate.status == 1)
        #expect(validate.stderr.contains(expected), "\(validate.stderr)")
        let build = try zonectl("build", "--zones", "zones", "--out", "dist", "--no-cache", in: dir)
        #expect(build.status == 1)
        #expect(errors(build.stderr) == errors(validate.stderr), "\(build.stderr)")
    }

    /// A clockwise ring across ±180 that does not go round the globe reads two ways (rewound:
    /// the small zone it outlines; as wound: the rest of the globe round both poles, the
    /// antimeridian package's reading): both commands refuse it where it first crosses, naming
    /// both, and nothing is built.
    @Test func aClockwiseRingAcrossTheMeridianIsRefused() throws {
        let ring: [[Double]] = [[178, -17], [178, -16], [-179, -16], [-179, -17], [178, -17]]
        let dir = try zones("fiji", feature(city: "fiji", ring: ring))
        defer { try? FileManager.default.removeItem(at: dir) }
        let expected = "zones/fiji.geojson:4:1: error: exterior ring crosses the antimeridian wound clockwise"
        let validate = try zonectl("validate", "zones", in: dir)
        #expect(validate.status == 1)
        #expect(errors(validate.stderr).count == 1)
        #expect(validate.stderr.contains(expected), "\(validate.stderr)")
        #expect(validate.stderr.contains("the area it outlines") && validate.stderr.contains("round both poles"))
        let build = try zonectl("build", "--zones", "zones", "--out", "dist", "--no-cache", in: dir)
        #expect(build.status == 1)
        #expect(errors(build.stderr) == errors(validate.stderr), "\(build.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("dist").path))
    }

    /// Counter-clockwise, the same ring is built (split at ±180); a clockwise ring drawn past
    /// 180 that does not cross is rewound and built, as before.
    @Test func counterClockwiseCrossingAndClockwiseNotCrossingAreBuilt() throws {
        let crossing: [[Double]] = [[178, -17], [-179, -17], [-179, -16], [178, -16], [178, -17]]
        let beyond: [[Double]] = [[181, -17], [181, -16], [182, -16], [182, -17], [181, -17]]
        for (name, ring) in [("crossing", crossing), ("beyond", beyond)] {
            let dir = try zones(name, feature(city: name, ring: ring))
            defer { try? FileManager.default.removeItem(at: dir) }
            let validate = try zonectl("validate", "zones", in: dir)
            #expect(validate.status == 0, "\(name): \(validate.stderr)")
            let build = try zonectl("build", "--zones", "zones", "--out", "dist", "--no-cache", in: dir)
            #expect(build.status == 0, "\(name): \(build.stderr)")
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("dist/manifest.json").path))
        }
    }
}
