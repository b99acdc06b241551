#if canImport(MapKit) && canImport(UIKit)
    import MapKit
    import ZoneClient

    /// MapKit behind ``ZoneMapProvider``: the zones as overlays on an `MKMapView`, whose
    /// delegate it becomes.
    @MainActor
    final class MapKitZoneProvider: NSObject, ZoneMapProvider, MKMapViewDelegate {
        let mapView: MKMapView
        private var zones: ZoneOverlays?

        init(mapView: MKMapView) {
            self.mapView = mapView
            super.init()
            mapView.delegate = self
        }

        func show(zoneLayers: [ZoneLayer]) {
            if let zones { mapView.removeOverlays(zones.overlays) }
            zones = try? ZoneOverlays(layers: zoneLayers)  // nil: GeoJSON MapKit cannot read
            if let zones { mapView.addOverlays(zones.overlays, level: .aboveRoads) }
        }

        func mapView(_ mapView: MKMapView, rendererFor overlay: any MKOverlay) -> MKOverlayRenderer {
            zones?.renderer(for: overlay) ?? MKOverlayRenderer(overlay: overlay)
        }
    }
#endif
