/// Runs `work(i)` for every i in `0..<count`, at most `limit` at once on a task group, and hands
/// each result to `arrived` on the calling task as it comes (in any order); a new one starts as
/// each arrives. The first error of either ends the group.
func forEachConcurrently<T: Sendable>(
    _ count: Int, limit: Int, _ work: @escaping @Sendable (Int) async throws -> T,
    arrived: (Int, T) throws -> Void
) async throws {
    try await withThrowingTaskGroup(of: (Int, T).self) { group in
        var next = 0
        func start() {
            let i = next
            next += 1
            group.addTask { (i, try await work(i)) }
        }
        while next < min(limit, count) { start() }
        while let (i, value) = try await group.next() {
            try arrived(i, value)
            if next < count { start() }
        }
    }
}
