/// The features of one output feature: one value per `group_by` key.
public struct FeatureGroup: Sendable {
    /// The `group_by` values, e.g. ["berlin", "parking"].
    public var key: [String]
    /// Indices into the loaded features, in source order.
    public var members: [Int]
}

/// All groups of one artifact unit (the first `group_by` key, e.g. one city).
public struct CityGroups: Sendable {
    public var city: String
    /// Groups sorted by key.
    public var groups: [FeatureGroup]
}

/// Groups features by the `group_by` properties (validation guarantees each is a non-empty
/// string). A group may come from several files. Cities and groups come out sorted by key,
/// so every run processes them in one order.
public enum Grouping {
    public static func group<F: FeatureFacts>(_ features: [F], by keys: [String]) -> [CityGroups] {
        var byKey: [[String]: [Int]] = [:]
        var keyOf: [UInt: [String]] = [:]  // by properties storage: features share a few sets
        for (i, f) in features.enumerated() where f.hasGeometry {
            let identity = f.properties.storageIdentity
            let key = keyOf[identity] ?? keys.map { f.properties[$0]?.stringValue ?? "" }
            keyOf[identity] = key
            byKey[key, default: []].append(i)
        }
        var cities: [String: [FeatureGroup]] = [:]
        for (key, members) in byKey {
            cities[key[0], default: []].append(FeatureGroup(key: key, members: members))
        }
        return cities.keys.sorted().map { city in
            CityGroups(city: city, groups: (cities[city] ?? []).sorted { $0.key.lexicographicallyPrecedes($1.key) })
        }
    }
}
