import Foundation
import Testing
import ZoneFormats

@testable import ZonePipeline

/// One row of the counts table in Fixtures/zones-real/README.md.
struct CityCounts: CustomTestStringConvertible, Sendable {
    var file: String
    var features: Int
    var polygons: Int
    var holes: Int
    var vertices: Int
    var bytes: Int
    var testDescription: String { file }
}

/// The README's table, parsed (so the test follows the README if the corpus is rebuilt).
let zonesRealDirectory = fixturesDirectory.appendingPathComponent("zones-real")
let cityCounts: [CityCounts] = {
    let readme =
        (try? String(contentsOf: zonesRealDirectory.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
    return readme.split(separator: "\n").compactMap { line -> CityCounts? in
        let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        guard cells.count >= 6, cells[0].hasSuffix(".geojson"),
            let features = Int(cells[1]), let polygons = Int(cells[2]), let holes = Int(cells[3]),
            let vertices = Int(cells[4]), let bytes = Int(cells[5])
        else { return nil }
        return CityCounts(
            file: cells[0], features: features, polygons: polygons, holes: holes,
            vertices: vertices, bytes: bytes)
    }
}()

@Suite struct RealCityTests {
    /// The table was found and has every city (a parse failure must not pass as "no cities").
    @Test func readmeTableHasAllCities() throws {
        #expect(cityCounts.count == 42)
        #expect(cityCounts.reduce(0) { $0 + $1.features } == 3795)
        #expect(cityCounts.reduce(0) { $0 + $1.vertices } == 687_411)
        let files = try FileManager.default.contentsOfDirectory(atPath: zonesRealDirectory.path)
            .filter { $0.hasSuffix(".geojson") }.sorted()
        #expect(files == cityCounts.map(\.file).sorted())
    }

    /// The reader finds exactly the README's features, polygons, holes and vertices, with no
    /// diagnostic at all (the corpus's defects are the Validate stage's business).
    @Test(arguments: cityCounts)
    func readerCountsMatchTheReadme(_ city: CityCounts) throws {
        let text = try SourceText(contentsOf: zonesRealDirectory.appendingPathComponent(city.file).path)
        #expect(text.bytes.count == city.bytes)
        let result = GeoJSONReader.read(text)
        #expect(result.diagnostics.map(positioned) == [])
        #expect(result.features.count == city.features)
        let geometries = result.features.compactMap(\.geometry)
        #expect(geometries.count == city.features)
        #expect(geometries.reduce(0) { $0 + $1.positionCount } == city.vertices)
        #expect(geometries.reduce(0) { $0 + $1.polygonCount } == city.polygons)
        #expect(geometries.reduce(0) { $0 + $1.ringCount - $1.polygonCount } == city.holes)
        // Every ring offset points at a '[' and every feature offset at a '{'.
        #expect(
            result.features.allSatisfy { f in
                text.bytes[f.offset] == UInt8(ascii: "{")
                    && f.ringOffsets.allSatisfy { text.bytes[$0] == UInt8(ascii: "[") }
                    && f.ringOffsets.count == (f.geometry?.ringCount ?? -1)
            })
    }
}
