import Foundation
import Testing

@testable import ZoneGeometry
@testable import ZonePipeline

/// The scan keeps the coordinates it parsed in a spill file (``GeometrySpill``), and the build
/// reads them there instead of parsing each feature's text again.
@Suite struct GeometrySpillTests {
    /// A polygon with a hole beside a second polygon, as the reader builds it.
    static let multiPolygon: PolygonalGeometry = {
        var b = PolygonalGeometryBuilder()
        for (x, y) in [(0.0, 0.0), (4, 0), (4, 4), (0, 4), (0, 0)] { b.add(x: x, y: y) }
        b.closeRing()
        for (x, y) in [(1.0, 1.0), (1, 2), (2, 2), (2, 1), (1, 1)] { b.add(x: x, y: y) }
        b.closeRing()
        b.closePolygon()
        for (x, y) in [(10.0, 0.125), (11, 0), (11, 1), (10.0, 0.125)] { b.add(x: x, y: y) }
        b.closeRing()
        b.closePolygon()
        return b.build(isMulti: true)
    }()

    @Test func aGeometryComesBackFromItsSpillForm() throws {
        var bytes: [UInt8] = []
        Self.multiPolygon.appendSpill(to: &bytes)
        #expect(bytes.count % 8 == 0)
        let back = try #require(bytes.withUnsafeBytes { PolygonalGeometry(spill: $0) })
        #expect(back == Self.multiPolygon)
        #expect(back.isMulti && back.polygonCount == 2 && back.ringCount == 3)
        // A cut or lengthened form is no geometry.
        #expect(bytes.dropLast(8).withUnsafeBytes { PolygonalGeometry(spill: $0) } == nil)
        #expect((bytes + [UInt8](repeating: 0, count: 8)).withUnsafeBytes { PolygonalGeometry(spill: $0) } == nil)
    }

    @Test func chunksLandWhereTheirSummariesSay() throws {
        let spill = try #require(GeometrySpill())
        var first: [UInt8] = []
        Self.multiPolygon.appendSpill(to: &first)
        let a = try #require(spill.append(first))
        let b = try #require(spill.append(first + first))
        #expect(a == 0 && b == first.count)
        #expect(spill.read(from: b + first.count, count: first.count) == first)
        #expect(spill.read(from: b, count: 3 * first.count) == nil, "past the end")
        #expect(GeometrySpill(directory: "/nonexistent-\(UUID().uuidString)") == nil)
    }

    /// Real cities with their defects (self-intersections, holes, MultiPolygons); Chicago's 1.3 MB
    /// spill in several chunks (``GeometrySpill/chunk``).
    func zones() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("spill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for name in ["rome-rioni", "bari", "chicago"] {
            try FileManager.default.copyItem(
                at: zonesRealDirectory.appendingPathComponent("\(name).geojson"),
                to: dir.appendingPathComponent("\(name).geojson"))
        }
        return dir
    }

    @Test(.tags(.slow)) func aBuildFromTheSpillEqualsOneThatParsesAgain() throws {
        let dir = try zones()
        defer { try? FileManager.default.removeItem(at: dir) }
        func build(spill: Bool, jobs: Int) throws -> BuildOutput {
            var pipeline = BuildPipeline(config: .default, jobs: jobs)
            pipeline.spillsGeometry = spill
            let outcome = try pipeline.run(paths: [dir.path], configBytes: [], revision: nil, previousVersion: nil)
            #expect(outcome.diagnostics.allSatisfy { $0.severity != .error })
            return try #require(outcome.output)
        }
        let parsed = try build(spill: false, jobs: 1)
        for jobs in [1, 2] {
            let spilled = try build(spill: true, jobs: jobs)
            // The artifacts (manifest.json and report.json carry the build's time).
            let artifacts = { (o: BuildOutput) in
                o.files.filter { !$0.path.hasSuffix(".json") || $0.path.contains("/") }
            }
            #expect(artifacts(spilled).map(\.path) == artifacts(parsed).map(\.path))
            #expect(artifacts(spilled).map(\.bytes) == artifacts(parsed).map(\.bytes), "jobs \(jobs)")
            #expect(artifacts(parsed).count > 2)
            #expect(spilled.report.gaps == parsed.report.gaps && spilled.report.cities == parsed.report.cities)
        }
    }

    @Test func theScanSpillsEveryFeatureWithGeometryOfABuild() throws {
        let dir = try zones()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spill = try #require(GeometrySpill())
        let pipeline = BuildPipeline(config: .default, jobs: 2)
        let files = try ZoneFiles.discover([dir.path])
        let (checked, _) = try pipeline.check(files: files, cache: nil, now: Date(), spill: spill)
        let withGeometry = checked.features.filter(\.hasGeometry)
        #expect(withGeometry.count > 100)
        #expect(Set(withGeometry.map { $0.spill!.offset }).count == withGeometry.count)
        #expect(withGeometry.allSatisfy { $0.spill != nil })
        // Each spilled geometry has as many positions as the feature.
        for f in withGeometry.prefix(50) {
            let range = try #require(f.spill)
            let bytes = try #require(spill.read(from: range.offset, count: range.count))
            let g = try #require(bytes.withUnsafeBytes { PolygonalGeometry(spill: $0) })
            #expect(g.positionCount == f.positionCount)
        }
        // A check that is not a build spills nothing.
        let (plain, _) = try pipeline.check(files: files, cache: nil, now: Date())
        #expect(plain.features.allSatisfy { $0.spill == nil })
    }
}
