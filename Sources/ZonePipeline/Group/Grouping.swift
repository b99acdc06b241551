import ZoneGeometry

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
    public static func group<Features: RandomAccessCollection>(_ features: Features, by keys: [String]) -> [CityGroups]
    where Features.Element: FeatureFacts, Features.Index == Int {
        var groupOfKey: [[String]: Int] = [:]
        var groups: [FeatureGroup] = []
        // The group of each properties storage seen, by the storage's number: features share
        // a few sets (the loader gives equal sets of a file one storage), and all are alive
        // here, so none is reused. A feature with its predecessor's storage looks nothing up.
        var storages = IntegerTable<UInt>(capacity: 64)
        var groupOfStorage: [Int] = []
        var last: (identity: UInt, group: Int)? = nil
        // Fields read in place: a copy of each feature (summary) retained and released its
        // properties, location and id, a large part of a one-city rebuild.
        for i in features.indices where features[i].hasGeometry {
            let identity = features[i].properties.storageIdentity
            if let last, last.identity == identity {
                groups[last.group].members.append(i)
                continue
            }
            let (number, isNew) = storages.insert(identity)
            let g: Int
            if isNew {
                let key = keys.map { features[i].properties[$0]?.stringValue ?? "" }
                g = groupOfKey[key] ?? groups.count
                if g == groups.count {
                    groupOfKey[key] = g
                    groups.append(FeatureGroup(key: key, members: []))
                }
                groupOfStorage.append(g)
            } else {
                g = groupOfStorage[Int(number)]
            }
            groups[g].members.append(i)
            last = (identity, g)
        }
        var cities: [String: [FeatureGroup]] = [:]
        for group in groups {
            cities[group.key[0], default: []].append(group)
        }
        return cities.keys.sorted().map { city in
            CityGroups(city: city, groups: (cities[city] ?? []).sorted { $0.key.lexicographicallyPrecedes($1.key) })
        }
    }
}
