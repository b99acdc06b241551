import Dispatch
import Foundation
import Synchronization

/// Runs `body` for every index in 0..<count on `jobs` worker threads and returns the results in
/// index order. Each worker first makes its own state with `makeWorker` (for example a GEOS
/// context, which must not be shared), then takes indices from a shared counter, so the result
/// never depends on scheduling.
///
/// With `weights` (one per index, e.g. bytes or vertices), the heaviest indices are taken first,
/// so the last ones to finish are small and the workers end together.
///
/// With `lending`, the cores of workers that find no index left (and of those never started,
/// with fewer indices than jobs) are lent to the bodies still running (``IdleCores``).
package func parallelMap<Worker, Result>(
    count: Int, jobs: Int, weights: [Int]? = nil, lending: IdleCores? = nil,
    makeWorker: @Sendable () -> Worker,
    _ body: @Sendable (inout Worker, Int) -> Result
) -> [Result] {
    let slots = ResultSlots<Result>(count: count)
    let next = Atomic<Int>(0)
    let order = weights.map { w in (0..<count).sorted { (w[$0], $1) > (w[$1], $0) } }
    let workers = max(1, min(jobs, count))
    lending?.lend(jobs - workers)
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
        var worker = makeWorker()
        while true {
            let k = next.wrappingAdd(1, ordering: .relaxed).oldValue
            if k >= count {
                lending?.lend()
                break
            }
            let i = order?[k] ?? k
            slots.store(body(&worker, i), at: i)
        }
    }
    return slots.collect()
}

/// ``parallelMap(count:jobs:weights:lending:makeWorker:_:)`` for work that needs no state of its own.
package func parallelMap<Result>(
    count: Int, jobs: Int, weights: [Int]? = nil, lending: IdleCores? = nil, _ body: @Sendable (Int) -> Result
) -> [Result] {
    parallelMap(count: count, jobs: jobs, weights: weights, lending: lending, makeWorker: {}, { _, i in body(i) })
}

/// One slot per index, each written by exactly one worker before `collect` reads them all; or
/// filled first, each then taken by exactly one worker (``take(at:)``), so a parallel map lets
/// each input go as soon as its index is done rather than when the whole map is.
package final class ResultSlots<Result>: @unchecked Sendable {
    private let buffer: UnsafeMutablePointer<Result?>
    private let count: Int

    init(count: Int) {
        self.count = count
        buffer = .allocate(capacity: max(count, 1))
        buffer.initialize(repeating: nil, count: max(count, 1))
    }

    package convenience init(_ values: [Result]) {
        self.init(count: values.count)
        for (i, value) in values.enumerated() { buffer[i] = value }
    }

    package func store(_ value: Result, at i: Int) { buffer[i] = value }

    /// The value at `i`, its slot emptied (nil when it was empty).
    package func take(at i: Int) -> Result? { buffer[i].take() }

    func collect() -> [Result] {
        (0..<count).compactMap { buffer[$0] }
    }

    deinit {
        buffer.deinitialize(count: max(count, 1))
        buffer.deallocate()
    }
}

/// The number of worker threads to use when the user did not say: every core.
public var defaultJobs: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

/// Runs `first` on this thread and `second` on another, at the same time, and returns both
/// results: a small job beside a parallel map that may leave a core idle (one city to rebuild).
/// (Not two `concurrentPerform` iterations: a `concurrentPerform` nested in one runs serially.)
package func concurrently<A, B>(_ first: () -> A, _ second: @escaping @Sendable () -> B) -> (A, B) {
    let b = ResultSlots<B>(count: 1)
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
        b.store(second(), at: 0)
        done.signal()
    }
    let a = first()
    done.wait()
    return (a, b.collect()[0])
}
