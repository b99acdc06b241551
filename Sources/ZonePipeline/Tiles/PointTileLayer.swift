import Foundation
internal import Mercator
internal import VectorTiles
import ZoneFormats

/// One point layer's published features, zoom by zoom, as the archive's layer of the same name:
/// the clusters and points of each zoom's GeoJSON (band file and metatiles) one to one, with
/// the same properties, so `point_count` over a zoom's anchored features sums to the layer's
/// points and `cluster_id`s are those of the GeoJSON artifacts.
struct PointTileLayer {
    let name: String
    /// Per zoom, its features: position in Web Mercator world units and MVT properties.
    private(set) var zooms: [Int: [(x: Double, y: Double, properties: [(String, MVTValue)])]] = [:]
    /// The deepest zoom the layer was clustered to: deeper tile zooms show its features.
    let maxZoom: Int
    /// Tile zoom z (512-pixel tiles, as MapLibre draws vector tiles) shows the clusters of zoom
    /// z + offset: 0 for clusters made for 512-pixel tiles, 1 for 256.
    let offset: Int
    /// Property names and their MVT types, for the archive's `vector_layers`.
    private(set) var fields: [String: String] = [:]

    /// The features of the layer's point files (`contents`: each file's uncompressed bytes, with
    /// its key for messages).
    init(entry: Manifest.PointLayerEntry, contents: [(key: String, bytes: [UInt8])]) throws {
        name = entry.layer
        maxZoom = entry.maxZoom
        offset = max(0, Int(log2(512 / entry.extent).rounded()))
        for file in contents {
            guard case .object(let collection) = try JSONScanner.document(file.bytes),
                case .array(let features)? = collection["features"]
            else { throw TileStageError.unreadable(key: file.key, reason: "not a FeatureCollection") }
            for case .object(let feature) in features {
                guard case .object(let geometry)? = feature["geometry"],
                    case .array(let position)? = geometry["coordinates"], position.count >= 2,
                    case .number(let lon) = position[0], case .number(let lat) = position[1],
                    case .object(let properties)? = feature["properties"],
                    case .number(let z)? = properties["z"]
                else { throw TileStageError.unreadable(key: file.key, reason: "a feature without a point or a zoom") }
                let values = properties.members.map { ($0.key, Self.value($0.value)) }
                for (key, value) in values where fields[key] == nil { fields[key] = Self.typeName(value) }
                zooms[Int(z), default: []].append(
                    (WebMercator.x(longitude: lon), WebMercator.y(latitude: lat), values))
            }
        }
    }

    /// The features shown at tile zoom `z`: its zoom's, or the deepest zoom's past it.
    func features(atZoom z: Int) -> [(x: Double, y: Double, properties: [(String, MVTValue)])] {
        zooms[min(z + offset, maxZoom)] ?? []
    }

    /// A GeoJSON property as an MVT value: numbers that are integers as integers, arrays and
    /// objects (a cluster's `bbox`) as their compact JSON text, as tippecanoe writes them.
    static func value(_ json: JSONValue) -> MVTValue {
        switch json {
        case .bool(let b): return .bool(b)
        case .string(let s): return .string(s)
        case .number(let d):
            if d == d.rounded(), abs(d) < 9e15 { return d < 0 ? .int(Int64(d)) : .uint(UInt64(d)) }
            return .double(d)
        case .null: return .string("null")
        case .array, .object:
            var text: [UInt8] = []
            json.appendJSON(to: &text)
            return .string(String(decoding: text, as: UTF8.self))
        }
    }

    /// The `vector_layers` type name of a value (TileJSON: String, Number or Boolean).
    static func typeName(_ value: MVTValue) -> String {
        switch value {
        case .string: "String"
        case .bool: "Boolean"
        case .double, .int, .uint: "Number"
        }
    }
}
