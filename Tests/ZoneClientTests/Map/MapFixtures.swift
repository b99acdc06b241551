import Foundation
import ZoneClient

/// Manifests and style tables written here for the map tests, as the pipeline writes them.
enum MapFixtures {
    static let a64 = String(repeating: "a", count: 64)
    static let b64 = String(repeating: "b", count: 64)

    /// An artifact entry's members; `identity` as a client cache lists it (the key without `.gz`).
    static func artifact(_ key: String, identity: Bool) -> String {
        let encoding = identity ? #","contentEncoding":"identity""# : ""
        return #""key":"\#(key)\#(identity ? "" : ".gz")","sha256":"\#(a64)","bytes":1,"encodedBytes":1\#(encoding)"#
    }

    static func city(_ id: String, _ styles: [String], identity: Bool = false) -> String {
        let names = styles.map { "\"\($0)\"" }.joined(separator: ",")
        let own = artifact("zones/\(id)/\(a64).geojson", identity: identity)
        return #"{"id":"\#(id)",\#(own),"#
            + #""bbox":[0,0,1,1],"styles":[\#(names)]}"#
    }

    /// A point layer entry as the pipeline writes it (a band file and one metatile per city).
    static func pointLayer(
        _ name: String, extent: Int = 512, maxZoom: Int = 16, cities: [String], identity: Bool = false
    ) -> String {
        let entries = cities.map { id in
            let band = artifact("points/\(name)/\(id)/\(b64).geojson", identity: identity)
            let metatile = artifact("points/\(name)/\(id)/13/0/0/\(b64).geojson", identity: identity)
            return #"{"id":"\#(id)","points":10,"band":{\#(band),"features":1},"#
                + #""metatiles":[{\#(metatile),"features":1,"x":0,"y":0,"z":13}]}"#
        }
        return #"{"layer":"\#(name)","radius":60,"extent":\#(extent),"minPoints":2,"maxZoom":\#(maxZoom),"#
            + #""bandMaxZoom":12,"metatileDelta":3,"cities":[\#(entries.joined(separator: ","))]}"#
    }

    /// Paris (parking, no-parking) and Rome (slow, parking), no priority: MapLibreStyleTests' manifest.
    static func manifest(
        cities: [String] = [city("paris", ["parking", "no-parking"]), city("rome", ["slow", "parking"])],
        priority: [String]? = nil, points: [String]? = nil, tiles: String? = nil
    ) throws -> ZoneManifest {
        var members = [
            #""schema":1,"version":"20261123T220000Z","previous":null,"generatedAt":"2026-11-23T22:00:00Z""#,
            #""styles":{\#(artifact("styles/x.json", identity: false))}"#,
            #""cities":[\#(cities.joined(separator: ","))]"#,
        ]
        if let priority { members.append(#""priority":[\#(priority.map { "\"\($0)\"" }.joined(separator: ","))]"#) }
        if let points { members.append(#""points":[\#(points.joined(separator: ","))]"#) }
        if let tiles { members.append(#""tiles":\#(tiles)"#) }
        return try ZoneManifest.decode(Array("{\(members.joined(separator: ","))}".utf8))
    }

    /// A `tiles` member as the pipeline writes it, with a point layer `cars`.
    static let tilesJSON =
        #"{"key":"tiles/\#(a64).pmtiles","sha256":"\#(a64)","bytes":1000,"encodedBytes":1000,"#
        + #""contentType":"application/vnd.pmtiles","contentEncoding":"identity","minZoom":0,"maxZoom":14,"#
        + #""layers":["zones","cars"],"inputs":"\#(a64)"}"#

    /// MapLibreStyleTests' table: every member for no-parking, a fill alone for the others.
    static let tableJSON =
        ##"{"no-parking":{"stroke":"#D7191C","stroke-width":3,"stroke-opacity":0.9,"fill":"#fdae61","fill-opacity":0.5},"##
        + ##""parking":{"fill":"#1a9641"},"slow":{"fill":"#abc","fill-opacity":0.25}}"##

    static func table(_ json: String = tableJSON) throws -> [String: ZoneStyle] {
        try ZoneStyle.table(from: Array(json.utf8))
    }
}
