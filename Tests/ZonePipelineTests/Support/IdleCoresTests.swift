import Foundation
import Synchronization
import Testing

@testable import ZonePipeline
@testable import ZoneSupport

/// `IdleCores`: cores lent by workers with nothing left, borrowed by a large city's chunks of
/// work. The chunks' results come back in chunk order whatever was lent, the borrowed cores are
/// given back, and a lent core really runs chunks beside the caller.
@Suite struct IdleCoresTests {
    /// With a core lent, chunks of the size asked, in order; with none, one chunk of all.
    @Test func chunksComeBackInOrderWhateverIsLent() {
        for lent in [0, 1, 3] {
            let cores = IdleCores()
            cores.lend(lent)
            let chunks = cores.map(count: 1000, chunk: 7) { $0 }
            let expected = lent == 0 ? [0..<1000] : stride(from: 0, to: 1000, by: 7).map { $0..<min(1000, $0 + 7) }
            #expect(chunks == expected, "\(lent) lent")
            #expect(cores.lent == lent, "the borrowed cores are given back")
        }
        #expect(IdleCores().map(count: 0, chunk: 5) { $0 }.isEmpty)
        let divided = IdleCores(chunkDivisor: 4)
        divided.lend()
        #expect(divided.map(count: 10, chunk: 8) { $0 } == [0..<2, 2..<4, 4..<6, 6..<8, 8..<10])
        #expect(IdleCores.none.map(count: 10, chunk: 3) { $0 } == [0..<10])
    }

    /// Two chunks that each wait (up to 60 s: other suites may hold the dispatch pool's threads
    /// for a while) until both have started: true only when they ran at the same time.
    @Test(.enabled(if: defaultJobs >= 2, "needs two cores")) func aLentCoreRunsChunksBesideTheCaller() {
        let cores = IdleCores()
        cores.lend()
        let started = Atomic<Int>(0)
        let met = cores.map(count: 2, chunk: 1) { _ in
            started.add(1, ordering: .sequentiallyConsistent)
            let deadline = Date().addingTimeInterval(60)
            while started.load(ordering: .sequentiallyConsistent) < 2 && Date() < deadline { usleep(100) }
            return started.load(ordering: .sequentiallyConsistent) == 2
        }
        #expect(met == [true, true])
        #expect(cores.lent == 1)
    }

    @Test func noneLendsNothingAndRunsOnTheCaller() {
        IdleCores.none.lend(4)
        #expect(IdleCores.none.lent == 0)
        let threads = IdleCores.none.map(count: 64, chunk: 1) { _ in UInt(pthread_self()) }
        #expect(threads == [UInt(pthread_self())])
    }

    @Test func aParallelMapLendsTheCoresOfWorkersWithNothingLeft() {
        let cores = IdleCores()
        // Three jobs, one index: two workers never start, and the one that does finishes.
        let out = parallelMap(count: 1, jobs: 3, lending: cores) { $0 + 1 }
        #expect(out == [1])
        #expect(cores.lent == 3)
    }
}
