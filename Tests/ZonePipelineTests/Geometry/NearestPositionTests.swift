import Testing

@testable import ZoneGeometry
@testable import ZonePipeline

@Suite struct NearestPositionTests {
    static let geometry = flat([
        [square(0, 0, 10), reversed(square(2, 2, 3))],
        [square(20, 0, 1)],
    ])

    @Test(arguments: [
        (x: 0.1, y: -0.2, ring: 0, index: 0),
        (x: 10.0, y: 10.0, ring: 0, index: 2),
        (x: 4.9, y: 2.1, ring: 1, index: 8),  // the hole, clockwise from 5: (2,2) (2,5) (5,5) (5,2)
        (x: 2.0, y: 5.0, ring: 1, index: 6),
        (x: 2.1, y: 2.1, ring: 1, index: 5),
        (x: 21.0, y: 1.4, ring: 2, index: 12),
        (x: 100.0, y: 100.0, ring: 2, index: 12),
    ])
    func findsRingAndGlobalIndex(x: Double, y: Double, ring: Int, index: Int) {
        let nearest = nearestPosition(in: Self.geometry, x: x, y: y)
        #expect(nearest.map { [$0.ring, $0.index] } == [ring, index])
    }

    @Test func tieGoesToTheEarliestPosition() {
        // Bow-tie: GEOS places the problem at (1, 1), equally far from all four corners.
        let bowTie = flat([[[0, 0, 2, 2, 2, 0, 0, 2, 0, 0]]])
        #expect(nearestPosition(in: bowTie, x: 1, y: 1).map { [$0.ring, $0.index] } == [0, 0])
    }

    @Test func noPositionOrNoLocationGivesNil() {
        #expect(nearestPosition(in: flat([]), x: 0, y: 0) == nil)
        #expect(nearestPosition(in: Self.geometry, x: .nan, y: .nan) == nil)
    }
}
