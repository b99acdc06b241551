import Foundation

/// A MapLibre GL style (version 8) that draws published zones as an overlay: one GeoJSON
/// source per city, a fill and a line layer per zone style, and per point layer and city a source
/// on the band file with circle (and, given glyphs, count label) layers; no base map and no
/// background. Encoded with sorted keys, so the same inputs give the same bytes.
public struct MapLibreStyle: Encodable, Sendable, Equatable {
    public var version = 8
    public var name: String
    public var metadata: [String: String]
    /// The glyphs URL template (`{fontstack}`, `{range}`) symbol layers need; nil without labels.
    public var glyphs: String? = nil
    public var sources: [String: GeoJSONSource]
    public var layers: [Layer]

    /// A source whose data is a GeoJSON document fetched from `data`.
    public struct GeoJSONSource: Encodable, Sendable, Equatable {
        public var type = "geojson"
        public var data: String
    }

    /// One layer: a style's zones of one city, filled or outlined; or a point layer's clusters,
    /// single points or cluster counts of one city.
    public struct Layer: Encodable, Sendable, Equatable {
        public var id: String
        public var type: Kind
        public var source: String
        /// Zones: `["==", ["get", "style"], <style name>]`; points: on `cluster` and `z`.
        public var filter: [FilterTerm]
        public var paint: Paint
        /// Symbol layers only.
        public var layout: Layout? = nil
        /// The layer is hidden from this zoom on (point layers: above the band file's zooms).
        public var maxzoom: Int? = nil
        /// `zonectl:city` and `zonectl:style` (zones) or `zonectl:points` (point layers): what
        /// the layer draws, for clients and tests.
        public var metadata: [String: String]

        public enum Kind: String, Encodable, Sendable {
            case fill, line, circle, symbol
        }
    }

    /// A term of an expression: a string, a number, a boolean, or a nested expression.
    public indirect enum FilterTerm: Encodable, Sendable, Equatable {
        case string(String)
        case number(Double)
        case bool(Bool)
        case expression([FilterTerm])

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
        case symbol(textField: FilterTerm, textSize: Double)

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
        case fill(color: String, opacity: Double)
        case line(color: String, width: Double, opacity: Double)
        /// `radius`: a number or an expression (clusters: a `step` on `point_count`).
        case circle(color: String, radius: FilterTerm, strokeColor: String, strokeWidth: Double)
        case symbol(textColor: String)

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

    /// Pretty JSON with sorted keys and a final newline.
    public func jsonBytes() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return [UInt8](try encoder.encode(self)) + [0x0A]
    }
}

/// Why a style cannot be written: the input directory, the base URL or a style value.
public struct MapLibreStyleError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
