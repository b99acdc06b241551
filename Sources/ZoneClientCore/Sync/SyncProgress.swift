/// How far a sync is: the objects it fetches and their stored bytes, reported as each one is
/// checked and written (the first report has nothing done).
public struct SyncProgress: Sendable, Equatable {
    /// Objects fetched, checked and written so far.
    public var objectsDone: Int
    /// Objects this sync fetches.
    public var objectsTotal: Int
    /// Stored bytes of the objects done (as the manifest lists them).
    public var bytesDone: Int
    /// Stored bytes of every object this sync fetches.
    public var bytesTotal: Int

    /// A progress report.
    public init(objectsDone: Int, objectsTotal: Int, bytesDone: Int, bytesTotal: Int) {
        self.objectsDone = objectsDone
        self.objectsTotal = objectsTotal
        self.bytesDone = bytesDone
        self.bytesTotal = bytesTotal
    }

    /// The share done, 0…1 (by bytes; 1 when there is nothing to fetch).
    public var fraction: Double { bytesTotal == 0 ? 1 : Double(bytesDone) / Double(bytesTotal) }
}
