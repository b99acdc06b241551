/// An axis-aligned box in longitude/latitude.
public struct BoundingBox: Hashable, Sendable {
    public var west: Double, south: Double, east: Double, north: Double

    /// A box from its four sides.
    public init(west: Double, south: Double, east: Double, north: Double) {
        (self.west, self.south, self.east, self.north) = (west, south, east, north)
    }

    /// The box of all positions of `g` (nil when it has none).
    public init?(_ g: PolygonalGeometry) {
        guard g.positionCount > 0 else { return nil }
        self.init(g.coordinates, range: 0..<g.positionCount)
    }

    /// The box of positions `range` of a flat coordinate buffer.
    package init(_ coordinates: [Double], range: Range<Int>) {
        var w = Double.infinity
        var s = Double.infinity
        var e = -Double.infinity
        var n = -Double.infinity
        for i in range {
            let x = coordinates[2 * i]
            let y = coordinates[2 * i + 1]
            w = min(w, x)
            e = max(e, x)
            s = min(s, y)
            n = max(n, y)
        }
        (west, south, east, north) = (w, s, e, n)
    }

    /// True when the boxes share at least one point.
    func intersects(_ o: BoundingBox) -> Bool {
        west <= o.east && o.west <= east && south <= o.north && o.south <= north
    }

    /// [west, south, east, north] as RFC 7946 §5 writes it.
    public var array: [Double] { [west, south, east, north] }
}

extension BoundingBox {
    /// The smallest box holding both.
    package func union(_ o: BoundingBox) -> BoundingBox {
        var b = self
        b.west = min(west, o.west)
        b.south = min(south, o.south)
        b.east = max(east, o.east)
        b.north = max(north, o.north)
        return b
    }
}
