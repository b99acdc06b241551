import Foundation
import TestSupport
import Testing
import ZoneFormats

@testable import ZoneGeometry
@testable import ZonePipeline

/// Damaged input must give diagnostics, never a crash: truncated files, single-byte mutations
/// and absurd nesting.
@Suite struct ReaderRobustnessTests {
    /// A valid multi-feature file (20 features, pretty-printed: many lines, strings, numbers).
    static let sample: [UInt8] = {
        let path = fixturesDirectory.appendingPathComponent("zones-real/paris.geojson").path
        return FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? []
    }()

    /// True for each byte of `bytes` that is JSON structure: a bracket, brace, comma or colon
    /// outside strings, or a string's opening or closing quote.
    static func structuralBytes(_ bytes: [UInt8]) -> [Bool] {
        var structural = [Bool](repeating: false, count: bytes.count)
        var inString = false
        var escaped = false
        for (i, b) in bytes.enumerated() {
            if inString {
                if escaped {
                    escaped = false
                } else if b == UInt8(ascii: "\\") {
                    escaped = true
                } else if b == UInt8(ascii: "\"") {
                    inString = false
                    structural[i] = true
                }
            } else if b == UInt8(ascii: "\"") {
                inString = true
                structural[i] = true
            } else if Array("{}[],:".utf8).contains(b) {
                structural[i] = true
            }
        }
        return structural
    }

    /// The sample reads cleanly; the other tests compare against this.
    @Test func sampleIsClean() {
        let r = readGeoJSON(Self.sample)
        #expect(r.diagnostics.isEmpty)
        #expect(r.features.count == 20)
        #expect(r.features.allSatisfy { $0.geometry != nil })
    }

    /// The heavy tests run in 4 chunks that run in parallel, to keep the suite fast in debug builds.
    static let chunks = 4

    /// 2,000 cuts spread evenly over the document: each is an error about the end of the file
    /// (or a UTF-8 sequence cut in two), and the features returned are exactly the complete
    /// ones before the cut.
    @Test(.tags(.slow), arguments: 0..<chunks)
    func everyTruncationIsAnError(chunk: Int) throws {
        let bytes = Self.sample
        let full = readGeoJSON(bytes).features
        // Past the last non-whitespace byte a cut only drops trailing whitespace, which is fine.
        let end = try #require(bytes.lastIndex { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }) + 1
        var failures: [String] = []
        var previousCount = 0
        let perChunk = 2000 / Self.chunks
        for i in chunk * perChunk..<(chunk + 1) * perChunk {
            let cut = i * end / 2000
            let r = readGeoJSON(Array(bytes[..<cut]))
            let errors = r.diagnostics.filter { $0.severity == .error }
            let aboutTheEnd = errors.contains {
                $0.message.hasPrefix("unexpected end of file")
                    || $0.message.hasPrefix("unterminated string: the file ends")
                    || $0.message.hasPrefix("invalid UTF-8 byte")
            }
            if !aboutTheEnd { failures.append("cut at \(cut): \(r.diagnostics.map(positioned))") }
            // Complete features before the cut come back unchanged; none is made up.
            let n = r.features.count
            if n < previousCount || n > full.count
                || zip(r.features, full).contains(where: {
                    $0.geometry != $1.geometry || $0.properties != $1.properties || $0.offset != $1.offset
                })
            {
                failures.append("cut at \(cut): \(n) features, not a prefix of the file's")
            }
            previousCount = n
        }
        #expect(failures.prefix(10) == [], "\(failures.count) bad cuts")
        if chunk == Self.chunks - 1 {
            #expect(previousCount == full.count - 1)  // the last cut is inside the last feature
        }
    }

    /// 2,000 random single-byte changes (fixed seeds, 500 per chunk): never a crash; a changed
    /// structural byte is always an error; a change without error keeps all 20 features usable
    /// and finite; the validation rules run on whatever was read.
    @Test(.tags(.slow), arguments: 0..<chunks)
    func randomMutationsNeverCrashAndStructuralOnesAreErrors(chunk: Int) throws {
        let bytes = Self.sample
        let structural = Self.structuralBytes(bytes)
        let interesting = Array("{}[],:\"\\0123456789-+.eE tfnNI\n\u{7F}".utf8) + [0x00, 0x80, 0xC3, 0xFF]
        var rng = SeededRandom(seed: 0xC0FF_EE00 + UInt64(chunk))
        let context = try GEOSContext()
        var failures: [String] = []
        var structuralMutations = 0
        var clean = 0
        for round in 0..<2000 / Self.chunks {
            let at = Int.random(in: 0..<bytes.count, using: &rng)
            var b = bytes[at]
            while b == bytes[at] {
                b =
                    Bool.random(using: &rng)
                    ? interesting.randomElement(using: &rng)! : UInt8.random(in: 0...255, using: &rng)
            }
            var mutated = bytes
            mutated[at] = b
            let text = SourceText(path: "m.geojson", bytes: mutated)
            let r = GeoJSONReader.read(text)
            let hasError = r.diagnostics.hasErrors
            let what =
                "chunk \(chunk) round \(round): byte \(at) '\(Unicode.Scalar(bytes[at]))' -> 0x\(String(b, radix: 16))"
            if structural[at] {
                structuralMutations += 1
                if !hasError { failures.append("\(what): structural change without error") }
            }
            if !hasError {
                clean += 1
                let usable = r.features.compactMap(\.geometry)
                if usable.count != 20 || !usable.allSatisfy({ $0.coordinates.allSatisfy(\.isFinite) }) {
                    failures.append("\(what): no error but \(usable.count) usable features")
                }
            }
            // The Validate stage copes with whatever the reader returns.
            let structure = StructureRules(text: text)
            let validity = GeometryValidityRule(text: text, repair: false)
            for f in r.features where structure.check(f).isSound && round % 4 == 0 {
                _ = validity.check(f, context: context)
            }
        }
        #expect(failures.prefix(10) == [], "\(failures.count) failures")
        // The check above really ran on many structural bytes, and many mutations were harmless.
        #expect(structuralMutations > 20)
        #expect(clean > 20)
    }

    /// A quote, bracket, comma or colon replaced by a space is an error at every one of them
    /// (exhaustive over the first feature).
    @Test func removingAnyStructuralByteOfAFeatureIsAnError() throws {
        let bytes = Self.sample
        let structural = Self.structuralBytes(bytes)
        let full = readGeoJSON(bytes)
        let secondFeature = try #require(full.features.dropFirst().first).offset
        var escaped: [Int] = []
        for at in 0..<secondFeature where structural[at] {
            var mutated = bytes
            mutated[at] = 0x20
            if !readGeoJSON(mutated).diagnostics.hasErrors { escaped.append(at) }
        }
        #expect(escaped == [])
        #expect(structural[..<secondFeature].filter { $0 }.count > 100)
    }

    /// Nesting far beyond the limit (100,000 levels) is one error at the bracket that passes
    /// 256 levels, not a stack overflow. `failing` is the 1-based number of the opener that
    /// passes the limit: the document's own objects count, a GeometryCollection counts twice
    /// (object and "geometries" array), and the array of a position is not a level.
    @Test(arguments: [
        (
            "arrays in properties", #"{"type": "Feature", "geometry": null, "properties": {"deep": "#, "[", "]", "}}",
            255
        ),
        ("objects in properties", #"{"type": "Feature", "geometry": null, "properties": "#, #"{"a": "#, "}", "}", 256),
        ("arrays in coordinates", #"{"type": "Polygon", "coordinates": "#, "[", "]", "}", 257),
        ("arrays in a foreign member", #"{"type": "Polygon", "coordinates": [], "x": "#, "[", "]", "}", 256),
        (
            "geometry collections", #"{"type": "GeometryCollection", "geometries": ["#,
            #"{"type": "GeometryCollection", "geometries": ["#, "]}", "]}", 128
        ),
    ])
    func absurdNestingIsAnError(
        _ name: String, _ head: String, _ open: String, _ close: String, _ tail: String, _ failing: Int
    ) {
        let levels = 100_000
        let text = head + String(repeating: open, count: levels) + "0" + String(repeating: close, count: levels) + tail
        let r = readGeoJSON(text)
        let column = head.utf8.count + (failing - 1) * open.utf8.count + 1
        #expect(r.diagnostics.map(positioned) == ["1:\(column): error: nesting deeper than 256 levels"], "\(name)")
        #expect(JSONScanner.maxDepth == 256)
    }

    /// The same files through the loader, whose worker threads read them: still no crash.
    @Test func absurdNestingThroughTheLoader() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "zonectl-nesting-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let deep = String(repeating: "[", count: 100_000)
        try (#"{"type": "Feature", "geometry": null, "properties": {"city": "x", "deep": "# + deep + "}}")
            .write(to: dir.appendingPathComponent("a.geojson"), atomically: true, encoding: .utf8)
        try
            (#"{"type": "Feature", "properties": {"city": "x"}, "geometry": {"type": "Polygon", "coordinates": "# + deep)
            .write(to: dir.appendingPathComponent("b.geojson"), atomically: true, encoding: .utf8)
        let zones = try checkZones([dir.path], config: validatorConfig(), jobs: 2)
        #expect(
            zones.diagnostics.map { "\(($0.location.file as NSString).lastPathComponent):\(positioned($0))" } == [
                "a.geojson:1:329: error: nesting deeper than 256 levels",
                "b.geojson:1:352: error: nesting deeper than 256 levels",
            ])
    }
}
