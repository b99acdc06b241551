import Foundation
import ZoneClientCore
import ZonePipeline

/// A store zonectl reads as an ObjectStore (an S3 prefix, through S3Upload's signed client) as
/// the client's transport (sync, clusters). Each blocking GET runs on a dispatch queue, not on a task's thread. S3 has no
/// If-None-Match on a plain GET here, so a poll compares the ETag itself.
public struct ObjectStoreTransport: ZoneTransport {
    public let store: any ObjectStore

    public init(store: any ObjectStore) { self.store = store }

    public func get(_ request: ZoneRequest) async throws(ZoneClientError) -> ZoneResponse {
        if Task.isCancelled { throw .cancelled }
        let store = store
        let result = await withCheckedContinuation {
            (done: CheckedContinuation<Result<StoredObject?, any Error>, Never>) in
            DispatchQueue.global().async { done.resume(returning: Result { try store.get(request.key) }) }
        }
        let stored: StoredObject?
        do { stored = try result.get() } catch {
            throw .unreachable(key: request.key, reason: "\(error)")
        }
        guard let stored else { return ZoneResponse(status: 404) }
        return ZoneResponse(serving: stored.bytes, etag: stored.etag, for: request)
    }
}
