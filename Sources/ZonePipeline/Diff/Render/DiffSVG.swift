import Foundation
import ZoneGeometry

/// One changed city as a picture that opens in a browser: the groups' area before and after
/// overlaid, removed area red, added green, unchanged grey, with a scale bar and a legend.
///
/// Projection: equirectangular around the city's centre (λ0, φ0), x scaled by cos φ0, so
/// lengths are true near φ0 in every direction; the scale bar uses the mean Earth radius.
/// The root element carries the projection (`data-lon0`, `data-lat0`, `data-x0`, `data-y0`,
/// `data-px-per-degree`, `data-cos-lat0`): x = x0 + (λ − λ0)·cos φ0·k, y = y0 − (φ − φ0)·k.
public struct DiffSVG {
    public static let removedColour = "#d62728"
    public static let addedColour = "#2ca02c"
    public static let keptColour = "#c8c8c8"

    let width = 800.0
    let maxMapHeight = 700.0
    let margin = 20.0
    let header = 40.0
    let footer = 56.0

    public init() {}

    /// The SVG document of `city`, or nil when it has no geometry to draw (layers not kept).
    public func render(_ city: CityDiff) -> String? {
        let all = city.layers.flatMap { [$0.kept, $0.removed, $0.added] }
        guard
            let box = all.compactMap({ BoundingBox($0) }).reduce(
                nil as BoundingBox?, { b, next in b.map { $0.union(next) } ?? next })
        else { return nil }
        let projection = Projection(box: box, width: width - 2 * margin, maxHeight: maxMapHeight - 2 * margin)
        let mapHeight = projection.height + 2 * margin
        let height = header + mapHeight + footer
        let (x0, y0) = (width / 2, header + mapHeight / 2)
        func path(_ g: PolygonalGeometry) -> String {
            var d = ""
            for r in 0..<g.ringCount {
                for (n, i) in g.ringRange(r).enumerated() {
                    let p = g.position(i)
                    let x = x0 + (p.x - projection.lon0) * projection.cosLat0 * projection.scale
                    let y = y0 - (p.y - projection.lat0) * projection.scale
                    d += (n == 0 ? "M" : "L") + String(format: "%.1f,%.1f", x, y)
                }
                d += "Z"
            }
            return d
        }

        let removed = city.groups.reduce(0) { $0 + $1.areaRemoved }
        let added = city.groups.reduce(0) { $0 + $1.areaAdded }
        var svg = [
            String(
                format:
                    ##"<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" "##,
                width, height, width, height)
                + String(
                    format:
                        ##"data-lon0="%.9f" data-lat0="%.9f" data-x0="%.3f" data-y0="%.3f" data-px-per-degree="%.6f" data-cos-lat0="%.12f">"##,
                    projection.lon0, projection.lat0, x0, y0, projection.scale, projection.cosLat0)
        ]
        svg.append("<title>\(escaped(city.city)): zonectl diff</title>")
        svg.append(##"<rect width="100%" height="100%" fill="#ffffff"/>"##)
        svg.append(
            String(
                format:
                    ##"<text x="%.0f" y="26" font-family="sans-serif" font-size="16">%@ — %@, removed %@, added %@</text>"##,
                margin, escaped(city.city), city.status.rawValue, DiffNumbers.area(removed), DiffNumbers.area(added)))
        let layers: [(String, KeyPath<GroupLayers, PolygonalGeometry>, String)] = [
            ("unchanged", \.kept, ##"fill="\##(Self.keptColour)" stroke="#8c8c8c" stroke-width="0.5""##),
            (
                "removed", \.removed,
                ##"fill="\##(Self.removedColour)" stroke="\##(Self.removedColour)" stroke-width="1.5""##
            ),
            ("added", \.added, ##"fill="\##(Self.addedColour)" stroke="\##(Self.addedColour)" stroke-width="1.5""##),
        ]
        for (name, layer, style) in layers {
            svg.append(##"<g id="\##(name)" fill-rule="evenodd" stroke-linejoin="round">"##)
            for g in city.layers where !g[keyPath: layer].isEmpty {
                svg.append(
                    ##"<path \##(style) d="\##(path(g[keyPath: layer]))"><title>\##(escaped(g.group)): \##(name)</title></path>"##
                )
            }
            svg.append("</g>")
        }
        svg += scaleBar(metresPerPixel: projection.metresPerPixel, y: height - 20)
        svg += legend(y: height - 20)
        svg.append("</svg>")
        return svg.joined(separator: "\n") + "\n"
    }

    /// A bar of a round length (1, 2 or 5 × 10^k m) about a quarter of the width, bottom left.
    func scaleBar(metresPerPixel: Double, y: Double) -> [String] {
        let target = width / 4 * metresPerPixel
        let magnitude = pow(10, floor(log10(target)))
        let metres = [5.0, 2, 1].map { $0 * magnitude }.first { $0 <= target } ?? magnitude
        let length = metres / metresPerPixel
        let label =
            metres >= 1000 ? "\(DiffNumbers.grouped(Int(metres / 1000))) km" : "\(DiffNumbers.grouped(Int(metres))) m"
        return [
            String(
                format:
                    ##"<g id="scale-bar"><path d="M%.1f,%.1fv6h%.1fv-6" fill="none" stroke="#000000" stroke-width="1.5"/>"##,
                margin, y - 6, length),
            String(
                format: ##"<text x="%.1f" y="%.1f" font-family="sans-serif" font-size="12">%@</text></g>"##,
                margin + length + 6, y, label),
        ]
    }

    /// Colour swatches with their meaning, bottom right.
    func legend(y: Double) -> [String] {
        let items = [("removed", Self.removedColour), ("added", Self.addedColour), ("unchanged", Self.keptColour)]
        var x = width - margin - 270
        var out = [##"<g id="legend" font-family="sans-serif" font-size="12">"##]
        for (name, colour) in items {
            out.append(
                String(
                    format:
                        ##"<rect x="%.0f" y="%.0f" width="12" height="12" fill="%@"/><text x="%.0f" y="%.0f">%@</text>"##,
                    x, y - 11, colour, x + 16, y, name))
            x += 90
        }
        out.append("</g>")
        return out
    }

    private func escaped(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}

/// Equirectangular frame around a box: pixels per degree of latitude, and the map's size.
struct Projection {
    let lon0: Double, lat0: Double, cosLat0: Double
    /// Pixels per degree of latitude (per degree of longitude it is scale · cos φ0).
    let scale: Double
    let height: Double

    init(box: BoundingBox, width: Double, maxHeight: Double) {
        lon0 = (box.west + box.east) / 2
        lat0 = (box.south + box.north) / 2
        cosLat0 = cos(lat0 * .pi / 180)
        let w = max((box.east - box.west) * cosLat0, 1e-9)
        let h = max(box.north - box.south, 1e-9)
        scale = min(width / w, maxHeight / h)
        height = h * scale
    }

    /// Metres per pixel on the mean-radius sphere (6,371,008.8 m).
    var metresPerPixel: Double { LocalFrame.radius * .pi / 180 / scale }
}
