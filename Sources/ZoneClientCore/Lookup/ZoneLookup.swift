/// Point lookups across the cities of one manifest: finds the city by its bounding box, then
/// the zone with the city's ``ZoneIndex``, built on first use from the checked artifact.
///
/// Not thread-safe (it caches indexes as it goes); use one per thread, or share the indexes.
public final class ZoneLookup {
    /// The store read.
    public let store: any ZoneStore
    /// The manifest the lookups follow.
    public let manifest: ZoneManifest
    /// Style names, highest priority first (see ``ZoneIndex``).
    public let priority: [String]
    private var indexes: [String: ZoneIndex] = [:]

    /// What a lookup found: the city (nil when the position is in no city's box) and the style
    /// of the zone covering it (nil when none does).
    public struct Answer: Sendable, Equatable {
        /// The city whose zone covers the position, else the first whose box holds it.
        public var city: String?
        /// The covering zone's style.
        public var style: String?

        /// An answer.
        public init(city: String?, style: String?) {
            self.city = city
            self.style = style
        }
    }

    /// Lookups in `store`'s current manifest (read once), ranking styles by `priority`; without
    /// it by the manifest's `priority`, and when the manifest has none by `fallbackPriority`
    /// (empty: style names only). Artifacts are read in the encodings of ``ZoneEncoding/preferred``.
    public init(store: any ZoneStore, priority: [String]? = nil, fallbackPriority: [String] = [])
        throws(ZoneClientError)
    {
        self.store = store
        self.manifest = try store.manifest()
        self.priority = priority ?? manifest.priority ?? fallbackPriority
    }

    /// The index of `city`, built (from the checked artifact) on first use.
    public func index(city: String) throws(ZoneClientError) -> ZoneIndex {
        if let index = indexes[city] { return index }
        guard let entry = manifest.city(city) else { throw .unknownCity(city) }
        let bytes = try store.content(of: entry.artifact)
        let index = try ZoneIndex(artifact: bytes, key: entry.artifact.key, priority: priority)
        indexes[city] = index
        return index
    }

    /// The zone at (`longitude`, `latitude`) in `city`, or, with no city, in the first city
    /// (manifest order) whose box holds the position and whose zones cover it.
    public func lookup(longitude: Double, latitude: Double, city: String? = nil) throws(ZoneClientError) -> Answer {
        try Self.answer(longitude: longitude, latitude: latitude, city: city, in: manifest) {
            (id) throws(ZoneClientError) in try index(city: id)
        }
    }

    /// The rule every lookup follows: in `city`, the zone `index` gives there; with no city, in
    /// the first city of `manifest` (manifest order) whose box holds the position and whose
    /// zones cover it, else the first whose box holds it, with no style.
    public static func answer(
        longitude: Double, latitude: Double, city: String?, in manifest: ZoneManifest,
        index: (String) throws(ZoneClientError) -> ZoneIndex
    ) throws(ZoneClientError) -> Answer {
        if let city {
            return Answer(city: city, style: try index(city).style(longitude: longitude, latitude: latitude))
        }
        var first: String?
        for entry in manifest.cities where entry.boxContains(lon: longitude, lat: latitude) {
            first = first ?? entry.id
            let cityIndex = try index(entry.id)
            if let zone = cityIndex.zone(longitude: longitude, latitude: latitude) {
                return Answer(city: entry.id, style: cityIndex.zones[zone].style)
            }
        }
        return Answer(city: first, style: nil)
    }
}
