extension ZoneClient {
    /// A client's settings.
    public struct Configuration: Sendable, Equatable {
        /// The encodings downloaded, preferred first (the cache keeps decoded files either way).
        public var encodings: [ZoneEncoding]
        /// Whether each sync re-hashes every cached file (else it compares sizes).
        public var verify: Bool
        /// How many objects a sync fetches at once.
        public var concurrentFetches: Int
        /// The bytes of lookup indexes kept in memory; past it, the least recently used city's
        /// index is dropped (and built again when asked for). The default, 64 MiB, holds a few
        /// large cities (an index takes about 70 bytes per vertex).
        public var indexBudgetBytes: Int
        /// Which point files a sync fetches: the band files (zooms 0 to 12; the default), the
        /// rest on first use by ``ZoneClient/clusters(layer:in:zoom:tileSize:)``; or all of them.
        public var points: ZonePointSync
        /// The disk bytes of point files fetched on first use that the cache keeps; past it, the
        /// least recently used are removed (and fetched again when a viewport needs them).
        /// Default 64 MiB.
        public var pointDiskBudgetBytes: Int
        /// The bytes of parsed point files kept in memory. Default 32 MiB.
        public var pointMemoryBudgetBytes: Int

        /// Settings; every argument has the default described on its property.
        public init(
            encodings: [ZoneEncoding] = ZoneEncoding.preferred, verify: Bool = false, concurrentFetches: Int = 6,
            indexBudgetBytes: Int = 64 << 20, points: ZonePointSync = .onDemand, pointDiskBudgetBytes: Int = 64 << 20,
            pointMemoryBudgetBytes: Int = 32 << 20
        ) {
            self.points = points
            self.pointDiskBudgetBytes = pointDiskBudgetBytes
            self.pointMemoryBudgetBytes = pointMemoryBudgetBytes
            self.encodings = encodings
            self.verify = verify
            self.concurrentFetches = concurrentFetches
            self.indexBudgetBytes = indexBudgetBytes
        }
    }
}
