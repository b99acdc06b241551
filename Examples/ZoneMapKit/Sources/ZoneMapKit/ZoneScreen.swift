import Foundation
import ZoneClient

/// A map screen's zones: one client for the app's lifetime, synced at launch and every 15
/// minutes, and the current city's zones on whichever map provider the screen uses.
@MainActor
final class ZoneScreen {
    let client: ZoneClient
    let map: any ZoneMapProvider
    var city = "paris"
    private var updates: Task<Void, Never>?

    init(store: URL, map: any ZoneMapProvider) throws {
        let support = try FileManager.default.url(
            for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil, create: true)
        client = ZoneClient(store: store, cache: support.appendingPathComponent("zones", isDirectory: true))
        self.map = map
    }

    /// At launch: what the cache has (nothing before the first sync), then the syncs.
    func start() {
        Task { await reload() }
        updates = Task { [client] in await keepZonesCurrent(client) { [weak self] in await self?.reload() } }
    }

    func stop() { updates?.cancel() }  // a sync cancelled halfway leaves the cache as it was

    func reload() async {
        guard let layers = try? await client.zoneLayers(city: city) else { return }
        map.show(zoneLayers: layers)
    }
}
