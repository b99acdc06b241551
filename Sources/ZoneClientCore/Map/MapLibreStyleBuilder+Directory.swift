public import Foundation

extension MapLibreStyleBuilder {
    /// A builder for the cache or store in `directory` (a `file://` URL): its `manifest.json`
    /// and style table read and checked (``ZoneStore/styles(of:)``).
    public init(directory: URL, options: MapLibreStyleOptions = .init()) throws(ZoneClientError) {
        let sources = options.baseURL.map(MapLibreSources.baseURL) ?? .cache(directory)
        _ = try sources.prefix(shownAs: nil)  // before anything is read
        let store = DirectoryStore(root: directory.path)
        let manifest = try store.manifest()
        try self.init(
            manifest: manifest, styles: store.styles(of: manifest), sources: sources, priority: options.priority,
            glyphs: options.glyphs, tiles: options.tiles)
    }
}
