import ZoneGeometry

/// One zone to tile: a (city, style) group of the build with its final geometry in longitude and
/// latitude (valid; a city's zones do not overlap and share their borders exactly; a city that
/// crosses ±180° comes split there). Its tile features carry `city` and `style`.
package struct TileZone: Sendable {
    package var city: String
    package var style: String
    package var geometry: PolygonalGeometry

    package init(city: String, style: String, geometry: PolygonalGeometry) {
        (self.city, self.style, self.geometry) = (city, style, geometry)
    }
}
