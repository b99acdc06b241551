import Foundation
import TestSupport
import Testing

@testable import ZoneGeometry
@testable import ZonePipeline

/// Properties of simplification on random cities: wiggly star-shaped zones a few to a hundred
/// metres across that overlap (carved by priority), share edges, nest holes and are barely
/// larger than the tolerance. Whatever the tolerance and method: output valid and on the grid,
/// styles disjoint, no gap between neighbours, never more vertices than unsimplified, and no
/// border moved more than the tolerance plus a grid cell.
@Suite struct SimplifyPropertyTests {
    @Test(.tags(.slow), arguments: Seed.range(1...150))
    func simplifiedRandomCitiesKeepTheirGuarantees(seed: Seed) throws {
        var rng = SeededRandom(seed: seed.value)
        let sketch = MetricSketch(lon0: 13.4, lat0: 52.5)
        let precision = Int.random(in: 5...7, using: &rng)
        let tolerances: [Double] = [0.5, 1, 2, 3]
        let tolerance = tolerances[Int.random(in: tolerances.indices, using: &rng)]
        let method = SimplifyConfig.Method.allCases.randomElement(using: &rng) ?? .douglasPeucker
        let styles = ["parking", "no-parking", "slow-zone"]

        /// A ring of 12–60 vertices whose radius is drawn from `radius`, then jittered by up to 1.5 m.
        func star(radius: ClosedRange<Double>) -> [(Double, Double)] {
            let (cx, cy) = (Double.random(in: 0...300, using: &rng), Double.random(in: 0...300, using: &rng))
            let r = Double.random(in: radius, using: &rng)
            let ring = starRing(cx: cx, cy: cy, radius: r...(r + 1.5), minVertices: 12, maxVertices: 60, using: &rng)
            return stride(from: 0, to: ring.count - 2, by: 2).map { (ring[$0], ring[$0 + 1]) }
        }
        var specs: [ZoneSpec] = []
        var exteriors: [[(Double, Double)]] = []
        for _ in 0..<Int.random(in: 3...12, using: &rng) {
            let style = styles.randomElement(using: &rng) ?? "parking"
            var polygon: [[Double]]
            switch Int.random(in: 0..<5, using: &rng) {
            case 0 where !exteriors.isEmpty:  // a neighbour on an edge of an earlier zone
                let e = exteriors[Int.random(in: exteriors.indices, using: &rng)]
                let k = Int.random(in: e.indices, using: &rng)
                let a = e[k]
                let b = e[(k + 1) % e.count]
                let (mx, my) = ((a.0 + b.0) / 2, (a.1 + b.1) / 2)
                let length = hypot(b.0 - a.0, b.1 - a.1)
                let depth = Double.random(in: 1...30, using: &rng)
                // Outward for a counter-clockwise ring, with a wiggle on the far side.
                let apex = (mx + depth * (b.1 - a.1) / length, my - depth * (b.0 - a.0) / length)
                let wiggle = (
                    apex.0 + Double.random(in: -0.8...0.8, using: &rng),
                    apex.1 + Double.random(in: -0.8...0.8, using: &rng)
                )
                polygon = [sketch.ring([b, a, wiggle, apex])]
            case 1:  // a zone with a hole
                let outer = star(radius: 30...80)
                let (cx, cy) = (
                    outer.map(\.0).reduce(0, +) / Double(outer.count), outer.map(\.1).reduce(0, +) / Double(outer.count)
                )
                let hole = starRing(cx: cx, cy: cy, radius: 2...12, minVertices: 6, using: &rng)
                polygon = [
                    sketch.ring(outer),
                    reversed(sketch.ring(stride(from: 0, to: hole.count - 2, by: 2).map { (hole[$0], hole[$0 + 1]) })),
                ]
            case 2:  // barely larger than the tolerance
                polygon = [sketch.ring(star(radius: 0.5...4))]
            default:
                polygon = [sketch.ring(star(radius: 5...80))]
            }
            let g = flat([polygon])
            exteriors.append(
                stride(from: 0, to: g.ringRange(0).count - 1, by: 1).map {
                    let p = sketch.metres(g).position($0)
                    return (p.x, p.y)
                })
            specs.append(ZoneSpec("city", style, g))
        }

        let overlaps = OverlapPolicy.priority(["no-parking", "slow-zone"])
        let off = try runStage(
            specs,
            config: PipelineConfig(precision: precision, overlaps: overlaps, simplify: SimplifyConfig(toleranceM: 0)))
        let on = try runStage(
            specs,
            config: PipelineConfig(
                precision: precision, overlaps: overlaps,
                simplify: SimplifyConfig(toleranceM: tolerance, method: method)))
        let label = "precision \(precision), \(tolerance) m, \(method)"
        #expect(on.errors.isEmpty, "\(label): \(on.errors)")
        #expect(!on.warnings.contains { $0.message.contains("simplify:") }, "\(label): \(on.warnings)")
        #expect(on.groups.map(\.key) == off.groups.map(\.key), "\(label)")
        let context = try GEOSContext()
        let cell = 1 / pow10(precision) * MetricSketch.metresPerDegree
        let before = off.groups.map { sketch.metres($0.geometry) }
        let after = on.groups.map { sketch.metres($0.geometry) }
        for (g, group) in on.groups.enumerated() where g < off.groups.count {
            let problems = try outputProblems(group, precision: precision, context: context)
            #expect(problems.isEmpty, "\(label): \(problems.prefix(3))")
            #expect(
                group.geometry.positionCount <= off.groups[g].geometry.positionCount,
                "\(label): \(group.key) gained vertices")
            let d = discreteHausdorff(before[g], after[g], searchRadius: tolerance + 1)
            #expect(d <= tolerance + cell, "\(label): \(group.key) moved \(d) m")
            for j in after.indices where j > g {
                #expect(
                    try overlapArea(after[g], after[j], context: context) <= 1e-9,
                    "\(label): \(group.key) overlaps \(on.groups[j].key)")
            }
        }
        let total = (off.groups + on.groups).count
        let verticesOff = off.groups.reduce(0) { $0 + $1.geometry.positionCount }
        let verticesOn = on.groups.reduce(0) { $0 + $1.geometry.positionCount }
        if tolerance >= 2 && total > 0 {
            #expect(verticesOn < verticesOff, "\(label): \(verticesOn) vertices, \(verticesOff) unsimplified")
        }
        if !before.isEmpty {
            let gap = try geosUnion(before, context: context).buffer(-(tolerance + cell)).difference(
                geosUnion(after, context: context)
            ).area()
            #expect(gap <= 1e-6, "\(label): \(gap) m² of gaps between neighbours")
        }
    }
}
