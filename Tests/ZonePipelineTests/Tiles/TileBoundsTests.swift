import Testing
import VectorTiles

@testable import ZonePipeline

/// The archive header's area and starting view: a map opened on an archive of Fiji or Chukotka
/// starts there, not at longitude 0.
@Suite struct TileBoundsTests {
    func bounds(_ boxes: [[Double]]) -> PMTilesBounds { TileStage.bounds(boxes: boxes, zoom: 0) }

    @Test func citiesApartFromTheAntimeridianAreCentredBetweenTheirEdges() {
        let b = bounds([[10, 40, 20, 50], [30, 45, 40, 55]])
        #expect((b.west, b.south, b.east, b.north) == (10, 40, 40, 55))
        #expect(b.centerLongitude == 25)
    }

    @Test func aCityAcrossTheAntimeridianIsCentredOnIt() {
        // Fiji, 177° E to 179° W.
        let b = bounds([[177, -19, -179, -16]])
        #expect(b.west == -180 && b.east == 180, "the whole width: a west above the east would mislead readers")
        #expect(b.centerLongitude == 179)
    }

    @Test func citiesOnBothSidesOfTheAntimeridianAreCentredBetweenThem() {
        // Anadyr and Nome: the narrowest span holding both crosses 180°.
        let b = bounds([[176, 64, 178, 65], [-166, 64, -164, 65]])
        #expect(b.west == -180 && b.east == 180)
        #expect(b.centerLongitude == -174)
        // With Paris too, the widest gap is Asia, between Paris and Anadyr: the narrowest span
        // runs east from Anadyr over Nome and the Americas to Paris, still across 180°.
        let c = bounds([[176, 64, 178, 65], [-166, 64, -164, 65], [2, 48, 3, 49]])
        #expect(c.centerLongitude == -90.5 && c.west == -180)
    }

    @Test func citiesAroundTheWorldAreCentredAtZero() {
        let b = bounds([[-180, 0, -60, 10], [-70, 0, 70, 10], [60, 0, 180, 10]])
        #expect(b.centerLongitude == 0 && b.west == -180 && b.east == 180)
    }
}
