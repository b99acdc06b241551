import ArgumentParser
import Foundation
import ZoneClientCore
import ZoneFormats
import ZonePipeline

extension Zonectl {
    /// `zonectl style`: the MapLibre style that draws a build output, store or client cache,
    /// made by ZoneClient's `MapLibreStyleBuilder` (what an app runs on the device).
    struct Style: ZonectlCommand {
        static let configuration = CommandConfiguration(
            commandName: "style",
            abstract:
                "Write a MapLibre GL style (version 8) that draws the zones of DIR, served from URL or from disk.",
            discussion: """
                An overlay (no base map, no background): a GeoJSON source per city at URL + its artifact key \
                (without --base-url: the file:// URL of the decoded artifact in DIR, which must then be a client \
                cache), a fill and a line layer per style from the style table, lowest priority drawn first \
                (the manifest's priority; pipeline.yml's overlaps for older stores). Above them, per point layer and city a GeoJSON source on \
                its band file (zooms 0-12) with a circle layer for clusters (radius by point_count), one for \
                single points and, with --glyphs, a count label layer (point_count_abbreviated), filtered on z \
                and hidden above the band; without --glyphs there are no count labels. Zooms above the band \
                are in metatiles, which a client loads itself (README, "Point layers").
                """)

        @OptionGroup var global: GlobalOptions

        @Option(help: "A client cache (zonectl sync), a build output directory (dist/) or a local store directory.")
        var from: String

        @Option(
            help: """
                The http(s) URL the store is served from; artifact keys are appended to it. Without it, \
                sources are file:// URLs into --from, which must be a client cache (MapLibre reads no .gz or .br \
                from disk).
                """)
        var baseURL: String?

        @Option(
            help: """
                The glyphs URL template ({fontstack}, {range}) for the point layers' count labels \
                (default: none, and no label layers).
                """)
        var glyphs: String?

        @Option(
            help: """
                Write the style to FILE (default: standard output). An existing FILE is replaced only \
                if it is a style zonectl wrote.
                """)
        var out: String?

        @Flag(
            help: """
                Draw the manifest's vector-tile archive (pipeline.yml's tiles) instead of the GeoJSON: one \
                pmtiles:// vector source on it, the same layers, colours and order.
                """)
        var tiles = false

        @Flag(help: "Replace --out even if it is not a style zonectl wrote.")
        var force = false

        func validate() throws { _ = try localDirectory(from, option: "--from") }

        func run(_ configFile: ConfigFile) throws -> ExitCode {
            let directory = try localDirectory(from, option: "--from")
            let request = try StyleRequest(
                directory: directory, shownAs: from, baseURL: baseURL, glyphs: glyphs, tiles: tiles,
                configFile: configFile)
            let file = try out.map {
                try OwnedFile.check(
                    $0, what: "MapLibre style", force: force,
                    protecting: BuildRequest(configFile: configFile).inputs + [
                        .init(directory, "the style's source (--from)"),
                        .init(configFile.config.output, "the build output"),
                    ],
                    isOwn: MapLibreStyle.isWrittenByZonectl)
            }
            let (bytes, messages) = try request.run()
            for message in messages { printError("zonectl style: \(message)") }
            if let file { try file.write(bytes) } else { FileHandle.standardOutput.write(Data(bytes)) }
            return .success
        }
    }
}
