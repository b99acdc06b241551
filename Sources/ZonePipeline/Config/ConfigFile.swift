import Foundation

/// pipeline.yml read once: its settings, and its bytes (the manifest carries their SHA-256).
public struct ConfigFile: Sendable {
    public var config: PipelineConfig
    public var bytes: [UInt8]
    /// The file read; nil when there was none and the defaults apply.
    public var path: String?

    public init(config: PipelineConfig, bytes: [UInt8] = [], path: String? = nil) {
        (self.config, self.bytes, self.path) = (config, bytes, path)
    }

    /// `path`, else `pipeline.yml` in the working directory when it exists, else the defaults.
    public static func load(_ path: String?) throws(ConfigError) -> ConfigFile {
        guard let file = path ?? (FileManager.default.fileExists(atPath: "pipeline.yml") ? "pipeline.yml" : nil) else {
            return ConfigFile(config: .default)
        }
        let bytes = try PipelineConfig.readBytes(file)
        return ConfigFile(config: try PipelineConfig.parse(bytes: bytes, file: file), bytes: bytes, path: file)
    }
}
