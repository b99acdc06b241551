#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A store in a local directory: a published local store, a client's cache, or a build's
/// output (`dist/`), all of which hold `manifest.json` and each object at its key.
public struct DirectoryStore: ZoneStore {
    /// The directory (a `file://` prefix is removed).
    public let root: String

    /// The store at `root`, a directory path or `file://` URL.
    public init(root: String) {
        self.root = root.hasPrefix("file://") ? String(root.dropFirst("file://".count)) : root
    }

    /// The file's bytes; nil when there is no such file. Keys with `..` segments are refused.
    public func object(_ key: String) throws(ZoneClientError) -> [UInt8]? {
        guard !key.split(separator: "/").contains("..") else {
            throw .unreadable(key: key, reason: "key leaves the store")
        }
        let path = root.hasSuffix("/") ? root + key : root + "/" + key
        guard let file = fopen(path, "rb") else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw .unreadable(key: key, reason: String(cString: strerror(errno)))
        }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if n > 0 { bytes.append(contentsOf: chunk[..<n]) }
            if n < chunk.count { break }
        }
        guard ferror(file) == 0 else { throw .unreadable(key: key, reason: "read error") }
        return bytes
    }
}
