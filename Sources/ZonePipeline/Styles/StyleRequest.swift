import Foundation
import URLRedaction
import ZoneClientCore
import ZoneFormats

/// `zonectl style` as a library call: the MapLibre style that draws a build output, store or
/// client cache, read through ZoneClientCore and made by its `MapLibreStyleBuilder` (what an app
/// runs on the device).
public struct StyleRequest: Sendable {
    /// The directory read: a client cache, a build output or a local store.
    public var directory: String
    /// The directory as the user named it, for messages.
    public var name: String
    /// Where the sources point: the http(s) base URL, else `file://` URLs into ``directory``.
    public var sources: MapLibreSources
    public var glyphs: String?
    /// Draw the manifest's vector-tile archive (one `pmtiles://` source) instead of the GeoJSON.
    public var tiles: Bool
    /// pipeline.yml as read: its priority serves a manifest without one.
    public var configFile: ConfigFile

    /// Checks `baseURL` and `glyphs` (no credentials in a published style) before anything is read.
    public init(
        directory: String, shownAs name: String, baseURL: String?, glyphs: String?, tiles: Bool = false,
        configFile: ConfigFile
    ) throws {
        let base = try baseURL.map {
            try MapLibreSources.checkedBaseURL($0, shownAs: "--base-url \(redactingURLCredentials($0))")
        }
        if let glyphs {
            let shown = "--glyphs \(redactingURLCredentials(glyphs))"
            _ = try MapLibreStyleBuilder.checkedGlyphs(glyphs, shownAs: shown)
            guard redactingURLCredentials(glyphs) == glyphs else {
                throw StyleError(
                    message: "\(shown): no user info or signed-query credentials (the style is published)")
            }
        }
        self.directory = directory
        self.name = name
        self.sources = base ?? .cache(URL(fileURLWithPath: directory, isDirectory: true))
        self.glyphs = glyphs
        self.tiles = tiles
        self.configFile = configFile
    }

    /// The style's JSON bytes, and warnings and notes for people.
    public func run() throws -> (bytes: [UInt8], messages: [String]) {
        let store = DirectoryStore(root: directory)
        let manifest: ZoneManifest
        let styles: [String: ZoneStyle]
        do throws(ZoneClientError) {
            manifest = try store.manifest()
            styles = try store.styles(of: manifest)
        } catch {
            if case .missing(let key) = error { throw StyleError(message: "\(directory)/\(key): not found") }
            throw StyleError(message: "\(directory)/\(error)")
        }
        let builder: MapLibreStyleBuilder
        do {
            builder = try MapLibreStyleBuilder(
                manifest: manifest, styles: styles, sources: sources, priority: configuredPriority, glyphs: glyphs,
                tiles: tiles)
        } catch {
            // Without a base URL, the directory must be a client cache.
            guard !tiles, case .cache = sources, case .mapLibreStyle(let reason) = error else { throw error }
            throw StyleError(message: reason + " (--base-url URL)")
        }
        var messages: [String] = []
        if manifest.priority == nil, manifest.source?.configHash != sha256Hex(configFile.bytes) {
            messages.append(
                "warning: \(name) was built with another pipeline.yml; layers follow this one's overlaps")
        }
        if glyphs == nil, manifest.points?.isEmpty == false {
            messages.append("note: no --glyphs, so the point layers have no count labels")
        }
        return (try builder.style().jsonBytes(), messages)
    }

    /// pipeline.yml's priority, for a manifest without one.
    private var configuredPriority: [String] {
        if case .priority(let order) = configFile.config.overlaps { return order }
        return []
    }
}

/// A style that cannot be written: its source, an option, a value (exit 2).
public struct StyleError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
