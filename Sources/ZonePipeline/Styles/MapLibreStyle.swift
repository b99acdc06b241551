import Foundation

/// A MapLibre GL style (version 8) that draws published zones as an overlay: one GeoJSON
/// source per city, a fill and a line layer per zone style, no base map and no background.
/// Encoded with sorted keys, so the same inputs give the same bytes.
public struct MapLibreStyle: Encodable, Sendable, Equatable {
    public var version = 8
    public var name: String
    public var metadata: [String: String]
    public var sources: [String: GeoJSONSource]
    public var layers: [Layer]

    /// A source whose data is a GeoJSON document fetched from `data`.
    public struct GeoJSONSource: Encodable, Sendable, Equatable {
        public var type = "geojson"
        public var data: String
    }

    /// One layer: a style's zones of one city, filled or outlined.
    public struct Layer: Encodable, Sendable, Equatable {
        public var id: String
        public var type: Kind
        public var source: String
        /// `["==", ["get", "style"], <style name>]`.
        public var filter: [FilterTerm]
        public var paint: Paint
        /// `zonectl:city` and `zonectl:style`: what the layer draws, for clients and tests.
        public var metadata: [String: String]

        public enum Kind: String, Encodable, Sendable {
            case fill, line
        }
    }

    /// A term of a filter expression: a string, or a nested expression.
    public indirect enum FilterTerm: Encodable, Sendable, Equatable {
        case string(String)
        case expression([FilterTerm])

        public func encode(to encoder: Encoder) throws {
            var c = encoder.singleValueContainer()
            switch self {
            case .string(let s): try c.encode(s)
            case .expression(let terms): try c.encode(terms)
            }
        }
    }

    /// Paint properties of a fill or a line layer.
    public enum Paint: Encodable, Sendable, Equatable {
        case fill(color: String, opacity: Double)
        case line(color: String, width: Double, opacity: Double)

        public func encode(to encoder: Encoder) throws {
            enum Keys: String, CodingKey {
                case fillColor = "fill-color"
                case fillOpacity = "fill-opacity"
                case lineColor = "line-color"
                case lineWidth = "line-width"
                case lineOpacity = "line-opacity"
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
