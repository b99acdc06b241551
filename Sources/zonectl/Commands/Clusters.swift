import ArgumentParser
import Foundation
import ZonePipeline
import ZoneStores

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

        func validate() throws { _ = try request }

        /// The options as a ``ClustersRequest``.
        private var request: ClustersRequest {
            get throws {
                try usage {
                    try ClustersRequest(
                        from: from, layer: layer, bbox: bbox, zoom: zoom, tileSize: tileSize, since: since, save: save,
                        force: force)
                }
            }
        }

        func run(_ configFile: ConfigFile) throws -> ExitCode {
            let request = try request
            let answer = try awaitBlocking { try await request.run(configFile: configFile) }
            for line in answer.notes { printError(line) }
            try answer.save()
            FileHandle.standardOutput.write(Data(answer.output))
            return answer.clusters.isComplete ? .success : .failure
        }
    }
}
