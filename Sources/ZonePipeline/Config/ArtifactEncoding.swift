/// A content encoding the build writes each artifact in (`encodings` in `pipeline.yml`).
public enum ArtifactEncoding: String, Sendable, Equatable, Encodable, CaseIterable {
    /// gzip (libdeflate), at `gzip_level`: always written, every client reads it.
    case gzip
    /// Brotli, at `brotli_quality`: written beside gzip, listed in the manifest's `brotli` fields.
    case br

    /// The list as the build uses it: gzip first and always, then br when asked for. `[br]` alone
    /// thus means `[gzip, br]`: clients that cannot read brotli still need the gzip artifact.
    static func normalized(_ encodings: [ArtifactEncoding]) -> [ArtifactEncoding] {
        encodings.contains(.br) ? [.gzip, .br] : [.gzip]
    }
}

extension PipelineConfig {
    /// True when the build writes a brotli artifact beside each gzip one.
    public var writesBrotli: Bool { encodings.contains(.br) }
}
