import Foundation
import Testing
import ZoneFormats

@testable import ZonePipeline

/// Tests/ZonePipelineTests/Fixtures, found from this file's path (…/Source/ReaderTestSupport.swift).
let fixturesDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

/// Fixtures/defects: one small hand-written file per defect class.
let defectsDirectory = fixturesDirectory.appendingPathComponent("defects")

/// The path of `Fixtures/defects/<name>`.
func defectPath(_ name: String) -> String {
    defectsDirectory.appendingPathComponent(name).path
}

/// The bytes of `Fixtures/defects/<name>` (an empty array when it cannot be read: every
/// expectation on it then fails).
func defectBytes(_ name: String) -> [UInt8] {
    FileManager.default.contents(atPath: defectPath(name)).map { [UInt8]($0) } ?? []
}

/// Reads `bytes` as a file called `name`.
func readGeoJSON(_ bytes: [UInt8], name: String = "test.geojson") -> ReadResult {
    GeoJSONReader.read(SourceText(path: name, bytes: bytes))
}

/// Reads `text` (UTF-8) as a file called `name`.
func readGeoJSON(_ text: String, name: String = "test.geojson") -> ReadResult {
    readGeoJSON(Array(text.utf8), name: name)
}

/// `line:col: severity: message`: a diagnostic without its file.
func positioned(_ d: Diagnostic) -> String {
    "\(d.location.line):\(d.location.column): \(d.severity.rawValue): \(d.message)"
}

/// All positions of all features' geometries, as [x, y] pairs.
func positions(_ features: [Feature]) -> [[Double]] {
    features.flatMap { f -> [[Double]] in
        guard let g = f.geometry else { return [] }
        return (0..<g.positionCount).map { [g.position($0).x, g.position($0).y] }
    }
}
