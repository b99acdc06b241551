import Foundation
import TestSupport
import Testing

@testable import ZoneGeometry
@testable import ZonePipeline

/// The grids the gap search and simplification use, against brute force on random input:
/// `GridIndex` (each meeting pair or item exactly once) and `CoverageTest` (the same answer as
/// the parity of all of a feature's segments).
@Suite struct SpatialIndexTests {
    static func meet(_ a: BoundingBox, _ b: BoundingBox) -> Bool {
        a.west <= b.east && b.west <= a.east && a.south <= b.north && b.south <= a.north
    }

    /// Boxes of mixed sizes (points, small, a few long ones), some sharing edges exactly.
    static func boxes(_ count: Int, seed: UInt64) -> [BoundingBox] {
        var r = SeededRandom(seed: seed)
        return (0..<count).map { i in
            let x = (r.unit() * 100).rounded(.down) / 2
            let y = (r.unit() * 100).rounded(.down) / 2
            let size = i % 17 == 0 ? 40 * r.unit() : (i % 5 == 0 ? 0 : 3 * r.unit())
            let wide = r.unit() < 0.5
            return BoundingBox(
                west: x, south: y, east: x + (wide ? size : size / 4), north: y + (wide ? size / 4 : size))
        }
    }

    /// ``boxes(_:seed:)`` in four clusters thousands of box sizes apart (a `group_by` unit
    /// over several cities), which crowd a few cells of a grid over their extent.
    static func clusteredBoxes(_ count: Int, seed: UInt64) -> [BoundingBox] {
        let centres = [(0.0, 0.0), (5000.0, 40.0), (-3000.0, 2500.0), (12000.0, -800.0)]
        return boxes(count, seed: seed).enumerated().map { i, b in
            let (cx, cy) = centres[i % centres.count]
            return BoundingBox(west: b.west + cx, south: b.south + cy, east: b.east + cx, north: b.north + cy)
        }
    }

    /// Every meeting pair once, and with groups (runs of consecutive items, of uneven length,
    /// some a single item, each run's boxes a chain like a ring's segments) none of one group;
    /// the pairs of a few ranges of cells together are the same. In clusters, the grid is sparse.
    @Test(arguments: [1, 2, 3] as [UInt64], [false, true])
    func everyMeetingPairOnce(seed: UInt64, clustered: Bool) {
        var boxes = clustered ? Self.clusteredBoxes(600, seed: seed) : Self.boxes(600, seed: seed)
        var r = SeededRandom(seed: seed + 50)
        var groups: [Int32] = []
        while groups.count < boxes.count {
            let run = min(1 + Int(r.unit() * 12), boxes.count - groups.count)
            let group = Int32(groups.last.map { $0 + 1 } ?? 0)
            for k in 1..<max(run, 1) {
                // Each box of the run starts where the one before it ends.
                let (before, i) = (boxes[groups.count + k - 1], groups.count + k)
                let (w, h) = (boxes[i].east - boxes[i].west, boxes[i].north - boxes[i].south)
                boxes[i] = BoundingBox(
                    west: before.east, south: before.north, east: before.east + w, north: before.north + h)
            }
            groups += repeatElement(group, count: run)
        }
        let grid = GridIndex(boxes)
        #expect(grid.isSparse == clustered)
        for grouped in [false, true] {
            var found: [Int: Int] = [:]
            grid.forEachPair(apart: grouped ? groups : nil) { a, b in
                #expect(a < b)
                found[a * boxes.count + b, default: 0] += 1
            }
            var inRanges: [Int: Int] = [:]
            let third = grid.cellCount / 3
            for cells in [0..<third, third..<(2 * third), (2 * third)..<grid.cellCount] {
                grid.forEachPair(apart: grouped ? groups : nil, cells: cells) { a, b in
                    inRanges[a * boxes.count + b, default: 0] += 1
                }
            }
            #expect(inRanges == found)
            var expected = 0
            var sameGroup = 0
            for a in boxes.indices {
                for b in (a + 1)..<boxes.count where Self.meet(boxes[a], boxes[b]) {
                    if grouped && groups[a] == groups[b] {
                        sameGroup += 1
                        #expect(found[a * boxes.count + b] == nil, "pair \(a), \(b) of one group")
                        continue
                    }
                    expected += 1
                    #expect(found[a * boxes.count + b] == 1, "pair \(a), \(b)")
                }
            }
            #expect(found.count == expected)
            #expect(expected > (clustered ? 100 : 600))
            #expect(!grouped || sameGroup > 100)
        }
    }

    /// Queries of all sizes, one over everything (in a sparse grid, more cells than it has).
    @Test(arguments: [4, 5] as [UInt64], [false, true])
    func everyItemMeetingABoxOnce(seed: UInt64, clustered: Bool) {
        let boxes = clustered ? Self.clusteredBoxes(400, seed: seed) : Self.boxes(400, seed: seed)
        let grid = GridIndex(boxes)
        #expect(grid.isSparse == clustered)
        let everything = BoundingBox(west: -1e5, south: -1e5, east: 1e5, north: 1e5)
        let queries = clustered ? Self.clusteredBoxes(60, seed: seed + 100) : Self.boxes(60, seed: seed + 100)
        for query in queries + [everything] {
            var found: [Int] = []
            grid.forEach(meeting: query) { found.append($0) }
            #expect(found.count == Set(found).count)
            #expect(Set(found) == Set(boxes.indices.filter { Self.meet(boxes[$0], query) }))
        }
    }

    /// A few boxes spread along 1e104 in one direction and 6 in the other (fuzzing found the
    /// grid's column count overflowing Int there): every meeting pair and item still once.
    @Test func boxesFarLongerThanWideAreIndexed() {
        let boxes = [
            BoundingBox(west: 0, south: 0, east: 4, north: 8.9e103),
            BoundingBox(west: 5, south: 5, east: 6, north: 6),
            BoundingBox(west: 3, south: 1, east: 5.5, north: 5.5),
            BoundingBox(west: 0, south: -1e100, east: 0, north: 0),
        ]
        for swapped in [false, true] {
            let items =
                swapped
                ? boxes.map { BoundingBox(west: $0.south, south: $0.west, east: $0.north, north: $0.east) } : boxes
            var pairs: [[Int]] = []
            GridIndex(items).forEachPair { pairs.append([$0, $1]) }
            let expected = items.indices.flatMap { i in
                items.indices.filter { $0 > i && Self.meet(items[i], items[$0]) }.map { [i, $0] }
            }
            #expect(Set(pairs) == Set(expected) && pairs.count == expected.count, "swapped \(swapped)")
        }
    }

    /// Star-shaped rings of many vertices (so the coverage test bands their segments), some
    /// overlapping, with a hole in one.
    static func stars(seed: UInt64) -> [PolygonalGeometry] {
        var r = SeededRandom(seed: seed)
        func star(_ cx: Double, _ cy: Double, _ radius: Double, _ n: Int, clockwise: Bool) -> [Double] {
            var ring: [Double] = []
            for k in 0..<n {
                let angle = (clockwise ? -1.0 : 1.0) * 2 * Double.pi * Double(k) / Double(n)
                let rr = radius * (0.5 + 0.5 * r.unit())
                ring += [cx + rr * cos(angle), cy + rr * sin(angle)]
            }
            return ring + ring.prefix(2)
        }
        return (0..<12).map { i in
            let (cx, cy) = (2.35 + 0.004 * r.unit(), 48.85 + 0.003 * r.unit())
            let outer = star(cx, cy, 0.0015, i % 3 == 0 ? 300 : 20, clockwise: false)
            let hole = star(cx, cy, 0.0004, 40, clockwise: true)
            return flat([i == 0 ? [outer, hole] : [outer]], isMulti: false)
        }
    }

    /// Parity of the crossings of a ray to the right with all of a feature's segments.
    static func inside(_ p: Point, _ feature: Int32, _ segments: BorderSegments) -> Bool {
        var inside = false
        for i in segments.feature.indices where segments.feature[i] == feature {
            let s = segments[i]
            guard (s.a.y > p.y) != (s.b.y > p.y) else { continue }
            if s.a.x + (p.y - s.a.y) / (s.b.y - s.a.y) * (s.b.x - s.a.x) > p.x { inside.toggle() }
        }
        return inside
    }

    @Test(.tags(.slow), arguments: [7, 8] as [UInt64])
    func coverageIsTheParityOfAllSegments(seed: UInt64) {
        let features = Self.stars(seed: seed)
        let boxes = features.compactMap { BoundingBox($0) }
        let box = boxes.dropFirst().reduce(boxes[0]) { $0.union($1) }
        let segments = BorderSegments(features, frame: LocalFrame(box: box))
        let coverage = CoverageTest(segments)
        var r = SeededRandom(seed: seed)
        let xs = segments.segments.flatMap { [$0.a.x, $0.b.x] }
        let ys = segments.segments.flatMap { [$0.a.y, $0.b.y] }
        var covered = 0
        // The hint carried from point to point, as the gap finder carries it.
        var hint = -1
        for k in 0..<3000 {
            // Random points, and points on segment ends' heights (rays through vertices).
            let p =
                k % 3 == 0
                ? Point(x: xs.min()! + r.unit() * (xs.max()! - xs.min()!), y: ys[Int(r.next() % UInt64(ys.count))])
                : Point(
                    x: xs.min()! + r.unit() * (xs.max()! - xs.min()!), y: ys.min()! + r.unit() * (ys.max()! - ys.min()!)
                )
            let own = (Int32(r.next() % 12), Int32(r.next() % 12))
            let expected = (0..<Int32(features.count)).contains { f in
                f != own.0 && f != own.1 && Self.inside(p, f, segments)
            }
            var none = -1
            #expect(coverage.covers(p, except: own, hint: &none) == expected, "point \(p.x), \(p.y)")
            #expect(coverage.covers(p, except: own, hint: &hint) == expected, "point \(p.x), \(p.y), hint")
            covered += expected ? 1 : 0
        }
        #expect(covered > 300)
        #expect(covered < 2700)
    }
}
