public import Foundation

extension ZoneClient {
    /// The cached style table, parsed: style name → how to draw its zones.
    public func styles() throws(ZoneClientError) -> [String: ZoneStyle] {
        try cacheStore.styles(of: manifest())
    }

    /// The zones of `city` from the cache, one layer per style in draw order (the published
    /// priority: the lowest first, the highest on top), each with its parsed style and its
    /// GeoJSON for MapKit, Google Maps or a MapLibre source.
    public func zoneLayers(city: String) throws(ZoneClientError) -> [ZoneLayer] {
        try cacheStore.zoneLayers(city: city, of: manifest())
    }

    /// The MapLibre style (version 8 JSON) that draws every city of the cache: sources are
    /// `file://` URLs of the cached files, or `options.baseURL` + each key.
    public func mapLibreStyle(options: MapLibreStyleOptions = .init()) throws(ZoneClientError) -> Data {
        Data(try MapLibreStyleBuilder(directory: cache, options: options).style().jsonBytes())
    }
}
