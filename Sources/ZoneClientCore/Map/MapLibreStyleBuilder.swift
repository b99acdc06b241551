internal import Foundation

/// Makes the MapLibre style (version 8) that draws a manifest's zones and point layers, on the
/// device (a synced cache, `file://` sources) or for the web (`zonectl style`, http(s) sources):
/// a GeoJSON source per city on its artifact, and per style of the city a fill and a line layer
/// from the style table, filtered on the `style` property that artifact features carry.
///
/// Layers go in draw order, lowest priority first, so a higher-priority zone's fill and border
/// are drawn over a lower one's (``ZoneLayer/drawOrder(_:priority:)`` of the manifest's
/// `priority`, else of ``priority``). Within that order the cities follow the manifest. The
/// point layers of the manifest go above the zones (see ``pointLayers()``). The same inputs give
/// the same style, byte for byte (``MapLibreStyle/jsonBytes()``).
public struct MapLibreStyleBuilder: Sendable {
    /// The manifest drawn.
    public let manifest: ZoneManifest
    /// The style table (``ZoneStyle/table(from:key:)``).
    public let styles: [String: ZoneStyle]
    /// Where the sources point.
    public let sources: MapLibreSources
    /// Style names, highest priority first, for a manifest that has no `priority` (a store of
    /// an older zonectl: pipeline.yml's `overlaps.priority`); nil or absent styles: by name.
    public let priority: [String]?
    /// The glyphs URL template of the point layers' count labels; nil: no label layers.
    public let glyphs: String?
    /// What keys are appended to (``MapLibreSources``).
    let prefix: String
    /// The style draws the manifest's tile archive (``tilesStyle()``): one vector source
    /// instead of a GeoJSON source per artifact.
    public let drawsTiles: Bool

    /// A builder, its sources and glyphs checked (``MapLibreSources``, ``checkedGlyphs(_:shownAs:)``);
    /// for a cache, every object a source names must be decoded (`identity`).
    public init(
        manifest: ZoneManifest, styles: [String: ZoneStyle], sources: MapLibreSources, priority: [String]? = nil,
        glyphs: String? = nil, tiles: Bool = false
    ) throws(ZoneClientError) {
        self.manifest = manifest
        self.styles = styles
        self.sources = sources
        self.priority = priority
        self.prefix = try sources.prefix(shownAs: nil)
        self.glyphs = try glyphs.map { (g) throws(ZoneClientError) in try Self.checkedGlyphs(g) }
        self.drawsTiles = tiles
        if tiles {
            guard manifest.tiles != nil else {
                throw .mapLibreStyle(
                    "manifest version \(manifest.version) lists no tile archive (add tiles: to pipeline.yml and build)")
            }
        } else if case .cache(let directory) = sources {
            try checkDecoded(directory)
        }
    }

    /// The style: of the tile archive with ``drawsTiles``, else of the GeoJSON artifacts.
    public func style() throws(ZoneClientError) -> MapLibreStyle {
        if drawsTiles { return try tilesStyle() }
        var sourceData: [String: MapLibreStyle.GeoJSONSource] = [:]
        var sourceIDs: [String] = []
        for city in manifest.cities {
            let id = Self.sourceID(city)
            guard sourceData[id] == nil else { throw .mapLibreStyle("two cities share the source id \(id)") }
            sourceData[id] = .init(data: sources.url(prefix: prefix, key: city.artifact.key))
            sourceIDs.append(id)
        }
        var layers: [MapLibreStyle.Layer] = []
        for (name, filter, paints) in try zonePaints() {
            for (city, source) in zip(manifest.cities, sourceIDs) where city.styles.contains(name) {
                let metadata = ["zonectl:city": city.id, "zonectl:style": name]
                for (kind, paint) in paints {
                    layers.append(
                        .init(
                            id: "\(source)/\(name)/\(kind.rawValue)", type: kind, source: source, filter: filter,
                            paint: paint, metadata: metadata))
                }
            }
        }
        let (pointSources, pointLayers) = try self.pointLayers()
        for (id, source) in pointSources.sorted(by: { $0.key < $1.key }) {
            guard sourceData[id] == nil else { throw .mapLibreStyle("two sources share the id \(id)") }
            sourceData[id] = source
        }
        return MapLibreStyle(
            name: "zonectl zones \(manifest.version)",
            metadata: ["zonectl:manifest": prefix + "manifest.json", "zonectl:version": manifest.version],
            glyphs: pointLayers.contains { $0.type == .symbol } ? glyphs : nil,
            sources: sourceData, layers: layers + pointLayers)
    }

    /// Per zone style, in draw order (lowest priority first): its name, the filter on the
    /// features' `style`, and its fill and line paints from the style table.
    func zonePaints() throws(ZoneClientError) -> [(
        name: String, filter: [MapLibreStyle.FilterTerm], paints: [(MapLibreStyle.Layer.Kind, MapLibreStyle.Paint)]
    )] {
        let order = ZoneLayer.drawOrder(
            manifest.cities.flatMap(\.styles), priority: manifest.priority ?? priority ?? [])
        return try order.map { (name) throws(ZoneClientError) in
            guard let style = styles[name] else {
                throw .mapLibreStyle("style \(jsonQuoted(name)) is used by a city but not in \(manifest.styles.key)")
            }
            return (
                name, [.string("=="), .expression([.string("get"), .string("style")]), .string(name)],
                [
                    (.fill, .fill(color: style.fill.css, opacity: style.fillOpacity)),
                    (.line, .line(color: style.stroke.css, width: style.strokeWidth, opacity: style.strokeOpacity)),
                ]
            )
        }
    }

    /// A city's source id: its artifact folder (`zones/<folder>/<sha256>.geojson…`), unique
    /// per city and made of safe characters.
    static func sourceID(_ city: ZoneManifest.City) -> String {
        let parts = city.artifact.key.split(separator: "/")
        return parts.count == 3 ? String(parts[1]) : city.id
    }

    /// Refuses `file://` sources on an object MapLibre cannot read from disk (an encoded one).
    private func checkDecoded(_ directory: URL) throws(ZoneClientError) {
        var keyed = manifest.cities.map { ($0.artifact.key, $0.artifact.contentEncoding) }
        for layer in manifest.points ?? [] {
            keyed += try layer.bands().cities.map { ($0.band.key, $0.band.contentEncoding) }
        }
        guard let (key, encoding) = keyed.first(where: { $0.1 != .identity }) else { return }
        throw .mapLibreStyle(
            "\(directory.path) holds \(encoding.rawValue)-encoded objects (\(key)), which MapLibre cannot read "
                + "from disk: file:// sources need a client cache, which keeps every object decoded; "
                + "for a store or a build output, give the base URL it is served from")
    }
}
