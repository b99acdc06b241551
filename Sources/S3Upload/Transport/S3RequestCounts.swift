import Foundation

/// How many HTTP requests a client has sent, by method: every attempt counts, and the
/// attempts after the first of a request (its retries) are also counted on their own.
public struct S3RequestCounts: Sendable, Equatable {
    /// Requests sent by method ("GET", "PUT", …), retries included.
    public var sent: [String: Int]
    /// Of those, the repeated attempts by method.
    public var retries: [String: Int]

    /// Counts from their parts (empty: nothing sent yet).
    public init(sent: [String: Int] = [:], retries: [String: Int] = [:]) {
        self.sent = sent
        self.retries = retries
    }
}

/// The thread-safe tally behind `S3Client.requestCounts`.
final class RequestCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var counts = S3RequestCounts()

    /// Records attempt `attempt` (from 1) of a request with `method`.
    func record(method: String, attempt: Int) {
        lock.withLock {
            counts.sent[method, default: 0] += 1
            if attempt > 1 { counts.retries[method, default: 0] += 1 }
        }
    }

    var snapshot: S3RequestCounts { lock.withLock { counts } }
}
