/// Bytes as a dictionary key, hashed once when made and in bulk: an array of bytes as a key
/// hashes byte by byte at every lookup, which showed in the profile of a tile build that looks
/// up every tile's bytes to store repeated tiles once.
package struct HashedBytes: Hashable, Sendable {
    package let bytes: [UInt8]
    private let hash: Int

    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
        hash = bytes.withUnsafeBytes { buffer in
            var h = Hasher()
            h.combine(bytes: buffer)
            return h.finalize()
        }
    }

    package func hash(into hasher: inout Hasher) { hasher.combine(hash) }
    package static func == (a: HashedBytes, b: HashedBytes) -> Bool { a.hash == b.hash && a.bytes == b.bytes }
}
