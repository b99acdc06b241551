/// The ETag of the cached manifest, with the SHA-256 of the manifest it belongs to: a state that
/// does not match the cached manifest (a sync killed between the two writes) is ignored, so a 304
/// is only ever trusted for the manifest the cache holds.
struct SyncState {
    var etag: String?
    var manifestSHA256: String

    /// The state of `directory`, when it belongs to `manifest` (the cached manifest's bytes).
    static func read(_ directory: CacheDirectory, manifest: [UInt8]) -> SyncState? {
        guard let bytes = try? directory.read(ZoneSync.stateName) else { return nil }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count >= 2, String(lines[0]) == sha256Hex(manifest) else { return nil }
        return SyncState(etag: lines[1].isEmpty ? nil : String(lines[1]), manifestSHA256: String(lines[0]))
    }

    /// Writes the state (best effort: a missing state costs one full manifest fetch).
    func write(_ directory: CacheDirectory) {
        try? directory.store(ZoneSync.stateName, Array("\(manifestSHA256)\n\(etag ?? "")\n".utf8))
    }
}
