import Foundation
import Synchronization
import Testing
import ZoneFormats
import ZonePoints

@testable import ZoneGeometry
@testable import ZonePipeline

/// `zonectl diff` on point layers: points added, removed and moved per layer and city, from the
/// point indexes of two builds.
@Suite struct PointDifferTests {
    /// A point: its id (nil: none), position and city.
    typealias P = (id: String?, lng: Double, lat: Double, city: String)

    /// Builds the points (one file) as the pipeline does; a snapshot of its files and manifest.
    func build(_ points: [P]) throws -> (snapshot: ZoneSnapshot, output: PointBuild.Output) {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let features = points.map { p in
            let id = p.id.map { #""id":"\#($0)","# } ?? ""
            return #"{"type":"Feature","geometry":{"type":"Point","coordinates":[\#(p.lng),\#(p.lat)]},"#
                + #""properties":{\#(id)"city":"\#(p.city)","available":1}}"#
        }
        let text = #"{"type":"FeatureCollection","features":["# + features.joined(separator: ",\n") + "]}\n"
        try text.write(to: dir.appendingPathComponent("points.geojson"), atomically: false, encoding: .utf8)
        var layer = PointFixtures.layer
        layer.source = [dir.path]
        let output = try PointBuild(config: PipelineConfig(points: [layer]), jobs: 2).run()
        #expect(output.diagnostics.isEmpty)
        return (Self.snapshot(output), output)
    }

    /// A snapshot of the point files and an empty style table (`layers` replaces the manifest's).
    static func snapshot(_ output: PointBuild.Output, layers: [Manifest.PointLayerEntry]? = nil) -> ZoneSnapshot {
        let styles = Array("{}\n".utf8)
        let stylesGzip = (try? Gzip.compress(styles, level: 9)) ?? []
        let manifest = Manifest(
            schema: 1, version: "20260101T000000Z", previous: nil, generatedAt: "", source: .init(configHash: ""),
            styles: .init(
                key: "styles/x.json.gz", sha256: sha256Hex(styles), bytes: styles.count,
                encodedBytes: stylesGzip.count),
            cities: [], points: layers ?? output.layers)
        var files = Dictionary(output.files.map { ($0.path, $0.bytes) }, uniquingKeysWith: { a, _ in a })
        files["styles/x.json.gz"] = stylesGzip
        return ZoneSnapshot(name: "test", manifest: manifest) { [files] key in files[key] }
    }

    let before: [P] = [
        ("p1", 13.40, 52.50, "berlin"), ("p2", 13.41, 52.51, "berlin"), ("p3", 13.42, 52.52, "berlin"),
        ("p4", 13.43, 52.53, "berlin"), (nil, 13.44, 52.54, "berlin"), (nil, 13.45, 52.55, "berlin"),
        ("r1", 12.49, 41.89, "rome"),
    ]
    /// p1 removed, p2 moved, p5 added, one point without an id moved (removed + added), p3
    /// written with more decimals than the output keeps (not a move); rome unchanged; paris new.
    let after: [P] = [
        ("p2", 13.4105, 52.51, "berlin"), ("p3", 13.420_000_01, 52.52, "berlin"), ("p4", 13.43, 52.53, "berlin"),
        ("p5", 13.46, 52.56, "berlin"), (nil, 13.44, 52.54, "berlin"), (nil, 13.47, 52.57, "berlin"),
        ("r1", 12.49, 41.89, "rome"), ("q1", 2.35, 48.85, "paris"), ("q2", 2.36, 48.86, "paris"),
    ]

    @Test func addedRemovedAndMovedPointsPerCity() throws {
        let (a, b) = (try build(before).snapshot, try build(after).snapshot)
        let diff = try ZoneDiffer(groupBy: ["city", "style"], jobs: 2).diff(a, b)
        #expect(diff.hasChanges)
        let byCity = Dictionary(uniqueKeysWithValues: diff.points.map { ($0.city, $0) })
        #expect(diff.points.map(\.city) == ["berlin", "paris", "rome"])
        let berlin = try #require(byCity["berlin"])
        #expect(berlin.status == .changed && berlin.compared)
        #expect(berlin.points == Transition(before: 6, after: 6))
        #expect(berlin.added == 2 && berlin.removed == 2 && berlin.moved == 1)
        #expect(
            berlin.addedPoints == [
                PointRef(id: "p5", position: [13.46, 52.56]), PointRef(id: nil, position: [13.47, 52.57]),
            ])
        #expect(
            berlin.removedPoints == [
                PointRef(id: "p1", position: [13.4, 52.5]), PointRef(id: nil, position: [13.45, 52.55]),
            ])
        #expect(berlin.movedPoints == [PointMove(id: "p2", before: [13.41, 52.51], after: [13.4105, 52.51])])
        let paris = try #require(byCity["paris"])
        #expect(paris.status == .added && paris.added == 2 && paris.removed == 0 && paris.moved == 0)
        let rome = try #require(byCity["rome"])
        #expect(rome.status == .unchanged && rome.added == 0 && rome.moved == 0)
        #expect(diff.summary.points.added == 4 && diff.summary.points.removed == 2 && diff.summary.points.moved == 1)
        #expect(diff.summary.points.cities == [.changed: 1, .added: 1, .unchanged: 1])

        let text = DiffTextReport(diff).render()
        #expect(text.contains("points: 4 added, 2 removed, 1 moved"), "\(text)")
        #expect(text.contains("+p5, (no id); −p1, (no id); moved p2"), "\(text)")
        #expect(DiffMarkdownReport(diff).render().contains("#### Points"))
        let json = try JSONSerialization.jsonObject(with: Data(try diff.jsonBytes())) as? [String: Any]
        let rows = json?["points"] as? [[String: Any]] ?? []
        let moved = (rows.first?["movedPoints"] as? [[String: Any]])?.first
        #expect(moved?["id"] as? String == "p2" && moved?["after"] as? [Double] == [13.4105, 52.51])
        let added = rows.first?["addedPoints"] as? [[String: Any]] ?? []
        #expect(added.count == 2 && added[1]["id"] is NSNull)
        #expect(((json?["summary"] as? [String: Any])?["points"] as? [String: Any])?["moved"] as? Int == 1)
    }

    @Test func theSamePointsAreNoChangeAndTheIndexIsNotRead() throws {
        let first = try build(before).output
        let second = try build(before).output
        #expect(first.files.map(\.bytes) == second.files.map(\.bytes))
        let reads = ReadLog()
        let plain = Self.snapshot(first)
        let recorded = ZoneSnapshot(name: "t", manifest: plain.manifest) { key throws(DiffError) in
            reads.keys.withLock { $0.append(key) }
            return try plain.fetch(key)
        }
        let diff = try ZoneDiffer(groupBy: ["city"], jobs: 1).diff(recorded, Self.snapshot(second))
        #expect(!diff.hasChanges && diff.points.allSatisfy { $0.status == .unchanged && $0.moved == 0 })
        #expect(reads.keys.withLock { $0.filter { $0.hasPrefix("points/") } }.isEmpty)
        #expect(DiffTextReport(diff).render().contains("2 point cities)"))
    }

    @Test func aStoreWithoutPointIndexesIsComparedByCountsOnly() throws {
        let old = try build(before).output
        // What an older zonectl published: the same files without the index.
        let layers = old.layers.map { layer in
            var layer = layer
            layer.cities = layer.cities.map { city in
                var city = city
                city.index = nil
                return city
            }
            return layer
        }
        let diff = try ZoneDiffer(groupBy: ["city"], jobs: 1).diff(
            Self.snapshot(old, layers: layers), try build(after).snapshot)
        let berlin = try #require(diff.points.first { $0.city == "berlin" })
        #expect(!berlin.compared && berlin.status == .changed)
        #expect(berlin.added == nil && berlin.removed == nil && berlin.moved == nil)
        #expect(diff.points.first { $0.city == "rome" }?.status == .unchanged)
        #expect(diff.summary.points.notCompared == 2)
        let text = DiffTextReport(diff).render()
        #expect(text.contains("no point index on one side (an older zonectl): counts unknown"), "\(text)")
        #expect(text.contains("(2 point cities not compared)"), "\(text)")
        // An older manifest decodes (no `index` member).
        let json = try Manifest(
            schema: 1, version: "20260101T000000Z", previous: nil, generatedAt: "", source: .init(configHash: ""),
            styles: .init(key: "s", sha256: "", bytes: 0, encodedBytes: 0), cities: [], points: layers
        ).jsonBytes()
        #expect(!String(decoding: json, as: UTF8.self).contains("\"index\""))
        #expect(try JSONDecoder().decode(Manifest.self, from: Data(json)).points == layers)
    }

    @Test func theIndexHoldsEveryPointAtTheOutputPrecision() throws {
        let out = try build(after).output
        let berlin = try #require(out.layers.first?.cities.first { $0.id == "berlin" })
        let index = try #require(berlin.index)
        #expect(index.key.hasPrefix("points/cars/berlin/index/") && index.key.hasSuffix(index.sha256 + ".json.gz"))
        let gzip = try #require(out.files.first { $0.path == index.key }).bytes
        let entries = try PointIndex.entries(try Gzip.decompress(gzip), key: index.key)
        #expect(entries.count == 6 && index.features == 6)
        #expect(entries.contains(PointIndex.Entry(id: "p3", longitude: 13.42, latitude: 52.52)))
        #expect(entries.filter { $0.id == nil }.count == 2)
    }
}

/// The keys a snapshot was asked for.
private final class ReadLog: Sendable {
    let keys = Mutex<[String]>([])
}
