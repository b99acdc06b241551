import Foundation

/// What a city's artifact depends on besides its features, as one value for the build cache's
/// key: the cache format, the zonectl binary, and the whole configuration except the fields
/// that cannot change an artifact (``PipelineConfig/notShapingArtifacts``), which are reset.
/// A field added to ``PipelineConfig`` later is in the key unless it is listed there.
struct CitySettings: Encodable {
    var format = "zonectl-city-cache-5"
    var code: String
    var config: PipelineConfig

    init(code: String, config: PipelineConfig) {
        self.code = code
        self.config = config.shapingArtifacts
    }

    /// Canonical JSON: sorted keys.
    func encoded() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(self)).map { [UInt8]($0) } ?? Array(format.utf8)
    }
}

extension PipelineConfig {
    /// Fields that cannot change a city's artifact: where zones are read from (a feature's
    /// digest has its file and position), where output goes, publishing, the tile archive (made
    /// from the artifacts), and the file name.
    static let notShapingArtifacts: Set<String> = ["zones", "output", "publish", "tiles", "sourcePath"]

    /// This configuration with ``notShapingArtifacts`` reset to their defaults.
    var shapingArtifacts: PipelineConfig {
        var c = self
        c.zones = PipelineConfig.default.zones
        c.output = PipelineConfig.default.output
        c.publish = PipelineConfig.default.publish
        c.tiles = PipelineConfig.default.tiles
        c.sourcePath = PipelineConfig.default.sourcePath
        return c
    }
}
