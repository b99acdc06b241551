import ZoneFormats

extension PointSet {
    /// Appends `object`'s members to ``keptBytes`` as the writer emits them; returns where they start.
    package mutating func appendKept(_ object: JSONObject) -> Int {
        let start = keptBytes.count
        for (key, value) in object.members where key != "z" {
            keptBytes.append(UInt8(ascii: ","))
            appendJSONString(key, to: &keptBytes)
            keptBytes.append(UInt8(ascii: ":"))
            value.appendJSON(to: &keptBytes)
        }
        return start
    }

    package mutating func append(longitude: Double, latitude: Double, id: String, kept: JSONObject, sums: [Double]) {
        let start = appendKept(kept)
        append(longitude: longitude, latitude: latitude, id: id, keptFrom: start, sums: sums[...])
    }
}
