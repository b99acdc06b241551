import Foundation
import Testing
import ZoneFormats

@testable import ZoneGeometry
@testable import ZonePipeline

/// The build's two passes (scan every file, then build units of cities that share files), the
/// scan cache and its file stamps, and what happens when a file changes in between.
@Suite struct BuildPipelineTests {
    func feature(_ city: String, _ style: String, _ x: Double, id: Int? = nil, clockwise: Bool = false) -> String {
        var ring = [[x, 0], [x + 1, 0], [x + 1, 1], [x, 1], [x, 0]]
        if clockwise { ring.reverse() }
        let coordinates = ring.map { "[\($0[0]),\($0[1])]" }.joined(separator: ",")
        let idText = id.map { #""id":\#($0),"# } ?? ""
        return
            ##"{"type":"Feature",\##(idText)"properties":{"city":"\##(city)","style":"\##(style)","name":"n\##(x)","fill":"#ff0000"},"geometry":{"type":"Polygon","coordinates":[[\##(coordinates)]]}}"##
    }

    func write(_ files: [String: [String]], to dir: URL) throws {
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for (name, features) in files {
            let text = #"{"type":"FeatureCollection","features":["# + features.joined(separator: ",\n") + "]}\n"
            try text.write(to: dir.appendingPathComponent(name), atomically: false, encoding: .utf8)
        }
    }

    func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("build-pipeline-\(UUID().uuidString)")
    }

    @Test func aScanSurvivesTheCacheFormat() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // A bow-tie (invalid, repaired) and a clockwise ring (a winding warning), ids and a
        // property of each JSON type.
        let bowTie =
            #"{"type":"Feature","id":"b","properties":{"city":"rome","style":"parking","extra":{"a":[1,true,null,"x"]}},"geometry":{"type":"Polygon","coordinates":[[[0,0],[1,1],[1,0],[0,1],[0,0]]]}}"#
        try write(
            ["a.geojson": [feature("rome", "parking", 0, id: 7, clockwise: true), bowTie, feature("rome", "slow", 3)]],
            to: dir)
        var config = PipelineConfig.default
        config.keep = ["extra"]
        let scanner = FileScanner(
            config: config, cache: BuildCache(directory: dir.appendingPathComponent("cache").path, codeIdentity: "test")
        )
        let scan = try scanner.scan(dir.appendingPathComponent("a.geojson").path, context: try GEOSContext()).file
        #expect(scan.digest.count == 32)
        #expect(scan.features.count == 3)
        #expect(scan.features.map(\.isValid) == [true, false, true])
        #expect(scan.diagnostics.count == 2)
        // Properties are trimmed to what the pipeline reads: `name` goes, `extra` (kept) stays.
        #expect(scan.features[0].properties["name"] == nil && scan.features[1].properties["extra"] != nil)

        let decoded = try #require(ScannedFile(decoding: scan.encoded()))
        #expect(decoded.path == scan.path && decoded.digest == scan.digest && decoded.bytes == scan.bytes)
        #expect(decoded.diagnostics == scan.diagnostics)
        for (a, b) in zip(decoded.features, scan.features) {
            #expect(a.id == b.id && a.properties == b.properties && a.location == b.location)
            #expect(a.hasGeometry == b.hasGeometry && a.isValid == b.isValid && a.positionCount == b.positionCount)
            #expect(a.byteCount == b.byteCount && a.digest == b.digest)
            #expect(a.offset == b.offset && a.checksum == b.checksum)
        }
        // Each summary says where its feature's text is, and that text's CRC-32.
        let bytes0 = try [UInt8](Data(contentsOf: dir.appendingPathComponent("a.geojson")))
        for f in scan.features {
            let text = Array(bytes0[f.offset..<(f.offset + f.byteCount)])
            #expect(text.first == UInt8(ascii: "{") && text.last == UInt8(ascii: "}"))
            #expect(crc32Checksum(text) == f.checksum)
        }
        // A cut or altered entry is no entry.
        let bytes = scan.encoded()
        #expect(ScannedFile(decoding: Array(bytes.dropLast())) == nil)
        #expect(ScannedFile(decoding: bytes + [0]) == nil)
    }

    @Test func featureDigestsFollowWhatACityBuildReads() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try write(
            [
                "a.geojson": [
                    feature("rome", "parking", 0), feature("rome", "parking", 0), feature("rome", "parking", 0.5),
                ]
            ], to: dir)
        let cache = BuildCache(directory: dir.appendingPathComponent("cache").path, codeIdentity: "test")
        let scan = try FileScanner(config: .default, cache: cache).scan(
            dir.appendingPathComponent("a.geojson").path, context: try GEOSContext()
        ).file
        // Same geometry and properties on another line: another digest (positions are reported).
        #expect(Set(scan.features.map(\.digest)).count == 3)
    }

    /// The scanned features of `dir`'s zone files, grouped, and a builder of their cities.
    func cityBuilder(_ dir: URL) throws -> CityBuilder {
        let zones = try checkZones([dir.path])
        return CityBuilder(
            config: .default, paths: zones.files, features: zones.features, groups: zones.cities, folders: [:])
    }

    @Test func aCityReadsOnlyItsFeaturesBytes() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Cities interleaved in one file, with a name long enough that features of other
        // cities lie farther apart than the read-merge gap; oslo also has a file of its own.
        let pad = String(repeating: "x", count: CityBuilder.mergeGap)
        let padded = { (city: String, x: Double) in
            self.feature(city, "parking", x).replacingOccurrences(of: "\"name\":", with: "\"pad\":\"\(pad)\",\"name\":")
        }
        let all = (0..<6).map { i in padded(["rome", "oslo", "paris"][i % 3], Double(i)) }
        try write(["a.geojson": all, "b.geojson": [feature("oslo", "slow", 9, id: 4)]], to: dir)
        let builder = try cityBuilder(dir)
        #expect(builder.groups.map(\.city) == ["oslo", "paris", "rome"])
        let whole = GeoJSONReader.read(try SourceText(contentsOf: dir.appendingPathComponent("a.geojson").path))
        let size = try #require(
            FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent("a.geojson").path)[.size] as? Int)
        let oslo = try builder.read(city: 0)
        // Its two features of a.geojson (as a whole read gives them), then b's.
        #expect(oslo.features.count == 3)
        let b = GeoJSONReader.read(try SourceText(contentsOf: dir.appendingPathComponent("b.geojson").path))
        #expect(
            oslo.features.map(\.location) == [
                whole.features[1].location, whole.features[4].location, b.features[0].location,
            ])
        #expect(oslo.features[0].geometry == whole.features[1].geometry)
        #expect(oslo.features[1].geometry == whole.features[4].geometry)
        #expect(oslo.features[2].id == .number(4))
        // Members are numbered into the city's own features.
        #expect(oslo.city.groups.flatMap(\.members).sorted() == [0, 1, 2])
        // Of a.geojson, little more than a third was read.
        #expect(oslo.bytesRead < size / 2)
        #expect(oslo.bytesRead >= whole.features[1].byteCount + whole.features[4].byteCount)
    }

    func build(_ dir: URL, cache: BuildCache?, now: Date = Date()) throws -> BuildPipeline.Outcome {
        try BuildPipeline(config: .default, jobs: 2).run(
            paths: [dir.appendingPathComponent("zones").path], configBytes: [],
            revision: nil, previousVersion: nil, cache: cache, now: now)
    }

    @Test func unchangedFilesAreNotParsedAgain() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let zones = dir.appendingPathComponent("zones")
        try write(
            [
                "a.geojson": [feature("rome", "parking", 0)], "b.geojson": [feature("oslo", "parking", 0)],
                "c.geojson": [feature("oslo", "slow", 3, clockwise: true)],
            ], to: zones)
        let cache = BuildCache(directory: dir.appendingPathComponent("cache").path, codeIdentity: "test")
        let first = try #require(try build(dir, cache: cache).output)
        #expect(first.report.parsedFiles == 3 && first.report.cachedCities == 0)
        // Files written a moment ago may still change within their time stamps' resolution:
        // no stamp is kept for them, and they are read and hashed (not parsed) next time.
        let stamps = {
            (try? FileManager.default.contentsOfDirectory(atPath: cache.filesDirectory))?.filter {
                $0.hasPrefix("stamp-")
            }.count ?? 0
        }
        #expect(stamps() == 0)
        let second = try build(dir, cache: cache, now: Date().addingTimeInterval(10))
        #expect(second.output?.report.parsedFiles == 0 && second.output?.report.cachedCities == 2)
        #expect(stamps() == 3)
        // The winding warning of c comes from the cache as it was found.
        #expect(second.diagnostics == (try build(dir, cache: nil)).diagnostics)
        #expect(second.diagnostics.count == 1)

        // Rewrite b: only b is parsed, only oslo built; the artifacts equal an uncached build's.
        try write(["b.geojson": [feature("oslo", "parking", 0.5)]], to: zones)
        let third = try #require(try build(dir, cache: cache, now: Date().addingTimeInterval(10)).output)
        #expect(third.report.parsedFiles == 1 && third.report.cachedCities == 1)
        let fresh = try #require(try build(dir, cache: nil).output)
        #expect(
            third.files.filter { $0.path.hasPrefix("zones/") }.map(\.bytes)
                == fresh.files.filter { $0.path.hasPrefix("zones/") }.map(\.bytes))
        // The cached city's report rows read back as they were built.
        #expect(third.report.cities == fresh.report.cities && third.report.total == fresh.report.total)
        #expect(third.report.contested == fresh.report.contested && third.report.gaps == fresh.report.gaps)
        // The cache keeps one build's worth: b's old scan and stamp are gone.
        let entries = try FileManager.default.contentsOfDirectory(atPath: cache.filesDirectory)
        #expect(entries.count == 6)
    }

    /// A rebuild copies the cached cities' gaps into report.json as they were written when
    /// built (``BuildReport/gapText(_:)``): the bytes JSONEncoder writes of a build without a
    /// cache.
    @Test func aRebuildWritesTheCachedCitiesGapsAsAFreshBuild() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let zones = dir.appendingPathComponent("zones")
        // Two styles a metre or so apart in each city: a gap narrower than report_m (2 m).
        try write(
            [
                "a.geojson": [feature("rome", "parking", 0), feature("rome", "slow", 1.00001)],
                "b.geojson": [feature("oslo", "parking", 0), feature("oslo", "slow", 1.000012)],
            ], to: zones)
        let cache = BuildCache(directory: dir.appendingPathComponent("cache").path, codeIdentity: "test")
        _ = try #require(try build(dir, cache: cache).output)
        try write(["b.geojson": [feature("oslo", "parking", 0), feature("oslo", "slow", 1.000015)]], to: zones)
        let rebuilt = try #require(try build(dir, cache: cache, now: Date().addingTimeInterval(10)).output)
        #expect(rebuilt.report.cachedCities == 1)
        let fresh = try #require(try build(dir, cache: nil).output)
        #expect(Set(fresh.report.gaps.map(\.city)) == ["oslo", "rome"])
        func gapsText(_ bytes: [UInt8]) throws -> Substring {
            let text = String(decoding: bytes, as: UTF8.self)
            let start = try #require(text.range(of: #""gaps" : ["#))
            let end = try #require(text.range(of: #""geometrySteps""#))
            return text[start.lowerBound..<end.lowerBound]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let written = try #require(rebuilt.files.first { $0.path == "report.json" }).bytes
        #expect(try gapsText(written) == gapsText([UInt8](try encoder.encode(fresh.report))))
    }

    /// A city whose cache entry is there but cannot be read (a damaged `city.bin`, an artifact
    /// cut short) is built again, in the same build, as if the cache had no entry for it.
    @Test(arguments: ["city.bin", "artifact.gz"]) func aDamagedCacheEntryIsBuiltAgain(_ damaged: String) throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try write(
            ["a.geojson": [feature("rome", "parking", 0)], "b.geojson": [feature("oslo", "parking", 0)]],
            to: dir.appendingPathComponent("zones"))
        let cache = BuildCache(directory: dir.appendingPathComponent("cache").path, codeIdentity: "test")
        let first = try #require(try build(dir, cache: cache).output)
        let entries = try FileManager.default.contentsOfDirectory(atPath: cache.citiesDirectory)
            .filter { !$0.hasPrefix(".") }
        #expect(entries.count == 2)
        let victim = cache.citiesDirectory + "/" + entries[0] + "/" + damaged
        let bytes = try #require(FileManager.default.contents(atPath: victim))
        try Data(bytes.prefix(bytes.count / 2)).write(to: URL(fileURLWithPath: victim))
        let second = try #require(try build(dir, cache: cache, now: Date().addingTimeInterval(10)).output)
        #expect(second.report.cachedCities == 1)
        #expect(
            second.files.filter { $0.path.hasPrefix("zones/") }.map(\.bytes)
                == first.files.filter { $0.path.hasPrefix("zones/") }.map(\.bytes))
        #expect(second.report.cities == first.report.cities)
        // Stored again whole: the next build takes both cities from the cache.
        let third = try #require(try build(dir, cache: cache, now: Date().addingTimeInterval(20)).output)
        #expect(third.report.cachedCities == 2)
    }

    /// A cached city whose artifact the output directory holds (by the marker's record of its
    /// identity, the city's cache key) is not read; the directory ends with the same bytes, and
    /// a rebuilt city's artifact is written with its new identity.
    @Test func artifactsTheOutputHoldsAreNotReadAgain() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let zones = dir.appendingPathComponent("zones")
        try write(
            ["a.geojson": [feature("rome", "parking", 0)], "b.geojson": [feature("oslo", "parking", 0)]], to: zones)
        let cache = BuildCache(directory: dir.appendingPathComponent("cache").path, codeIdentity: "test")
        let out = dir.appendingPathComponent("out").path
        let directory = try OwnedDirectory.check(out, for: .buildOutput)
        func replace(_ files: [ArtifactFile]) throws {
            try directory.replaceContents(
                with: files.map {
                    .init(
                        path: $0.path, bytes: $0.bytes, city: $0.city, identity: $0.identity,
                        isAlreadyWritten: $0.isAlreadyWritten)
                }, last: ["manifest.json"])
        }
        func run(_ seconds: Double) throws -> BuildOutput {
            try #require(
                try BuildPipeline(config: .default, jobs: 2).run(
                    paths: [zones.path], configBytes: [], revision: nil, previousVersion: nil, cache: cache,
                    written: WrittenFiles(directory: out), now: Date().addingTimeInterval(seconds)
                ).output)
        }
        let first = try run(10)
        #expect(first.files.filter(\.isAlreadyWritten).isEmpty)
        let artifacts = first.files.filter { $0.path.hasPrefix("zones/") }
        #expect(artifacts.count == 2 && artifacts.allSatisfy { $0.identity?.hasPrefix("city-") == true })
        try replace(first.files)
        // Written again a while later until the marker is newer than the artifacts (its
        // records are trusted only then: a clock tick, a second on a coarse file system).
        func trusted() -> Bool {
            let written = WrittenFiles(directory: out)
            return artifacts.allSatisfy { written.holds($0.path, identity: $0.identity ?? "") }
        }
        for _ in 0..<50 where !trusted() {
            Thread.sleep(forTimeInterval: 0.05)
            try replace(first.files)
        }
        #expect(trusted())

        let second = try run(20)
        let unread = second.files.filter(\.isAlreadyWritten)
        #expect(Set(unread.map(\.path)) == Set(artifacts.map(\.path)))
        #expect(unread.allSatisfy { $0.bytes.isEmpty })
        try replace(second.files)
        for a in artifacts {
            #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: out + "/" + a.path))) == a.bytes)
        }

        // Rome changes: its new artifact is read (built), Oslo's still not.
        try write(["a.geojson": [feature("rome", "parking", 5)]], to: zones)
        let third = try run(30)
        let rome = try #require(third.files.first { $0.path.hasPrefix("zones/rome") })
        #expect(!rome.isAlreadyWritten && !rome.bytes.isEmpty)
        #expect(rome.identity != artifacts.first { $0.path.hasPrefix("zones/rome") }?.identity)
        #expect(
            third.files.filter(\.isAlreadyWritten).map(\.path)
                == artifacts.filter { $0.path.hasPrefix("zones/oslo") }.map(\.path))
        try replace(third.files)
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: out + "/" + rome.path))) == rome.bytes)
    }

    @Test func oneFileOfManyCitiesBuildsAsSplitFilesDo() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let cities = ["oslo", "paris", "rome", "wien"]
        let features = cities.enumerated().flatMap { i, city in
            [
                feature(city, "parking", Double(i)), feature(city, "slow", Double(i) + 0.5),
                feature(city, "parking", Double(i) + 0.8),
            ]
        }
        try write(["all.geojson": features], to: dir.appendingPathComponent("one/zones"))
        try write(
            Dictionary(
                uniqueKeysWithValues: cities.enumerated().map { i, city in
                    ("\(city).geojson", Array(features[(3 * i)..<(3 * i + 3)]))
                }),
            to: dir.appendingPathComponent("split/zones"))
        // Each city reads its own features of the one file.
        let one = try #require(try build(dir.appendingPathComponent("one"), cache: nil).output)
        let split = try #require(try build(dir.appendingPathComponent("split"), cache: nil).output)
        let artifacts = { (o: BuildOutput) in o.files.filter { !$0.path.hasSuffix(".json") }.map { [$0.path: $0.bytes] }
        }
        #expect(one.report.cities.count == 4)
        #expect(artifacts(one) == artifacts(split))
    }

    @Test func aFileChangedBetweenScanAndBuildStopsTheBuild() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try write(["a.geojson": [feature("rome", "parking", 0)]], to: dir)
        let path = dir.appendingPathComponent("a.geojson").path
        let context = try GEOSContext()
        let builder = try cityBuilder(dir)
        #expect(
            try builder.build(city: 0, in: try builder.read(city: 0), context: context).artifact.get().entry.features
                == 1)
        // Another number of the same length: the bytes at the feature's place differ.
        try write(["a.geojson": [feature("rome", "parking", 2)]], to: dir)
        var error = #expect(throws: SourceError.self) { try builder.read(city: 0) }
        #expect(error?.path == path)
        #expect(error?.message.contains("changed while zonectl was building") == true)
        // A shorter file: the feature's bytes are not all there.
        try "{}".write(toFile: path, atomically: false, encoding: .utf8)
        error = #expect(throws: SourceError.self) { try builder.read(city: 0) }
        #expect(error?.path == path)
        #expect(error?.message.contains("changed while zonectl was building") == true)
    }
}
