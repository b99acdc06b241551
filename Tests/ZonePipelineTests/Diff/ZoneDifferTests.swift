import Foundation
import Testing
import ZoneFormats

@testable import ZonePipeline

/// `ZoneDiffer` on real cities built in memory: what is read, matched and reported.
@Suite struct ZoneDifferTests {
    @Test func identicalBuildsReadNoArtifactAndReportNoChange() throws {
        let output = try buildInMemory(["bari.geojson", "rome-rioni.geojson"])
        let before = RecordingSnapshot(output)
        let diff = try ZoneDiffer(groupBy: ["city", "style"], jobs: 2).diff(
            before.snapshot, .built(try buildInMemory(["bari.geojson", "rome-rioni.geojson"]), name: "after"))
        #expect(!diff.hasChanges)
        #expect(before.keysRead.isEmpty, "same hashes: nothing to read, \(before.keysRead)")
        #expect(diff.cities.map(\.city) == ["bari", "rome-rioni"])
        #expect(
            diff.cities.allSatisfy {
                $0.status == .unchanged && $0.groups.allSatisfy { $0.status == .unchanged && $0.areaBefore == nil }
            })
        #expect(diff.cities.first?.groups.map(\.group) == output.manifest.cities.first?.styles)
        #expect(diff.styles.count == 4 && diff.styles.allSatisfy { $0.status == .unchanged })
        #expect(!diff.configChanged)
    }

    @Test(.tags(.python)) func newAndRemovedCitiesCarryTheirWholeArea() throws {
        let before = try buildInMemory(["bari.geojson", "rome-rioni.geojson"])
        let after = try buildInMemory(["rome-rioni.geojson", "paris.geojson"])
        let diff = try ZoneDiffer(groupBy: ["city", "style"], jobs: 2).diff(
            .built(before, name: "before"), .built(after, name: "after"))
        #expect(diff.hasChanges)
        let byCity = Dictionary(uniqueKeysWithValues: diff.cities.map { ($0.city, $0) })
        #expect(byCity.keys.sorted() == ["bari", "paris", "rome-rioni"])
        #expect(byCity["rome-rioni"]?.status == .unchanged)

        let bari = try #require(byCity["bari"])
        #expect(bari.status == .removed)
        #expect(bari.gzipBytes == Transition(before: before.manifest.cities[0].encodedBytes, after: nil))
        #expect(
            bari.groups.allSatisfy { $0.status == .removed && $0.areaAdded == 0 && $0.areaRemoved == $0.areaBefore })
        let paris = try #require(byCity["paris"])
        #expect(paris.status == .added)
        #expect(paris.groups.map(\.group) == after.manifest.cities.first { $0.id == "paris" }?.styles)
        #expect(
            paris.groups.allSatisfy {
                $0.status == .added && $0.areaRemoved == 0 && $0.areaAdded == $0.areaAfter && $0.percentChange == nil
            })

        // Paris's whole area comes out as added: the arrondissements tile the city, so it is the
        // sum of their geodesic areas by pyproj (Karney's method), within 1 %.
        let file = zonesRealDirectory.appendingPathComponent("paris.geojson").path
        let run = try runProcess(
            PipelineTestPaths.python,
            [PipelineTestPaths.scripts.appendingPathComponent("geodesic_areas.py").path, file])
        #expect(run.status == 0, "\(run.stderr)")
        let areas = try #require(
            (try JSONSerialization.jsonObject(with: Data(run.stdoutBytes)) as? [String: [Double]])?["paris.geojson"])
        let expected = areas.reduce(0, +)
        let added = paris.groups.reduce(0) { $0 + $1.areaAdded }
        #expect(abs(added - expected) / expected < 0.01, "\(added) m², pyproj \(expected) m²")
        #expect(diff.summary.cities == [.added: 1, .removed: 1, .unchanged: 1])
    }

    @Test func styleTableChangesAreReportedPerProperty() throws {
        let bike: JSONObject = JSONObject([("stroke", .string("#0000ff")), ("fill", .string("#9999ff"))])
        let before = try buildInMemory(["bari.geojson"], definitions: ["bike-lane": bike])
        var recoloured = bike
        recoloured.members[1].value = .string("#8888ff")
        let after = try buildInMemory(
            ["bari.geojson"],
            definitions: ["bike-lane": recoloured, "loading": JSONObject([("fill", .string("#000000"))])])
        let diff = try ZoneDiffer(groupBy: ["city", "style"]).diff(
            .built(before, name: "before"), .built(after, name: "after"))
        #expect(diff.cities.allSatisfy { $0.status == .unchanged }, "the style table is its own artifact")
        #expect(diff.hasChanges)
        #expect(diff.configChanged)
        let changed = diff.styles.filter { $0.status != .unchanged }
        #expect(changed.map(\.style) == ["bike-lane", "loading"])
        #expect(changed[0].status == .changed)
        #expect(
            changed[0].properties == [
                PropertyChange(key: "fill", before: .string("#9999ff"), after: .string("#8888ff"))
            ])
        #expect(changed[1].status == .added)
        #expect(changed[1].properties == [PropertyChange(key: "fill", before: nil, after: .string("#000000"))])
    }

    @Test func aCorruptPublishedArtifactStopsTheDiff() throws {
        let before = try buildInMemory(["bari.geojson"])
        let after = try buildInMemory(["paris.geojson", "bari.geojson"])
        // A corrupt artifact of a city whose hash did not change is never read...
        let key = before.manifest.cities[0].key
        let quiet = RecordingSnapshot(before, replacing: [key: [0x1f, 0x8b, 0, 0]])
        #expect(
            try ZoneDiffer(groupBy: ["city", "style"]).diff(quiet.snapshot, .built(after, name: "after")).cities.count
                == 2)

        // ...but a city that must be read (here: removed) fails the diff, naming the artifact.
        let moved = try buildInMemory(["rome-rioni.geojson"])
        let corrupt = RecordingSnapshot(before, replacing: [key: [0x1f, 0x8b, 0, 0]])
        #expect(
            throws: DiffError.corruptArtifact(
                key: key, reason: "4 bytes, the manifest says \(before.manifest.cities[0].encodedBytes)")
        ) {
            try ZoneDiffer(groupBy: ["city", "style"]).diff(corrupt.snapshot, .built(moved, name: "after"))
        }
    }
}
