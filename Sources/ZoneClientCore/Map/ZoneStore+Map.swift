extension ZoneStore {
    /// The style table `manifest` names, read, checked and parsed (``ZoneStyle/table(from:key:)``).
    public func styles(of manifest: ZoneManifest) throws(ZoneClientError) -> [String: ZoneStyle] {
        try ZoneStyle.table(from: content(of: manifest.styles), key: manifest.styles.key)
    }

    /// The layers of `city` in draw order (``ZoneLayer/layers(city:artifact:key:styles:priority:)``
    /// with the manifest's `priority`), its artifact read and checked; `styles` is the manifest's
    /// style table, read when not given.
    public func zoneLayers(city: String, of manifest: ZoneManifest, styles: [String: ZoneStyle]? = nil)
        throws(ZoneClientError) -> [ZoneLayer]
    {
        guard let entry = manifest.city(city) else { throw .unknownCity(city) }
        var table = styles ?? [:]
        if styles == nil { table = try self.styles(of: manifest) }
        return try ZoneLayer.layers(
            city: city, artifact: content(of: entry.artifact), key: entry.artifact.key, styles: table,
            priority: manifest.priority ?? [])
    }
}
