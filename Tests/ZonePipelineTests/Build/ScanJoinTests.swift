import Foundation
import TestSupport
import Testing
import ZoneFormats

@testable import ZoneGeometry
@testable import ZonePipeline

/// How the scan joins its files: each file's findings in line and column order as scanned (so
/// the build's merge of all files' findings sorts nothing), the files' findings moved into one
/// array, on several threads, in file order, and their summaries numbered as one where they are.
@Suite struct ScanJoinTests {
    /// A feature whose exterior crosses itself (a bow-tie) and whose hole is wound the wrong
    /// way: the invalid-geometry finding, at the exterior, is made after the winding finding,
    /// at the hole, but sits before it on the line.
    @Test func aFilesFindingsComeInLineAndColumnOrder() throws {
        let feature =
            #"{"type":"Feature","properties":{"city":"rome","style":"parking"},"geometry":{"type":"Polygon","coordinates":[[[0,0],[0.9,0.9],[2,2],[2,0],[0,2],[0,0]],[[1.7,0.8],[1.9,0.8],[1.9,1.2],[1.7,1.2],[1.7,0.8]]]}}"#
        let text = SourceText(
            path: "z.geojson", bytes: Array(#"{"type":"FeatureCollection","features":[\#(feature)]}"#.utf8))
        let found = FileCheck.check(
            text, repair: true, interpolation: .linear, keeping: nil, context: try GEOSContext(), each: { _ in })
        #expect(found.count >= 2)
        #expect(found.contains { $0.message.contains("invalid geometry") })
        #expect(found.contains { $0.message.contains("clockwise") })
        let places = found.map { [$0.location.line, $0.location.column] }
        #expect(places == places.sorted { $0.lexicographicallyPrecedes($1) })
        // In order already: the build's merge hands the same findings back.
        #expect(FileCheck.ordered(found, files: ["z.geojson"]).map(\.message) == found.map(\.message))
    }

    @Test func findingsOutOfOrderAreSortedByFileThenPlace() {
        let at = { (file: String, line: Int, column: Int) in
            Diagnostic(.warning, SourceLocation(file: file, line: line, column: column), "\(file):\(line):\(column)")
        }
        let found = [at("b", 1, 5), at("a", 2, 1), at("a", 1, 9), at("b", 1, 2), at("a", 1, 9)]
        #expect(
            FileCheck.ordered(found, files: ["a", "b"]).map(\.message) == [
                "a:1:9", "a:1:9", "a:2:1", "b:1:2", "b:1:5",
            ])
    }

    struct Part {
        var items: [String]
    }

    /// Parts of uneven sizes (some empty) joined on 1 to 4 threads: every item once, in order,
    /// each part left empty.
    @Test(arguments: [1, 2, 3, 4]) func partsAreJoinedInOrderOnAnyNumberOfThreads(jobs: Int) {
        var random = SeededRandom(seed: UInt64(jobs))
        var parts = (0..<37).map { p in
            Part(items: (0..<(p % 5 == 0 ? 0 : Int(random.next() % 1600))).map { "part \(p) item \($0)" })
        }
        let expected = parts.flatMap(\.items)
        #expect(expected.count >= 4 * 4096)  // enough for one run per thread
        let joined = moveConcatenating(&parts, \.items, placeholder: "", jobs: jobs)
        #expect(joined == expected)
        #expect(parts.allSatisfy { $0.items.isEmpty })
    }

    func summary(_ n: Int, file: String) -> FeatureSummary {
        FeatureSummary(
            id: .number(Double(n)), properties: JSONObject([("n", .string("feature \(n) of \(file)"))]),
            location: SourceLocation(file: file, line: n + 1, column: 1), hasGeometry: true, isValid: true,
            positionCount: n, offset: 10 * n, byteCount: 10, checksum: UInt32(n), digest: .zero)
    }

    /// The files' summaries, kept in their own arrays, numbered as one: file order, then source
    /// order, each feature's file known, empty files taking no number.
    @Test func summariesAreNumberedAcrossTheirFiles() {
        let counts = [3, 0, 5, 1, 0, 4]
        let parts = counts.enumerated().map { file, n in (0..<n).map { summary($0, file: "f\(file)") } }
        let all = FeatureSummaries(parts)
        let joined = parts.flatMap { $0 }
        #expect(all.count == joined.count && all.indices == 0..<joined.count)
        #expect(all.map(\.location) == joined.map(\.location))
        #expect(all.indices.allSatisfy { all[$0].properties == joined[$0].properties && all[$0].id == joined[$0].id })
        #expect(all.fileOf.map(Int.init) == counts.enumerated().flatMap { file, n in Array(repeating: file, count: n) })
        #expect(Array(all[7...]).map(\.location.file) == ["f2", "f3", "f5", "f5", "f5", "f5"])
    }

    /// A scan's appended summaries, shrunk to their count: the same summaries, no spare
    /// capacity left; an array with little to spare is left as it is.
    @Test func scannedSummariesAreShrunkToTheirCount() {
        var grown: [FeatureSummary] = []
        for n in 0..<1000 { grown.append(summary(n, file: "f")) }
        grown.reserveCapacity(3000)
        let expected = (0..<1000).map { summary($0, file: "f") }
        grown.shrinkToFit()
        #expect(grown.capacity < 1000 + 1000 / 8)
        #expect(
            grown.map(\.location) == expected.map(\.location) && grown.map(\.properties) == expected.map(\.properties))
        var tight = expected
        let capacity = tight.capacity
        tight.shrinkToFit()
        #expect(tight.capacity == capacity && tight.map(\.offset) == expected.map(\.offset))
    }
}
