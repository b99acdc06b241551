import Testing

@testable import ZoneGeometry
@testable import ZonePipeline

/// Builds a flat geometry from polygons given as rings of x0, y0, x1, y1, … (rings may be
/// open or short: tests read invalid input too).
func flat(_ polygons: [[[Double]]], isMulti: Bool = true) -> PolygonalGeometry {
    var coordinates: [Double] = []
    var ringEnds: [Int] = []
    var polygonEnds: [Int] = []
    for polygon in polygons {
        for ring in polygon {
            coordinates += ring
            ringEnds.append(coordinates.count / 2)
        }
        polygonEnds.append(ringEnds.count)
    }
    return PolygonalGeometry(coordinates: coordinates, ringEnds: ringEnds, polygonEnds: polygonEnds, isMulti: isMulti)
}

/// Square [x, x + size] × [y, y + size], counter-clockwise, closed.
func square(_ x: Double, _ y: Double, _ size: Double) -> [Double] {
    [x, y, x + size, y, x + size, y + size, x, y + size, x, y]
}

/// The same ring walked the other way.
func reversed(_ ring: [Double]) -> [Double] {
    stride(from: ring.count - 2, through: 0, by: -2).flatMap { [ring[$0], ring[$0 + 1]] }
}

/// A named geometry, so parameterized tests show readable ids.
struct NamedGeometry: CustomTestStringConvertible, Sendable {
    var name: String
    var geometry: PolygonalGeometry
    var testDescription: String { name }

    init(_ name: String, _ geometry: PolygonalGeometry) {
        self.name = name
        self.geometry = geometry
    }
}
