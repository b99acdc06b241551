import Foundation
import Testing
import ZoneFormats
import ZonePoints

@testable import ZoneGeometry
@testable import ZonePipeline

/// The city cache key is made from the whole configuration: changing any field changes it,
/// unless the field is listed as one that cannot change an artifact.
@Suite struct CityCacheKeyTests {
    /// One change per field, by dotted name.
    static let changes: [String: @Sendable (inout PipelineConfig) -> Void] = [
        "zones": { $0.zones = ["elsewhere"] },
        "output": { $0.output = "elsewhere" },
        "groupBy": { $0.groupBy = ["city"] },
        "keep": { $0.keep = ["name"] },
        "precision": { $0.precision = 5 },
        "repair": { $0.repair = false },
        "overlaps": { $0.overlaps = .allow },
        "simplify.toleranceM": { $0.simplify.toleranceM = 2 },
        "simplify.method": { $0.simplify.method = .visvalingam },
        "simplify.minAreaM2": { $0.simplify.minAreaM2 = 5 },
        "antimeridian.interpolation": { $0.antimeridian.interpolation = .linear },
        "gaps.reportM": { $0.gaps.reportM = 1 },
        "gaps.closeM": { $0.gaps.closeM = 3 },
        "styles.property": { $0.styles.property = "kind" },
        "styles.keys": { $0.styles.keys = ["pattern"] },
        "styles.definitions": { $0.styles.definitions = ["p": JSONObject([("fill", .string("#00ff00"))])] },
        "gzipLevel": { $0.gzipLevel = 9 },
        "encodings": { $0.encodings = [.gzip, .br] },
        "brotliQuality": { $0.brotliQuality = 9 },
        "publish.target": { $0.publish.target = "s3://b/p" },
        "publish.endpoint": { $0.publish.endpoint = "http://127.0.0.1:9000" },
        "publish.region": { $0.publish.region = "eu-west-1" },
        "publish.addressing": { $0.publish.addressing = .virtual },
        "publish.keepVersions": { $0.publish.keepVersions = 3 },
        "publish.manifestMaxAge": { $0.publish.manifestMaxAge = 5 },
        "publish.concurrency": { $0.publish.concurrency = 2 },
        "publish.maxAttempts": { $0.publish.maxAttempts = 1 },
        "publish.stallTimeoutS": { $0.publish.stallTimeoutS = 9 },
        "points": { $0.points = [PointLayerConfig(name: "cars")] },
        "tiles": { $0.tiles = TilesConfig() },
        "sourcePath": { $0.sourcePath = "other.yml" },
    ]

    /// Every stored field of the configuration, nested settings as `section.field`.
    static func fieldNames(of value: Any, prefix: String = "") -> [String] {
        Mirror(reflecting: value).children.flatMap { child -> [String] in
            guard let label = child.label else { return [] }
            let nested =
                child.value is SimplifyConfig || child.value is AntimeridianConfig
                || child.value is StylesConfig || child.value is PublishConfig || child.value is GapsConfig
            return nested ? fieldNames(of: child.value, prefix: prefix + label + ".") : [prefix + label]
        }
    }

    @Test("the table above names every field of PipelineConfig (a new field needs a line, and a decision)")
    func everyFieldHasAChange() {
        #expect(Set(Self.fieldNames(of: PipelineConfig.default)) == Set(Self.changes.keys))
    }

    @Test("changing a field changes the key, unless it is listed as not shaping artifacts")
    func everyFieldShapesTheKeyOrIsListed() {
        let cache = BuildCache(directory: "/nonexistent", codeIdentity: "test")
        let base = cache.settingsDigest(.default)
        #expect(cache.settingsDigest(.default) == base)
        for (name, change) in Self.changes.sorted(by: { $0.key < $1.key }) {
            var config = PipelineConfig.default
            change(&config)
            #expect(config != .default, "\(name): the change changes nothing")
            let listed = PipelineConfig.notShapingArtifacts.contains(String(name.prefix { $0 != "." }))
            #expect((cache.settingsDigest(config) != base) == !listed, "\(name)")
        }
        #expect(BuildCache(directory: "/nonexistent", codeIdentity: "other").settingsDigest(.default) != base)
    }
}
