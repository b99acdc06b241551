import Testing
import ZoneGeometry

@testable import ZoneTiles

/// Each zoom keeps the vertices MapLibre's GeoJSON tiler keeps, and both sides of a shared border
/// keep the same ones.
@Suite struct RankedZonesTests {
    /// One polygon of rings of (x, y) points.
    func geometry(_ rings: [[(Double, Double)]]) -> PolygonalGeometry {
        flat([rings.map { ring in ring.flatMap { [$0.0, $0.1] } }])
    }

    func city(_ zones: [PolygonalGeometry], zoom: Int = 10) -> CityZoom {
        CityZoom(zoom: zoom, originX: 0, originY: 0, zones: zones)
    }

    /// geojson-vt's ranks: the split of a closed ring is the position farthest from its start, and
    /// each rank is the squared distance from the chord of the span it split, uncapped.
    @Test func ranksAreGeoJSONVTsSquaredDistances() {
        // A 10 × 10 square from (0, 0), with a bump of 2 on the bottom side at (5, -2) and a
        // point on the top side, 0.5 off it at (5, 10.5).
        let square = geometry([[(0, 0), (5, -2), (10, 0), (10, 10), (5, 10.5), (0, 10), (0, 0)]])
        let ranked = RankedZones(city([square]))
        let rank = ranked.rank[0]
        #expect(rank[0] == .infinity && rank[6] == .infinity)
        // Farthest from (0, 0): (10, 10), at 200; then in (0, 0)…(10, 10): (10, 0) and (5, -2),
        // each 50 and 29 … from their chords.
        #expect(rank[3] == 200)
        #expect(rank[2] == 50, "(10, 0) from the diagonal")
        #expect(rank[1] == 4, "(5, -2) from (0, 0)–(10, 0)")
        #expect(rank[5] == 50, "(0, 10) from the diagonal back")
        #expect(rank[4] == 0.25, "(5, 10.5) from (10, 10)–(0, 10)")
        // At a tolerance of 1 (rank above 1) the top point goes and the bump stays; at 3 both go.
        #expect(ranked.simplified(tolerance: 1).city.zones[0].positionCount == 6)
        #expect(ranked.simplified(tolerance: 3).city.zones[0].positionCount == 5)
    }

    /// Two zones along one jagged border, each ring starting elsewhere: each ranks the border's
    /// vertices its own way, but both keep the same ones, so the border stays shared.
    @Test func aSharedBorderKeepsTheSameVerticesOnBothSides() throws {
        let offsets: [Double] = [2.5, 0.4, -0.6]
        let jag: [(Double, Double)] = (1..<40).map { i in (Double(i) * 10, offsets[i % 3]) }
        let northEnd: [(Double, Double)] = [(400, 0), (400, 100), (0, 100), (0, 0)]
        let southEnd: [(Double, Double)] = [(0, 0), (0, -100), (400, -100)]
        let north = geometry([[(0, 0)] + jag + northEnd])
        let south = geometry([[(400, -100), (400, 0)] + jag.reversed() + southEnd])
        for tolerance in [1.0, 2.0, 3.0] {
            let kept = RankedZones(city([north, south])).simplified(tolerance: tolerance).city.zones
            func border(_ g: PolygonalGeometry) -> Set<[Double]> {
                Set((0..<g.positionCount).map { [g.position($0).x, g.position($0).y] }.filter { abs($0[1]) < 3 })
            }
            #expect(border(kept[0]) == border(kept[1]), "tolerance \(tolerance)")
            #expect(border(kept[0]).count < jag.count + 2, "tolerance \(tolerance) simplifies")
            // Alone, the south zone keeps another set: the sharing is what made them equal.
            let alone = RankedZones(city([south])).simplified(tolerance: tolerance).city.zones[0]
            #expect(border(alone).isSubset(of: border(kept[1])))
        }
    }

    /// One zoom lower: coordinates and ranks halved and quartered, rings below 9 units² left
    /// out as MapLibre leaves them, and no ring left with fewer than four positions.
    @Test func aLowerZoomHalvesQuartersAndKeepsEveryRingDrawable() throws {
        let large = geometry([[(0, 0), (40, 0), (40, 40), (20, 41), (0, 40), (0, 0)]])
        let twoSpecks = PolygonalGeometry(
            coordinates: rect(100, 0, 104, 4) + rect(110, 0, 116, 6), ringEnds: [5, 10], polygonEnds: [1, 2])
        let ranked = RankedZones(city([large, twoSpecks], zoom: 5))
        let lower = ranked.lower(tolerance: 3, parts: SubPixelParts(extent: 4096))
        #expect(lower.city.zoom == 4)
        // (20, 41) ranks 1 from its chord: a quarter of it, below 9, goes.
        #expect(lower.city.zones[0].positionCount == 5)
        #expect(lower.city.zones[0].position(2) == (20, 20))
        // The 4 × 4 speck is 2 × 2 one zoom lower, below 9 units²: the zone keeps its 3 × 3.
        #expect(lower.city.zones[1].polygonCount == 1 && lower.city.zones[1].position(0) == (55, 0))
        // A square's corners rank high; its sides' midpoints would not. Every ring keeps four.
        let tiny = RankedZones(city([geometry([[(0, 0), (1, 0), (1, 1), (0, 1), (0, 0)]])]))
        #expect(tiny.simplified(tolerance: 3).city.zones[0].positionCount == 4)
        #expect(lower.rank[0][2] == ranked.rank[0][2] / 4)
    }
}
