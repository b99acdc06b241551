import TestSupport
import Testing

@testable import ZoneGeometry
@testable import ZonePipeline

@Suite struct BoundingBoxAntimeridianTests {
    static func box(_ w: Double, _ s: Double, _ e: Double, _ n: Double) -> BoundingBox {
        BoundingBox(west: w, south: s, east: e, north: n)
    }

    @Test func fijiExampleOfRFC7946() throws {
        // RFC 7946 §5.2: features between 177°E and 178°W, 16°S and 20°S → [177, −20, −178, −16].
        let box = try #require(
            BoundingBox.covering([Self.box(177, -20, 179.5, -17), Self.box(-179.5, -18, -178, -16)]))
        #expect(box.array == [177, -20, -178, -16])
    }

    @Test(arguments: [
        (name: "one box", boxes: [box(10, 0, 20, 1)], expected: [10.0, 0, 20, 1]),
        (
            name: "apart, shorter not through 180", boxes: [box(-60, 0, -50, 1), box(90, 2, 100, 3)],
            expected: [-60.0, 0, 100, 3]
        ),
        (
            name: "apart, shorter through 180", boxes: [box(-80, 0, -70, 1), box(110, 2, 120, 3)],
            expected: [110.0, 0, -70, 3]
        ),
        (
            name: "touching at 180 from both sides", boxes: [box(170, 0, 180, 1), box(-180, 0, -170, 1)],
            expected: [170.0, 0, -170, 1]
        ),
        (
            name: "equal gaps: not through 180", boxes: [box(-90, 0, -90, 0), box(90, 0, 90, 0)],
            expected: [-90.0, 0, 90, 0]
        ),
        (
            name: "a box through 180 and one inside it", boxes: [box(170, 0, -170, 1), box(-175, 5, -172, 6)],
            expected: [170.0, 0, -170, 6]
        ),
        (
            name: "two boxes through 180", boxes: [box(175, 0, -175, 1), box(160, 0, 178, 1), box(-179, 2, -150, 3)],
            expected: [160.0, 0, -150, 3]
        ),
        (name: "the whole circle", boxes: [box(-180, 0, 0, 1), box(0, 0, 180, 1)], expected: [-180.0, 0, 180, 1]),
    ])
    func coveringBox(name: String, boxes: [BoundingBox], expected: [Double]) throws {
        #expect(try #require(BoundingBox.covering(boxes)).array == expected)
    }

    @Test func noBoxesNoBox() {
        #expect(BoundingBox.covering([BoundingBox]()) == nil)
        #expect(BoundingBox(rfc7946: PolygonalGeometry()) == nil)
    }

    @Test func geometryBoxAgreesWithBruteForce() throws {
        // Random parts on both sides, each on one side of the meridian as split output is.
        var rng = SeededRandom(seed: 7946)
        for _ in 0..<300 {
            var polygons: [[[Double]]] = []
            for _ in 0..<Int.random(in: 1...5, using: &rng) {
                let w = Double.random(in: -180...179, using: &rng)
                let size = Double.random(in: 0.01...min(60, 180 - w), using: &rng)
                polygons.append([square(w, Double.random(in: -80...70, using: &rng), size)])
            }
            let g = flat(polygons)
            let box = try #require(BoundingBox(rfc7946: g))
            #expect(box.array == bruteForceRFC7946Box(g), "\(polygons)")
        }
    }
}
