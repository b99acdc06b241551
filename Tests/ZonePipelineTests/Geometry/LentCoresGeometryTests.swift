import Foundation
import Testing
import ZoneFormats

@testable import ZoneGeometry
@testable import ZonePipeline
@testable import ZoneSupport

/// A city's geometry with cores lent (`IdleCores`: the gap search and the snap rounding in
/// chunks, here cut 512 times smaller than in a build, so real cities make many chunks) is the
/// same, to the bit, as with none.
@Suite struct LentCoresGeometryTests {
    static let cities = ["bari", "paris", "rome-rioni", "zurich-city"]

    /// A real city's features, with `isValid` as the scan would set it.
    static func city(_ name: String) throws -> (CityGroups, [Feature]) {
        let text = try SourceText(contentsOf: zonesRealDirectory.appendingPathComponent("\(name).geojson").path)
        let context = try GEOSContext()
        var features = GeoJSONReader.read(text).features.filter { $0.geometry != nil }
        for i in features.indices {
            features[i].isValid = try validityProblem(of: try #require(features[i].geometry), context: context) == nil
        }
        let cities = Grouping.group(features, by: PipelineConfig.default.groupBy)
        try #require(cities.count == 1)
        return (cities[0], features)
    }

    @Test(.tags(.slow), arguments: cities, [0.0, 3.0])
    func chunksOnLentCoresChangeNothing(city name: String, closeM: Double) throws {
        let (city, features) = try Self.city(name)
        var config = PipelineConfig.default
        config.gaps.closeM = closeM
        let lent = IdleCores(chunkDivisor: 512)
        lent.lend()
        let serial = GeometryStage.process(city, features: features, config: config, context: try GEOSContext())
        let chunked = GeometryStage.process(
            city, features: features, config: config, context: try GEOSContext(), cores: lent)
        #expect(serial.errors.isEmpty, "\(serial.errors)")
        #expect(!serial.groups.isEmpty)
        #expect(chunked.groups.map(\.key) == serial.groups.map(\.key))
        #expect(chunked.groups.map(\.geometry) == serial.groups.map(\.geometry), "coordinates differ")
        #expect(chunked.groups.map(\.verticesAfterSimplify) == serial.groups.map(\.verticesAfterSimplify))
        #expect(chunked.contested == serial.contested)
        #expect(chunked.gaps == serial.gaps)
        #expect(chunked.closed.map(\.squareMetres) == serial.closed.map(\.squareMetres))
        #expect(chunked.diagnostics == serial.diagnostics)
        #expect(lent.lent == 1, "the borrowed core is given back")
    }

    /// The test above is only worth something if the cities have gaps to find and chunk.
    @Test func theCitiesHaveGaps() throws {
        let (city, features) = try Self.city("zurich-city")
        let result = GeometryStage.process(city, features: features, config: .default, context: try GEOSContext())
        #expect(result.gaps.count > 10)
    }
}
