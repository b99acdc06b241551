import Foundation
import Testing
import ZoneFormats

@testable import ZoneGeometry
@testable import ZonePipeline

/// The outcome of running a system tool: exit status and captured output.
struct ToolResult {
    var status: Int32
    var stdout: [UInt8]
    var stderr: String
    /// stdout as UTF-8 text.
    var output: String { String(decoding: stdout, as: UTF8.self) }
}

/// A fresh directory under the system temporary directory; the caller removes it.
func makeTemporaryDirectory(_ label: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("zonectl-\(label)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Runs `/usr/bin/<tool>` (or an absolute path) with `arguments`.
func runTool(_ tool: String, _ arguments: [String]) throws -> ToolResult {
    let r = try runProcess(tool.hasPrefix("/") ? tool : "/usr/bin/\(tool)", arguments)
    return ToolResult(status: r.status, stdout: r.stdoutBytes, stderr: r.stderr)
}

/// A flat geometry from polygons of rings of x, y, x, y, … (each ring already closed).
func multiPolygon(_ polygons: [[[Double]]], isMulti: Bool = true) -> PolygonalGeometry {
    flat(polygons, isMulti: isMulti)
}

/// A feature whose bbox is its geometry's.
func outputFeature(_ geometry: PolygonalGeometry, _ properties: JSONObject = JSONObject()) throws -> OutputFeature {
    OutputFeature(properties: properties, geometry: geometry, bbox: try #require(BoundingBox(geometry)))
}

/// `value` as printed by `FixedPointFormat` at `precision`.
func fixed(_ value: Double, _ precision: Int) -> String {
    var out: [UInt8] = []
    FixedPointFormat(precision: precision).append(value, to: &out)
    return String(decoding: out, as: UTF8.self)
}

/// The features of a real city fixture that have a geometry, as artifact features.
func realCityFeatures(_ file: String) throws -> (source: [Feature], output: [OutputFeature]) {
    let text = try SourceText(contentsOf: zonesRealDirectory.appendingPathComponent(file).path)
    let source = GeoJSONReader.read(text).features.filter { $0.geometry != nil }
    let output = try source.map { feature in
        try outputFeature(try #require(feature.geometry), feature.properties)
    }
    return (source, output)
}
