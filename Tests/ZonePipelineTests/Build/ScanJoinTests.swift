import Foundation
import TestSupport
import Testing

@testable import ZonePipeline

/// How the scan joins its files: each file's findings in line and column order as scanned (so
/// the build's merge of all files' findings sorts nothing), and the files' summaries and
/// findings moved into one array, on several threads, in file order.
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
}
