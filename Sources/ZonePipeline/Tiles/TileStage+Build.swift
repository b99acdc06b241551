import Foundation
import ZoneFormats

extension TileStage {
    /// The archive of a build's artifacts (`files`, `cities`, `points`), or nil when the config
    /// has no `tiles`. Artifacts the output directory holds already (``ArtifactFile/isAlreadyWritten``)
    /// are read from there; so is the entry of the archive it holds, to be reused.
    static func archive(
        config: PipelineConfig, jobs: Int, files: [ArtifactFile], cities: [Manifest.CityEntry],
        points: [Manifest.PointLayerEntry], written: WrittenFiles?
    ) throws -> (file: ArtifactFile, entry: Manifest.TilesEntry)? {
        guard let tiles = config.tiles else { return nil }
        let stage = TileStage(config: tiles, gzipLevel: config.gzipLevel, jobs: jobs)
        let byPath = Dictionary(files.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        let directory = written?.directory
        return try stage.run(
            cities: cities, points: points,
            content: { key in
                guard let file = byPath[key] else { throw TileStageError.unreadable(key: key, reason: "not built") }
                if !file.isAlreadyWritten { return file.bytes }
                guard let directory, let data = FileManager.default.contents(atPath: directory + "/" + key) else {
                    throw TileStageError.unreadable(key: key, reason: "missing from the output directory")
                }
                return [UInt8](data)
            },
            previous: directory.flatMap(previousEntry(in:)),
            holds: { written?.holds($0, identity: $1) ?? false })
    }

    /// The `tiles` entry of the manifest in the output `directory`, if any.
    static func previousEntry(in directory: String) -> Manifest.TilesEntry? {
        struct Tiles: Decodable { var tiles: Manifest.TilesEntry? }
        guard let data = FileManager.default.contents(atPath: directory + "/manifest.json") else { return nil }
        return (try? JSONDecoder().decode(Tiles.self, from: data))?.tiles
    }
}
