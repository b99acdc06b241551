import Foundation
import Synchronization
import Testing

@testable import ZonePipeline
@testable import ZoneSupport

/// The build's parallel helpers: results in index order, and real parallelism, also for a
/// parallel map run beside another job (`concurrently`), as the build runs its cities beside
/// the style table. A nested `concurrentPerform` runs serially, which once made the whole
/// build single-threaded without changing a byte of its output.
@Suite struct ParallelTests {
    /// Two tasks that each wait (up to 60 s: other suites may hold the dispatch pool's threads
    /// for a while) until both have started: true only when they ran at the same time.
    static func bothRanAtOnce() -> Bool {
        let started = Atomic<Int>(0)
        let met = parallelMap(count: 2, jobs: 2) { _ in
            started.add(1, ordering: .sequentiallyConsistent)
            let deadline = Date().addingTimeInterval(60)
            while started.load(ordering: .sequentiallyConsistent) < 2 && Date() < deadline { usleep(100) }
            return started.load(ordering: .sequentiallyConsistent) == 2
        }
        return met.allSatisfy { $0 }
    }

    @Test func resultsComeInIndexOrder() {
        let squares = parallelMap(count: 1000, jobs: 2, weights: (0..<1000).map { $0 % 7 }) { i in i * i }
        #expect(squares == (0..<1000).map { $0 * $0 })
    }

    @Test(.enabled(if: defaultJobs >= 2, "needs two cores")) func aParallelMapRunsInParallel() {
        #expect(Self.bothRanAtOnce())
    }

    @Test(.enabled(if: defaultJobs >= 2, "needs two cores")) func aParallelMapBesideAnotherJobStillRunsInParallel() {
        let (parallel, side) = concurrently({ Self.bothRanAtOnce() }, { (1...100).reduce(0, +) })
        #expect(parallel)
        #expect(side == 5050)
    }
}
