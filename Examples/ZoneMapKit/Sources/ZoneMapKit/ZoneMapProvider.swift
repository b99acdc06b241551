import ZoneClient

/// What the app's map screen calls, whatever SDK draws the map: one implementation per SDK
/// (MapKit in MapKitZoneProvider.swift; Google Maps and MapLibre in docs/CLIENT.md).
@MainActor
protocol ZoneMapProvider {
    /// Draws one city's `zoneLayers` (in draw order) in place of the zones shown before.
    func show(zoneLayers: [ZoneLayer])
}
