internal import Foundation

/// The style of the manifest's vector-tile archive (``ZoneManifest/tiles``): one vector source,
/// `zonectl`, on `pmtiles://` and the archive's URL (MapLibre with the PMTiles protocol reads it
/// by range requests), and the same layers in the same colours and order as the GeoJSON style:
/// per zone style, lowest priority first, a fill and a line on the `zones` layer filtered on
/// `style` (one pair for every city: the tiles hold them all); then per point layer its cluster
/// circles, single points and (with glyphs) counts. The archive holds each zoom's clusters in
/// that zoom's tiles, so no filter on `z` is needed.
extension MapLibreStyleBuilder {
    /// The source id of the archive.
    public static let tilesSourceID = "zonectl"

    /// The tiles style; throws when the manifest lists no archive.
    public func tilesStyle() throws(ZoneClientError) -> MapLibreStyle {
        guard let tiles = manifest.tiles else {
            throw .mapLibreStyle("manifest version \(manifest.version) lists no tile archive")
        }
        let source = Self.tilesSourceID
        var layers: [MapLibreStyle.Layer] = []
        for (name, filter, paints) in try zonePaints() {
            for (kind, paint) in paints {
                layers.append(
                    .init(
                        id: "zones/\(name)/\(kind.rawValue)", type: kind, source: source, sourceLayer: "zones",
                        filter: filter, paint: paint, metadata: ["zonectl:style": name]))
            }
        }
        for layer in tiles.layers.dropFirst() { layers += pointTileLayers(layer, source: source) }
        return MapLibreStyle(
            name: "zonectl tiles \(manifest.version)",
            metadata: ["zonectl:manifest": prefix + "manifest.json", "zonectl:version": manifest.version],
            glyphs: layers.contains { $0.type == .symbol } ? glyphs : nil, sources: [:],
            vectorSources: [source: .init(url: "pmtiles://" + sources.url(prefix: prefix, key: tiles.key))],
            layers: layers)
    }

    /// A point layer's circles (clusters, single points) and, with glyphs, its counts.
    private func pointTileLayers(_ name: String, source: String) -> [MapLibreStyle.Layer] {
        let isCluster: MapLibreStyle.FilterTerm = .expression([.string("get"), .string("cluster")])
        let metadata = ["zonectl:points": name]
        var layers: [MapLibreStyle.Layer] = [
            .init(
                id: "points/\(name)/clusters", type: .circle, source: source, sourceLayer: name,
                filter: [.string("=="), isCluster, .bool(true)],
                paint: .circle(
                    color: Self.clusterColor, radius: Self.clusterRadius, strokeColor: "#ffffff", strokeWidth: 1),
                metadata: metadata),
            .init(
                id: "points/\(name)/points", type: .circle, source: source, sourceLayer: name,
                filter: [.string("!="), isCluster, .bool(true)],
                paint: .circle(color: Self.pointColor, radius: .number(5), strokeColor: "#ffffff", strokeWidth: 1),
                metadata: metadata),
        ]
        if glyphs != nil {
            layers.append(
                .init(
                    id: "points/\(name)/count", type: .symbol, source: source, sourceLayer: name,
                    filter: [.string("=="), isCluster, .bool(true)], paint: .symbol(textColor: "#ffffff"),
                    layout: .symbol(
                        textField: .expression([.string("get"), .string("point_count_abbreviated")]), textSize: 12),
                    metadata: metadata))
        }
        return layers
    }
}
