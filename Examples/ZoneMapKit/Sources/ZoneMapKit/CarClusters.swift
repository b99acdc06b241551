import ZoneClient

#if canImport(MapKit)
    import MapKit
#endif

/// The cars on screen: on each region change, the published clusters of the view (no
/// clustering on the phone), and only the difference applied to the map.
@MainActor final class CarClusters {
    let client: ZoneClient
    private(set) var shown: ZoneClusters?

    init(client: ZoneClient) { self.client = client }

    /// The change to apply for a MapKit-shaped view: its region and width in points. Offline,
    /// the answer is what the cache holds (`answer.isComplete` says whether it is all).
    func reload(region: ZoneRegion, viewWidth: Double) async throws(ZoneClientError) -> ClusterDifference {
        let answer = try await client.clusters(layer: "cars", region: region, viewWidth: viewWidth)
        let difference = ClusterDifference(from: shown, to: answer)
        shown = answer
        return difference
    }

    #if canImport(MapKit)
        private var annotations: [ZoneClusterKey: MKPointAnnotation] = [:]

        /// Call from `mapView(_:regionDidChangeAnimated:)`.
        func update(_ mapView: MKMapView) async throws(ZoneClientError) {
            let r = mapView.region
            let region = ZoneRegion(
                centerLatitude: r.center.latitude, centerLongitude: r.center.longitude,
                latitudeDelta: r.span.latitudeDelta, longitudeDelta: r.span.longitudeDelta)
            let difference = try await reload(region: region, viewWidth: Double(mapView.bounds.width))
            mapView.removeAnnotations(difference.removals.compactMap { annotations.removeValue(forKey: $0.id) })
            let added = difference.insertions.map { feature in
                let pin = MKPointAnnotation()
                pin.coordinate = CLLocationCoordinate2D(latitude: feature.latitude, longitude: feature.longitude)
                pin.title = feature.isCluster ? "\(feature.pointCount)" : nil
                annotations[feature.id] = pin
                return pin
            }
            mapView.addAnnotations(added)
        }
    #endif
}
