public import Foundation

/// The zones of one style in one city, ready for a map SDK: the style's name, how to draw it and
/// a GeoJSON FeatureCollection of its features (MultiPolygons with a `style` property), as
/// `MKGeoJSONDecoder`, Google's `GMUGeoJSONParser` and a MapLibre GeoJSON source take it.
public struct ZoneLayer: Sendable, Equatable {
    /// The city (the manifest's city id).
    public var city: String
    /// The style name (the features' `style` property, a key of the style table).
    public var style: String
    /// How the style table draws the zones.
    public var zoneStyle: ZoneStyle
    /// A GeoJSON FeatureCollection (UTF-8) holding the style's features of the city, each as the
    /// artifact writes it.
    public var geoJSON: Data

    /// A layer.
    public init(city: String, style: String, zoneStyle: ZoneStyle, geoJSON: Data) {
        self.city = city
        self.style = style
        self.zoneStyle = zoneStyle
        self.geoJSON = geoJSON
    }

    /// `names` (each once) in draw order, lowest priority first, so that the highest is drawn
    /// last, on top: the reverse of the overlay's ranking, which is `priority` (highest first),
    /// then the styles it does not list, by name. Where two zones overlap or share a border, the
    /// one drawn on top is the one the published zones and the lookup give the position to.
    public static func drawOrder(_ names: some Sequence<String>, priority: [String]) -> [String] {
        let rank = Dictionary(priority.enumerated().map { ($1, $0) }, uniquingKeysWith: min)
        let ranked = Set(names).sorted {
            (rank[$0] ?? priority.count, $0) < (rank[$1] ?? priority.count, $1)
        }
        return ranked.reversed()
    }
}
