import Testing

@testable import ZonePipeline

/// A cached city's binary form: what is stored reads back equal, and anything cut, extended or
/// altered reads as a miss, never as a different city.
@Suite struct CachedCityTests {
    static func city(full: Bool) -> CachedCity {
        let entry = Manifest.CityEntry(
            id: "rome", key: "zones/rome.0123abcd.geojson.gz", sha256: String(repeating: "ab", count: 32),
            bytes: 123_456, encodedBytes: 23_456, contentType: "application/geo+json", contentEncoding: "gzip",
            bbox: full ? [12.25, 41.75, 12.625, -0.0] : [], features: 3, vertices: 9_999,
            styles: full ? ["parking", "slow/zone"] : [],
            brotli: full
                ? Manifest.EncodedArtifact(key: "zones/rome.0123abcd.geojson.br", encodedSha256: "cd", encodedBytes: 9)
                : nil,
            encodedSha256: full ? "ef" : nil)
        let row = BuildReport.City(
            id: "rome", inputFeatures: 10, inputPolygons: 12, outputFeatures: 3, verticesIn: 1_000_000,
            verticesOut: 9_999, bytesAuthored: 1 << 40, bytesMinified: 123_456, bytesGzip: 23_456,
            bytesBrotli: full ? 9 : nil, verticesBeforeSimplify: 20_000, maxDeviationM: full ? 1.9999 : 0)
        let gap = GapFinding(
            city: "rome", features: ["zones/rome.geojson:3:5", "zones/rome é.geojson:40:1"],
            styles: ["parking", "slow"],
            minWidthM: 0.25, maxWidthM: 2, lengthM: 51.5, squareMetres: 50.125, lon: 12.5, lat: -41.875,
            closedInto: full ? ["parking"] : [])
        return CachedCity(
            entry: entry, row: row,
            contested: full
                ? [BuildReport.Contested(city: "rome", winner: "parking", loser: "slow", squareMetres: 1e-9)] : [],
            gaps: full ? [gap, gap] : [],
            gapText: full ? BuildReport.gapText([gap, gap]) : nil,
            closed: full ? [BuildReport.Closed(city: "rome", style: "parking", squareMetres: 3.5)] : [],
            vanished: full
                ? [
                    BuildReport.Vanished(
                        city: "rome", zone: "rome/no-parking", polygons: 3, reason: "all below min_area_m2")
                ] : [],
            diagnostics: full
                ? [
                    CachedDiagnostic(
                        file: "zones/rome.geojson", line: 3, column: 5, error: false, message: "clockwise"),
                    CachedDiagnostic(
                        file: "zones/b.geojson", line: 1, column: 1, error: true, message: "a \"quoted\"\nline"),
                ] : [],
            artifactPath: entry.key)
    }

    @Test(arguments: [true, false]) func readsBackEqual(full: Bool) throws {
        let city = Self.city(full: full)
        #expect(CachedCity(decoding: city.encoded()) == city)
    }

    @Test func anEntryCutOrExtendedIsAMiss() {
        let bytes = Self.city(full: true).encoded()
        for n in 0..<bytes.count {
            #expect(CachedCity(decoding: Array(bytes.prefix(n))) == nil, "cut at \(n) of \(bytes.count)")
        }
        #expect(CachedCity(decoding: bytes + [0]) == nil)
    }

    @Test func anAlteredEntryNeverTraps() {
        // Each byte flipped in turn: the reader never traps, and what it accepts (a flipped
        // number is still a number) is a city that round-trips.
        let city = Self.city(full: true)
        let bytes = city.encoded()
        for i in bytes.indices {
            var altered = bytes
            altered[i] ^= 0xFF
            if let read = CachedCity(decoding: altered) {
                #expect(CachedCity(decoding: read.encoded()) == read, "byte \(i) flipped")
            }
        }
        var header = bytes
        header[1] = UInt8(ascii: "Z")
        #expect(CachedCity(decoding: header) == nil)
    }
}
