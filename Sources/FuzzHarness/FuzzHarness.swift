import Foundation
import ZoneFormats
import ZoneGeometry
import ZonePipeline

/// What the libFuzzer targets run on one input (Sources/FuzzGeoJSON, FuzzGeometry, FuzzConfig),
/// kept in a library so the regression test (Tests/ZonePipelineTests/Fuzz) replays
/// `Fuzz/regressions/` through exactly these functions.
///
/// Each function runs the input through the same path `zonectl validate` takes and then checks
/// cheap invariants of the result; a broken invariant stops the process (`preconditionFailure`),
/// which libFuzzer reports as a crash like any other.
public enum FuzzHarness {
    /// The name inputs are given in findings.
    public static let geoJSONPath = "fuzz.geojson"
    public static let configPath = "pipeline.yml"

    /// GeoJSON text read and validated as `zonectl validate` does one file: the reader, the
    /// structure rules, GEOS validity of the antimeridian-split form, the pipeline rules.
    /// Inputs of odd length use `antimeridian.interpolation: linear`, even ones great-circle,
    /// so both ways of splitting are fuzzed.
    @discardableResult
    package static func geoJSON(_ input: UnsafeBufferPointer<UInt8>, context: GEOSContext) -> CheckedText {
        var config = PipelineConfig.default
        config.antimeridian.interpolation = input.count % 2 == 0 ? .greatCircle : .linear
        return validate(Array(input), config: config, context: context)
    }

    /// `pipeline.yml` bytes read as `PipelineConfig.load(path:)` reads them once they are in
    /// memory (UTF-8 check, YAML, schema). A configuration that loads is then used to validate
    /// a small fixed zone file, so the pipeline rules meet every shape of `group_by`, `keep`
    /// and `styles` the fuzzer finds.
    @discardableResult
    public static func config(_ input: UnsafeBufferPointer<UInt8>, context: GEOSContext) -> Result<
        PipelineConfig, ConfigError
    > {
        let config: PipelineConfig
        do {
            config = try PipelineConfig.parse(bytes: Array(input), file: configPath)
        } catch {
            check(error)
            return .failure(error)
        }
        precondition(config.sourcePath == configPath, "sourcePath \(config.sourcePath)")
        _ = config.styleKeys
        validate(sampleZones, config: config, context: context)
        return .success(config)
    }

    /// Bytes decoded into a Polygon or MultiPolygon zone file (``GeometryInput``), then as
    /// ``geoJSON(_:context:)``: the coordinates come from the bytes as integers, which
    /// libFuzzer's comparisons can steer (numbers parsed from text are invisible to them).
    @discardableResult
    package static func geometry(_ input: UnsafeBufferPointer<UInt8>, context: GEOSContext) -> CheckedText {
        let decoded = GeometryInput(input)
        var config = PipelineConfig.default
        config.antimeridian.interpolation = decoded.interpolation
        config.repair = decoded.repair
        return validate(Array(decoded.text.utf8), config: config, context: context)
    }

    /// Reads and validates `bytes` with `config`, checks the invariants of the result, and
    /// drains the context's messages (a long fuzzing run would collect millions).
    @discardableResult
    static func validate(_ bytes: [UInt8], config: PipelineConfig, context: GEOSContext) -> CheckedText {
        let text = SourceText(path: geoJSONPath, bytes: bytes)
        let zones = FileCheck.check(text, config: config, context: context)
        check(zones, bytes)
        checkCertainValidity(zones, context: context)
        _ = context.takeErrorMessages()
        return zones
    }

    /// Invariants of a validation result: findings point into the file, and every geometry
    /// returned is well formed (ring and polygon ends in order and in range).
    static func check(_ zones: CheckedText, _ bytes: [UInt8]) {
        let lines = bytes.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
        for d in zones.diagnostics {
            precondition(d.location.file == geoJSONPath, "finding in \(d.location.file)")
            precondition(
                (1...lines).contains(d.location.line) && d.location.column >= 1,
                "finding at \(d.location) (\(lines) lines)")
            precondition(
                d.location.column <= bytes.count + 1, "finding at column \(d.location.column) of \(bytes.count) bytes")
            precondition(!d.message.isEmpty, "empty message at \(d.location)")
            _ = d.description
        }
        for f in zones.features {
            precondition((1...lines).contains(f.location.line), "feature at \(f.location)")
            precondition(f.offset >= 0 && f.offset < max(bytes.count, 1), "feature offset \(f.offset)")
            guard let g = f.geometry else { continue }
            precondition(g.coordinates.count % 2 == 0, "odd coordinate count")
            precondition(g.ringEnds.allSatisfy { (0...g.positionCount).contains($0) }, "ring end out of range")
            precondition(zip(g.ringEnds, g.ringEnds.dropFirst()).allSatisfy { $0 <= $1 }, "ring ends out of order")
            precondition(
                g.ringEnds.last.map { $0 == g.positionCount } ?? (g.positionCount == 0), "positions after the last ring"
            )
            precondition(g.polygonEnds.allSatisfy { (0...g.ringCount).contains($0) }, "polygon end out of range")
            precondition(
                zip(g.polygonEnds, g.polygonEnds.dropFirst()).allSatisfy { $0 <= $1 }, "polygon ends out of order")
            precondition(f.ringOffsets.allSatisfy { (0..<bytes.count).contains($0) }, "ring offset out of range")
        }
    }

    /// The validity fast path against GEOS: a geometry it calls certainly valid builds in GEOS
    /// and GEOS finds it valid. (Its "not certain" is no claim: GEOS decides those.) Checked on
    /// each feature's geometry as read.
    static func checkCertainValidity(_ zones: CheckedText, context: GEOSContext) {
        for f in zones.features {
            guard let g = f.geometry, g.isCertainlyValid else { continue }
            do {
                let problem = try g.geosValidityProblem(context: context)
                precondition(problem == nil, "certainly valid, but GEOS: \(problem!) at \(f.location)")
            } catch {
                preconditionFailure("certainly valid, but GEOS cannot build it (\(error)) at \(f.location)")
            }
        }
    }

    /// A configuration error names the file and, unless it is an I/O error, a place in it.
    static func check(_ error: ConfigError) {
        precondition(error.kind != .io, "I/O error for bytes in memory: \(error)")
        precondition(error.location.file == configPath, "error in \(error.location.file)")
        precondition(error.location.line >= 1 && error.location.column >= 1, "error at \(error.location)")
        precondition(!error.message.isEmpty, "empty error message")
        _ = error.description
    }

    /// The zone file a fuzzed configuration validates: two features of one city with the
    /// properties a typical pipeline.yml names, one of them invalid (a bow tie).
    static let sampleZones = Array(
        """
        {"type": "FeatureCollection", "features": [
        {"type": "Feature", "id": 1, "properties": {"city": "x", "style": "parking", "name": "a", "fill": "#00ff00", "stroke-width": 2, "kind": "p"},
         "geometry": {"type": "Polygon", "coordinates": [[[10, 50], [10.01, 50], [10.01, 50.01], [10, 50.01], [10, 50]]]}},
        {"type": "Feature", "id": 2, "properties": {"city": "x", "style": "no-parking", "fill": "#ff0000", "kind": ""},
         "geometry": {"type": "MultiPolygon", "coordinates": [[[[179.9, 1], [-179.9, 1], [179.9, 1.1], [-179.9, 1.1], [179.9, 1]]]]}}
        ]}
        """.utf8)
}

extension FuzzHarness {
    /// Runs `body` on every file named by `paths` (directories: every file in them, sorted),
    /// printing one line per file; for reproducing a crash without libFuzzer
    /// (`FuzzGeoJSON crash-…` in a plain build). Returns the number of files run.
    @discardableResult
    public static func replay(_ paths: some Sequence<String>, _ body: (UnsafeBufferPointer<UInt8>) -> String) -> Int {
        var count = 0
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                print("\(path): no such file")
                continue
            }
            let files =
                isDirectory.boolValue
                ? ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted().map { path + "/" + $0 }
                : [path]
            for file in files {
                guard let data = FileManager.default.contents(atPath: file) else { continue }
                let summary = [UInt8](data).withUnsafeBufferPointer { body($0) }
                print("\(file): \(summary)")
                count += 1
            }
        }
        return count
    }

    /// A fuzz target's `main` in a plain build: replays the command line's files through `body`
    /// and says how many ran.
    public static func replayCommandLine(_ body: (UnsafeBufferPointer<UInt8>) -> String) {
        let count = replay(CommandLine.arguments.dropFirst(), body)
        print("replayed \(count) input\(count == 1 ? "" : "s")")
    }

    /// "3 features, 2 findings (1 errors)", then the findings, one per line.
    package static func summary(_ zones: CheckedText) -> String {
        let errors = zones.diagnostics.filter { $0.severity == .error }.count
        return "\(zones.features.count) features, \(zones.diagnostics.count) findings (\(errors) errors)"
            + zones.diagnostics.map { "\n  \($0)" }.joined()
    }

    public static func summary(_ result: Result<PipelineConfig, ConfigError>) -> String {
        switch result {
        case .success: "loads"
        case .failure(let error): "\(error)"
        }
    }
}
