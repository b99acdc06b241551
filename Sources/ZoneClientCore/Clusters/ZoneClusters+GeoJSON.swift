extension ZoneClusters {
    /// The answer as one GeoJSON FeatureCollection (what `zonectl clusters` prints): each
    /// feature a Point with its stable id as the feature `id` (a cluster's number, a point's
    /// string) and its properties with `z` (``layerZoom``) and, for a cluster, `expansion_zoom`
    /// in ``tileSize`` zooms; the query in a `zonectl` member. With `difference`, its ids too.
    public func featureCollection(difference: ClusterDifference? = nil) -> [UInt8] {
        var out = Self.collectionStart + Array(#""layer":"#.utf8)
        out += Array(jsonQuoted(layer).utf8)
        out += #","version":"#.utf8
        out += Array(jsonQuoted(version).utf8)
        out += #","bbox":[\#(bbox.west),\#(bbox.south),\#(bbox.east),\#(bbox.north)]"#.utf8
        out += #","zoom":\#(zoom),"tileSize":\#(tileSize.rawValue),"layerZoom":\#(layerZoom)"#.utf8
        out += #","complete":\#(isComplete)}"#.utf8
        if let difference {
            out += #","difference":{"inserted":["#.utf8
            out += Self.ids(difference.insertions)
            out += #"],"removed":["#.utf8
            out += Self.ids(difference.removals)
            out += "]}".utf8
        }
        out += #","features":["#.utf8
        for (i, f) in features.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            out += #"{"type":"Feature","id":"#.utf8
            out += Self.id(f.id)
            out +=
                #","geometry":{"type":"Point","coordinates":[\#(f.longitude),\#(f.latitude)]},"properties":{"z":\#(layerZoom)"#
                .utf8
            let inner = f.properties.utf8.dropFirst().dropLast()
            if !inner.isEmpty {
                out.append(UInt8(ascii: ","))
                out += inner
            }
            if let e = f.expansionZoom { out += #","expansion_zoom":\#(e)"#.utf8 }
            out += "}}".utf8
        }
        out += "]}\n".utf8
        return out
    }

    /// True when `bytes` start as ``featureCollection(difference:)`` starts: an answer zonectl saved.
    public static func isSavedAnswer(_ bytes: [UInt8]) -> Bool { bytes.starts(with: collectionStart) }

    private static let collectionStart = Array(#"{"type":"FeatureCollection","zonectl":{"command":"clusters","#.utf8)

    /// The features of a FeatureCollection of clusters: a published band file or metatile, or a
    /// saved answer (``featureCollection(difference:)``), every zoom, in file order.
    public static func features(inFeatureCollection bytes: [UInt8], named name: String) throws(ZoneClientError)
        -> [ZoneClusterFeature]
    {
        let file = try ClusterFile(bytes, key: name)
        return file.zooms.keys.sorted().flatMap { file.zooms[$0]! }
    }

    private static func ids(_ features: [ZoneClusterFeature]) -> [UInt8] {
        Array(features.map { String(decoding: id($0.id), as: UTF8.self) }.joined(separator: ",").utf8)
    }

    private static func id(_ key: ZoneClusterKey) -> [UInt8] {
        switch key {
        case .cluster(let n): Array(String(n).utf8)
        case .point(let s): Array(jsonQuoted(s).utf8)
        }
    }
}
