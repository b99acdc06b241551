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

        /// Settings; every argument has the default described on its property.
        public init(
            encodings: [ZoneEncoding] = ZoneEncoding.preferred, verify: Bool = false, concurrentFetches: Int = 6,
            indexBudgetBytes: Int = 64 << 20
        ) {
            self.encodings = encodings
            self.verify = verify
            self.concurrentFetches = concurrentFetches
            self.indexBudgetBytes = indexBudgetBytes
        }
    }
}
