import Foundation
import Testing
import ZoneClient

/// The style ZoneClient builds is, byte for byte, the one the pipeline's builder wrote before it
/// moved here, recorded from the sample store (Tests/Fixtures/maplibre-style/README.md).
@Suite struct MapLibreStyleFixtureTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/maplibre-style")

    func expected(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: Self.fixtures.appendingPathComponent(name)))
    }

    @Test(
        arguments: [
            ("sample", "https://cdn.example/zones", nil, nil, "sample/expected.json"),
            (
                "sample", "https://cdn.example/zones/", "https://fonts.example/{fontstack}/{range}.pbf", nil,
                "sample/expected-glyphs.json"
            ),
            ("fallback", "http://127.0.0.1:8080", nil, ["slow-zone", "no-parking"], "fallback/expected.json"),
        ] as [(String, String, String?, [String]?, String)])
    func sameBytesAsThePipeline(
        _ store: String, _ baseURL: String, _ glyphs: String?, _ priority: [String]?, _ expected: String
    ) throws {
        let builder = try MapLibreStyleBuilder(
            directory: Self.fixtures.appendingPathComponent(store),
            options: .init(baseURL: URL(string: baseURL), glyphs: glyphs, priority: priority))
        let bytes = try builder.style().jsonBytes()
        #expect(bytes == (try self.expected(expected)), "\(String(decoding: bytes, as: UTF8.self))")
    }
}
