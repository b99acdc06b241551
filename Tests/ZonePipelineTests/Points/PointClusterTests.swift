import Foundation
import Mercator
import Testing
import ZoneFormats

@testable import ZonePipeline
@testable import ZonePoints

/// The clustering's invariants: every point counted once per zoom, ids from content, ±180°.
@Suite struct PointClusterTests {
    /// One point per (longitude, latitude, id).
    func points(_ list: [(Double, Double, String)]) -> PointSet {
        var set = PointSet(sumCount: 1)
        for (lng, lat, id) in list {
            set.append(longitude: lng, latitude: lat, id: id, kept: JSONObject([("id", .string(id))]), sums: [2])
        }
        return set.sorted()
    }

    @Test(.tags(.python)) func everyZoomCountsEveryPointOnce() throws {
        let dir = try PointFixtures.generate(points: 3000, cities: 6)
        defer { try? FileManager.default.removeItem(at: dir) }
        for (city, set) in try PointFixtures.cities(in: dir) {
            PointClusterer(PointFixtures.layer).run(set) { z, level in
                #expect(level.count.reduce(0, +) == set.count, "\(city) z\(z)")
                // Sums add up too, and a cluster's bbox holds its centroid.
                let total = (0..<set.count).reduce(0.0) { $0 + set.sums[$1] }
                #expect(abs(level.sums.reduce(0, +) - total) < 1e-6, "\(city) z\(z)")
            }
        }
    }

    @Test func clusterIDsComeFromTheMembers() {
        let base: [(Double, Double, String)] = [
            (13.40, 52.52, "a"), (13.4001, 52.5201, "b"), (13.4002, 52.5199, "c"), (2.35, 48.85, "d"),
            (2.3501, 48.8501, "e"),
        ]
        func ids(_ set: PointSet) -> [Int: Set<UInt64>] {
            var out: [Int: Set<UInt64>] = [:]
            PointClusterer(PointFixtures.layer).run(set) { z, level in
                out[z] = Set((0..<level.itemCount).filter { level.point[$0] < 0 }.map { level.clusterID($0) })
            }
            return out
        }
        let before = ids(points(base))
        // Another order, and a new point 100° east (never within the radius, even at zoom 0).
        let after = ids(points(base.reversed() + [(113.4, 52.52, "far")]))
        #expect(before == after)
        #expect(before[16]?.count == 2)
        // A changed member makes a new id.
        let changed = ids(points(base.map { ($0.0, $0.1, $0.2 == "a" ? "a2" : $0.2) }))
        #expect(changed[16] != before[16])
        #expect(before.values.allSatisfy { $0.allSatisfy { $0 < 1 << 53 } })
    }

    @Test func pointsOnBothSidesOfTheAntimeridianCluster() {
        let set = points([(179.9999, -18.0, "west"), (-179.9999, -18.0, "east"), (-179.9998, -18.0001, "east2")])
        var atZoom10: PointLevel?
        PointClusterer(PointFixtures.layer).run(set) { z, level in if z == 10 { atZoom10 = level } }
        guard let level = atZoom10 else { return #expect(Bool(false), "no zoom 10") }
        #expect(level.itemCount == 1 && level.count == [3])
        let lng = WebMercator.longitude(x: level.x[0])
        #expect(abs(lng) > 179.99, "centroid at \(lng)")
        // The members' bbox crosses ±180°: west > east (RFC 7946 §5.2).
        let west = PointFeatureWriter.wrapped(WebMercator.longitude(x: level.box[0]))
        let east = PointFeatureWriter.wrapped(WebMercator.longitude(x: level.box[2]))
        #expect(abs(west - 179.9999) < 1e-9 && abs(east + 179.9998) < 1e-9)
        // supercluster's plane keeps them apart.
        var planar: PointLevel?
        PointClusterer(PointFixtures.layer, wrap: false).run(set) { z, level in if z == 10 { planar = level } }
        #expect(planar?.itemCount == 2)
    }

    @Test func abbreviationsMatchSupercluster() {
        #expect(PointFeatureWriter.abbreviated(999) == "999")
        #expect(PointFeatureWriter.abbreviated(1000) == "1k")
        #expect(PointFeatureWriter.abbreviated(1234) == "1.2k")
        #expect(PointFeatureWriter.abbreviated(9999) == "10k")
        #expect(PointFeatureWriter.abbreviated(12_345) == "12k")
    }
}
