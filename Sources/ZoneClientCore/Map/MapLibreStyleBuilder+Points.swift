internal import Foundation

/// The point layers of the MapLibre style: per point layer and city of the manifest, a GeoJSON
/// source on the band file and three layers on it, drawn in this order above the zones:
///
/// - `points/<layer>/<city>/clusters`: a circle per cluster (`cluster` true), its radius a
///   `step` on `point_count`;
/// - `points/<layer>/<city>/points`: a circle per single point (`cluster` not true);
/// - `points/<layer>/<city>/count`: with glyphs only, a symbol per cluster whose text is
///   `point_count_abbreviated`.
///
/// Each is filtered on `z` == the MapLibre zoom floored (zooms in filters are the tiles' integer
/// zooms), shifted by log2(512 / extent) when the layer's clusters were made for tiles of another
/// width. The band file only holds zooms 0...bandMaxZoom: the layers' `maxzoom` hides them above
/// it. Higher zooms live in metatiles, too many to list as static sources: a client loads them
/// itself (docs/commands/points.md). A layer whose maxZoom is within the band has no `maxzoom`:
/// above maxZoom it keeps showing the features of maxZoom.
extension MapLibreStyleBuilder {
    /// Cluster circles: fill, white outline, radius by `point_count`.
    public static let clusterColor = "#3182bd"
    /// Single point circles.
    public static let pointColor = "#08519c"
    /// `circle-radius` of clusters: 12 px, 16 from 10 points, 20 from 100, 24 from 1000.
    static let clusterRadius: MapLibreStyle.FilterTerm = .expression(
        [.string("step"), .expression([.string("get"), .string("point_count")])]
            + [12, 10, 16, 100, 20, 1000, 24].map { .number($0) })

    /// `glyphs` if it is a glyphs URL template: an absolute http(s) URL with `{fontstack}` and
    /// `{range}`, and no user info (the style is shared, and the template with it). Messages name
    /// it `label` (default: `glyphs` and the template, user info hidden).
    public static func checkedGlyphs(_ glyphs: String, shownAs label: String? = nil) throws(ZoneClientError)
        -> String
    {
        let lower = glyphs.lowercased()
        let scheme = ["http://", "https://"].first { lower.hasPrefix($0) }
        let authority = scheme.map { glyphs.dropFirst($0.count).prefix { $0 != "/" } } ?? ""
        let userInfo = authority.firstIndex(of: "@").map { authority[...$0] }
        let shown = label ?? "glyphs " + (userInfo.map { glyphs.replacingOccurrences(of: $0, with: "***@") } ?? glyphs)
        guard scheme != nil, glyphs.contains("{fontstack}"), glyphs.contains("{range}") else {
            throw .mapLibreStyle("\(shown): expected an http(s) URL template with {fontstack} and {range}")
        }
        guard userInfo == nil else {
            throw .mapLibreStyle("\(shown): no user info (the style is shared, and its URLs with it)")
        }
        return glyphs
    }

    /// The sources and layers of the manifest's point layers, in draw order.
    public func pointLayers() throws(ZoneClientError) -> (
        sources: [String: MapLibreStyle.GeoJSONSource], layers: [MapLibreStyle.Layer]
    ) {
        var sources: [String: MapLibreStyle.GeoJSONSource] = [:]
        var layers: [MapLibreStyle.Layer] = []
        for layer in manifest.points ?? [] {
            let bands = try layer.bands()
            let (zoomFilter, maxzoom) = Self.zoomFilter(bands)
            let clusters: [MapLibreStyle.FilterTerm] = [
                .string("all"),
                .expression([.string("=="), .expression([.string("get"), .string("cluster")]), .bool(true)]),
                zoomFilter,
            ]
            let singles: [MapLibreStyle.FilterTerm] = [
                .string("all"),
                .expression([.string("!="), .expression([.string("get"), .string("cluster")]), .bool(true)]),
                zoomFilter,
            ]
            for city in bands.cities {
                let id = Self.pointSourceID(city.band)
                guard sources[id] == nil else { throw .mapLibreStyle("two point files share the source id \(id)") }
                sources[id] = .init(data: self.sources.url(prefix: prefix, key: city.band.key))
                let metadata = ["zonectl:city": city.id, "zonectl:points": layer.layer]
                layers.append(
                    .init(
                        id: "\(id)/clusters", type: .circle, source: id, filter: clusters,
                        paint: .circle(
                            color: Self.clusterColor, radius: Self.clusterRadius, strokeColor: "#ffffff", strokeWidth: 1
                        ),
                        maxzoom: maxzoom, metadata: metadata))
                layers.append(
                    .init(
                        id: "\(id)/points", type: .circle, source: id, filter: singles,
                        paint: .circle(
                            color: Self.pointColor, radius: .number(5), strokeColor: "#ffffff", strokeWidth: 1),
                        maxzoom: maxzoom, metadata: metadata))
                if glyphs != nil {
                    layers.append(
                        .init(
                            id: "\(id)/count", type: .symbol, source: id, filter: clusters,
                            paint: .symbol(textColor: "#ffffff"),
                            layout: .symbol(
                                textField: .expression([.string("get"), .string("point_count_abbreviated")]),
                                textSize: 12),
                            maxzoom: maxzoom, metadata: metadata))
                }
            }
        }
        return (sources, layers)
    }

    /// `["==", ["get", "z"], <the layer's z at the map's zoom>]` and the layers' `maxzoom`.
    static func zoomFilter(_ layer: PointLayerBands) -> (MapLibreStyle.FilterTerm, Int?) {
        // Clusters of zoom z are made for a world extent·2^z px wide; MapLibre's zoom m is 512·2^m.
        let offset = log2(512 / layer.extent)
        let zoom: MapLibreStyle.FilterTerm = .expression([.string("zoom")])
        var z: MapLibreStyle.FilterTerm = .expression(
            [.string("floor"), offset == 0 ? zoom : .expression([.string("+"), zoom, .number(offset)])])
        let top = min(layer.bandMaxZoom, layer.maxZoom)
        var maxzoom: Int?
        if layer.maxZoom <= layer.bandMaxZoom {
            z = .expression([.string("min"), z, .number(Double(top))])
        } else {
            // Shown while floor(m + offset) <= top, i.e. m < top + 1 - offset.
            maxzoom = Int((Double(top + 1) - offset).rounded(.up))
        }
        return (.expression([.string("=="), .expression([.string("get"), .string("z")]), z]), maxzoom)
    }

    /// A point file's folder (`points/<layer>/<city>`): unique per layer and city, never a
    /// zone source id (those have no `/`).
    static func pointSourceID(_ band: ZoneArtifact) -> String {
        band.key.split(separator: "/").dropLast().joined(separator: "/")
    }
}
