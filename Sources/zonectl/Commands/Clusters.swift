import ArgumentParser
import Foundation
import URLRedaction
import ZoneClientCore
import ZonePipeline

extension Zonectl {
    /// `zonectl clusters`: what a client draws of a point layer for one viewport.
    struct Clusters: ZonectlCommand {
        static let configuration = CommandConfiguration(
            commandName: "clusters",
            abstract:
                "Print the clusters and points of a point layer in a box at a zoom (one GeoJSON FeatureCollection).",
            discussion: """
                Reads what an app's viewport query reads (ZoneClusterReader): the band file (zooms 0-12) or the \
                metatiles the box touches. --from is a client cache (answered from the files it holds; a metatile \
                it lacks is listed as unavailable, exit 1), or a store: a directory / file:// URL or \
                s3://bucket/prefix (the files are fetched and checked). The objects fetched are listed on standard \
                error. --zoom counts in --tile-size tiles: 512 for MapLibre, 256 for MapKit and Google Maps (one \
                zoom more for the same view); zooms above the layer's max_zoom give the max_zoom answer. A box with \
                WEST > EAST crosses 180°. --save FILE keeps the answer; --since FILE adds to the output the ids \
                inserted and removed since that saved answer (member `difference`). Exit 0, 1 when the answer \
                is incomplete, 2 on failure.
                """)

        @OptionGroup var global: GlobalOptions

        @Option(help: "A client cache, or a store: a directory / file:// URL or s3://bucket/prefix.")
        var from: String

        @Option(help: "The point layer (a key of pipeline.yml's points).")
        var layer: String

        @Option(help: ArgumentHelp("The box, in degrees.", valueName: "W,S,E,N"))
        var bbox: String

        @Option(help: "The map's zoom (may be fractional; floored after conversion).")
        var zoom: Double

        @Option(help: ArgumentHelp("The tile size the zoom counts in.", valueName: "256|512"))
        var tileSize: Int = 512

        @Option(help: "A previous answer saved with --save: print the difference from it too.")
        var since: String?

        @Option(help: "Save this answer to FILE (replaces only an answer zonectl saved).")
        var save: String?

        @Flag(help: "Replace --save's file even if it is not an answer zonectl saved.")
        var force = false

        func validate() throws {
            _ = try box
            _ = try location
            guard ZoneTileSize(rawValue: tileSize) != nil else { throw ValidationError("--tile-size: 256 or 512") }
            guard zoom.isFinite, zoom >= 0, zoom <= 30 else { throw ValidationError("--zoom: a number from 0 to 30") }
        }

        private var location: StoreLocation {
            get throws { try storeLocation(from, accepting: [.directory, .s3], option: "--from") }
        }

        /// `--bbox` as a box: four numbers, latitudes within ±90, longitudes finite.
        private var box: ZoneBBox {
            get throws {
                let values = bbox.split(separator: ",", omittingEmptySubsequences: false).map {
                    Double(String($0).trimmingSpaces)
                }
                guard values.count == 4, let w = values[0], let s = values[1], let e = values[2], let n = values[3],
                    [w, s, e, n].allSatisfy(\.isFinite)
                else { throw ValidationError("--bbox \(bbox): expected four numbers W,S,E,N") }
                guard (-90...90).contains(s), (-90...90).contains(n), s <= n else {
                    throw ValidationError("--bbox \(bbox): latitudes must lie in [-90, 90], south <= north")
                }
                return ZoneBBox(west: w, south: s, east: e, north: n)
            }
        }

        func run(_ configFile: ConfigFile) throws -> ExitCode {
            let file = try save.map {
                try OwnedFile.check(
                    $0, what: "clusters answer", force: force,
                    protecting: BuildRequest(configFile: configFile).inputs, isOwn: ZoneClusters.isSavedAnswer)
            }
            let previous: [ZoneClusterFeature]? = try since.map { path in
                guard let bytes = FileManagerShim.contents(path) else { throw ClustersError("\(path): cannot read") }
                do {
                    return try ZoneClusters.features(inFeatureCollection: bytes, named: path)
                } catch {
                    throw ClustersError("\(path): \(error)")
                }
            }
            let reader = try reader(configFile.config)
            let (layer, box, zoom, tileSize) = (layer, try box, zoom, ZoneTileSize(rawValue: tileSize)!)
            let answer: ZoneClusters
            do {
                answer = try awaitBlocking {
                    try await reader.clusters(layer: layer, in: box, zoom: zoom, tileSize: tileSize)
                }
            } catch {
                throw ClustersError(redactingURLCredentials("\(from): \(error)"))
            }
            for key in answer.fetched { printError("fetched \(key)") }
            for missing in answer.unavailable {
                printError("\(from): warning: \(missing.key) unavailable: \(missing.reason)")
            }
            if !answer.isComplete {
                printError(
                    "\(from): warning: incomplete answer from version \(answer.version); zonectl sync --points all --out DIR fills a cache"
                )
            }
            let bytes = answer.featureCollection(
                difference: previous.map { ClusterDifference(from: $0, to: answer.features) })
            try file?.write(answer.featureCollection())
            FileHandle.standardOutput.write(Data(bytes))
            return answer.isComplete ? .success : .failure
        }

        /// The reader of `--from`: a cache's files (no transport), or a store read through its transport.
        private func reader(_ config: PipelineConfig) throws -> ZoneClusterReader {
            let transport: any ZoneTransport
            switch try location {
            case .directory(let path):
                if ZoneSync.isCache(path) {
                    let manifest: ZoneManifest
                    do { manifest = try DirectoryStore(root: path).manifest() } catch {
                        throw ClustersError("\(from): \(error)")
                    }
                    return ZoneClusterReader(manifest: manifest, cache: URL(fileURLWithPath: path), transport: nil)
                }
                transport = DirectoryStore(root: path)
            case .s3:
                transport = ObjectStoreTransport(store: try openStore(from, config: config, option: "--from"))
            case .http:
                throw ClustersError("\(from): zonectl sync --from URL --out DIR, then --from DIR")
            }
            do {
                let source = transport
                return try awaitBlocking { try await ZoneClusterReader.reading(source) }
            } catch {
                throw ClustersError(redactingURLCredentials("\(from): \(error)"))
            }
        }
    }
}

/// A clusters query that could not be answered: exit 2.
struct ClustersError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
