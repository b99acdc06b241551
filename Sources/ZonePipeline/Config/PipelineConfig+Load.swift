import Foundation
internal import Yams
import ZoneFormats
import ZoneGeometry
import ZonePoints

extension PipelineConfig {
    /// Reads `pipeline.yml` from `path` and parses it with ``parse(bytes:file:)``.
    public static func load(path: String) throws(ConfigError) -> PipelineConfig {
        try parse(bytes: try readBytes(path), file: path)
    }

    /// The bytes of the file at `path`. A missing or unreadable file throws a
    /// ``ConfigError/Kind/io`` error.
    static func readBytes(_ path: String) throws(ConfigError) -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .io(path: path, message: "no such file")
        }
        if isDirectory.boolValue { throw .io(path: path, message: "is a directory, expected a YAML file") }
        do {
            return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw .io(path: path, message: "cannot read the file: \(error.localizedDescription)")
        }
    }

    /// Parses the bytes of a `pipeline.yml` with ``parse(yaml:file:)``; bytes that are not
    /// UTF-8 throw a ``ConfigError/Kind/syntax`` error at the first bad byte.
    public static func parse(bytes: [UInt8], file: String) throws(ConfigError) -> PipelineConfig {
        if let bad = YAMLPosition.firstInvalidUTF8(bytes) {
            let (line, column) = YAMLPosition.lineColumn(ofUTF8Offset: bad, in: bytes)
            throw ConfigError(
                .syntax, location: SourceLocation(file: file, line: line, column: column),
                message: "the file is not valid UTF-8")
        }
        return try parse(yaml: String(decoding: bytes, as: UTF8.self), file: file)
    }

    /// Parses the text of a `pipeline.yml`; `file` names it in errors and becomes ``sourcePath``.
    ///
    /// An empty document gives ``default``. Unknown keys, duplicate keys, wrong types and
    /// out-of-range values are errors; the first one found is thrown.
    public static func parse(yaml: String, file: String) throws(ConfigError) -> PipelineConfig {
        // A UTF-8 byte order mark (Windows editors write one) is not content, and not a column;
        // left in, Yams fails on it ("did not find expected <document start>" on line 2).
        let yaml = yaml.hasPrefix("\u{FEFF}") ? String(yaml.unicodeScalars.dropFirst()) : yaml
        let root: Node?
        do {
            // No resolver rules: their regular expressions are not compiled (plain scalars
            // are resolved by ``YAMLImplicitTag``, the same rules by hand).
            root = try Yams.compose(yaml: yaml, .basic)
        } catch let error as YamlError {
            throw ConfigError(yamlError: error, yaml: yaml, file: file)
        } catch {
            let start = SourceLocation(file: file, line: 1, column: 1)
            throw ConfigError(.syntax, location: start, message: "invalid YAML: \(error)")
        }
        guard let root else { return PipelineConfig(sourcePath: file) }
        return try PipelineConfig(root: root, reader: ConfigReader(file: file))
    }
}

extension PipelineConfig {
    /// The keys allowed at the top level of `pipeline.yml`.
    static let keys = [
        "zones", "output", "group_by", "keep", "precision", "repair", "overlaps", "simplify",
        "antimeridian", "gaps", "styles", "gzip_level", "encodings", "brotli_quality", "publish", "points",
        "tiles",
    ]

    /// Reads the top-level mapping; absent keys keep their ``default`` values.
    init(root: Node, reader r: ConfigReader) throws(ConfigError) {
        self.init(sourcePath: r.file)
        for entry in try r.entries(of: root, in: nil, allowed: Self.keys) {
            let value = entry.value
            switch entry.key {
            case "zones": zones = try Self.paths(value, reader: r)
            case "output": output = try r.string(value, nonEmpty: true)
            case "group_by": groupBy = try r.stringList(value, nonEmpty: true)
            case "keep": keep = try r.stringList(value, nonEmpty: false)
            case "precision": precision = try r.int(value, in: 1...9)
            case "repair": repair = try r.bool(value)
            case "overlaps": overlaps = try OverlapPolicy(node: value, reader: r)
            case "simplify": simplify = try SimplifyConfig(node: value, reader: r)
            case "antimeridian": antimeridian = try AntimeridianConfig(node: value, reader: r)
            case "gaps": gaps = try GapsConfig(node: value, reader: r)
            case "styles": styles = try StylesConfig(node: value, reader: r)
            case "gzip_level": gzipLevel = try r.int(value, in: 1...12)
            case "encodings": encodings = try Self.encodings(value, reader: r)
            case "brotli_quality": brotliQuality = try r.int(value, in: 0...11)
            case "publish": publish = try PublishConfig(node: value, reader: r)
            case "points": points = try PointLayerConfig.layers(value, reader: r)
            case "tiles": tiles = try TilesConfig(node: value, reader: r)
            default: break  // rejected by entries(of:)
            }
        }
    }

    /// `encodings`: a non-empty list of unique encoding names, normalized (gzip always written).
    private static func encodings(_ node: Node, reader r: ConfigReader) throws(ConfigError) -> [ArtifactEncoding] {
        guard case .sequence(let items) = node else {
            throw r.error("expected a list of encodings (gzip, br), got \(r.describe(node))", at: node)
        }
        _ = try r.stringList(node, nonEmpty: true)  // strings, unique, at least one
        var result: [ArtifactEncoding] = []
        for item in items { result.append(try r.choice(item)) }
        return ArtifactEncoding.normalized(result)
    }

    /// `zones`: one path, or a non-empty list of unique paths.
    private static func paths(_ node: Node, reader r: ConfigReader) throws(ConfigError) -> [String] {
        if case .sequence = node { return try r.stringList(node, nonEmpty: true) }
        guard r.isString(node) else {
            throw r.error("expected a path or a list of paths, got \(r.describe(node))", at: node)
        }
        return [try r.string(node, nonEmpty: true)]
    }
}
