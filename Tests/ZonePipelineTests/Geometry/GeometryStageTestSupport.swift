import Foundation
import TestSupport
import Testing
import ZoneFormats

@testable import ZoneGeometry
@testable import ZonePipeline

// Helpers for the geometry-stage tests: building zones in code, checking output geometry
// independently of the code under test (random shapes: Support/SeededRandom.swift).

/// One zone as a test writes it: city, style and geometry.
struct ZoneSpec {
    var city: String
    var style: String
    var geometry: PolygonalGeometry

    init(_ city: String, _ style: String, _ geometry: PolygonalGeometry) {
        self.city = city
        self.style = style
        self.geometry = geometry
    }
}

/// Zones as the build's scan would hand them to the geometry stage: properties city and style,
/// `isValid` set from GEOS validity (what the validity rule does).
func zoneFeatures(_ specs: [ZoneSpec]) throws -> [Feature] {
    let context = try GEOSContext()
    var features: [Feature] = []
    for (i, spec) in specs.enumerated() {
        var feature = Feature(
            properties: JSONObject([("city", .string(spec.city)), ("style", .string(spec.style))]),
            geometry: spec.geometry, location: SourceLocation(file: "zones.geojson", line: i + 1, column: 1))
        feature.isValid = try validityProblem(of: spec.geometry, context: context) == nil
        features.append(feature)
    }
    return features
}

/// Runs the geometry stage on `specs`, one city, as a build worker runs it (`CityBuilder`).
func runStage(_ specs: [ZoneSpec], config: PipelineConfig = .default) throws -> CityResult {
    let features = try zoneFeatures(specs)
    let cities = Grouping.group(features, by: config.groupBy)
    try #require(cities.count == 1)
    return GeometryStage.process(cities[0], features: features, config: config, context: try GEOSContext())
}

/// The zone files at `paths` through the build driver, in memory: scan, per-city read,
/// geometry and artifacts, with each city's geometry kept in ``BuildPipeline/Outcome/cities``.
func buildZones(_ paths: [String], config: PipelineConfig = .default, jobs: Int = 1) throws -> BuildPipeline.Outcome {
    try BuildPipeline(config: config, jobs: jobs, keepsGeometry: true)
        .run(paths: paths, configBytes: [], revision: nil, previousVersion: nil)
}

/// The zone files at `paths` scanned and accounted for, as `zonectl validate` checks them.
func checkZones(_ paths: [String], config: PipelineConfig = .default, jobs: Int = 1) throws -> BuildPipeline.Checked {
    try BuildPipeline(config: config, jobs: jobs).check(paths: paths)
}

extension CityResult {
    /// The output group of `style`, if any.
    func group(_ style: String) -> ZoneGroupResult? { groups.first { $0.key.last == style } }
    var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
    var warnings: [Diagnostic] { diagnostics.filter { $0.severity == .warning } }
}

/// Rectangle [x0, x1] × [y0, y1], counter-clockwise, closed.
func rect(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> [Double] {
    [x0, y0, x1, y0, x1, y1, x0, y1, x0, y0]
}

// MARK: - Independent checks of output geometry

/// Twice the signed shoelace area of positions `range` (closed ring), measured from the
/// ring's first position to limit cancellation. Positive when counter-clockwise.
func twiceSignedArea(_ g: PolygonalGeometry, _ range: Range<Int>) -> Double {
    guard range.count >= 3 else { return 0 }
    let o = g.position(range.lowerBound)
    var sum = 0.0
    for i in range.lowerBound..<(range.upperBound - 1) {
        let a = g.position(i)
        let b = g.position(i + 1)
        sum += (a.x - o.x) * (b.y - o.y) - (b.x - o.x) * (a.y - o.y)
    }
    return sum
}

/// Planar area in square degrees: exteriors minus holes, whatever the winding.
func planarArea(_ g: PolygonalGeometry) -> Double {
    var total = 0.0
    for p in 0..<g.polygonCount {
        for r in g.polygonRings(p) {
            let a = abs(twiceSignedArea(g, g.ringRange(r))) / 2
            total += r == g.polygonRings(p).lowerBound ? a : -a
        }
    }
    return total
}

/// Total length of all rings, in degrees.
func perimeter(_ g: PolygonalGeometry) -> Double {
    var total = 0.0
    for r in 0..<g.ringCount {
        let range = g.ringRange(r)
        for i in range.lowerBound..<(range.upperBound - 1) {
            let a = g.position(i)
            let b = g.position(i + 1)
            total += hypot(b.x - a.x, b.y - a.y)
        }
    }
    return total
}

/// Rings not wound as RFC 7946 asks (exterior counter-clockwise, holes clockwise).
func windingProblems(_ g: PolygonalGeometry) -> [String] {
    var problems: [String] = []
    for p in 0..<g.polygonCount {
        for r in g.polygonRings(p) {
            let a = twiceSignedArea(g, g.ringRange(r))
            let exterior = r == g.polygonRings(p).lowerBound
            if exterior && !(a > 0) {
                problems.append("polygon \(p): exterior ring \(r) not counter-clockwise (2A = \(a))")
            }
            if !exterior && !(a < 0) { problems.append("polygon \(p): hole ring \(r) not clockwise (2A = \(a))") }
        }
    }
    return problems
}

/// Coordinates with more than `precision` decimals: x·10^p must be within 1e-6 of an integer
/// (or within 2 ulp of it, where 1e-6 is less than that: 13.123456789 · 1e9 has ulp 2e-6).
func offGridCoordinates(_ g: PolygonalGeometry, precision: Int) -> [Double] {
    let scale = pow(10, Double(precision))
    return g.coordinates.filter {
        let v = $0 * scale
        return abs(v - v.rounded()) > max(1e-6, 2 * v.ulp)
    }
}

/// The min/max of the positions, computed here rather than by ``BoundingBox``.
func extent(_ g: PolygonalGeometry) -> [Double] {
    var xs: [Double] = []
    var ys: [Double] = []
    for i in 0..<g.positionCount {
        xs.append(g.position(i).x)
        ys.append(g.position(i).y)
    }
    return [xs.min() ?? .nan, ys.min() ?? .nan, xs.max() ?? .nan, ys.max() ?? .nan]
}

/// GEOS's reason when `g` is invalid, nil when valid.
func geosInvalidity(_ g: PolygonalGeometry, context: GEOSContext) throws -> String? {
    try g.makeGEOSGeometry(context: context).invalidityReason()
}

/// Everything wrong with one output feature: invalid, empty, off the grid (or an ulp beside
/// the grid's decimals), badly wound, bbox not the extent of its positions (across the
/// antimeridian when that is shorter, see ``bruteForceRFC7946Box(_:)``). Empty when all is well.
func outputProblems(_ group: ZoneGroupResult, precision: Int, context: GEOSContext) throws -> [String] {
    var problems: [String] = []
    let name = group.key.joined(separator: "/")
    if group.geometry.isEmpty { problems.append("\(name): empty geometry") }
    if let reason = try geosInvalidity(group.geometry, context: context) {
        problems.append("\(name): invalid: \(reason)")
    }
    let off = offGridCoordinates(group.geometry, precision: precision)
    if !off.isEmpty {
        problems.append("\(name): \(off.count) coordinates off the \(precision)-decimal grid, e.g. \(off.prefix(3))")
    }
    let scale = pow(10, Double(precision))
    let inexact = group.geometry.coordinates.filter { $0 != ($0 * scale).rounded() / scale }
    if !inexact.isEmpty {
        problems.append(
            "\(name): \(inexact.count) coordinates are not the doubles of \(precision)-decimal numbers, e.g. \(inexact.prefix(3))"
        )
    }
    problems += windingProblems(group.geometry).map { "\(name): \($0)" }
    if group.bbox.array != bruteForceRFC7946Box(group.geometry) {
        problems.append("\(name): bbox \(group.bbox.array) but positions span \(bruteForceRFC7946Box(group.geometry))")
    }
    return problems
}

/// All polygons of `parts` as one MultiPolygon.
func merged(_ parts: [PolygonalGeometry]) -> PolygonalGeometry {
    var coordinates: [Double] = []
    var ringEnds: [Int] = []
    var polygonEnds: [Int] = []
    for g in parts {
        let positionsBefore = coordinates.count / 2
        let ringsBefore = ringEnds.count
        ringEnds += g.ringEnds.map { $0 + positionsBefore }
        polygonEnds += g.polygonEnds.map { $0 + ringsBefore }
        coordinates += g.coordinates
    }
    return PolygonalGeometry(coordinates: coordinates, ringEnds: ringEnds, polygonEnds: polygonEnds)
}

/// The distinct positions of `g` (each ring's closing position left out).
func vertices(_ g: PolygonalGeometry) -> [(x: Double, y: Double)] {
    (0..<g.ringCount).flatMap { r in g.ringRange(r).dropLast().map { g.position($0) } }
}

/// The vertices of `g` that are corners: those on a straight line between their neighbours
/// (nodes where another style's border meets this one) left out.
func corners(_ g: PolygonalGeometry) -> [(x: Double, y: Double)] {
    (0..<g.ringCount).flatMap { r -> [(x: Double, y: Double)] in
        let ring = g.ringRange(r).dropLast().map { g.position($0) }
        return ring.indices.filter { i in
            let a = ring[(i + ring.count - 1) % ring.count]
            let b = ring[i]
            let c = ring[(i + 1) % ring.count]
            let cross = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)
            return abs(cross) > 1e-9 * hypot(b.x - a.x, b.y - a.y) * hypot(c.x - b.x, c.y - b.y)
        }.map { ring[$0] }
    }
}

/// True when every vertex of `a` is within `tolerance` of a vertex of `b` and vice versa
/// (with `cornersOnly`, comparing ``corners(_:)``).
func sameVertexSet(_ a: PolygonalGeometry, _ b: PolygonalGeometry, tolerance: Double, cornersOnly: Bool = false) -> Bool
{
    let va = cornersOnly ? corners(a) : vertices(a)
    let vb = cornersOnly ? corners(b) : vertices(b)
    func covered(_ p: [(x: Double, y: Double)], by q: [(x: Double, y: Double)]) -> Bool {
        p.allSatisfy { v in q.contains { abs($0.x - v.x) <= tolerance && abs($0.y - v.y) <= tolerance } }
    }
    return covered(va, by: vb) && covered(vb, by: va)
}

/// Distance from (px, py) to segment a–b.
func pointSegmentDistance(_ px: Double, _ py: Double, _ a: (x: Double, y: Double), _ b: (x: Double, y: Double))
    -> Double
{
    let dx = b.x - a.x
    let dy = b.y - a.y
    let length2 = dx * dx + dy * dy
    var t = length2 > 0 ? ((px - a.x) * dx + (py - a.y) * dy) / length2 : 0
    t = min(1, max(0, t))
    return hypot(px - (a.x + t * dx), py - (a.y + t * dy))
}

/// Distance from (px, py) to the nearest ring segment of any of `geometries`.
func distanceToBoundary(_ px: Double, _ py: Double, of geometries: [PolygonalGeometry]) -> Double {
    var best = Double.infinity
    for g in geometries {
        for r in 0..<g.ringCount {
            let range = g.ringRange(r)
            for i in range.lowerBound..<(range.upperBound - 1) {
                best = min(best, pointSegmentDistance(px, py, g.position(i), g.position(i + 1)))
            }
        }
    }
    return best
}

// MARK: - Random shapes

/// A random simple ring around (cx, cy): minVertices...maxVertices vertices at sorted angles,
/// one in each of n equal sectors, radii in `radius`; counter-clockwise, closed. From 4
/// vertices on, consecutive angles are less than π apart, so the ring is star-shaped around
/// (cx, cy); from 6 on, its edges stay farther than half the smallest radius from the centre.
func starRing(
    cx: Double, cy: Double, radius: ClosedRange<Double>, minVertices: Int = 3, maxVertices: Int = 24,
    using rng: inout SeededRandom
) -> [Double] {
    let n = Int.random(in: minVertices...maxVertices, using: &rng)
    // Angles in n distinct slots keep every pair apart, so no two vertices coincide.
    let slot = 2 * Double.pi / Double(n)
    var ring: [Double] = []
    for k in 0..<n {
        let angle = (Double(k) + Double.random(in: 0.05...0.95, using: &rng)) * slot
        let r = Double.random(in: radius, using: &rng)
        ring += [cx + r * cos(angle), cy + r * sin(angle)]
    }
    ring += ring.prefix(2)
    return ring
}

// MARK: - GeoJSON for the Python checks

/// A FeatureCollection of one city's output groups; numbers as Swift prints doubles
/// (shortest text that reads back to the same value).
func geoJSONFeatureCollection(_ city: CityResult) -> String {
    var out = "{\"type\":\"FeatureCollection\",\"features\":["
    for (i, group) in city.groups.enumerated() {
        if i > 0 { out += ",\n" }
        let properties = group.properties.members.compactMap { member -> String? in
            guard let s = member.value.stringValue else { return nil }
            return "\(jsonQuoted(member.key)):\(jsonQuoted(s))"
        }.joined(separator: ",")
        out +=
            "{\"type\":\"Feature\",\"properties\":{\(properties)},\"geometry\":{\"type\":\"MultiPolygon\",\"coordinates\":["
        let g = group.geometry
        out += (0..<g.polygonCount).map { p in
            "["
                + g.polygonRings(p).map { r in
                    "[" + g.ringRange(r).map { "[\(g.position($0).x),\(g.position($0).y)]" }.joined(separator: ",")
                        + "]"
                }.joined(separator: ",") + "]"
        }.joined(separator: ",")
        out += "]}}"
    }
    return out + "]}\n"
}

/// Element-wise equality within `tolerance`.
func approxEqual(_ a: [Double], _ b: [Double], tolerance: Double = 1e-12) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
}
