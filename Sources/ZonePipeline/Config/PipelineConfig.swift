import ZoneGeometry
import ZonePoints

/// The settings in `pipeline.yml`: where zones come from, how they are grouped, simplified,
/// styled and packed, and where they are published.
///
/// Load it with ``load(path:)`` or ``parse(yaml:file:)``; every key is optional and
/// ``default`` holds the value used for a key that is absent.
public struct PipelineConfig: Sendable, Equatable, Encodable {
    /// `zones`: zone files or directories to read (a path or a list of paths).
    public var zones: [String]
    /// `output`: the build directory.
    public var output: String
    /// `group_by`: feature properties that group features. The first is the unit of an artifact
    /// (one file per value); the others make the features inside it. Non-empty, unique.
    public var groupBy: [String]
    /// `keep`: extra source properties copied onto output features.
    public var keep: [String]
    /// `precision`: decimals of the output coordinate grid, 1...9.
    public var precision: Int
    /// `repair`: make invalid input geometry valid instead of failing.
    public var repair: Bool
    /// `overlaps`: what happens where zones of different styles overlap.
    public var overlaps: OverlapPolicy
    /// `simplify`: vertex reduction settings.
    public var simplify: SimplifyConfig
    /// `antimeridian`: how edges crossing ±180° are split.
    public var antimeridian: AntimeridianConfig
    /// `gaps`: slivers between zones reported and closed.
    public var gaps: GapsConfig
    /// `styles`: which properties make a style, and named style definitions.
    public var styles: StylesConfig
    /// `gzip_level`: gzip (libdeflate) level of the artifacts, 1...12 (default 5; the trade-off: bench/README.md).
    public var gzipLevel: Int
    /// `encodings`: the content encodings written, gzip always first (``ArtifactEncoding/normalized(_:)``).
    public var encodings: [ArtifactEncoding]
    /// `brotli_quality`: brotli quality of the `br` artifacts, 0...11 (default 11, the smallest).
    public var brotliQuality: Int
    /// `publish`: where and how artifacts are uploaded.
    public var publish: PublishConfig
    /// `points`: point layers clustered per zoom, in file order.
    public var points: [PointLayerConfig]
    /// `tiles`: the vector-tile archive; nil (no `tiles` key): none is written.
    public var tiles: TilesConfig?
    /// The file the settings were read from; "" for ``default``.
    public var sourcePath: String

    /// Settings with every field given; each parameter defaults to the value of an absent key.
    public init(
        zones: [String] = ["zones"], output: String = "dist", groupBy: [String] = ["city", "style"],
        keep: [String] = [], precision: Int = 6, repair: Bool = true,
        overlaps: OverlapPolicy = .priority([]), simplify: SimplifyConfig = SimplifyConfig(),
        antimeridian: AntimeridianConfig = AntimeridianConfig(), gaps: GapsConfig = GapsConfig(),
        styles: StylesConfig = StylesConfig(),
        gzipLevel: Int = 5, encodings: [ArtifactEncoding] = [.gzip], brotliQuality: Int = 11,
        publish: PublishConfig = PublishConfig(), points: [PointLayerConfig] = [], tiles: TilesConfig? = nil,
        sourcePath: String = ""
    ) {
        self.zones = zones
        self.output = output
        self.groupBy = groupBy
        self.keep = keep
        self.precision = precision
        self.repair = repair
        self.overlaps = overlaps
        self.simplify = simplify
        self.antimeridian = antimeridian
        self.gaps = gaps
        self.styles = styles
        self.gzipLevel = gzipLevel
        self.encodings = ArtifactEncoding.normalized(encodings)
        self.brotliQuality = brotliQuality
        self.publish = publish
        self.points = points
        self.tiles = tiles
        self.sourcePath = sourcePath
    }

    /// The settings of an empty `pipeline.yml`.
    public static let `default` = PipelineConfig()

    /// The [simplestyle-spec](https://github.com/mapbox/simplestyle-spec) keys for polygons.
    public static let simplestyleKeys = ["stroke", "stroke-width", "stroke-opacity", "fill", "fill-opacity"]

    /// The properties that make up a style: the simplestyle keys, then `styles.keys`, without duplicates.
    public var styleKeys: [String] {
        var seen = Set<String>()
        return (Self.simplestyleKeys + styles.keys).filter { seen.insert($0).inserted }
    }
}
