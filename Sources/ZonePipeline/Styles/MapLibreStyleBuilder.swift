import Foundation
import URLRedaction

/// Writes the MapLibre style of a build output or local store (`zonectl style`): a GeoJSON
/// source per city at `baseURL` + its artifact key, and per style of the city a fill and a
/// line layer from the style table's simplestyle values, filtered on the `style` property that
/// artifact features carry.
///
/// Layers go in draw order, lowest priority first, so a higher-priority zone's fill and border
/// are drawn over a lower one's: the reverse of the overlay's order (the manifest's `priority`;
/// for a manifest without one, `overlaps.priority`, then the other styles by name). Within that
/// order the cities follow the manifest. The point layers of the manifest go above the zones
/// (see ``pointLayers()``).
public struct MapLibreStyleBuilder: Sendable {
    public var manifest: Manifest
    public var styles: StyleTable
    /// The store's base URL, ending in `/`.
    public var baseURL: String
    public var overlaps: OverlapPolicy
    /// The glyphs URL template of the point layers' count labels; nil: no label layers.
    public var glyphs: String?

    /// `baseURL` and `glyphs` checked (see ``checkedBaseURL(_:)``, ``checkedGlyphs(_:)``).
    public init(
        manifest: Manifest, styles: StyleTable, baseURL: String, overlaps: OverlapPolicy, glyphs: String? = nil
    ) throws(MapLibreStyleError) {
        self.manifest = manifest
        self.styles = styles
        self.baseURL = try Self.checkedBaseURL(baseURL)
        self.overlaps = overlaps
        self.glyphs = try glyphs.map { (g) throws(MapLibreStyleError) in try Self.checkedGlyphs(g) }
    }

    /// `baseURL` with a final `/`, if it is an absolute http(s) URL with a host and no query or
    /// fragment (artifact keys are appended to it).
    /// User info is refused: the style is published, and a credential in it would be too.
    public static func checkedBaseURL(_ baseURL: String) throws(MapLibreStyleError) -> String {
        let shown = redactingURLCredentials(baseURL)
        guard let url = URLComponents(string: baseURL), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", url.host?.isEmpty == false
        else {
            throw MapLibreStyleError("--base-url \(shown): expected an absolute http:// or https:// URL")
        }
        guard url.query == nil, url.fragment == nil else {
            throw MapLibreStyleError("--base-url \(shown): no query or fragment (artifact keys are appended)")
        }
        guard url.user == nil, url.password == nil else {
            throw MapLibreStyleError(
                "--base-url \(shown): no user info (the style is published, and its URLs with it)")
        }
        return baseURL.hasSuffix("/") ? baseURL : baseURL + "/"
    }

    /// Reads `manifest.json` and the style table it names from `directory` (a build output or
    /// a local store: both hold each object at its key).
    public static func read(directory: String) throws(MapLibreStyleError) -> (Manifest, StyleTable) {
        let store = LocalStore(root: directory)
        func object(_ key: String) throws(MapLibreStyleError) -> [UInt8] {
            let found: StoredObject?
            do { found = try store.get(key) } catch { throw MapLibreStyleError("\(directory): \(error)") }
            guard let found else { throw MapLibreStyleError("\(directory)/\(key): not found") }
            return found.bytes
        }
        let manifest: Manifest
        do {
            manifest = try JSONDecoder().decode(Manifest.self, from: Data(try object("manifest.json")))
        } catch let error as MapLibreStyleError {
            throw error
        } catch {
            throw MapLibreStyleError("\(directory)/manifest.json: not a zonectl manifest (\(error))")
        }
        let key = manifest.styles.key
        do {
            let stored = try object(key)
            let raw =
                manifest.styles.contentEncoding == "br" ? try Brotli.decompress(stored) : try Gzip.decompress(stored)
            let table = try ArtifactContents.styleTable(raw, key: key)
            return (manifest, StyleTable(styles: table))
        } catch let error as MapLibreStyleError {
            throw error
        } catch {
            throw MapLibreStyleError("\(directory)/\(key): \(error)")
        }
    }

    /// Style names, lowest priority first.
    public func drawOrder(_ names: [String]) -> [String] {
        var listed: [String] = manifest.priority ?? []
        if manifest.priority == nil, case .priority(let order) = overlaps { listed = order }
        let rank = Dictionary(listed.enumerated().map { ($1, $0) }, uniquingKeysWith: min)
        return names.sorted { (rank[$0] ?? listed.count, $0) < (rank[$1] ?? listed.count, $1) }.reversed()
    }

    public func style() throws(MapLibreStyleError) -> MapLibreStyle {
        var sources: [String: MapLibreStyle.GeoJSONSource] = [:]
        var sourceIDs: [String] = []
        for city in manifest.cities {
            let id = Self.sourceID(city)
            guard sources[id] == nil else { throw MapLibreStyleError("two cities share the source id \(id)") }
            sources[id] = .init(data: baseURL + city.key)
            sourceIDs.append(id)
        }
        var layers: [MapLibreStyle.Layer] = []
        for name in drawOrder(Array(Set(manifest.cities.flatMap(\.styles)))) {
            guard let properties = styles[name] else {
                throw MapLibreStyleError(
                    "style \(jsonQuoted(name)) is used by a city but not in \(manifest.styles.key)")
            }
            let paint = try SimplestylePaint(name: name, properties: properties)
            for (city, source) in zip(manifest.cities, sourceIDs) where city.styles.contains(name) {
                let filter: [MapLibreStyle.FilterTerm] = [
                    .string("=="), .expression([.string("get"), .string("style")]), .string(name),
                ]
                let metadata = ["zonectl:city": city.id, "zonectl:style": name]
                for (kind, paint) in [(MapLibreStyle.Layer.Kind.fill, paint.fillPaint), (.line, paint.linePaint)] {
                    layers.append(
                        .init(
                            id: "\(source)/\(name)/\(kind.rawValue)", type: kind, source: source, filter: filter,
                            paint: paint, metadata: metadata))
                }
            }
        }
        let (pointSources, pointLayers) = try self.pointLayers()
        for (id, source) in pointSources.sorted(by: { $0.key < $1.key }) {
            guard sources[id] == nil else { throw MapLibreStyleError("two sources share the id \(id)") }
            sources[id] = source
        }
        return MapLibreStyle(
            name: "zonectl zones \(manifest.version)",
            metadata: ["zonectl:manifest": baseURL + "manifest.json", "zonectl:version": manifest.version],
            glyphs: pointLayers.contains { $0.type == .symbol } ? glyphs : nil,
            sources: sources, layers: layers + pointLayers)
    }

    /// A city's source id: its artifact folder (`zones/<folder>/<sha256>.geojson.gz`), unique
    /// per city and made of safe characters.
    static func sourceID(_ city: Manifest.CityEntry) -> String {
        let parts = city.key.split(separator: "/")
        return parts.count == 3 ? String(parts[1]) : city.id
    }
}
