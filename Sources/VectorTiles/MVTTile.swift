/// One Mapbox Vector Tile (MVT 2.1, mapbox/vector-tile-spec): named layers of features whose
/// geometry is in integer tile coordinates (0…extent, y down; a buffer beyond is allowed).
public struct MVTTile: Sendable {
    public var layers: [MVTLayer]

    public init(layers: [MVTLayer] = []) { self.layers = layers }

    /// The tile's protocol-buffer bytes (uncompressed). Layers without features are left out.
    public func encoded() -> [UInt8] {
        var tile = ProtobufWriter()
        for layer in layers where !layer.features.isEmpty { tile.bytesField(3, layer.encoded()) }
        return tile.bytes
    }
}

/// A layer: its features share one table of keys and one of values.
public struct MVTLayer: Sendable {
    public var name: String
    public var extent: UInt32
    public var features: [MVTFeature]

    public init(name: String, extent: UInt32 = 4096, features: [MVTFeature] = []) {
        self.name = name
        self.extent = extent
        self.features = features
    }

    func encoded() -> [UInt8] {
        var keys = NumberedValues<String>()
        var values = NumberedValues<MVTValue>()
        var layer = ProtobufWriter()
        layer.varintField(15, 2)  // version
        layer.stringField(1, name)
        for feature in features {
            var tags: [UInt32] = []
            tags.reserveCapacity(2 * feature.properties.count)
            for (key, value) in feature.properties { tags += [keys.number(of: key), values.number(of: value)] }
            layer.bytesField(2, feature.encoded(tags: tags))
        }
        for key in keys.list { layer.stringField(3, key) }
        for value in values.list { layer.bytesField(4, value.encoded()) }
        layer.varintField(5, UInt64(extent))
        return layer.bytes
    }
}

/// A feature: an optional id, its properties (in order; a key should appear once) and one geometry.
public struct MVTFeature: Sendable {
    public var id: UInt64?
    public var properties: [(String, MVTValue)]
    public var geometry: MVTGeometry

    public init(id: UInt64? = nil, properties: [(String, MVTValue)] = [], geometry: MVTGeometry) {
        self.id = id
        self.properties = properties
        self.geometry = geometry
    }

    func encoded(tags: [UInt32]) -> [UInt8] {
        var feature = ProtobufWriter()
        if let id { feature.varintField(1, id) }
        if !tags.isEmpty { feature.packedField(2, tags) }
        feature.varintField(3, geometry.typeCode)
        feature.bytesField(4, MVTEncodedGeometry(geometry).packed)
        return feature.bytes
    }
}

/// A point of tile coordinates.
public struct TilePoint: Hashable, Sendable {
    public var x: Int32
    public var y: Int32

    public init(_ x: Int32, _ y: Int32) {
        self.x = x
        self.y = y
    }
}

/// A feature's geometry in tile coordinates.
public enum MVTGeometry: Sendable {
    /// One or more points.
    case points([TilePoint])
    /// One or more lines of at least two points each.
    case lines([[TilePoint]])
    /// Polygons as rings without the closing point: each polygon's exterior ring first, with a
    /// positive area by the surveyor's formula in tile coordinates (y down: clockwise on
    /// screen), then its holes with a negative one (``ringArea(_:)``).
    case polygons([[TilePoint]])
    /// Any of the above, encoded already.
    case encoded(MVTEncodedGeometry)

    var typeCode: UInt64 {
        switch self {
        case .points: 1
        case .lines: 2
        case .polygons: 3
        case .encoded(let encoded): encoded.typeCode
        }
    }

    /// The geometry's command integers: MoveTo (1), LineTo (2) and ClosePath (7), each
    /// `id | count << 3`, with zigzag deltas from a cursor that starts at (0, 0) (none for an
    /// encoded geometry, whose ``MVTEncodedGeometry/packed`` bytes hold them).
    func commands() -> [UInt32] {
        var out: [UInt32] = []
        var cursor = TilePoint(0, 0)
        func command(_ id: UInt32, _ count: Int) { out.append(id | UInt32(count) << 3) }
        func move(to p: TilePoint) {
            out.append(UInt32(truncatingIfNeeded: zigzag(Int64(p.x) - Int64(cursor.x))))
            out.append(UInt32(truncatingIfNeeded: zigzag(Int64(p.y) - Int64(cursor.y))))
            cursor = p
        }
        switch self {
        case .points(let points):
            command(1, points.count)
            for p in points { move(to: p) }
        case .lines(let lines):
            for line in lines where line.count >= 2 {
                command(1, 1)
                move(to: line[0])
                command(2, line.count - 1)
                for p in line.dropFirst() { move(to: p) }
            }
        case .polygons(let rings):
            for ring in rings where ring.count >= 3 {
                command(1, 1)
                move(to: ring[0])
                command(2, ring.count - 1)
                for p in ring.dropFirst() { move(to: p) }
                command(7, 1)
            }
        case .encoded:
            break
        }
        return out
    }
}

/// Twice a ring's signed area by the surveyor's formula (the ring given without its closing
/// point): positive for an MVT exterior ring in tile coordinates, negative for a hole.
public func ringArea(_ ring: [TilePoint]) -> Int64 {
    guard ring.count >= 3 else { return 0 }
    var sum: Int64 = 0
    var previous = ring[ring.count - 1]
    for p in ring {
        sum += Int64(previous.x) * Int64(p.y) - Int64(p.x) * Int64(previous.y)
        previous = p
    }
    return sum
}

/// A property value in a layer's value table.
public enum MVTValue: Hashable, Sendable {
    case string(String)
    case double(Double)
    /// A signed integer (sint64, zigzag).
    case int(Int64)
    case uint(UInt64)
    case bool(Bool)

    func encoded() -> [UInt8] {
        var value = ProtobufWriter()
        switch self {
        case .string(let s): value.stringField(1, s)
        case .double(let d): value.fixed64Field(3, d.bitPattern)
        case .int(let i): value.varintField(6, zigzag(i))
        case .uint(let u): value.varintField(5, u)
        case .bool(let b): value.varintField(7, b ? 1 : 0)
        }
        return value.bytes
    }
}

/// A layer's key or value table: each value numbered in the order first seen.
private struct NumberedValues<Value: Hashable> {
    private(set) var list: [Value] = []
    private var numbers: [Value: UInt32] = [:]

    mutating func number(of value: Value) -> UInt32 {
        if let n = numbers[value] { return n }
        let n = UInt32(list.count)
        list.append(value)
        numbers[value] = n
        return n
    }
}
