import ZoneClient

/// Keeps the cached zones current: a sync now, then one every `interval` seconds, until the task
/// running it is cancelled. `changed` runs after each sync that brought a new version.
func keepZonesCurrent(
    _ client: ZoneClient, every interval: Double = 15 * 60, changed: @escaping @MainActor () async -> Void
) async {
    while !Task.isCancelled {
        do throws(ZoneClientError) {
            let report = try await client.sync { progress in
                // Runs on the sync's task as files arrive; hop to the main actor to show it.
                print("zones: \(progress.objectsDone)/\(progress.objectsTotal) files, \(progress.bytesDone) bytes")
            }
            if report.updated { await changed() }
        } catch {
            switch error {
            case .offline, .httpStatus:
                break  // no network, or the store said 503 (or 401…): the cached zones stay, try later
            case .corrupt(let key, let reason):
                print("zones: \(key) failed its check (\(reason)); the cache keeps its last good version")
            case .cache(let path, let reason):
                print("zones: cannot write \(path): \(reason)")  // the disk is full, …
            case .notACache(let path):
                print("zones: \(path) holds files zonectl did not write; give the client a directory of its own")
                return
            case .cancelled:
                return  // the cache is at the version it had
            default:
                print("zones: \(error)")
            }
        }
        do { try await Task.sleep(nanoseconds: UInt64(interval * 1_000_000_000)) } catch { return }
    }
}
