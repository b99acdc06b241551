import ArgumentParser
import Foundation
import URLRedaction
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

        @Flag(help: "Replace --out even if it is not a style zonectl wrote.")
        var force = false

        func validate() throws { _ = try localDirectory(from, option: "--from") }

        func run(_ configFile: ConfigFile) throws -> ExitCode {
            // Checked before any reading.
            let baseSources = try baseURL.map {
                try MapLibreSources.checkedBaseURL($0, shownAs: "--base-url \(redactingURLCredentials($0))")
            }
            if let glyphs { try checkGlyphs(glyphs) }
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
            let (manifest, styles, configHash) = try read(directory)
            let builder: MapLibreStyleBuilder
            do {
                builder = try MapLibreStyleBuilder(
                    manifest: manifest, styles: styles,
                    sources: baseSources ?? .cache(URL(fileURLWithPath: directory, isDirectory: true)),
                    priority: configuredPriority(configFile.config), glyphs: glyphs)
            } catch {
                // Without --base-url, the directory must be a client cache.
                guard baseURL == nil, case .mapLibreStyle(let reason) = error else { throw error }
                throw StyleError(message: reason + " (--base-url URL)")
            }
            if manifest.priority == nil, configHash != sha256Hex(configFile.bytes) {
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

        /// A template ZoneClient takes, and no credential in it: the style is published, and the
        /// template with it.
        private func checkGlyphs(_ glyphs: String) throws {
            let shown = "--glyphs \(redactingURLCredentials(glyphs))"
            _ = try MapLibreStyleBuilder.checkedGlyphs(glyphs, shownAs: shown)
            guard redactingURLCredentials(glyphs) == glyphs else {
                throw StyleError(
                    message: "\(shown): no user info or signed-query credentials (the style is published)")
            }
        }

        /// The manifest, the style table and the `configHash` of the build, read from `directory`
        /// (a build output, a store or a client cache: each holds every object at its key).
        private func read(_ directory: String) throws -> (ZoneManifest, [String: ZoneStyle], String?) {
            let store = DirectoryStore(root: directory)
            do throws(ZoneClientError) {
                guard let bytes = try store.object("manifest.json") else { throw .missing(key: "manifest.json") }
                let manifest = try ZoneManifest.decode(bytes)
                let built = try? JSONDecoder().decode(BuiltWith.self, from: Data(bytes))
                return (manifest, try store.styles(of: manifest), built?.source?.configHash)
            } catch {
                if case .missing(let key) = error { throw StyleError(message: "\(directory)/\(key): not found") }
                throw StyleError(message: "\(directory)/\(error)")
            }
        }

        /// pipeline.yml's priority, for a manifest without one.
        private func configuredPriority(_ config: PipelineConfig) -> [String] {
            if case .priority(let order) = config.overlaps { return order }
            return []
        }
    }
}

/// The members of a manifest that say which pipeline.yml built it.
private struct BuiltWith: Decodable {
    struct Source: Decodable {
        var configHash: String?
    }

    var source: Source?
}

/// A style that cannot be written: its source, an option, a value (exit 2).
struct StyleError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
