#if canImport(MapKit) && canImport(UIKit)
    import MapKit
    import UIKit
    import ZoneClient

    /// A city's zone layers as MapKit overlays, in draw order, each titled with its layer's style.
    @MainActor
    struct ZoneOverlays {
        /// MKPolygon and MKMultiPolygon overlays, lowest priority first: add them in this order.
        private(set) var overlays: [any MKOverlay] = []
        private var styles: [String: ZoneStyle] = [:]

        init(layers: [ZoneLayer]) throws {
            let decoder = MKGeoJSONDecoder()
            for layer in layers {
                styles[layer.style] = layer.zoneStyle
                for case let feature as MKGeoJSONFeature in try decoder.decode(layer.geoJSON) {
                    for shape in feature.geometry {
                        guard let overlay = shape as? any MKOverlay else { continue }  // zones are polygons
                        shape.title = layer.style
                        overlays.append(overlay)
                    }
                }
            }
        }

        /// The renderer of one of ``overlays``, for `MKMapViewDelegate.mapView(_:rendererFor:)`.
        func renderer(for overlay: any MKOverlay) -> MKOverlayRenderer {
            let renderer: MKOverlayPathRenderer
            switch overlay {
            case let polygon as MKPolygon: renderer = MKPolygonRenderer(polygon: polygon)
            case let polygons as MKMultiPolygon: renderer = MKMultiPolygonRenderer(multiPolygon: polygons)
            default: return MKOverlayRenderer(overlay: overlay)
            }
            if let name = (overlay as? MKShape)?.title, let style = styles[name] {
                renderer.fillColor = UIColor(style.fill, opacity: style.fillOpacity)
                renderer.strokeColor = UIColor(style.stroke, opacity: style.strokeOpacity)
                renderer.lineWidth = style.strokeWidth
            }
            return renderer
        }
    }

    extension UIColor {
        /// `colour` with its alpha multiplied by `opacity` (a ZoneStyle's fill or stroke opacity).
        convenience init(_ colour: ZoneColour, opacity: Double) {
            self.init(red: colour.red, green: colour.green, blue: colour.blue, alpha: colour.alpha * opacity)
        }
    }
#endif
