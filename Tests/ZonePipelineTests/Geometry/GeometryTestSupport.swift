import Testing
@testable import ZonePipeline

/// Builds a flat geometry from polygons given as rings of x0, y0, x1, y1, … .
func flat(_ polygons: [[[Double]]], isMulti: Bool = true) -> PolygonalGeometry {
    var geometry = PolygonalGeometry(isMulti: isMulti)
    for polygon in polygons {
        for ring in polygon {
            geometry.coordinates += ring
            geometry.ringEnds.append(geometry.positionCount)
        }
        geometry.polygonEnds.append(geometry.ringCount)
    }
    return geometry
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
