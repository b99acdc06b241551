internal import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The file operations of a client cache: whole files written under a temporary name, flushed
/// to disk and renamed (a reader, or a process killed halfway, sees the old file or the new one,
/// never part of one), and the listing the sync prunes from.
struct CacheDirectory {
    /// Suffix of a file being written; a leftover from a killed sync is removed by the next one.
    static let temporarySuffix = ".zonectl-partial"

    let root: String

    func path(_ key: String) -> String { root + "/" + key }

    /// The file's bytes, nil when it does not exist.
    func read(_ key: String) throws(ZoneClientError) -> [UInt8]? {
        do {
            return try DirectoryStore(root: root).object(key)
        } catch {
            throw .cache(path: path(key), reason: error.description)
        }
    }

    /// Writes `bytes` to `key` atomically: temporary file, fsync, rename, fsync of the directory.
    func store(_ key: String, _ bytes: [UInt8]) throws(ZoneClientError) {
        let target = path(key)
        let directory = String(target[..<(target.lastIndex(of: "/") ?? target.startIndex)])
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw .cache(path: directory, reason: "cannot create: \(error.localizedDescription)")
        }
        let temporary = target + Self.temporarySuffix
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .cache(path: temporary, reason: Self.errnoText()) }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, $0.count - written) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                let reason = Self.errnoText()
                close(fd)
                unlink(temporary)
                throw .cache(path: temporary, reason: reason)
            }
            written += n
        }
        let synced = fsync(fd) == 0
        close(fd)
        guard synced, rename(temporary, target) == 0 else {
            let reason = Self.errnoText()
            unlink(temporary)
            throw .cache(path: target, reason: reason)
        }
        Self.syncDirectory(directory)
    }

    /// Removes `key`'s file, then its directories left empty; false when there was no file.
    @discardableResult
    func remove(_ key: String) throws(ZoneClientError) -> Bool {
        guard unlink(path(key)) == 0 else {
            guard errno == ENOENT || errno == ENOTDIR else { throw .cache(path: path(key), reason: Self.errnoText()) }
            return false
        }
        var parts = key.split(separator: "/").dropLast()
        while !parts.isEmpty, rmdir(path(parts.joined(separator: "/"))) == 0 { parts = parts.dropLast() }
        return true
    }

    /// An exclusive `flock` on `name` below the root, held until the returned descriptor is closed.
    func lock(_ name: String) throws(ZoneClientError) -> Int32 {
        do {
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        } catch {
            throw .cache(path: root, reason: "cannot create: \(error.localizedDescription)")
        }
        let fd = open(path(name), O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .cache(path: path(name), reason: Self.errnoText()) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            close(fd)
            throw .cache(path: root, reason: "another sync is using this cache")
        }
        return fd
    }

    /// fsync of a directory, so that a rename in it survives a power loss.
    private static func syncDirectory(_ path: String) {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) }
}
