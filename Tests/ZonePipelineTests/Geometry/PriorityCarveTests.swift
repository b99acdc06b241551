import Testing

@testable import ZoneGeometry
@testable import ZonePipeline

/// Overlaps between styles: `overlaps: {priority: [...]}` carves lower styles, `allow` keeps
/// both. A parking square [13.40, 13.42] × [52.50, 52.52] under a no-parking square shifted by
/// 0.01° both ways: they share the quarter [13.41, 13.42] × [52.51, 52.52].
@Suite struct PriorityCarveTests {
    static let parkingRing = rect(13.40, 52.50, 13.42, 52.52)
    static let noParkingRing = rect(13.41, 52.51, 13.43, 52.53)
    static let overlap = flat([[rect(13.41, 52.51, 13.42, 52.52)]])

    static let specs = [
        ZoneSpec("berlin", "parking", flat([[parkingRing]], isMulti: false)),
        ZoneSpec("berlin", "no-parking", flat([[noParkingRing]], isMulti: false)),
    ]

    static func relativeError(_ a: Double, _ b: Double) -> Double { abs(a - b) / abs(b) }

    @Test func higherPriorityStyleTakesExactlyTheOverlap() throws {
        let city = try runStage(Self.specs, config: PipelineConfig(overlaps: .priority(["no-parking", "parking"])))
        #expect(city.diagnostics.isEmpty, "\(city.diagnostics)")
        let parking = try #require(city.group("parking")).geometry
        let noParking = try #require(city.group("no-parking")).geometry

        // no-parking is untouched; parking is the L left over. (The city is noded as a whole,
        // so a border may gain straight-through vertices where another style's border meets it.)
        #expect(sameVertexSet(noParking, flat([[Self.noParkingRing]]), tolerance: 1e-12, cornersOnly: true))
        let l = [13.40, 52.50, 13.42, 52.50, 13.42, 52.51, 13.41, 52.51, 13.41, 52.52, 13.40, 52.52, 13.40, 52.50]
        #expect(sameVertexSet(parking, flat([[l]]), tolerance: 1e-12, cornersOnly: true), "\(parking.coordinates)")
        let full = sphericalArea(flat([[Self.parkingRing]]))
        let lost = sphericalArea(Self.overlap)
        #expect(Self.relativeError(sphericalArea(parking), full - lost) < 1e-9)

        // The two outputs touch along the carved border but do not overlap.
        let context = try GEOSContext()
        #expect(
            try !parking.makeGEOSGeometry(context: context).interiorsIntersect(
                noParking.makeGEOSGeometry(context: context)))

        // The contested area is the overlap, measured on the sphere.
        #expect(city.contested.count == 1)
        let contested = try #require(city.contested.first)
        #expect(contested.winner == ["berlin", "no-parking"])
        #expect(contested.loser == ["berlin", "parking"])
        #expect(Self.relativeError(contested.squareMetres, lost) < 1e-6, "\(contested.squareMetres) m² vs \(lost) m²")
        // About 0.01° × 0.01° at 52.5° N: 1113 m × 678 m.
        #expect(contested.squareMetres > 7.4e5 && contested.squareMetres < 7.7e5)
    }

    @Test func reversedPriorityCarvesTheOtherStyle() throws {
        let city = try runStage(Self.specs, config: PipelineConfig(overlaps: .priority(["parking", "no-parking"])))
        let parking = try #require(city.group("parking")).geometry
        let noParking = try #require(city.group("no-parking")).geometry
        #expect(sameVertexSet(parking, flat([[Self.parkingRing]]), tolerance: 1e-12, cornersOnly: true))
        let full = sphericalArea(flat([[Self.noParkingRing]]))
        #expect(Self.relativeError(sphericalArea(noParking), full - sphericalArea(Self.overlap)) < 1e-9)
        #expect(city.contested.map(\.winner) == [["berlin", "parking"]])
        #expect(city.contested.map(\.loser) == [["berlin", "no-parking"]])
    }

    @Test func unlistedStylesRankBelowListedOnesThenByName() throws {
        // priority [] (the default): by name, so "no-parking" beats "parking".
        let byName = try runStage(Self.specs, config: .default)
        #expect(byName.contested.map(\.winner) == [["berlin", "no-parking"]])
        #expect(
            Self.relativeError(
                sphericalArea(try #require(byName.group("no-parking")).geometry),
                sphericalArea(flat([[Self.noParkingRing]]))) < 1e-12)
        // A listed style beats an unlisted one whatever the names.
        let listed = try runStage(Self.specs, config: PipelineConfig(overlaps: .priority(["parking"])))
        #expect(listed.contested.map(\.winner) == [["berlin", "parking"]])
    }

    @Test func allowKeepsBothFullAreas() throws {
        let city = try runStage(Self.specs, config: PipelineConfig(overlaps: .allow))
        #expect(city.diagnostics.isEmpty, "\(city.diagnostics)")
        #expect(city.contested.isEmpty)
        let parking = try #require(city.group("parking")).geometry
        let noParking = try #require(city.group("no-parking")).geometry
        #expect(sameVertexSet(parking, flat([[Self.parkingRing]]), tolerance: 1e-12, cornersOnly: true))
        #expect(sameVertexSet(noParking, flat([[Self.noParkingRing]]), tolerance: 1e-12, cornersOnly: true))
        #expect(Self.relativeError(sphericalArea(parking), sphericalArea(flat([[Self.parkingRing]]))) < 1e-12)
        let context = try GEOSContext()
        #expect(
            try parking.makeGEOSGeometry(context: context).interiorsIntersect(
                noParking.makeGEOSGeometry(context: context)))
    }

    @Test func fullyCoveredStyleLeavesNoFeatureAndAWarning() throws {
        let specs = [
            ZoneSpec("berlin", "parking", flat([[rect(13.405, 52.505, 13.41, 52.51)]])),
            ZoneSpec("berlin", "no-parking", flat([[Self.parkingRing]])),
        ]
        let city = try runStage(specs, config: PipelineConfig(overlaps: .priority(["no-parking"])))
        #expect(city.groups.map(\.key) == [["berlin", "no-parking"]])
        #expect(city.errors.isEmpty)
        #expect(
            city.warnings.contains { $0.message.contains("[berlin, parking] has no area left") }, "\(city.diagnostics)")
        #expect(city.contested.count == 1)
    }

    @Test func threeStylesEachLoseWhatTheStylesAboveTake() throws {
        // Three overlapping squares along a diagonal; every point belongs to one style only.
        let specs = [
            ZoneSpec("berlin", "a", flat([[rect(13.40, 52.50, 13.42, 52.52)]])),
            ZoneSpec("berlin", "b", flat([[rect(13.41, 52.51, 13.43, 52.53)]])),
            ZoneSpec("berlin", "c", flat([[rect(13.405, 52.505, 13.425, 52.525)]])),
        ]
        let city = try runStage(specs, config: PipelineConfig(overlaps: .priority(["a", "b", "c"])))
        #expect(city.errors.isEmpty)
        let context = try GEOSContext()
        let outputs = try city.groups.map { try $0.geometry.makeGEOSGeometry(context: context) }
        #expect(outputs.count == 3)
        for i in outputs.indices {
            for j in outputs.indices where j > i {
                #expect(
                    try !outputs[i].interiorsIntersect(outputs[j]),
                    "\(city.groups[i].key) and \(city.groups[j].key) overlap")
            }
        }
        // Total area = area of the union of the three squares: 3·4e-4 − 1e-4 (a∩b) − 2.25e-4
        // (a∩c) − 2.25e-4 (b∩c) + 1e-4 (a∩b∩c).
        let total = city.groups.map { planarArea($0.geometry) }.reduce(0, +)
        #expect(abs(total - 7.5e-4) < 1e-12)
        #expect(abs(planarArea(try #require(city.group("a")).geometry) - 4e-4) < 1e-12)
        #expect(city.contested.map { [$0.winner[1], $0.loser[1]] } == [["a", "b"], ["a", "c"], ["b", "c"]])
    }
}
