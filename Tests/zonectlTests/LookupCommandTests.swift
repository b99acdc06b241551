import Foundation
import Testing
import ZoneClient

/// `zonectl lookup` and ZoneIndex on the sample cities' artifacts (built once, with the
/// repository's pipeline.yml), against shapely.
@Suite struct LookupCommandTests {
    /// A build of the sample zones, shared by the tests: its directory, or the failure.
    static let sample: Result<URL, any Error> = Result {
        let dir = try temporaryDirectory()
        let root = TestPaths.root.path
        // pipeline.yml's point layer reads ./points.
        try FileManager.default.copyItem(
            at: TestPaths.root.appendingPathComponent("points"), to: dir.appendingPathComponent("points"))
        let r = try zonectl(
            "build", "--config", root + "/pipeline.yml", "--zones", root + "/zones", "--out", "dist", "--no-cache",
            in: dir)
        guard r.status == 0 else { throw LookupTestError("build failed: \(r.stderr)") }
        return dir
    }

    var dist: URL { get throws { try Self.sample.get().appendingPathComponent("dist") } }

    @Test(.tags(.python)) func indexAgreesWithShapelyAwayFromBorders() throws {
        let store = DirectoryStore(root: try dist.path)
        let manifest = try store.manifest()
        #expect(manifest.cities.count >= 5)
        var rng = SystemRandomNumberGenerator()
        for city in manifest.cities {
            let index = try ZoneIndex(artifact: try store.content(of: city.artifact), key: city.artifact.key)
            let (w, s, e, n) = (city.bbox.west, city.bbox.south, city.bbox.east, city.bbox.north)
            guard w < e else { continue }  // across 180°: not in the sample cities
            let points = (0..<400).map { _ in
                (Double.random(in: w...e, using: &rng), Double.random(in: s...n, using: &rng))
            }
            let file = try Self.sample.get().appendingPathComponent("points-\(city.id).txt")
            try points.map { "\($0.0),\($0.1)" }.joined(separator: "\n").write(
                to: file, atomically: true, encoding: .utf8)
            let r = try run(
                TestPaths.python,
                [
                    TestPaths.scripts.appendingPathComponent("lookup_shapely.py").path,
                    try dist.appendingPathComponent(city.artifact.key).path, file.path,
                ])
            try #require(r.status == 0, "\(r.stderr)")
            let lines = r.stdout.split(separator: "\n")
            try #require(lines.count == points.count)
            var compared = 0
            var inZones = 0
            for (point, line) in zip(points, lines) {
                let fields = line.split(separator: " ")
                guard let distance = Double(fields[1]), distance > 1e-7 else { continue }
                let expected = fields[0] == "-" ? nil : String(fields[0])
                #expect(index.style(longitude: point.0, latitude: point.1) == expected, "\(city.id) at \(point)")
                compared += 1
                if expected != nil { inZones += 1 }
            }
            #expect(compared > 350, "\(city.id)")
            #expect(inZones > 0, "\(city.id)")
        }
    }

    @Test func lookupPrintsOneJSONLinePerPosition() throws {
        let (lon, lat, city, style) = try insidePoint()
        let one = try zonectl("lookup", "--from", try dist.path, "\(lon)", "\(lat)")
        #expect(one.status == 0, "\(one.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(one.stdout.utf8)) as? [String: Any]
        #expect(object?["city"] as? String == city)
        #expect(object?["style"] as? String == style)
        #expect(object?["lon"] as? Double == lon)

        let file = try Self.sample.get().appendingPathComponent("input-\(UUID().uuidString).txt")
        try "# points\n\(lon),\(lat)\n\n0.5, -40.25\n".write(to: file, atomically: true, encoding: .utf8)
        let many = try zonectl("lookup", "--from", try dist.path, "--input", file.path)
        #expect(many.status == 0, "\(many.stderr)")
        let lines = many.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.last == #"{"lon":0.5,"lat":-40.25,"city":null,"style":null}"#)

        let inCity = try zonectl("lookup", "--from", try dist.path, "--city", city, "--input", file.path)
        #expect(
            inCity.stdout.split(separator: "\n").last == #"{"lon":0.5,"lat":-40.25,"city":"\#(city)","style":null}"#)
    }

    @Test func errorsExitTwoAndNameTheLine() throws {
        let file = try Self.sample.get().appendingPathComponent("bad-\(UUID().uuidString).txt")
        try "13.4,52.5\n13.4;52.5\n".write(to: file, atomically: true, encoding: .utf8)
        let bad = try zonectl("lookup", "--from", try dist.path, "--input", file.path)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("\(file.path):2: error: expected `lon,lat`"), "\(bad.stderr)")
        #expect(bad.stderr.contains("got \"13.4;52.5\""), "\(bad.stderr)")
        #expect(bad.stdout.split(separator: "\n").count == 1)  // the good line before it

        let west = try zonectl("lookup", "--from", try dist.path, "-115.2", "-36.2")  // negative numbers are values
        #expect(west.stdout == #"{"lon":-115.2,"lat":-36.2,"city":null,"style":null}"# + "\n", "\(west.stderr)")
        let range = try zonectl("lookup", "--from", try dist.path, "200", "10")
        #expect(range.status == 2 && range.stderr.contains("not a longitude"), "\(range.stderr)")
        let noCity = try zonectl("lookup", "--from", try dist.path, "--city", "atlantis", "1", "2")
        #expect(noCity.status == 2 && noCity.stderr.contains("no city \"atlantis\""), "\(noCity.stderr)")
        let noStore = try zonectl("lookup", "--from", "/nonexistent-store", "1", "2")
        #expect(noStore.status == 2 && noStore.stderr.contains("manifest.json"), "\(noStore.stderr)")
        let usage = try zonectl("lookup", "--from", try dist.path)
        #expect(usage.status == 64)
        let s3 = try zonectl("lookup", "--from", "s3://bucket/zones", "1", "2")
        #expect(s3.status == 64 && s3.stderr.contains("zonectl sync copies s3:// stores into one"), "\(s3.stderr)")
    }

    @Test func crlfInputIsReadLineByLineAndEachBadLineIsReported() throws {
        let file = try Self.sample.get().appendingPathComponent("crlf-\(UUID().uuidString).txt")
        let long = String(repeating: "9", count: 200)
        let lines = ["0.5,-40.25", "", "0x10,5", "inf,1", "1,nan", "1.5e1,2", long, "  ", "-0.5, 40.25"]
        try Data((lines.joined(separator: "\r\n") + "\r\n").utf8).write(to: file)
        let r = try zonectl("lookup", "--from", try dist.path, "--input", file.path)
        #expect(r.status == 2)
        #expect(
            r.stdout.split(separator: "\n") == [
                #"{"lon":0.5,"lat":-40.25,"city":null,"style":null}"#,
                #"{"lon":15.0,"lat":2.0,"city":null,"style":null}"#,
                #"{"lon":-0.5,"lat":40.25,"city":null,"style":null}"#,
            ], "\(r.stdout)")
        let errors = r.stderr.split(separator: "\n")
        #expect(errors.count == 4, "\(r.stderr)")
        for (line, text) in [(3, "0x10,5"), (4, "inf,1"), (5, "1,nan")] {
            #expect(
                errors.contains { $0.hasPrefix("\(file.path):\(line): error: ") && $0.hasSuffix("\"\(text)\"") },
                "\(r.stderr)")
        }
        let longError = try #require(errors.first { $0.hasPrefix("\(file.path):7: error: ") })
        #expect(longError.contains("\"" + String(repeating: "9", count: 80) + "…\""), "\(longError)")
        #expect(!longError.contains(String(repeating: "9", count: 81)))
        #expect(!r.stderr.contains("\r"))

        let hex = try zonectl("lookup", "--from", try dist.path, "0x10", "5")
        #expect(hex.status == 2 && hex.stderr.contains("LON LAT: expected"), "\(hex.stderr)")
    }

    /// A position inside a zone of the first city, with its city and style.
    func insidePoint() throws -> (Double, Double, String, String) {
        let store = DirectoryStore(root: try dist.path)
        let city = try #require(try store.manifest().cities.first)
        let index = try ZoneIndex(artifact: try store.content(of: city.artifact))
        for i in 0..<10_000 {
            let lon = city.bbox.west + (city.bbox.east - city.bbox.west) * Double(i % 100) / 100
            let lat = city.bbox.south + (city.bbox.north - city.bbox.south) * Double(i / 100) / 100
            if let style = index.style(longitude: lon, latitude: lat) { return (lon, lat, city.id, style) }
        }
        throw LookupTestError("no position inside a zone of \(city.id)")
    }
}

struct LookupTestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
