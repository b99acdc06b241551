import Foundation
import S3Upload

/// An `S3ClientEnvironment` for retry tests: the clock advances one second per signature (so
/// every attempt carries its own X-Amz-Date), the jitter fraction is fixed, and sleeps are
/// recorded and skipped, so long backoffs cost no time.
final class RecordingEnvironment: @unchecked Sendable {
    private let lock = NSLock()
    private let start = Date()
    private let fraction: Double
    private var signatures = 0
    private var recordedSleeps: [Duration] = []

    init(fraction: Double = 0.5) { self.fraction = fraction }

    /// The backoffs the client waited for (when no other transfer was running).
    var sleeps: [Duration] { lock.withLock { recordedSleeps } }

    var environment: S3ClientEnvironment {
        S3ClientEnvironment(
            now: { [self] in
                lock.withLock {
                    signatures += 1
                    return start.addingTimeInterval(Double(signatures))
                }
            },
            randomFraction: { [fraction] in fraction },
            sleep: { [self] duration in lock.withLock { recordedSleeps.append(duration) } })
    }
}
