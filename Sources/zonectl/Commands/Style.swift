import ArgumentParser
import Foundation
import ZonePipeline

extension Zonectl {
    /// `zonectl style`: the MapLibre style that draws a build output or store as published.
    struct Style: ZonectlCommand {
        static let configuration = CommandConfiguration(
            commandName: "style",
            abstract: "Write a MapLibre GL style (version 8) that draws the zones of DIR as served from URL.",
            discussion: """
                An overlay (no base map, no background): a GeoJSON source per city at URL + its artifact key, \
                a fill and a line layer per style from the style table, lowest priority drawn first \
                (the manifest's priority; pipeline.yml's overlaps for older stores). Above them, per point layer and city a GeoJSON source on \
                its band file (zooms 0-12) with a circle layer for clusters (radius by point_count), one for \
                single points and, with --glyphs, a count label layer (point_count_abbreviated), filtered on z \
                and hidden above the band; without --glyphs there are no count labels. Zooms above the band \
                are in metatiles, which a client loads itself (README, "Point layers").
                """)

        @OptionGroup var global: GlobalOptions

        @Option(help: "A build output directory (dist/) or a local store directory.")
        var from: String

        @Option(help: "The http(s) URL the store is served from; artifact keys are appended to it.")
        var baseURL: String

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

        @Flag(help: "Replace --out even if it is not a style zonectl wrote.")
        var force = false

        func validate() throws { _ = try localDirectory(from, option: "--from") }

        func run(_ configFile: ConfigFile) throws -> ExitCode {
            _ = try MapLibreStyleBuilder.checkedBaseURL(baseURL)  // before any reading
            if let glyphs { _ = try MapLibreStyleBuilder.checkedGlyphs(glyphs) }
            let directory = try localDirectory(from, option: "--from")
            let file = try out.map {
                try OwnedFile.check(
                    $0, what: "MapLibre style", force: force,
                    protecting: BuildRequest(configFile: configFile).inputs + [
                        .init(directory, "the style's source (--from)"),
                        .init(configFile.config.output, "the build output"),
                    ],
                    isOwn: MapLibreStyle.isWrittenByZonectl)
            }
            let (manifest, styles) = try MapLibreStyleBuilder.read(directory: directory)
            let builder = try MapLibreStyleBuilder(
                manifest: manifest, styles: styles, baseURL: baseURL, overlaps: configFile.config.overlaps,
                glyphs: glyphs)
            if manifest.priority == nil, manifest.source.configHash != sha256Hex(configFile.bytes) {
                printError(
                    "zonectl style: warning: \(from) was built with another pipeline.yml; layers follow this one's overlaps"
                )
            }
            if glyphs == nil, manifest.points?.isEmpty == false {
                printError("zonectl style: note: no --glyphs, so the point layers have no count labels")
            }
            let bytes = try builder.style().jsonBytes()
            if let file {
                try file.write(bytes)
            } else {
                FileHandle.standardOutput.write(Data(bytes))
            }
            return .success
        }
    }
}
