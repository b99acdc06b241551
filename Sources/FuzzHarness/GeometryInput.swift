import ZoneGeometry
import ZonePipeline

/// A zone file decoded from fuzzer bytes, for the structure-aware target (FuzzGeometry).
///
/// Layout: one flags byte, then records. Flags: bits 0-1 pick the region (near 0°/0°, across
/// the antimeridian at 60° N, a wide band round ±180° at 30° S, round the North Pole), bit 2
/// makes a Polygon instead of a MultiPolygon, bit 3 leaves rings as given (otherwise each is
/// closed by repeating its first position), bit 4 picks linear interpolation, bit 5 sets
/// `repair: false`. Each record is a control byte (bits 0-5: the ring's position count; bits
/// 6-7: 0 a hole of the current polygon, 1 a new polygon, 2 a new feature, 3 a new feature of
/// another style) and that many positions of two little-endian Int16 each, scaled into the
/// region. At most 2,048 positions are read.
public struct GeometryInput {
    public var text: String
    public var interpolation: AntimeridianConfig.Interpolation
    public var repair: Bool

    /// One region: its centre and the degrees of one Int16 step.
    static let regions: [(x: Double, y: Double, dx: Double, dy: Double)] = [
        (0, 0, 1e-3, 1e-3),
        (180, 60, 1e-3, 1e-3),
        (-180, -30, 1e-2, 1e-3),
        (0, 88, 1e-2, 1e-4),
    ]

    public init(_ bytes: UnsafeBufferPointer<UInt8>) {
        let flags = bytes.first ?? 0
        let region = Self.regions[Int(flags & 3)]
        let polygon = flags & 4 != 0
        let close = flags & 8 == 0
        interpolation = flags & 16 != 0 ? .linear : .greatCircle
        repair = flags & 32 == 0

        // features[f][p][r] = positions
        var features: [(style: Int, polygons: [[[(Double, Double)]]])] = []
        var i = 1
        var positions = 0
        var style = 0
        while i < bytes.count, positions < 2048 {
            let control = bytes[i]
            i += 1
            var count = Int(control & 63)
            count = min(count, (bytes.count - i) / 4, 2048 - positions)
            var ring: [(Double, Double)] = []
            for _ in 0..<count {
                let x = Int16(bitPattern: UInt16(bytes[i]) | UInt16(bytes[i + 1]) << 8)
                let y = Int16(bitPattern: UInt16(bytes[i + 2]) | UInt16(bytes[i + 3]) << 8)
                ring.append((region.x + Double(x) * region.dx, region.y + Double(y) * region.dy))
                i += 4
            }
            positions += count
            if close, let first = ring.first { ring.append(first) }
            switch control >> 6 {
            case 0 where !features.isEmpty && !features[features.count - 1].polygons.isEmpty:
                features[features.count - 1].polygons[features[features.count - 1].polygons.count - 1].append(ring)
            case 1 where !features.isEmpty:
                features[features.count - 1].polygons.append([ring])
            case 3:
                style += 1
                features.append((style, [[ring]]))
            default:
                features.append((style, [[ring]]))
            }
        }

        var out = "{\"type\": \"FeatureCollection\", \"features\": ["
        for (n, f) in features.enumerated() {
            if n > 0 { out += ",\n" }
            out +=
                "{\"type\": \"Feature\", \"properties\": {\"city\": \"c\", \"style\": \"s\(f.style)\"}, \"geometry\": "
            let rings = { (p: [[(Double, Double)]]) in
                "["
                    + p.map { r in "[" + r.map { "[\($0.0), \($0.1)]" }.joined(separator: ", ") + "]" }.joined(
                        separator: ", ") + "]"
            }
            if polygon {
                out += "{\"type\": \"Polygon\", \"coordinates\": \(rings(f.polygons.first ?? []))}}"
            } else {
                out +=
                    "{\"type\": \"MultiPolygon\", \"coordinates\": [" + f.polygons.map(rings).joined(separator: ", ")
                    + "]}}"
            }
        }
        text = out + "]}\n"
    }
}
