import Foundation

/// The clock, randomness and sleeping an `S3Client` uses, injectable so that tests can pin the
/// signing time and observe or skip backoffs.
public struct S3ClientEnvironment: Sendable {
    /// The signing time of an attempt (each attempt is signed again).
    public var now: @Sendable () -> Date
    /// A uniform random fraction in [0, 1): the jitter of a backoff.
    public var randomFraction: @Sendable () -> Double
    /// Waits for a backoff when no other transfer is running (otherwise the wait overlaps
    /// with the running transfers and happens inside `curl_multi_poll`).
    public var sleep: @Sendable (Duration) -> Void

    /// An environment from its parts.
    public init(
        now: @escaping @Sendable () -> Date, randomFraction: @escaping @Sendable () -> Double,
        sleep: @escaping @Sendable (Duration) -> Void
    ) {
        self.now = now
        self.randomFraction = randomFraction
        self.sleep = sleep
    }

    /// The system clock, `Double.random(in: 0..<1)` and `Thread.sleep`.
    public static let live = S3ClientEnvironment(
        now: { Date() },
        randomFraction: { Double.random(in: 0..<1) },
        sleep: { duration in
            let (seconds, attoseconds) = duration.components
            Thread.sleep(forTimeInterval: Double(seconds) + Double(attoseconds) / 1e18)
        })
}
