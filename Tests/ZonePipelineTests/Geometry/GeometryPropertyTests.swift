import Foundation
import TestSupport
import Testing

@testable import ZoneGeometry
@testable import ZonePipeline

/// A property-test seed, shown as "seed N".
struct Seed: CustomTestStringConvertible, Sendable {
    var value: UInt64
    var testDescription: String { "seed \(value)" }
    static func range(_ r: ClosedRange<UInt64>) -> [Seed] { r.map { Seed(value: $0) } }
}

/// Properties of the geometry steps on random shapes: star-shaped polygons (simple by
/// construction) that overlap, touch along edges or at corners, repeat exactly or shifted by
/// less than two grid cells, are only a few cells across, have holes; and bow-ties.
@Suite struct GeometryPropertyTests {
    /// A triangle sharing edge a–b of `ring` exactly, on the edge's other side (a touching
    /// neighbour when `ring` is counter-clockwise), its apex `depth` away.
    static func triangleOnEdge(of ring: [Double], edge k: Int, depth: Double) -> [Double] {
        let n = ring.count / 2 - 1
        let i = k % n
        let a = (x: ring[2 * i], y: ring[2 * i + 1])
        let b = (x: ring[2 * i + 2], y: ring[2 * i + 3])
        let length = hypot(b.x - a.x, b.y - a.y)
        let apex = (
            x: (a.x + b.x) / 2 + depth * (b.y - a.y) / length, y: (a.y + b.y) / 2 - depth * (b.x - a.x) / length
        )
        return [a.x, a.y, apex.x, apex.y, b.x, b.y, a.x, a.y]
    }

    // MARK: Dissolve is idempotent

    @Test(.tags(.slow), arguments: Seed.range(1...50))
    func dissolveIsIdempotent(seed: Seed) throws {
        var rng = SeededRandom(seed: seed.value)
        let context = try GEOSContext()
        var rings: [[Double]] = []
        for _ in 0..<Int.random(in: 2...10, using: &rng) {
            switch Int.random(in: 0..<6, using: &rng) {
            case 0 where !rings.isEmpty:
                rings.append(rings[Int.random(in: rings.indices, using: &rng)])
            case 1 where !rings.isEmpty:
                let ring = rings[Int.random(in: rings.indices, using: &rng)]
                rings.append(Self.triangleOnEdge(of: ring, edge: Int.random(in: 0..<100, using: &rng), depth: 0.05))
            default:
                rings.append(
                    starRing(
                        cx: 13 + Double.random(in: 0...1, using: &rng), cy: 52 + Double.random(in: 0...1, using: &rng),
                        radius: 0.02...0.3, using: &rng))
            }
        }
        // One group through the planar overlay at 9 decimals, then its output through it again.
        let overlay = CityOverlay(precision: 9, priority: false)
        let inputs = rings.map { flat([[$0]]) }
        let once = try overlay([inputs]).groups[0]
        let twice = try overlay([[once]]).groups[0]
        #expect(try geosInvalidity(once, context: context) == nil)
        #expect(once.polygonCount <= inputs.count)
        // Exactly idempotent: the output is on the grid and fully noded, so nothing moves.
        #expect(twice == once)

        // Same area as the input's union, up to the grid: every input vertex is in (or within a
        // cell of) the output, and every output vertex is within half a cell diagonal of an
        // input border.
        let cell = 1e-9
        let union = try GEOSGeometry.multiPolygon(
            of: inputs.map { try $0.makeGEOSGeometry(context: context) }, context: context
        ).unaryUnion()
        #expect(abs(planarArea(once) - (try union.area())) <= (try union.boundary().length()) * cell)
        let prepared = try PreparedGeometry(try once.makeGEOSGeometry(context: context))
        for v in inputs.flatMap(vertices) where distanceToBoundary(v.x, v.y, of: [once]) > cell {
            #expect(try prepared.contains(x: v.x, y: v.y), "input vertex \(v) not covered")
        }
        for v in vertices(once) {
            #expect(
                distanceToBoundary(v.x, v.y, of: inputs) <= cell * 0.7072, "output vertex \(v) is on no input border")
        }
    }

    // MARK: Snapping moves vertices by at most half a cell diagonal

    @Test(arguments: Seed.range(1...50))
    func snappingMovesNoVertexFartherThanHalfACellDiagonal(seed: Seed) throws {
        var rng = SeededRandom(seed: seed.value)
        let context = try GEOSContext()
        let precision = Int.random(in: 3...7, using: &rng)
        let grid = 1 / pow10(precision)
        // 1–4 groups of 1–3 stars, 2–60 cells across, in a 200-cell square: they overlap.
        var groups: [GEOSGeometry] = []
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
            let stars = (0..<Int.random(in: 1...3, using: &rng)).map { _ in
                flat([
                    [
                        starRing(
                            cx: 13.4 + grid * Double.random(in: 0...200, using: &rng),
                            cy: 52.5 + grid * Double.random(in: 0...200, using: &rng),
                            radius: grid * 2...grid * 60, using: &rng)
                    ]
                ])
            }
            let parts = try stars.map { try $0.makeGEOSGeometry(context: context) }
            groups.append(try GEOSGeometry.multiPolygon(of: parts, context: context).unaryUnion().polygonalPart())
        }
        let inputs = try groups.map { try PolygonalGeometry($0) }
        // Overlaps allowed, so each group keeps its own area and only snapping changes it.
        let snapped = try CityOverlay(precision: precision, priority: false)(inputs.map { [$0] }).groups
        #expect(snapped.count == groups.count)

        let limit = 2.0.squareRoot() / 2 * grid * (1 + 1e-9)
        var worst = 0.0
        for (g, output) in snapped.enumerated() {
            #expect(try geosInvalidity(output, context: context) == nil, "group \(g) invalid at precision \(precision)")
            #expect(offGridCoordinates(output, precision: precision).isEmpty)
            for v in vertices(output) {
                worst = max(worst, distanceToBoundary(v.x, v.y, of: inputs))
            }
            // Borders move by at most half a diagonal, so the area changes by at most that band.
            #expect(abs(planarArea(output) - planarArea(inputs[g])) <= perimeter(inputs[g]) * limit)
        }
        #expect(worst <= limit, "a vertex moved \(worst / grid) cells at precision \(precision)")
    }

    // MARK: The stage's output is always valid

    @Test(arguments: Seed.range(1...100))
    func randomZonesGiveValidOutput(seed: Seed) throws {
        var rng = SeededRandom(seed: seed.value)
        let precision = Int.random(in: 3...7, using: &rng)
        let grid = 1 / pow10(precision)
        let styles = ["parking", "no-parking", "slow-zone"]
        let overlaps: OverlapPolicy =
            switch Int.random(in: 0..<3, using: &rng) {
            case 0: .allow
            case 1: .priority([])
            default: .priority(styles.shuffled(using: &rng))
            }
        var rings: [[Double]] = []
        var specs: [ZoneSpec] = []
        for _ in 0..<Int.random(in: 3...12, using: &rng) {
            let style = styles[Int.random(in: styles.indices, using: &rng)]
            let star = {
                starRing(
                    cx: 13.4 + grid * Double.random(in: 0...300, using: &rng),
                    cy: 52.5 + grid * Double.random(in: 0...300, using: &rng),
                    radius: grid * 3...grid * 100, using: &rng)
            }
            var geometry: PolygonalGeometry
            switch Int.random(in: 0..<10, using: &rng) {
            case 0 where !rings.isEmpty:  // the same polygon again, maybe in another style
                geometry = flat([[rings[Int.random(in: rings.indices, using: &rng)]]])
            case 1 where !rings.isEmpty:  // a neighbour sharing an edge
                let ring = rings[Int.random(in: rings.indices, using: &rng)]
                geometry = flat([
                    [Self.triangleOnEdge(of: ring, edge: Int.random(in: 0..<100, using: &rng), depth: grid * 20)]
                ])
            case 2 where !rings.isEmpty:  // a neighbour touching at a corner
                let ring = rings[Int.random(in: rings.indices, using: &rng)]
                let (x, y) = (ring[0], ring[1])
                geometry = flat([[[x, y, x + grid * 30, y - grid * 5, x + grid * 25, y - grid * 40, x, y]]])
            case 3:  // a bow-tie (invalid; repaired)
                let (x, y, s) = (
                    13.4 + grid * Double.random(in: 0...300, using: &rng),
                    52.5 + grid * Double.random(in: 0...300, using: &rng),
                    grid * Double.random(in: 2...50, using: &rng)
                )
                geometry = flat([[[x, y, x + s, y + s, x + s, y, x, y + s, x, y]]])
            case 4:  // a star with a star-shaped hole around the same centre (small: may collapse)
                let (cx, cy) = (
                    13.4 + grid * Double.random(in: 0...300, using: &rng),
                    52.5 + grid * Double.random(in: 0...300, using: &rng)
                )
                let outer = starRing(cx: cx, cy: cy, radius: grid * 10...grid * 100, minVertices: 6, using: &rng)
                let hole = starRing(cx: cx, cy: cy, radius: grid * 0.5...grid * 4, using: &rng)
                geometry = flat([[outer, reversed(hole)]])
            case 5:  // two stars as one MultiPolygon (they may overlap: invalid, repaired)
                geometry = flat([[star()], [star()]])
            case 6 where !rings.isEmpty:  // a copy shifted by less than two cells: near-shared borders
                let (dx, dy) = (
                    grid * Double.random(in: -1.5...1.5, using: &rng), grid * Double.random(in: -1.5...1.5, using: &rng)
                )
                geometry = flat([
                    [
                        rings[Int.random(in: rings.indices, using: &rng)].enumerated().map {
                            $0.offset % 2 == 0 ? $0.element + dx : $0.element + dy
                        }
                    ]
                ])
            case 7:  // a star a few cells across, which may collapse on the grid
                geometry = flat([
                    [
                        starRing(
                            cx: 13.4 + grid * Double.random(in: 0...300, using: &rng),
                            cy: 52.5 + grid * Double.random(in: 0...300, using: &rng), radius: grid * 0.3...grid * 3,
                            using: &rng)
                    ]
                ])
            default:
                geometry = flat([[star()]])
            }
            rings += (0..<geometry.polygonCount).map { p in
                let r = geometry.polygonRings(p).lowerBound
                return geometry.ringRange(r).flatMap { [geometry.position($0).x, geometry.position($0).y] }
            }
            specs.append(ZoneSpec("city", style, geometry))
        }

        // Without simplification: the area check below allows only the snapping band.
        // (SimplifyPropertyTests runs random zones with simplification.)
        let city = try runStage(
            specs,
            config: PipelineConfig(precision: precision, overlaps: overlaps, simplify: SimplifyConfig(toleranceM: 0)))
        #expect(city.errors.isEmpty, "\(city.errors)")
        let inputStyles = Set(specs.map(\.style))
        #expect(Set(city.groups.map { $0.key[1] }).isSubset(of: inputStyles))
        #expect(city.groups.count == Set(city.groups.map(\.key)).count)
        // A style with no feature must have said why.
        for style in inputStyles where city.group(style) == nil {
            #expect(
                city.warnings.contains { $0.message.contains("[city, \(style)] has no area left") },
                "\(style) vanished silently")
        }
        let context = try GEOSContext()
        for group in city.groups {
            let problems = try outputProblems(group, precision: precision, context: context)
            #expect(problems.isEmpty, "precision \(precision), \(overlaps): \(problems.prefix(5))")
        }
        // Faithful up to the snapping band: each style's output area (allow), or all styles'
        // together (priority), is the area of the union of the (repaired) input, give or take
        // the input's perimeter times a cell.
        func union(_ specs: [ZoneSpec]) throws -> PolygonalGeometry {
            let parts = try specs.map { spec in
                let g = try spec.geometry.makeGEOSGeometry(context: context)
                return try geosInvalidity(spec.geometry, context: context) == nil
                    ? g : try g.makeValid().polygonalPart()
            }
            return try PolygonalGeometry(
                try GEOSGeometry.multiPolygon(of: parts, context: context).unaryUnion().polygonalPart())
        }
        let band = specs.map { perimeter($0.geometry) }.reduce(0, +) * grid
        if case .priority = overlaps {
            let total = city.groups.map { planarArea($0.geometry) }.reduce(0, +)
            #expect(abs(total - planarArea(try union(specs))) <= band)
        } else {
            for style in inputStyles {
                let output = city.group(style).map { planarArea($0.geometry) } ?? 0
                #expect(abs(output - planarArea(try union(specs.filter { $0.style == style }))) <= band, "\(style)")
            }
        }
        let outputs = try city.groups.map { try $0.geometry.makeGEOSGeometry(context: context) }
        if case .priority = overlaps {
            for i in outputs.indices {
                for j in outputs.indices where j > i {
                    #expect(
                        try !outputs[i].interiorsIntersect(outputs[j]),
                        "\(city.groups[i].key) and \(city.groups[j].key) overlap")
                }
            }
        } else {
            #expect(city.contested.isEmpty)
        }
    }
}
