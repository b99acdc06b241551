import Foundation
import Testing
import ZoneFormats
import ZonePoints

@testable import ZoneGeometry
@testable import ZonePipeline

/// The repository root, found from this file's path (Tests/ZonePipelineTests/Config/ConfigTests.swift).
private let repoRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// Parses `yaml` as `p.yml`, returning the error it throws (nil when it parses).
private func parseError(_ yaml: String) -> ConfigError? {
    do {
        _ = try PipelineConfig.parse(yaml: yaml, file: "p.yml")
        return nil
    } catch {
        return error
    }
}

/// One configuration that must fail: where, and with which message.
struct BadConfig: CustomTestStringConvertible, Sendable {
    let id: String
    let yaml: String
    let line: Int
    let column: Int
    let message: String
    var testDescription: String { id }

    init(_ id: String, _ yaml: String, _ line: Int, _ column: Int, _ message: String) {
        (self.id, self.yaml, self.line, self.column, self.message) = (id, yaml, line, column, message)
    }

    /// Asserts that `yaml` fails with exactly this location, message and kind.
    func check(kind: ConfigError.Kind = .invalid) {
        let error = parseError(yaml)
        #expect(error?.location == SourceLocation(file: "p.yml", line: line, column: column))
        #expect(error?.message == message)
        #expect(error?.kind == kind)
    }
}

@Suite struct PipelineYmlFileTests {
    let path = repoRoot.appendingPathComponent("pipeline.yml").path

    @Test func repositoryConfigLoads() throws {
        let config = try PipelineConfig.load(path: path)
        var expected = PipelineConfig.default
        expected.publish.target = "./store"
        expected.sourcePath = path
        expected.points = [
            PointLayerConfig(name: "cars", source: ["points"], keep: ["id", "kind"], sum: ["available"])
        ]
        #expect(config == expected)
        #expect(config.zones == ["zones"])
        #expect(config.output == "dist")
        #expect(config.publish.target == "./store")
    }

    /// Every key of the schema appears in pipeline.yml, and every key line has a comment above it.
    @Test func repositoryConfigDocumentsEveryKey() throws {
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        var found: Set<String> = []
        var section = ""
        for (index, line) in lines.enumerated() {
            // An optional section shown commented out, as one flow mapping: `# tiles: {a: 1, b: 2}`.
            if line.hasPrefix("# tiles: {"), let open = line.firstIndex(of: "{"), let close = line.lastIndex(of: "}") {
                found.insert("tiles")
                for pair in line[line.index(after: open)..<close].split(separator: ",") {
                    found.insert("tiles." + pair.split(separator: ":")[0].trimmingCharacters(in: .whitespaces))
                }
                continue
            }
            let indent = line.prefix { $0 == " " }.count
            let body = line.dropFirst(indent)
            guard !body.hasPrefix("#"), let colon = body.firstIndex(of: ":") else { continue }
            let key = String(body[..<colon])
            if indent == 0 { section = key }
            // Point layers: points.<layer> and points.<layer>.<key>, whatever the layer's name.
            let path =
                indent == 0
                ? key : section == "points" ? (indent == 2 ? "points.*" : "points.*.\(key)") : "\(section).\(key)"
            found.insert(path)
            let previous = index > 0 ? lines[index - 1].trimmingCharacters(in: .whitespaces) : ""
            #expect(previous.hasPrefix("#"), "no comment above '\(path)' on line \(index + 1)")
        }
        let sections: [(String, [String])] = [
            ("overlaps", OverlapPolicy.keys), ("simplify", SimplifyConfig.keys),
            ("antimeridian", AntimeridianConfig.keys), ("gaps", GapsConfig.keys), ("styles", StylesConfig.keys),
            ("publish", PublishConfig.keys), ("tiles", TilesConfig.keys),
        ]
        var schema = Set(PipelineConfig.keys)
        for (name, keys) in sections + [("points.*", PointLayerConfig.keys)] {
            schema.formUnion(keys.map { "\(name).\($0)" })
        }
        schema.insert("points.*")
        #expect(schema.subtracting(found).sorted() == [])
        #expect(found.subtracting(schema).sorted() == [])
    }
}

@Suite struct ConfigDefaultsTests {
    @Test func defaultValues() {
        let c = PipelineConfig.default
        #expect(c.zones == ["zones"])
        #expect(c.output == "dist")
        #expect(c.groupBy == ["city", "style"])
        #expect(c.keep == [])
        #expect(c.precision == 6)
        #expect(c.repair == true)
        #expect(c.overlaps == .priority([]))
        #expect(c.simplify == SimplifyConfig(toleranceM: 1.0, method: .douglasPeucker, minAreaM2: 0))
        #expect(c.antimeridian.interpolation == .greatCircle)
        #expect(c.styles == StylesConfig(property: "style", keys: [], definitions: [:]))
        #expect(c.gzipLevel == 5)
        #expect(c.encodings == [.gzip])
        #expect(c.brotliQuality == 11)
        #expect(!c.writesBrotli)
        #expect(
            c.publish
                == PublishConfig(
                    target: nil, endpoint: nil, region: nil, addressing: .path,
                    keepVersions: 10, manifestMaxAge: 60, concurrency: 8, maxAttempts: 4,
                    stallTimeoutS: 30))
        #expect(c.sourcePath == "")
        #expect(c.styleKeys == ["stroke", "stroke-width", "stroke-opacity", "fill", "fill-opacity"])
    }

    @Test(arguments: ["", "# only a comment\n", "---\n", "~\n", "simplify:\npublish:\n"])
    func emptyDocumentGivesDefaults(yaml: String) throws {
        let config = try PipelineConfig.parse(yaml: yaml, file: "p.yml")
        var expected = PipelineConfig.default
        expected.sourcePath = "p.yml"
        #expect(config == expected)
    }

    @Test func styleKeysAppendExtraKeysWithoutDuplicates() {
        var c = PipelineConfig.default
        c.styles.keys = ["icon", "fill", "pattern"]
        #expect(c.styleKeys == ["stroke", "stroke-width", "stroke-opacity", "fill", "fill-opacity", "icon", "pattern"])
    }
}

@Suite struct ConfigValuesTests {
    @Test func everyKeyWithNonDefaultValues() throws {
        let yaml = """
            zones: [zones/berlin, zones/extra.geojson]
            output: build/out
            group_by: [region, kind, style]
            keep: [name, "id"]
            precision: 5
            repair: no
            overlaps:
              priority: [no-parking, parking]
            simplify: {tolerance_m: 2, method: visvalingam, min_area_m2: 10.5}
            antimeridian:
              interpolation: linear
            styles:
              property: kind
              keys: [icon]
              definitions:
                parking: {stroke: "#1a9641", stroke-width: 2, fill-opacity: 0.4, icon: "2", fill: "#a6d96a"}
                hidden:
                  stroke-opacity: 0
                  icon: true
            gzip_level: 1
            encodings: [br]
            brotli_quality: 9
            publish:
              target: s3://zones-bucket/prod
              endpoint: http://127.0.0.1:5000
              region: eu-central-1
              addressing: virtual
              keep_versions: 3
              manifest_max_age: 0
              concurrency: 64
              max_attempts: 1
              stall_timeout_s: 600
            """
        let c = try PipelineConfig.parse(yaml: yaml, file: "p.yml")
        #expect(c.zones == ["zones/berlin", "zones/extra.geojson"])
        #expect(c.output == "build/out")
        #expect(c.groupBy == ["region", "kind", "style"])
        #expect(c.keep == ["name", "id"])
        #expect(c.precision == 5)
        #expect(c.repair == false)
        #expect(c.overlaps == .priority(["no-parking", "parking"]))
        #expect(c.simplify == SimplifyConfig(toleranceM: 2, method: .visvalingam, minAreaM2: 10.5))
        #expect(c.antimeridian == AntimeridianConfig(interpolation: .linear))
        #expect(c.styles.property == "kind")
        #expect(c.styles.keys == ["icon"])
        #expect(c.styleKeys.last == "icon")
        let parking = JSONObject([
            ("stroke", .string("#1a9641")), ("stroke-width", .number(2)), ("fill-opacity", .number(0.4)),
            ("icon", .string("2")), ("fill", .string("#a6d96a")),
        ])
        #expect(
            c.styles.definitions == [
                "parking": parking,
                "hidden": JSONObject([("stroke-opacity", .number(0)), ("icon", .bool(true))]),
            ])
        #expect(c.styles.definitions["parking"]?.keys == ["stroke", "stroke-width", "fill-opacity", "icon", "fill"])
        #expect(c.gzipLevel == 1)
        #expect(c.encodings == [.gzip, .br], "[br] alone: gzip is always written")
        #expect(c.brotliQuality == 9)
        #expect(
            c.publish
                == PublishConfig(
                    target: "s3://zones-bucket/prod", endpoint: "http://127.0.0.1:5000",
                    region: "eu-central-1", addressing: .virtual, keepVersions: 3,
                    manifestMaxAge: 0, concurrency: 64, maxAttempts: 1, stallTimeoutS: 600))
        #expect(c.sourcePath == "p.yml")
    }

    @Test func singleZonesPathBecomesAList() throws {
        #expect(try PipelineConfig.parse(yaml: "zones: data/zones\n", file: "p.yml").zones == ["data/zones"])
    }

    @Test func definitionsMayUseStyleKeysDeclaredAfterThem() throws {
        let yaml = "styles:\n  definitions:\n    a: {icon: car}\n  keys: [icon]\n"
        let c = try PipelineConfig.parse(yaml: yaml, file: "p.yml")
        #expect(c.styles.definitions["a"] == JSONObject([("icon", .string("car"))]))
    }

    @Test(arguments: [
        ("overlaps: allow\n", OverlapPolicy.allow),
        ("overlaps: 'allow'\n", .allow),
        (
            "overlaps: {priority: [no-parking, parking, slow-zone]}\n",
            .priority(["no-parking", "parking", "slow-zone"])
        ),
        ("overlaps:\n  priority:\n    - parking\n", .priority(["parking"])),
        ("overlaps: {priority: []}\n", .priority([])),
        ("overlaps: {}\n", .priority([])),
        ("overlaps:\n", .priority([])),
    ])
    func overlapsForms(yaml: String, expected: OverlapPolicy) throws {
        #expect(try PipelineConfig.parse(yaml: yaml, file: "p.yml").overlaps == expected)
    }

    @Test func errorDescriptionIsCompilerStyle() {
        let error = parseError("precision: 12\n")
        #expect(error?.description == "p.yml:1:12: error: expected an integer from 1 to 9, got 12")
        #expect(
            error?.diagnostic
                == Diagnostic.error(
                    SourceLocation(file: "p.yml", line: 1, column: 12),
                    "expected an integer from 1 to 9, got 12"))
    }
}

@Suite struct ConfigLoadTests {
    /// A fresh empty directory for one test.
    private func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("zonectl-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func missingFileIsAnIOError() throws {
        let path = try temporaryDirectory().appendingPathComponent("absent.yml").path
        #expect(throws: ConfigError.io(path: path, message: "no such file")) {
            try PipelineConfig.load(path: path)
        }
        #expect(ConfigError.io(path: path, message: "no such file").description == "\(path): error: no such file")
    }

    @Test func directoryIsAnIOError() throws {
        let path = try temporaryDirectory().path
        let error = #expect(throws: ConfigError.self) { try PipelineConfig.load(path: path) }
        #expect(error?.kind == .io)
    }

    @Test func invalidUTF8IsASyntaxErrorAtTheBadByte() throws {
        let url = try temporaryDirectory().appendingPathComponent("p.yml")
        try Data("zones: a\noutput: é".utf8 + [0xFF] + Array("\n".utf8)).write(to: url)
        let error = #expect(throws: ConfigError.self) { try PipelineConfig.load(path: url.path) }
        #expect(error?.kind == .syntax)
        #expect(error?.location == SourceLocation(file: url.path, line: 2, column: 10))
    }

    @Test func loadSetsSourcePath() throws {
        let url = try temporaryDirectory().appendingPathComponent("p.yml")
        try Data("precision: 7\n".utf8).write(to: url)
        let config = try PipelineConfig.load(path: url.path)
        #expect(config.precision == 7)
        #expect(config.sourcePath == url.path)
    }
}
