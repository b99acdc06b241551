import Testing
import ZoneFormats

@testable import ZonePipeline

@Test func diagnosticPrintsCompilerStyle() {
    let d = Diagnostic.error(SourceLocation(file: "zones/a.geojson", line: 3, column: 7), "bad")
    #expect(d.description == "zones/a.geojson:3:7: error: bad")
}
