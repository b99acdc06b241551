#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A map's visible region as MapKit describes it (`MKCoordinateRegion`: a centre and spans in
/// degrees), which has no zoom level: ``zoom(viewWidth:)`` derives it from the view's width.
public struct ZoneRegion: Sendable, Equatable {
    /// The centre's latitude.
    public var centerLatitude: Double
    /// The centre's longitude.
    public var centerLongitude: Double
    /// The height in degrees of latitude.
    public var latitudeDelta: Double
    /// The width in degrees of longitude.
    public var longitudeDelta: Double

    /// A region.
    public init(centerLatitude: Double, centerLongitude: Double, latitudeDelta: Double, longitudeDelta: Double) {
        self.centerLatitude = centerLatitude
        self.centerLongitude = centerLongitude
        self.latitudeDelta = latitudeDelta
        self.longitudeDelta = longitudeDelta
    }

    /// The zoom of a map of 256-pixel tiles that shows `longitudeDelta` degrees across a view
    /// `viewWidth` points wide: log2(360 · width / (256 · longitudeDelta)), as MapKit and
    /// Google Maps count zooms.
    public func zoom(viewWidth: Double) -> Double {
        log2(360 * viewWidth / (256 * max(longitudeDelta, 1e-12)))
    }

    /// The region's box; west > east when it crosses 180°, and the whole width of the world
    /// when it spans 360° or more.
    public var bbox: ZoneBBox {
        let south = max(-90, centerLatitude - latitudeDelta / 2)
        let north = min(90, centerLatitude + latitudeDelta / 2)
        if longitudeDelta >= 360 { return ZoneBBox(west: -180, south: south, east: 180, north: north) }
        return ZoneBBox(
            west: ZoneViewport.wrap(centerLongitude - longitudeDelta / 2), south: south,
            east: ZoneViewport.wrap(centerLongitude + longitudeDelta / 2), north: north)
    }
}

/// A query box made plain: longitudes brought into [-180, 180], latitudes clamped, and a box
/// across 180° split in two (`[w, 180]` and `[-180, e]`), as supercluster's `getClusters` does.
enum ZoneViewport {
    static func parts(_ box: ZoneBBox) -> [ZoneBBox] {
        let south = max(-90, min(box.south, box.north))
        let north = min(90, max(box.south, box.north))
        if box.east - box.west >= 360 { return [ZoneBBox(west: -180, south: south, east: 180, north: north)] }
        let west = wrap(box.west)
        let east = box.east == 180 ? 180 : wrap(box.east)
        guard west > east else { return [ZoneBBox(west: west, south: south, east: east, north: north)] }
        return [
            ZoneBBox(west: west, south: south, east: 180, north: north),
            ZoneBBox(west: -180, south: south, east: east, north: north),
        ]
    }

    /// A longitude in [-180, 180).
    static func wrap(_ longitude: Double) -> Double {
        guard longitude < -180 || longitude >= 180 else { return longitude }
        let w = (longitude + 180).truncatingRemainder(dividingBy: 360)
        return (w < 0 ? w + 360 : w) - 180
    }
}
