/// A bounding box in degrees (WGS 84). West greater than east means the box crosses the
/// antimeridian (180°). Encoded as the GeoJSON `[west, south, east, north]`.
public struct ZoneBBox: Sendable, Equatable, Hashable, Codable {
    /// The western edge (longitude).
    public var west: Double
    /// The southern edge (latitude).
    public var south: Double
    /// The eastern edge (longitude); less than `west` across 180°.
    public var east: Double
    /// The northern edge (latitude).
    public var north: Double

    /// A box.
    public init(west: Double, south: Double, east: Double, north: Double) {
        self.west = west
        self.south = south
        self.east = east
        self.north = north
    }

    /// True when the box crosses the antimeridian (`west > east`).
    public var crossesAntimeridian: Bool { west > east }

    /// True when (`longitude`, `latitude`) is inside the closed box.
    public func contains(longitude: Double, latitude: Double) -> Bool {
        guard south <= latitude, latitude <= north else { return false }
        return crossesAntimeridian ? longitude >= west || longitude <= east : west <= longitude && longitude <= east
    }

    /// Reads `[west, south, east, north]`.
    public init(from decoder: any Decoder) throws {
        var c = try decoder.unkeyedContainer()
        let values = [
            try c.decode(Double.self), try c.decode(Double.self), try c.decode(Double.self), try c.decode(Double.self),
        ]
        guard c.isAtEnd else {
            throw DecodingError.dataCorruptedError(in: c, debugDescription: "a bbox has four numbers")
        }
        (west, south, east, north) = (values[0], values[1], values[2], values[3])
    }

    /// Writes `[west, south, east, north]`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.unkeyedContainer()
        for value in [west, south, east, north] { try c.encode(value) }
    }
}
