import ArgumentParser
import Foundation
import ZonePipeline

extension Zonectl {
    /// `zonectl style`: the MapLibre style that draws a build output or store as published.
    struct Style: ZonectlCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write a MapLibre GL style (version 8) that draws the zones of DIR as served from URL.",
            discussion: """
                An overlay (no base map, no background): a GeoJSON source per city at URL + its artifact key, \
                a fill and a line layer per style from the style table, lowest overlaps.priority drawn first \
                (the order comes from pipeline.yml).
                """)

        @OptionGroup var global: GlobalOptions

        @Option(help: "A build output directory (dist/) or a local store directory.")
        var from: String

        @Option(help: "The http(s) URL the store is served from; artifact keys are appended to it.")
        var baseURL: String

        @Option(help: "Write the style to FILE (default: standard output).")
        var out: String?

        func run(_ configFile: ConfigFile) throws -> ExitCode {
            _ = try MapLibreStyleBuilder.checkedBaseURL(baseURL)  // before any reading
            let (manifest, styles) = try MapLibreStyleBuilder.read(directory: from)
            let builder = try MapLibreStyleBuilder(
                manifest: manifest, styles: styles, baseURL: baseURL, overlaps: configFile.config.overlaps)
            if manifest.priority == nil, manifest.source.configHash != sha256Hex(configFile.bytes) {
                printError(
                    "zonectl style: warning: \(from) was built with another pipeline.yml; layers follow this one's overlaps"
                )
            }
            let bytes = try builder.style().jsonBytes()
            if let out {
                try Data(bytes).write(to: URL(fileURLWithPath: out), options: .atomic)
            } else {
                FileHandle.standardOutput.write(Data(bytes))
            }
            return .success
        }
    }
}
