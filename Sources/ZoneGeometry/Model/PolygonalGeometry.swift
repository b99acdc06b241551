/// A Polygon or MultiPolygon with its coordinates kept flat.
///
/// `coordinates` holds x0, y0, x1, y1, … (longitude, latitude; a third value is dropped).
/// `ringEnds[r]` is the end (exclusive, in positions) of ring r; `polygonEnds[p]` is the end
/// (exclusive, in rings) of polygon p. The first ring of each polygon is its exterior.
///
/// The storage is read-only outside: a geometry is made whole (``init(coordinates:ringEnds:polygonEnds:isMulti:)``,
/// or ring by ring with ``PolygonalGeometryBuilder``), and only its positions may change in
/// place (``mapPositions(_:)``). Debug builds check the offsets on every geometry made, and
/// the builder also checks that each ring is closed and has at least 4 positions.
public struct PolygonalGeometry: Hashable, Sendable {
    public private(set) var coordinates: [Double]
    public private(set) var ringEnds: [Int]
    public private(set) var polygonEnds: [Int]
    /// True when the source was a MultiPolygon (false: a Polygon).
    public private(set) var isMulti: Bool

    /// A geometry of these arrays. As read from a file its rings may be open or short (the
    /// structure rules report those); the offsets must be in order and end at the arrays' ends.
    public init(coordinates: [Double] = [], ringEnds: [Int] = [], polygonEnds: [Int] = [], isMulti: Bool = true) {
        self.coordinates = coordinates
        self.ringEnds = ringEnds
        self.polygonEnds = polygonEnds
        self.isMulti = isMulti
        assert(offsetProblem == nil, "PolygonalGeometry: \(offsetProblem ?? "")")
    }

    /// Arrays taken as they are, offsets unchecked: for tests of the checks readers of a
    /// geometry (the GEOS conversion) make themselves.
    package init(uncheckedCoordinates coordinates: [Double], ringEnds: [Int], polygonEnds: [Int], isMulti: Bool = true)
    {
        (self.coordinates, self.ringEnds, self.polygonEnds, self.isMulti) = (
            coordinates, ringEnds, polygonEnds, isMulti
        )
    }

    public var positionCount: Int { coordinates.count / 2 }
    public var ringCount: Int { ringEnds.count }
    public var polygonCount: Int { polygonEnds.count }
    public var isEmpty: Bool { polygonEnds.isEmpty }

    /// Positions [start, end) of ring r.
    public func ringRange(_ r: Int) -> Range<Int> {
        (r == 0 ? 0 : ringEnds[r - 1])..<ringEnds[r]
    }

    /// Rings [start, end) of polygon p.
    public func polygonRings(_ p: Int) -> Range<Int> {
        (p == 0 ? 0 : polygonEnds[p - 1])..<polygonEnds[p]
    }

    /// Position i as (x, y).
    public func position(_ i: Int) -> (x: Double, y: Double) {
        (coordinates[2 * i], coordinates[2 * i + 1])
    }

    /// Moves every position (`transform` gets x and y to change); rings stay as they are.
    public mutating func mapPositions(_ transform: (inout Double, inout Double) -> Void) {
        coordinates.withUnsafeMutableBufferPointer { c in
            for i in stride(from: 0, to: c.count - 1, by: 2) { transform(&c[i], &c[i + 1]) }
        }
    }

    /// Reverses the order of ring r's positions.
    mutating func reverseRing(_ r: Int) {
        var lo = ringRange(r).lowerBound
        var hi = ringRange(r).upperBound - 1
        while lo < hi {
            coordinates.swapAt(2 * lo, 2 * hi)
            coordinates.swapAt(2 * lo + 1, 2 * hi + 1)
            lo += 1
            hi -= 1
        }
    }

    /// This geometry read as a MultiPolygon (`true`) or a Polygon.
    public func withMulti(_ multi: Bool) -> PolygonalGeometry {
        var g = self
        g.isMulti = multi
        return g
    }

    /// What is wrong with the offsets, or nil: an even coordinate count, ring and polygon ends
    /// increasing and ending at the last position and ring.
    var offsetProblem: String? {
        if !coordinates.count.isMultiple(of: 2) { return "an odd number of coordinates (\(coordinates.count))" }
        if ringEnds.last ?? 0 != positionCount {
            return "the last ring ends at \(ringEnds.last ?? 0), not at position \(positionCount)"
        }
        if polygonEnds.last ?? 0 != ringCount {
            return "the last polygon ends at ring \(polygonEnds.last ?? 0), not \(ringCount)"
        }
        if zip([0] + ringEnds, ringEnds).contains(where: { $0 > $1 }) { return "ring ends out of order" }
        if zip([0] + polygonEnds, polygonEnds).contains(where: { $0 > $1 }) { return "polygon ends out of order" }
        return nil
    }

    /// What is wrong with the rings as output rings, or nil: every polygon has rings, each
    /// closed, with at least 4 positions.
    var ringProblem: String? {
        if zip([0] + polygonEnds, polygonEnds).contains(where: { $0 == $1 }) { return "a polygon without rings" }
        for r in 0..<ringCount {
            let range = ringRange(r)
            if range.count < 4 { return "ring \(r) has \(range.count) positions" }
            let a = position(range.lowerBound)
            let b = position(range.upperBound - 1)
            if a != b { return "ring \(r) is not closed" }
        }
        return nil
    }
}

/// Assembles a ``PolygonalGeometry`` ring by ring, polygon by polygon: positions are added,
/// then `closeRing()`, then `closePolygon()` after a polygon's rings.
public struct PolygonalGeometryBuilder: Sendable {
    private var coordinates: [Double] = []
    private var ringEnds: [Int] = []
    private var polygonEnds: [Int] = []

    public init() {}

    public var positionCount: Int { coordinates.count / 2 }
    public var ringCount: Int { ringEnds.count }
    public var polygonCount: Int { polygonEnds.count }

    public mutating func add(x: Double, y: Double) {
        coordinates.append(x)
        coordinates.append(y)
    }

    /// Adds a whole ring of flat x, y pairs and closes it.
    public mutating func add(ring: [Double]) {
        coordinates += ring
        closeRing()
    }

    /// Ends the ring of the positions added since the last ring ended.
    public mutating func closeRing() { ringEnds.append(positionCount) }

    /// Ends the polygon of the rings ended since the last polygon ended.
    public mutating func closePolygon() { polygonEnds.append(ringEnds.count) }

    /// The geometry. With `checkRings`, debug builds check that every ring is closed with at
    /// least 4 positions (off only for work in progress that may collapse rings).
    public func build(isMulti: Bool = true, checkRings: Bool = true) -> PolygonalGeometry {
        let g = PolygonalGeometry(
            coordinates: coordinates, ringEnds: ringEnds, polygonEnds: polygonEnds, isMulti: isMulti)
        assert(!checkRings || g.ringProblem == nil, "PolygonalGeometryBuilder: \(g.ringProblem ?? "")")
        return g
    }
}
