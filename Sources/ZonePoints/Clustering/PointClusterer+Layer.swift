import ZoneFormats

extension PointClusterer {
    /// The clusterer of a layer: its radius, extent, smallest cluster and zooms.
    package init(_ layer: PointLayerConfig, wrap: Bool = true, order: Order = .densestFirst) {
        self.init(
            radius: layer.radius, extent: layer.extent, minPoints: layer.minPoints, maxZoom: layer.maxZoom, wrap: wrap,
            order: order)
    }
}
