internal import Foundation

/// A MapLibre GL style (version 8) that draws published zones as an overlay: one GeoJSON
/// source per city, a fill and a line layer per zone style, and per point layer and city a source
/// on the band file with circle (and, given glyphs, count label) layers; no base map and no
/// background. Encoded with sorted keys, so the same inputs give the same bytes.
public struct MapLibreStyle: Encodable, Sendable, Equatable {
    /// The style spec version: 8.
    public var version = 8
    /// `zonectl zones <manifest version>`.
    public var name: String
    /// `zonectl:manifest` (the manifest's URL) and `zonectl:version`: what the style draws, and
    /// how `zonectl style --out` recognises a style it wrote.
    public var metadata: [String: String]
    /// The glyphs URL template (`{fontstack}`, `{range}`) symbol layers need; nil without labels.
    public var glyphs: String? = nil
    /// The sources by id: a city's artifact folder, or `points/<layer>/<city>`.
    public var sources: [String: GeoJSONSource]
    /// Vector-tile sources by id (the tiles style's `zonectl`), written among `sources`.
    public var vectorSources: [String: VectorSource] = [:]
    /// The layers in draw order (the first is drawn first, at the bottom).
    public var layers: [Layer]

    /// A vector-tile source read from `url` (`pmtiles://…` for the archive).
    public struct VectorSource: Encodable, Sendable, Equatable {
        /// `vector`.
        public var type = "vector"
        /// A TileJSON URL, or `pmtiles://` and the archive's URL.
        public var url: String
    }

    private enum CodingKeys: String, CodingKey { case version, name, metadata, glyphs, sources, layers }

    /// The members, `sources` holding the GeoJSON and the vector sources.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(version, forKey: .version)
        try c.encode(name, forKey: .name)
        try c.encode(metadata, forKey: .metadata)
        try c.encodeIfPresent(glyphs, forKey: .glyphs)
        struct SourceKey: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
        var all = c.nestedContainer(keyedBy: SourceKey.self, forKey: .sources)
        for (id, source) in sources { try all.encode(source, forKey: SourceKey(stringValue: id)) }
        for (id, source) in vectorSources { try all.encode(source, forKey: SourceKey(stringValue: id)) }
        try c.encode(layers, forKey: .layers)
    }

    /// A source whose data is a GeoJSON document fetched from `data`.
    public struct GeoJSONSource: Encodable, Sendable, Equatable {
        /// `geojson`.
        public var type = "geojson"
        /// The document's URL: http(s), or `file://` into a client cache.
        public var data: String
    }

    /// One layer: a style's zones of one city, filled or outlined; or a point layer's clusters,
    /// single points or cluster counts of one city.
    public struct Layer: Encodable, Sendable, Equatable {
        /// `<source>/<style>/fill|line` (zones), `<source>/clusters|points|count` (points).
        public var id: String
        /// The layer type.
        public var type: Kind
        /// The id of the source the layer draws.
        public var source: String
        /// The layer of a vector source it draws (`source-layer`); nil for GeoJSON sources.
        public var sourceLayer: String? = nil
        /// Zones: `["==", ["get", "style"], <style name>]`; points: on `cluster` and `z`.
        public var filter: [FilterTerm]
        /// How the layer is painted.
        public var paint: Paint
        /// Symbol layers only.
        public var layout: Layout? = nil
        /// The layer is hidden from this zoom on (point layers: above the band file's zooms).
        public var maxzoom: Int? = nil
        /// `zonectl:city` and `zonectl:style` (zones) or `zonectl:points` (point layers): what
        /// the layer draws, for clients and tests.
        public var metadata: [String: String]

        private enum CodingKeys: String, CodingKey {
            case id, type, source, filter, paint, layout, maxzoom, metadata
            case sourceLayer = "source-layer"
        }

        /// A MapLibre layer type.
        public enum Kind: String, Encodable, Sendable {
            /// Filled polygons.
            case fill
            /// Polygon outlines.
            case line
            /// Circles at points.
            case circle
            /// Text labels.
            case symbol
        }
    }

    /// A term of an expression: a string, a number, a boolean, or a nested expression.
    public indirect enum FilterTerm: Encodable, Sendable, Equatable {
        /// A JSON string.
        case string(String)
        /// A JSON number.
        case number(Double)
        /// A JSON boolean.
        case bool(Bool)
        /// A JSON array: an expression, its operator first.
        case expression([FilterTerm])

        /// The JSON value; whole numbers without a fraction.
        public func encode(to encoder: Encoder) throws {
            var c = encoder.singleValueContainer()
            switch self {
            case .string(let s): try c.encode(s)
            case .number(let d):
                // Whole numbers as integers (`12`, not `12.0`), whatever the encoder does with Double.
                if d == d.rounded(), abs(d) < 9.0e15 { try c.encode(Int64(d)) } else { try c.encode(d) }
            case .bool(let b): try c.encode(b)
            case .expression(let terms): try c.encode(terms)
            }
        }
    }

    /// Layout properties of a symbol layer: the label text and its size, drawn even where labels
    /// overlap (a count belongs to its circle).
    public enum Layout: Encodable, Sendable, Equatable {
        /// `text-field`, `text-size` and `text-allow-overlap: true`.
        case symbol(textField: FilterTerm, textSize: Double)

        /// The layout object.
        public func encode(to encoder: Encoder) throws {
            enum Keys: String, CodingKey {
                case textField = "text-field"
                case textSize = "text-size"
                case textAllowOverlap = "text-allow-overlap"
            }
            var c = encoder.container(keyedBy: Keys.self)
            switch self {
            case .symbol(let field, let size):
                try c.encode(field, forKey: .textField)
                try c.encode(FilterTerm.number(size), forKey: .textSize)
                try c.encode(true, forKey: .textAllowOverlap)
            }
        }
    }

    /// Paint properties of a fill, line, circle or symbol layer.
    public enum Paint: Encodable, Sendable, Equatable {
        /// `fill-color`, `fill-opacity`.
        case fill(color: String, opacity: Double)
        /// `line-color`, `line-width`, `line-opacity`.
        case line(color: String, width: Double, opacity: Double)
        /// `radius`: a number or an expression (clusters: a `step` on `point_count`).
        case circle(color: String, radius: FilterTerm, strokeColor: String, strokeWidth: Double)
        /// `text-color`.
        case symbol(textColor: String)

        /// The paint object.
        public func encode(to encoder: Encoder) throws {
            enum Keys: String, CodingKey {
                case fillColor = "fill-color"
                case fillOpacity = "fill-opacity"
                case lineColor = "line-color"
                case lineWidth = "line-width"
                case lineOpacity = "line-opacity"
                case circleColor = "circle-color"
                case circleRadius = "circle-radius"
                case circleStrokeColor = "circle-stroke-color"
                case circleStrokeWidth = "circle-stroke-width"
                case textColor = "text-color"
            }
            var c = encoder.container(keyedBy: Keys.self)
            switch self {
            case .fill(let color, let opacity):
                try c.encode(color, forKey: .fillColor)
                try c.encode(opacity, forKey: .fillOpacity)
            case .line(let color, let width, let opacity):
                try c.encode(color, forKey: .lineColor)
                try c.encode(width, forKey: .lineWidth)
                try c.encode(opacity, forKey: .lineOpacity)
            case .circle(let color, let radius, let strokeColor, let strokeWidth):
                try c.encode(color, forKey: .circleColor)
                try c.encode(radius, forKey: .circleRadius)
                try c.encode(strokeColor, forKey: .circleStrokeColor)
                try c.encode(FilterTerm.number(strokeWidth), forKey: .circleStrokeWidth)
            case .symbol(let textColor):
                try c.encode(textColor, forKey: .textColor)
            }
        }
    }

    /// Pretty JSON with sorted keys and a final newline: the same style, the same bytes.
    public func jsonBytes() throws(ZoneClientError) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return [UInt8](try encoder.encode(self)) + [0x0A]
        } catch {
            throw .mapLibreStyle("the style cannot be written as JSON: \(error)")
        }
    }
}
