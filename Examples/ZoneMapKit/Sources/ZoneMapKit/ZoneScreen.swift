import Foundation
import ZoneClient

/// The zones of a map screen: one client for the app's lifetime, synced at launch and every
/// 15 minutes, and the current city's zones on whichever map provider the screen uses.
@MainActor
final class ZoneScreen {
    let client: ZoneClient
    let map: any ZoneMapProvider
    var city = "paris"
    private var updates: Task<Void, Never>?

    init(store: URL, map: any ZoneMapProvider) throws {
        // A directory only the client writes: it refuses one holding other files.
        let support = try FileManager.default.url(
            for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil, create: true)
        client = ZoneClient(store: store, cache: support.appendingPathComponent("zones", isDirectory: true))
        self.map = map
    }

    /// At launch: the zones the cache has (none before the first sync), then syncs until ``stop()``.
    func start() {
        Task { await reload() }
        updates = Task { [client] in
            await keepZonesCurrent(client) { [weak self] in await self?.reload() }
        }
    }

    /// Cancels the syncs; one cancelled halfway leaves the cache at the version it had.
    func stop() {
        updates?.cancel()
    }

    func reload() async {
        guard let layers = try? await client.zoneLayers(city: city) else { return }
        map.show(zoneLayers: layers)
    }
}
