/// What a MapLibre style takes of a point layer entry: its clustering zooms and each city's band
/// file (docs/commands/points.md).
struct PointLayerBands {
    /// Tile width the clusters were made for (512: MapLibre's zooms).
    var extent: Double
    /// Clusters exist for zooms 0...maxZoom.
    var maxZoom: Int
    /// Zooms 0...bandMaxZoom are in the band file.
    var bandMaxZoom: Int
    /// Each city's id and band file, in manifest order.
    var cities: [(id: String, band: ZoneArtifact)]
}

extension ZonePointLayer {
    /// The entry's `extent`, `maxZoom`, `bandMaxZoom` and each city's `band`.
    func bands() throws(ZoneClientError) -> PointLayerBands {
        func missing(_ member: String) -> ZoneClientError {
            .badManifest("point layer \(jsonQuoted(layer)): no \(member)")
        }
        guard case .object(let members) = entry else { throw missing("entry") }
        func number(_ name: String) -> Double? {
            switch members[name] {
            case .integer(let value)?: Double(value)
            case .number(let value)?: value
            default: nil
            }
        }
        guard let extent = number("extent"), extent > 0 else { throw missing("extent > 0") }
        guard let maxZoom = number("maxZoom").flatMap({ Int(exactly: $0) }) else { throw missing("maxZoom") }
        guard let bandMaxZoom = number("bandMaxZoom").flatMap({ Int(exactly: $0) }) else {
            throw missing("bandMaxZoom")
        }
        guard case .array(let entries)? = members["cities"], entries.count == cities.count else {
            throw missing("cities")
        }
        var bands: [(id: String, band: ZoneArtifact)] = []
        for (entry, city) in zip(entries, cities) {
            guard case .object(let cityMembers) = entry, case .object(let band)? = cityMembers["band"],
                case .string(let key)? = band["key"], let artifact = city.objects.first(where: { $0.key == key })
            else { throw missing("band file for city \(jsonQuoted(city.id))") }
            bands.append((city.id, artifact))
        }
        return PointLayerBands(extent: extent, maxZoom: maxZoom, bandMaxZoom: bandMaxZoom, cities: bands)
    }
}
