import Foundation
import ZoneFormats
import ZoneGeometry

/// One file of the build output.
public struct ArtifactFile: Sendable {
    /// Path relative to the output directory (and object key relative to the store prefix).
    public var path: String
    /// Empty when ``isAlreadyWritten``.
    public var bytes: [UInt8]
    /// The city whose artifact this is (named in write errors); nil for the other files.
    public var city: String? = nil
    /// What the bytes are known by, when anything is: a city artifact's is its cache key (and
    /// encoding), the same for the same bytes (``OwnedDirectory/File/identity``).
    public var identity: String? = nil
    /// The bytes were not read: the output directory holds them already
    /// (``WrittenFiles/holds(_:identity:)``); only a build given those records makes such files.
    public var isAlreadyWritten = false
}

/// A city's built artifact: its gzip file, its brotli file (when asked for), its manifest row,
/// and the size of the uncompressed GeoJSON.
struct CityArtifact: Sendable {
    var file: ArtifactFile
    var brotli: ArtifactFile?
    var entry: Manifest.CityEntry
    var minified: Int

    /// The files to write: gzip, then brotli.
    var files: [ArtifactFile] { [file] + (brotli.map { [$0] } ?? []) }
}

/// Turns geometry results into the published files: one gzip'd GeoJSON per city and the style
/// table (each also brotli'd with `encodings: [gzip, br]`), named by the SHA-256 of their
/// uncompressed bytes, plus the manifest rows.
struct ArtifactSet: Sendable {
    let config: PipelineConfig

    /// A city's artifact and its manifest row.
    func city(_ result: CityResult, folder: String, features: [Feature], styles: StyleExtraction) throws
        -> CityArtifact
    {
        let styleIndex = config.groupBy.firstIndex(of: config.styles.property)
        var outputs: [OutputFeature] = []
        var styleNames: [String] = []
        let styleKeys = styles.styleKeys
        for group in result.groups {
            let name = styleIndex.map { group.key[$0] } ?? group.memberStyle(features, styles)
            var properties = JSONObject(
                group.properties.members.filter { !styleKeys.contains($0.key) && $0.key != "style" })
            if let name {
                properties.members.append(("style", .string(name)))
                styleNames.append(name)
            }
            outputs.append(OutputFeature(properties: properties, geometry: group.geometry, bbox: group.bbox))
        }
        let raw = GeoJSONWriter.featureCollection(outputs, precision: config.precision)
        let hash = sha256Hex(raw)
        let gzip = try Gzip.compress(raw, level: config.gzipLevel)
        let key = "zones/\(folder)/\(hash).geojson.gz"
        let bbox = BoundingBox.covering(result.groups.map(\.bbox))
        let brotli = try brotliFile(raw, key: key, city: result.city)
        let entry = Manifest.CityEntry(
            id: result.city, key: key, sha256: hash, bytes: raw.count, encodedBytes: gzip.count,
            contentType: "application/geo+json", contentEncoding: "gzip", bbox: bbox?.array ?? [],
            features: outputs.count, vertices: result.groups.reduce(0) { $0 + $1.geometry.positionCount },
            styles: Array(Set(styleNames)).sorted(), brotli: brotli?.entry)
        return CityArtifact(
            file: ArtifactFile(path: key, bytes: gzip, city: result.city), brotli: brotli?.file, entry: entry,
            minified: raw.count)
    }

    /// The brotli artifact of `raw` beside the gzip one at `key` (`….gz` → `….br`), when the
    /// configuration asks for brotli.
    func brotliFile(_ raw: [UInt8], key: String, city: String?) throws -> (
        file: ArtifactFile, entry: Manifest.EncodedArtifact
    )? {
        guard config.writesBrotli else { return nil }
        let bytes = try Brotli.compress(raw, quality: config.brotliQuality)
        let brKey = String(key.dropLast(3)) + ".br"
        return (
            ArtifactFile(path: brKey, bytes: bytes, city: city),
            Manifest.EncodedArtifact(key: brKey, encodedSha256: sha256Hex(bytes), encodedBytes: bytes.count)
        )
    }

    /// The style table artifact: {"name": {"stroke": …, …}, …}, compact, names sorted.
    func styleTable(_ table: StyleTable) throws -> (files: [ArtifactFile], entry: Manifest.StylesEntry) {
        var raw: [UInt8] = []
        JSONValue.object(JSONObject(table.styles.map { ($0.name, JSONValue.object($0.properties)) })).appendJSON(
            to: &raw)
        let hash = sha256Hex(raw)
        let gzip = try Gzip.compress(raw, level: config.gzipLevel)
        let key = "styles/\(hash).json.gz"
        let brotli = try brotliFile(raw, key: key, city: nil)
        return (
            [ArtifactFile(path: key, bytes: gzip)] + (brotli.map { [$0.file] } ?? []),
            Manifest.StylesEntry(
                key: key, sha256: hash, bytes: raw.count, encodedBytes: gzip.count, brotli: brotli?.entry)
        )
    }
}

/// Folder names for city ids: letters, digits, '-', '_' and '.' kept, others '_', at most
/// ``maxFolderLength`` bytes; a longer name keeps its first bytes and gets 8 hex digits of its
/// id's SHA-256, as does each of two ids that would share a folder. Any city name thus makes a
/// safe, bounded file name (file systems allow 255 bytes a segment).
func cityFolders(_ ids: [String]) -> [String: String] {
    let slugs = ids.map { (id: $0, slug: slug($0)) }
    let counts = Dictionary(slugs.map { ($0.slug, 1) }, uniquingKeysWith: +)
    return Dictionary(
        uniqueKeysWithValues: slugs.map { item in
            (item.id, counts[item.slug, default: 0] > 1 ? item.slug + "-" + idHash(item.id) : item.slug)
        })
}

/// The longest folder name a city gets from its name alone.
let maxFolderLength = 64

/// A city name as one path segment of at most ``maxFolderLength`` ASCII bytes.
func slug(_ id: String) -> String {
    let kept = id.unicodeScalars.map { s -> String in
        s.isASCII && (CharacterSet.alphanumerics.contains(s) || "-_.".unicodeScalars.contains(s)) ? String(s) : "_"
    }.joined()
    let safe = kept.isEmpty || kept == "." || kept == ".." ? "_" + kept : kept
    return safe.utf8.count <= maxFolderLength ? safe : safe.prefix(maxFolderLength - 9) + "-" + idHash(id)
}

/// 8 hex digits of the id's SHA-256.
private func idHash(_ id: String) -> String {
    String(sha256Hex(Array(id.utf8)).prefix(8))
}

extension ZoneGroupResult {
    /// The style name of the group's first feature that has one (used when the style
    /// property is not a group key).
    func memberStyle(_ features: [Feature], _ styles: StyleExtraction) -> String? {
        members.lazy.compactMap { styles.styleName(of: features[$0]) }.first
    }
}
