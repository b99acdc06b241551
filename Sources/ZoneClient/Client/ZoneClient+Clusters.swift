extension ZoneClient {
    /// What to draw of point layer `layer` in `bbox` at `zoom` (in `tileSize` zooms: `.px512`
    /// for MapLibre, `.px256` for MapKit and Google Maps): the published clusters and single
    /// points of that zoom whose position lies in the box. Read from the cache; a metatile it
    /// does not hold yet is fetched from the store, checked and kept (see ``ZoneClusterReader``).
    /// Offline, the answer is what the cache holds, from the cached version
    /// (``ZoneClusters/version``), and lists what it lacks (``ZoneClusters/unavailable``).
    /// ``ClusterDifference`` turns two answers into the change to apply to the map.
    public func clusters(layer: String, in bbox: ZoneBBox, zoom: Double, tileSize: ZoneTileSize = .px512)
        async throws(ZoneClientError) -> ZoneClusters
    {
        try await clusterReader().clusters(layer: layer, in: bbox, zoom: zoom, tileSize: tileSize)
    }

    /// The same for a MapKit-shaped view: the visible region and the view's width in points,
    /// from which the zoom is derived (MapKit has no zoom level).
    public func clusters(layer: String, region: ZoneRegion, viewWidth: Double) async throws(ZoneClientError)
        -> ZoneClusters
    {
        try await clusterReader().clusters(layer: layer, region: region, viewWidth: viewWidth)
    }
}
