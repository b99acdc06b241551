import Foundation

/// The result of an async call, waited for on this (synchronous) thread: the CLI's commands
/// run synchronously and call the client's async API through this. Never call it on a task.
func awaitBlocking<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    Task {
        do {
            box.result = .success(try await body())
        } catch {
            box.result = .failure(error)
        }
        done.signal()
    }
    done.wait()
    return try box.result!.get()
}

/// Hands a result from the task to the waiting thread (the semaphore orders the accesses).
private final class ResultBox<T: Sendable>: @unchecked Sendable {
    var result: Result<T, any Error>?
}
