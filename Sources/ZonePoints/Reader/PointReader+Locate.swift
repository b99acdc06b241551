import ZoneFormats

/// Where given point ids are in a file: read again, only when a layer's ids repeat, to report
/// each duplicate at its feature (the points themselves keep no position in the source).
extension PointReader {
    /// One point found by ``locate(_:in:)``: its `group_by` key, its id, its feature's place.
    package struct Located {
        package var key: String
        package var id: String
        package var location: SourceLocation
    }

    /// The points of `text` whose id is among `wanted[key]` of their group, in file order. Ids
    /// are made as ``add(_:to:)`` makes them (`id#n` for the points of a MultiPoint).
    package func locate(_ wanted: [String: Set<String>], in text: SourceText) -> [Located] {
        var reader = self
        reader.locating = wanted
        return reader.read(text).located
    }

    /// Notes the feature at `offset` if one of its points is wanted (``locating``).
    package func locate(_ value: JSONValue, at offset: Int, _ text: SourceText, into result: inout FileResult) {
        guard let wanted = locating, case .object(let feature) = value,
            case .object(let geometry)? = feature["geometry"], case .array(let coordinates)? = geometry["coordinates"]
        else { return }
        var properties = JSONObject()
        if case .object(let p)? = feature["properties"] { properties = p }
        guard let group = properties[layer.groupBy], let key = Self.groupKey(group), let ids = wanted[key],
            let base = Self.identity(feature, properties)
        else { return }
        let count = geometry["type"] == .string("MultiPoint") ? coordinates.count : 1
        for n in 0..<count {
            let id = count > 1 ? "\(base)#\(n)" : base
            if ids.contains(id) {
                result.located.append(Located(key: key, id: id, location: text.location(ofByte: offset)))
            }
        }
    }
}
