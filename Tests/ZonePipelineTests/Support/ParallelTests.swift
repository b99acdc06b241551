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

    /// The tiler's zooms hand each city to the next through slots: a value taken is the
    /// taker's alone, so it is let go when the taker is done with it, not when the map is.
    @Test func aTakenSlotLetsItsValueGo() {
        final class Box: Sendable {
            let value: Int
            init(_ value: Int) { self.value = value }
        }
        struct Watch { weak var box: Box? }
        var boxes = (0..<100).map { Box($0) }
        let watched = boxes.map { Watch(box: $0) }
        let slots = ResultSlots(boxes)
        boxes = []
        let values = parallelMap(count: 100, jobs: 2) { i in slots.take(at: i)?.value ?? -1 }
        #expect(values == Array(0..<100))
        #expect(watched.allSatisfy { $0.box == nil })
        #expect((0..<100).allSatisfy { slots.take(at: $0) == nil })
    }

    /// The tile stage gives glibc's free pages back between zooms; a build for glibc that
    /// compiled the call out (the C library's macro unseen) would keep them.
    @Test func freeMemoryIsGivenBackWhereTheCLibraryCan() {
        #if canImport(Glibc)
            #expect(releaseFreeMemory())
        #else
            #expect(!releaseFreeMemory())
        #endif
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
