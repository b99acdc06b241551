import Dispatch
import Synchronization

/// Cores a build's workers leave idle, lent to the cities still being built: a worker with no
/// city left (or a build with fewer cities than workers, such as a one-city rebuild) lends its
/// core, and a large city's independent pieces of work (``map(count:chunk:_:)``) run on it too,
/// so one big city does not keep the other cores idle.
///
/// Results never depend on how many cores were lent, or when: the chunks' results come back in
/// chunk order, and each caller's results, joined, are the same wherever the chunks are cut.
package final class IdleCores: Sendable {
    private let idle = Atomic<Int>(0)
    private let lendable: Bool
    /// Chunks are this many times smaller than their callers ask: the tests cut small inputs
    /// into many chunks with it (the results do not depend on the chunks).
    private let chunkDivisor: Int

    package init(chunkDivisor: Int = 1) { (lendable, self.chunkDivisor) = (true, max(1, chunkDivisor)) }

    private init(lendable: Bool) { (self.lendable, chunkDivisor) = (lendable, 1) }

    /// Cores lent and not borrowed at the moment.
    var lent: Int { idle.load(ordering: .acquiring) }

    /// Cores nobody lends: everything runs on the calling thread.
    package static let none = IdleCores(lendable: false)

    /// Lends `n` cores (a worker that has nothing left to do).
    func lend(_ n: Int = 1) {
        if n > 0 && lendable { idle.wrappingAdd(n, ordering: .releasing) }
    }

    /// Takes up to `n` of the lent cores.
    private func borrow(upTo n: Int) -> Int {
        var current = idle.load(ordering: .acquiring)
        while current > 0 && n > 0 {
            let take = min(current, n)
            let (done, seen) = idle.compareExchange(
                expected: current, desired: current - take, ordering: .acquiringAndReleasing)
            if done { return take }
            current = seen
        }
        return 0
    }

    /// `body` of each chunk of `0..<count`, in chunk order: with a core lent, chunks of `chunk`
    /// indices (the last one shorter), run on the calling thread and on the cores lent, each
    /// core taking the next chunk when it is done with one; with none, one chunk of all, on the
    /// calling thread (no results to join). So `body`'s results, joined, must not depend on
    /// where the chunks are cut.
    package func map<Result>(count: Int, chunk: Int, _ body: @escaping @Sendable (Range<Int>) -> Result) -> [Result] {
        precondition(chunk > 0, "chunks of at least one index")
        let chunk = max(1, chunk / chunkDivisor)
        let chunks = (count + chunk - 1) / chunk
        @Sendable func range(_ k: Int) -> Range<Int> { (k * chunk)..<min(count, (k + 1) * chunk) }
        let borrowed = borrow(upTo: chunks - 1)
        guard borrowed > 0 else { return count > 0 ? [body(0..<count)] : [] }
        defer { lend(borrowed) }
        let shared = SharedChunks<Result>(count: chunks)
        let work: @Sendable () -> Void = {
            while true {
                let k = shared.next.wrappingAdd(1, ordering: .relaxed).oldValue
                if k >= chunks { return }
                shared.slots.store(body(range(k)), at: k)
            }
        }
        let helpers = (0..<borrowed).map { _ in ChunkHelper() }
        for helper in helpers { DispatchQueue.global().async { helper.run(work) } }
        work()
        // A helper that has not started by now never will (it may wait for a thread): only
        // the running ones are waited for, so no thread waits on the thread pool.
        for helper in helpers { helper.finishOrCancel() }
        return shared.slots.collect()
    }
}

extension IdleCores {
    /// ``map(count:chunk:_:)`` of chunks that each give an array: the arrays joined in chunk
    /// order (a single chunk's array as it is, not copied).
    package func joinedMap<Element>(count: Int, chunk: Int, _ body: @escaping @Sendable (Range<Int>) -> [Element])
        -> [Element]
    {
        let chunks = map(count: count, chunk: chunk, body)
        if chunks.count == 1 { return chunks[0] }
        // Appended chunk by chunk, each copied whole: a joined sequence is walked element by
        // element, which, unspecialised across modules, looked up type metadata per element.
        var out: [Element] = []
        out.reserveCapacity(chunks.reduce(0) { $0 + $1.count })
        for c in chunks { out.append(contentsOf: c) }
        return out
    }
}

/// The chunks of one ``IdleCores/map(count:chunk:_:)``: the next to take, and the results.
private final class SharedChunks<Result>: Sendable {
    let next = Atomic<Int>(0)
    let slots: ResultSlots<Result>

    init(count: Int) { slots = ResultSlots(count: count) }
}

/// One lent core's part in a map: it runs the work once, unless the map ended before it started.
private final class ChunkHelper: Sendable {
    /// 0: not started; 1: running; 2: done or cancelled.
    private let state = Atomic<Int>(0)
    private let done = DispatchSemaphore(value: 0)

    func run(_ work: @Sendable () -> Void) {
        guard state.compareExchange(expected: 0, desired: 1, ordering: .acquiringAndReleasing).exchanged else { return }
        work()
        state.store(2, ordering: .releasing)
        done.signal()
    }

    /// Returns once the helper is done, or cancels it when it has not started.
    func finishOrCancel() {
        if state.compareExchange(expected: 0, desired: 2, ordering: .acquiringAndReleasing).exchanged { return }
        done.wait()
    }
}
