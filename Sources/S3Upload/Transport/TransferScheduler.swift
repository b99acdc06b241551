/// Runs a batch of requests through one `CurlMulti`: at most `concurrency` transfers at once,
/// each failed attempt that may be retried queued again after its backoff, results in the
/// order of the requests.
struct TransferScheduler {
    var concurrency: Int
    var policy: RetryPolicy
    var environment: S3ClientEnvironment
    /// Builds (and signs) attempt `attempt` of request `index`.
    var makeTransfer: (_ index: Int, _ attempt: Int) throws(S3Error) -> CurlTransfer

    private struct Queued {
        var index: Int
        var attempt: Int
        var due: ContinuousClock.Instant
    }

    /// The results of requests 0..<count.
    func run(count: Int) -> [Result<S3Response, S3Error>] {
        var results = [Result<S3Response, S3Error>?](repeating: nil, count: count)
        let clock = ContinuousClock()
        var queue = (0..<count).map { Queued(index: $0, attempt: 1, due: clock.now) }
        do throws(S3Error) {
            let multi = try CurlMulti()
            while true {
                start(&queue, on: multi, results: &results, now: clock.now)
                if multi.count == 0 {
                    guard let next = queue.indices.min(by: { queue[$0].due < queue[$1].due }) else { break }
                    let wait = queue[next].due - clock.now
                    if wait > .zero { environment.sleep(wait) }
                    queue[next].due = clock.now  // due now, even if an injected sleep returned early
                    continue
                }
                try multi.perform()
                let finished = try multi.finished()
                for (transfer, code) in finished {
                    settle(transfer, outcome: transfer.outcome(code), queue: &queue, results: &results, now: clock.now)
                }
                if finished.isEmpty, multi.count > 0 {
                    try multi.poll(timeoutMilliseconds: pollTimeout(queue, running: multi.count, now: clock.now))
                }
            }
        } catch {
            // A multi-handle failure ends the batch: everything unfinished fails with it.
            for index in results.indices where results[index] == nil { results[index] = .failure(error) }
        }
        return results.map { $0 ?? .failure(.invalidResponse("the transfer did not finish")) }
    }

    /// Adds due attempts while there is room; an attempt that cannot be set up fails its request.
    private func start(
        _ queue: inout [Queued], on multi: CurlMulti, results: inout [Result<S3Response, S3Error>?],
        now: ContinuousClock.Instant
    ) {
        while multi.count < concurrency, let position = queue.firstIndex(where: { $0.due <= now }) {
            let item = queue.remove(at: position)
            do throws(S3Error) {
                try multi.add(try makeTransfer(item.index, item.attempt))
            } catch {
                results[item.index] = .failure(error)
            }
        }
    }

    /// Records the outcome of an attempt, or queues the next attempt after a backoff.
    private func settle(
        _ transfer: CurlTransfer, outcome: Result<S3Response, S3Error>, queue: inout [Queued],
        results: inout [Result<S3Response, S3Error>?], now: ContinuousClock.Instant
    ) {
        let error: S3Error
        switch outcome {
        case .success(let response) where response.isSuccess:
            results[transfer.index] = .success(response)
            return
        case .success(let response):
            error = response.error
        case .failure(let failure):
            error = failure
        }
        guard RetryPolicy.isRetryable(error) else {
            results[transfer.index] = .failure(error)
            return
        }
        guard transfer.attempt < policy.maxAttempts else {
            results[transfer.index] = .failure(
                transfer.attempt > 1 ? .retriesExhausted(attempts: transfer.attempt, last: error) : error)
            return
        }
        let backoff = policy.backoff(afterFailedAttempts: transfer.attempt, fraction: environment.randomFraction())
        queue.append(Queued(index: transfer.index, attempt: transfer.attempt + 1, due: now + backoff))
    }

    /// Up to one second, less when a queued attempt falls due and could start.
    private func pollTimeout(_ queue: [Queued], running: Int, now: ContinuousClock.Instant) -> Int {
        var timeout = Duration.seconds(1)
        if running < concurrency, let due = queue.map(\.due).min() {
            timeout = max(.zero, min(timeout, due - now))
        }
        let (seconds, attoseconds) = timeout.components
        return Int(seconds) * 1000 + Int((attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    }
}
