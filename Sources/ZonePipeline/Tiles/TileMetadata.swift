import ZoneFormats

/// The archive's metadata (PMTiles v3: a JSON object; `vector_layers` as TileJSON 3.0 has it):
/// each layer's name, fields and zooms.
struct TileMetadata {
    let config: TilesConfig
    let pointLayers: [PointTileLayer]

    func json() -> [UInt8] {
        func layer(_ id: String, _ fields: [String: String]) -> JSONValue {
            .object(
                JSONObject([
                    ("id", .string(id)),
                    (
                        "fields",
                        .object(JSONObject(fields.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) }))
                    ),
                    ("minzoom", .number(Double(config.minZoom))), ("maxzoom", .number(Double(config.maxZoom))),
                ]))
        }
        let layers =
            [layer("zones", ["city": "String", "style": "String"])] + pointLayers.map { layer($0.name, $0.fields) }
        var out: [UInt8] = []
        JSONValue.object(
            JSONObject([
                ("name", .string("zonectl")), ("format", .string("pbf")), ("type", .string("overlay")),
                ("generator", .string(TileStage.version)), ("vector_layers", .array(layers)),
            ])
        ).appendJSON(to: &out)
        return out
    }
}
