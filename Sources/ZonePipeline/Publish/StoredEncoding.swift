import ZoneFormats

/// What a store holds under a key: the size of the stored (encoded) bytes and, when known,
/// their SHA-256. An artifact's name is the SHA-256 of its content, and a store never
/// overwrites, so a build with another `gzip_level` or `brotli_quality` can name objects the
/// target holds with other bytes: its manifest must then describe the stored ones.
public struct StoredEncoding: Sendable, Equatable {
    public var encodedBytes: Int
    public var encodedSha256: String?

    public init(encodedBytes: Int, encodedSha256: String?) {
        self.encodedBytes = encodedBytes
        self.encodedSha256 = encodedSha256
    }

    /// The size and SHA-256 of `bytes`.
    public init(of bytes: [UInt8]) { self.init(encodedBytes: bytes.count, encodedSha256: sha256Hex(bytes)) }
}

extension Manifest {
    /// Describes each object named in `stored` as stored: its size, and its SHA-256 where this
    /// manifest records one (brotli objects). Contents (`sha256`, `bytes`) are the same by name.
    public mutating func adopt(_ stored: [String: StoredEncoding]) {
        guard !stored.isEmpty else { return }
        if let s = stored[styles.key] {
            styles.encodedBytes = s.encodedBytes
            if styles.encodedSha256 != nil, let sha = s.encodedSha256 { styles.encodedSha256 = sha }
        }
        styles.brotli?.adopt(stored)
        for i in cities.indices {
            if let s = stored[cities[i].key] {
                cities[i].encodedBytes = s.encodedBytes
                if cities[i].encodedSha256 != nil, let sha = s.encodedSha256 { cities[i].encodedSha256 = sha }
            }
            cities[i].brotli?.adopt(stored)
        }
        guard var layers = points else { return }
        for l in layers.indices {
            for c in layers[l].cities.indices {
                layers[l].cities[c].band.adopt(stored)
                for m in layers[l].cities[c].metatiles.indices { layers[l].cities[c].metatiles[m].adopt(stored) }
            }
        }
        points = layers
    }
}

extension Manifest.EncodedArtifact {
    mutating func adopt(_ stored: [String: StoredEncoding]) {
        guard let s = stored[key] else { return }
        encodedBytes = s.encodedBytes
        if let sha = s.encodedSha256 { encodedSha256 = sha }
    }
}

extension Manifest.PointFile {
    mutating func adopt(_ stored: [String: StoredEncoding]) {
        if let s = stored[key] { encodedBytes = s.encodedBytes }
    }
}
