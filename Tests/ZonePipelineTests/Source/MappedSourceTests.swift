import Foundation
import Testing
import ZoneFormats

@testable import ZoneGeometry
@testable import ZonePipeline

/// A large file is mapped for its scan, and the pages the reader has passed are given back:
/// what is read and found must not depend on it.
@Suite struct MappedSourceTests {
    static let cities = ["paris.geojson", "rome-rioni.geojson", "bari.geojson"]

    @Test(arguments: cities) func aMappedFileChecksAsAReadOne(_ name: String) throws {
        let path = zonesRealDirectory.appendingPathComponent(name).path
        let read = try SourceText(contentsOf: path)
        let mapped = try SourceText.forScan(path, mappingThreshold: 0)
        #expect(Array(mapped.bytes) == Array(read.bytes))
        let context = try GEOSContext()
        let a = FileCheck.check(read, repair: true, interpolation: .greatCircle, keeping: nil, context: context)
        let b = FileCheck.check(mapped, repair: true, interpolation: .greatCircle, keeping: nil, context: context)
        #expect(a.diagnostics == b.diagnostics)
        #expect(a.features.count == b.features.count && !a.features.isEmpty)
        for (f, g) in zip(a.features, b.features) {
            #expect(f.geometry == g.geometry && f.location == g.location && f.isValid == g.isValid)
            #expect(f.properties == g.properties && f.offset == g.offset && f.byteCount == g.byteCount)
        }
    }

    @Test func bytesGivenBackAreReadAgain() throws {
        let path = zonesRealDirectory.appendingPathComponent(Self.cities[0]).path
        let expected = try SourceText(contentsOf: path).bytes
        let text = try SourceText.forScan(path, mappingThreshold: 0)
        // Given back past the end, then looked at again: the same bytes, from the page cache.
        text.release(upTo: text.bytes.count / 2)
        text.release(upTo: text.bytes.count + 4096)
        #expect(Array(text.bytes) == Array(expected))
        #expect(
            text.location(ofByte: text.bytes.count - 1)
                == (try SourceText(contentsOf: path)).location(ofByte: expected.count - 1))
    }

    @Test func aSmallFileIsReadAndAnEmptyOrMissingOneAsBefore() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mapped-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let empty = dir.appendingPathComponent("empty.geojson").path
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        // An empty file cannot be mapped: it is read (and reported by the reader as empty).
        #expect(try SourceText.forScan(empty, mappingThreshold: 0).bytes.isEmpty)
        let missing = dir.appendingPathComponent("missing.geojson").path
        let error = #expect(throws: SourceError.self) { try SourceText.forScan(missing, mappingThreshold: 0) }
        #expect(error == SourceError(path: missing, message: "no such file"))
    }
}
