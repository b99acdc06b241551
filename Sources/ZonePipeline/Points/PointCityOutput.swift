import ZonePoints

/// One city of a point layer as the build writes and lists it: its files, its manifest row and
/// its report row, from what ``PointCityBuilder`` made or the cache kept.
struct PointCityOutput: Sendable {
    var files: [ArtifactFile]
    var entry: Manifest.PointCityEntry
    var report: PointReport

    init(files: [ArtifactFile], entry: Manifest.PointCityEntry, report: PointReport) {
        self.files = files
        self.entry = entry
        self.report = report
    }

    /// The files, manifest row and report row of a city `layer`'s builder made.
    init(_ built: PointCityBuilder.Built, layer: String, city: String, points: Int) {
        let made = built.files
        files = made.map { ArtifactFile(path: $0.path, bytes: $0.gzip, city: city) }
        entry = Manifest.PointCityEntry(
            id: city, points: points, band: Manifest.PointFile(built.band),
            metatiles: built.metatiles.map(Manifest.PointFile.init), index: Manifest.PointFile(built.index))
        report = PointReport(
            layer: layer, city: city, points: points, featuresPerZoom: built.featuresPerZoom,
            clustersPerZoom: built.clustersPerZoom, files: made.count, bytes: made.reduce(0) { $0 + $1.bytes },
            bytesGzip: made.reduce(0) { $0 + $1.gzip.count }, clusterSeconds: built.clusterSeconds,
            seconds: built.seconds)
    }
}
