import ZoneClient

/// A sync now, then one every `interval` seconds, until the task running it is cancelled.
/// `changed` runs after each sync that brought a new version.
func keepZonesCurrent(
    _ client: ZoneClient, every interval: Double = 15 * 60, changed: @escaping @MainActor () async -> Void
) async {
    while !Task.isCancelled {
        do throws(ZoneClientError) {
            let report = try await client.sync { progress in  // called on the sync's task
                print("zones: \(progress.objectsDone)/\(progress.objectsTotal) files, \(progress.bytesDone) bytes")
            }
            if report.updated { await changed() }
        } catch {
            switch error {
            case .offline, .httpStatus:
                break  // no network, or the store said 503 (or 401…): keep the cached zones, try later
            case .corrupt(let key, let reason):
                print("zones: \(key) failed its check (\(reason)); the cache keeps its last good version")
            case .cache(let path, let reason):
                print("zones: cannot write \(path): \(reason)")  // the disk is full, …
            case .notACache(let path):
                print("zones: \(path) holds files zonectl did not write: give the client its own directory")
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
