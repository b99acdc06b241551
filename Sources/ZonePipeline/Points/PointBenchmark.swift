import ZonePoints
import ZoneSupport

/// Timings of one point layer's build stages, for `zonectl-bench points` (`make bench-points`).
public enum PointBenchmark {
    public struct Result: Sendable {
        public var points: Int
        public var cities: Int
        public var files: Int
        public var gzipBytes: Int
        /// Read and check the files; cluster (summed over cities); the whole build (read, cluster,
        /// write, gzip), wall time.
        public var readSeconds: Double
        public var clusterSeconds: Double
        public var totalSeconds: Double
        /// Clusters (items of more than one point) per zoom 0...max_zoom, per city.
        public var clustersPerCity: [String: [Int]]
    }

    /// Builds `layer` as the pipeline does, on `jobs` threads.
    public static func run(layer: PointLayerConfig, jobs: Int) throws -> Result {
        let start = ContinuousClock.now
        let config = PipelineConfig(points: [layer])
        let build = PointBuild(config: config, jobs: jobs)
        let read = try build.read()
        let readSeconds = seconds(since: start)
        let out = try build.run(cities: read.cities, diagnostics: read.diagnostics)
        return Result(
            points: out.report.reduce(0) { $0 + $1.points }, cities: out.report.count, files: out.files.count,
            gzipBytes: out.files.reduce(0) { $0 + $1.bytes.count }, readSeconds: readSeconds,
            clusterSeconds: out.report.reduce(0) { $0 + $1.clusterSeconds }, totalSeconds: seconds(since: start),
            clustersPerCity: Dictionary(
                out.report.map { ($0.city, $0.clustersPerZoom) }, uniquingKeysWith: { a, _ in a }))
    }
}
