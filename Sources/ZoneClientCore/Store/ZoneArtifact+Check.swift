extension ZoneArtifact {
    /// Everything wrong with `stored` as `object` (one of ``storedObjects``): its size and, when
    /// listed, its SHA-256, then its encoding, the decoded size and the content's SHA-256. The
    /// content is returned when it decodes, also when a check failed (a reader that reports every
    /// problem, as `zonectl verify` does, goes on; ``unpack(_:from:)`` stops at the first).
    public func check(_ stored: [UInt8], from object: ZoneObject) -> (content: [UInt8]?, problems: [String]) {
        var problems: [String] = []
        if stored.count != object.encodedBytes {
            problems.append("\(stored.count) bytes, the manifest says \(object.encodedBytes)")
        }
        if let expected = object.encodedSha256, sha256Hex(stored) != expected {
            problems.append("sha256 of the stored bytes differs from the manifest")
        }
        guard let raw = object.encoding.decode(stored, sizeHint: bytes) else {
            return (nil, problems + ["not a complete \(object.encoding == .gzip ? "gzip" : "brotli") stream"])
        }
        if raw.count != bytes { problems.append("\(raw.count) bytes uncompressed, the manifest says \(bytes)") }
        if sha256Hex(raw) != sha256 { problems.append("sha256 differs from the manifest") }
        return (raw, problems)
    }
}

extension ZoneEncoding {
    /// The content of `stored`, bytes in this encoding; nil when they are not a complete stream.
    /// The one place a reader chooses its decoder by encoding.
    public func decode(_ stored: [UInt8], sizeHint: Int = 0) -> [UInt8]? {
        switch self {
        case .gzip: Gunzip.decompress(stored, sizeHint: sizeHint)
        case .br: Unbrotli.decompress(stored, sizeHint: sizeHint)
        case .identity: stored
        }
    }
}
