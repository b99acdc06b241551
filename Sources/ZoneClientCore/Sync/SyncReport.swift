/// What one ``ZoneSync/run(progress:)`` did.
public struct SyncReport: Sendable, Equatable, Codable {
    /// The cached version before the run (nil: an empty cache).
    public var from: String?
    /// The cached version after it.
    public var to: String?
    /// The keys fetched and written, in manifest order.
    public var fetched: [String] = []
    /// The keys removed because the new manifest does not name them.
    public var removed: [String] = []
    /// The objects of the cached version fetched again (missing or damaged in the cache), in
    /// manifest order; each is in ``fetched`` too.
    public var repaired: [SyncRepair] = []
    /// Bytes fetched: the stored size of each object fetched (what the wire carries; a transport
    /// may hand them over decoded) and the manifest's (0 after a 304).
    public var bytesFetched = 0

    /// True when the cache changed version.
    public var updated: Bool { from != to }

    /// A report.
    public init(
        from: String?, to: String?, fetched: [String] = [], removed: [String] = [], repaired: [SyncRepair] = [],
        bytesFetched: Int = 0
    ) {
        self.from = from
        self.to = to
        self.fetched = fetched
        self.removed = removed
        self.repaired = repaired
        self.bytesFetched = bytesFetched
    }
}
