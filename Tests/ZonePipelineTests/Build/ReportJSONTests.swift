import Foundation
import Testing

@testable import ZonePipeline

/// report.json is written by ``PrettyJSON``, not JSONEncoder: the bytes must be exactly
/// JSONEncoder's (pretty, sorted keys, slashes as they are), whatever the report holds.
@Suite struct ReportJSONTests {
    func encoderBytes(_ report: BuildReport) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return [UInt8](try encoder.encode(report)) + [0x0A]
    }

    func report(full: Bool) -> BuildReport {
        let city = CachedCityTests.city(full: full)
        var other = city.row
        other.id = "zürich/\u{8}\u{c}\u{1}\t\"\\"
        other.bytesBrotli = nil
        other.maxDeviationM = 123_456_789.123
        let gaps = city.gaps.map {
            var g = $0
            g.squareMetres = 1e21
            g.lat = 1e-7
            return g
        }
        return BuildReport(
            features: FeatureAccount(
                read: 12, built: 10,
                refused: full
                    ? [.init(file: "zones/a.geojson", line: 3, column: 9, reasons: ["no city", "a \"bad\" one"])] : []),
            cities: full ? [city.row, other] : [], total: BuildReport.total(full ? [city.row, other] : []),
            contested: city.contested, gaps: full ? city.gaps + gaps : [], closed: city.closed,
            vanished: city.vanished,
            stageSeconds: full ? ["load": 1.25, "geometry": 8.5, "artifacts": 0.01, "Zeta": 0] : [:],
            geometrySteps: full ? ["read": 0.1, "repair": 0.2, "a_b": 0.3, "aB": 0.4] : [:], warnings: 3,
            cachedCities: 1, parsedFiles: 2,
            points: full
                ? [
                    PointReport(
                        layer: "cars", city: "rome", points: 5, featuresPerZoom: [1, 2], clustersPerZoom: [1, 0],
                        files: 2, bytes: 300, bytesGzip: 100, clusterSeconds: 0.5, seconds: 1, cached: true)
                ] : nil)
    }

    @Test(arguments: [true, false]) func bytesAreJSONEncoders(full: Bool) throws {
        let report = report(full: full)
        let ours = try report.jsonBytes()
        let theirs = try encoderBytes(report)
        #expect(String(decoding: ours, as: UTF8.self) == String(decoding: theirs, as: UTF8.self))
        #expect(try JSONDecoder().decode(BuildReport.self, from: Data(ours)).gaps == report.gaps)
    }

    /// Over 1,024 gaps the gap array is written in runs on several threads and joined.
    @Test(arguments: [1023, 1024, 3001]) func manyGapsAreWrittenInRunsToTheSameBytes(count: Int) throws {
        var report = report(full: true)
        let base = report.gaps
        report.gaps = (0..<count).map { i in
            var g = base[i % base.count]
            g.lengthM = Double(i) / 7
            g.features = ["zones/\(i).geojson:\(i):1"]
            return g
        }
        let ours = try report.jsonBytes()
        #expect(String(decoding: ours, as: UTF8.self) == String(decoding: try encoderBytes(report), as: UTF8.self))
        #expect(try JSONDecoder().decode(BuildReport.self, from: Data(ours)).gaps.count == count)
        // The build's --jobs, whatever the machine has.
        for jobs in [1, 3] { #expect(try report.jsonBytes(jobs: jobs) == ours) }
        report.gaps[count - 1].lengthM = .infinity
        #expect(throws: EncodingError.self) { try report.jsonBytes() }
    }

    /// A rebuild copies each city's gaps as written when it was built (``BuildReport/gapText(_:)``,
    /// kept in its cache entry): split into cities any way, some with no gap, the bytes are
    /// JSONEncoder's.
    @Test(arguments: [[0], [2, 0, 1], [0, 0, 3, 0], [1, 1, 1, 0, 7]]) func gapsCopiedPerCityAreTheSameBytes(
        cities: [Int]
    ) throws {
        var report = report(full: true)
        let base = report.gaps
        report.gaps = (0..<cities.reduce(0, +)).map { i in
            var g = base[i % base.count]
            g.lengthM = Double(i) / 3
            return g
        }
        var texts: [BuildReport.GapText] = []
        var from = 0
        for count in cities {
            texts.append(try #require(BuildReport.gapText(Array(report.gaps[from..<from + count]))))
            from += count
        }
        let theirs = String(decoding: try encoderBytes(report), as: UTF8.self)
        #expect(String(decoding: try report.jsonBytes(gapTexts: texts), as: UTF8.self) == theirs)
        // Texts that do not hold as many gaps as the report are not used.
        let wrong = texts + [BuildReport.GapText(count: 1, bytes: Array("garbage".utf8))]
        #expect(String(decoding: try report.jsonBytes(gapTexts: wrong), as: UTF8.self) == theirs)
        var unwritable = base[0]
        unwritable.lat = .nan
        #expect(BuildReport.gapText([unwritable]) == nil)
    }

    @Test func aNumberJSONCannotHoldIsAnError() {
        var report = report(full: true)
        report.gaps[0].lengthM = .nan
        #expect(throws: EncodingError.self) { try report.jsonBytes() }
    }
}
