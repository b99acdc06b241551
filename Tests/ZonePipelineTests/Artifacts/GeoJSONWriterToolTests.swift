import Foundation
import Testing
import ZoneFormats

@testable import ZonePipeline

/// GDAL's ogrinfo, an independent GeoJSON reader, reads what the writer (and Gzip) produce.
@Suite(.tags(.gdal)) struct GeoJSONWriterToolTests {
    /// `ogrinfo -ro -al -so <path>`; fails the test on a non-zero exit, a warning or an error.
    private func ogrinfo(_ path: String) throws -> String {
        let result = try runTool("ogrinfo", ["-ro", "-al", "-so", path])
        let all = result.output + result.stderr
        #expect(result.status == 0, "\(all)")
        #expect(!all.contains("Warning") && !all.contains("ERROR"), "\(all)")
        return result.output
    }

    /// Writes `bytes` to `<dir>/<name>` and returns its path.
    private func write(_ bytes: [UInt8], _ name: String, in dir: URL) throws -> String {
        let url = dir.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    @Test func ogrinfoReadsTheSmallCollection() throws {
        let dir = try makeTemporaryDirectory("ogrinfo")
        defer { try? FileManager.default.removeItem(at: dir) }
        let bytes = try GeoJSONWriterTests.smallCollection()
        let info = try ogrinfo(try write(bytes, "small.geojson", in: dir))
        #expect(info.contains("Feature Count: 2"), "\(info)")
        #expect(info.contains("Geometry: Multi Polygon"), "\(info)")
        #expect(info.contains("Extent: (-1.500000, -0.000001) - (13.450000, 52.500000)"), "\(info)")
        #expect(info.contains("name: String"), "\(info)")
    }

    @Test func ogrinfoReadsARealCityPlainAndGzipped() throws {
        let dir = try makeTemporaryDirectory("ogrinfo")
        defer { try? FileManager.default.removeItem(at: dir) }
        let (_, features) = try realCityFeatures("hamburg.geojson")
        let bytes = GeoJSONWriter.featureCollection(features, precision: 6)
        let plain = try ogrinfo(try write(bytes, "hamburg.geojson", in: dir))
        #expect(plain.contains("Feature Count: \(features.count)\n"), "\(plain)")
        #expect(plain.contains("Geometry: Multi Polygon"), "\(plain)")

        let gzPath = try write(try Gzip.compress(bytes, level: 9), "hamburg.geojson.gz", in: dir)
        let gzipped = try ogrinfo("/vsigzip/" + gzPath)
        #expect(gzipped.contains("Feature Count: \(features.count)\n"), "\(gzipped)")
        #expect(gzipped.contains("Geometry: Multi Polygon"), "\(gzipped)")
        // The same layer summary apart from the data source's name.
        #expect(summary(gzipped) == summary(plain))
        #expect(!summary(plain).isEmpty)
    }

    /// ogrinfo's report from the layer line on (the lines before it name the file).
    private func summary(_ info: String) -> [Substring] {
        Array(info.split(separator: "\n").drop { !$0.hasPrefix("Layer name:") }.dropFirst())
    }
}
