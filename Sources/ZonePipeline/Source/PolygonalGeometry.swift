/// A Polygon or MultiPolygon with its coordinates kept flat.
///
/// `coordinates` holds x0, y0, x1, y1, … (longitude, latitude; a third value is dropped).
/// `ringEnds[r]` is the end (exclusive, in positions) of ring r; `polygonEnds[p]` is the end
/// (exclusive, in rings) of polygon p. The first ring of each polygon is its exterior.
public struct PolygonalGeometry: Hashable, Sendable {
    public var coordinates: [Double]
    public var ringEnds: [Int]
    public var polygonEnds: [Int]
    /// True when the source was a MultiPolygon (false: a Polygon).
    public var isMulti: Bool

    public init(coordinates: [Double] = [], ringEnds: [Int] = [], polygonEnds: [Int] = [], isMulti: Bool = true) {
        self.coordinates = coordinates
        self.ringEnds = ringEnds
        self.polygonEnds = polygonEnds
        self.isMulti = isMulti
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
}
