#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// supercluster's projection: longitude and latitude to world units in [0, 1], y down. The
/// pipeline places clusters and metatiles with it and the client finds them with it, so both
/// use this one definition.
public enum WebMercator {
    /// World x of a longitude: 0 at 180° W, 1 at 180° E.
    public static func x(longitude: Double) -> Double { longitude / 360 + 0.5 }

    /// World y of a latitude: 0 at the north edge, 1 at the south, clamped.
    public static func y(latitude: Double) -> Double {
        let s = sin(latitude * .pi / 180)
        let y = 0.5 - 0.25 * log((1 + s) / (1 - s)) / .pi
        return min(max(y, 0), 1)
    }

    /// The longitude of world x.
    public static func longitude(x: Double) -> Double { (x - 0.5) * 360 }

    /// The latitude of world y.
    public static func latitude(y: Double) -> Double {
        let y2 = (180 - y * 360) * .pi / 180
        return 360 * atan(exp(y2)) / .pi - 90
    }
}
