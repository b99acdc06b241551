import Foundation
import ZoneFormats

/// A directory used as an object store, with S3's layout and conditional-write semantics.
///
/// Objects are written to a temporary file beside their final name and renamed into place, so a
/// reader never sees half an object. The tag of an object is the SHA-256 of its bytes.
/// Conditional writes hold an exclusive lock (flock on `.zonectl-store.lock`) across the
/// check and the rename, so two publishers racing on one directory cannot both win.
/// Metadata is kept beside each object as `<key>.meta.json` under `.meta/`. The temporary
/// files of a writer killed before its rename are removed by the next publish.
public struct LocalStore: ObjectStore {
    public let root: String

    public init(root: String) {
        self.root = root.hasPrefix("file://") ? String(root.dropFirst("file://".count)) : root
    }

    public var name: String { root }

    func url(_ key: String) -> URL { URL(fileURLWithPath: root).appendingPathComponent(key) }
    func metaURL(_ key: String) -> URL {
        URL(fileURLWithPath: root).appendingPathComponent(".meta").appendingPathComponent(key + ".json")
    }

    public func get(_ key: String) throws(StoreError) -> StoredObject? {
        guard let data = FileManager.default.contents(atPath: url(key).path) else {
            if FileManager.default.fileExists(atPath: url(key).path) { throw .failed(key: key, message: "cannot read") }
            return nil
        }
        let bytes = [UInt8](data)
        let meta = FileManager.default.contents(atPath: metaURL(key).path).flatMap {
            try? JSONDecoder().decode(StoredMetadata.self, from: $0)
        }
        return StoredObject(bytes: bytes, etag: sha256Hex(bytes), metadata: meta?.metadata)
    }

    public func put(_ uploads: [ObjectUpload], condition: WriteCondition?) throws(StoreError) -> [Bool] {
        do {
            return try withLock { () throws(StoreError) in
                var written: [Bool] = []
                for upload in uploads {
                    let path = url(upload.key).path
                    switch condition {
                    case .absent?:
                        if FileManager.default.fileExists(atPath: path) {
                            written.append(false)
                            continue
                        }
                    case .matches(let tag)?:
                        guard let current = try get(upload.key), current.etag == tag else {
                            throw .preconditionFailed(key: upload.key)
                        }
                    case nil:
                        break
                    }
                    try write(upload.bytes, to: url(upload.key), key: upload.key)
                    let meta = (try? JSONEncoder().encode(StoredMetadata(upload.metadata))) ?? Data()
                    try write([UInt8](meta), to: metaURL(upload.key), key: upload.key)
                    written.append(true)
                }
                return written
            }
        }
    }

    public func list(prefix: String) throws(StoreError) -> [String] {
        let base = URL(fileURLWithPath: root)
        guard let walker = FileManager.default.enumerator(atPath: base.path) else { return [] }
        var keys: [String] = []
        while let relative = walker.nextObject() as? String {
            if relative.hasPrefix(".") {
                walker.skipDescendants()
                continue
            }
            var isDirectory: ObjCBool = false
            if relative.hasPrefix(prefix),
                FileManager.default.fileExists(
                    atPath: base.appendingPathComponent(relative).path, isDirectory: &isDirectory),
                !isDirectory.boolValue, !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") })
            {
                keys.append(relative)
            }
        }
        return keys.sorted()
    }

    public func delete(_ keys: [String]) throws(StoreError) {
        for key in keys {
            try? FileManager.default.removeItem(at: metaURL(key))
            do {
                if FileManager.default.fileExists(atPath: url(key).path) {
                    try FileManager.default.removeItem(at: url(key))
                }
            } catch {
                throw .failed(key: key, message: "cannot delete: \(error.localizedDescription)")
            }
        }
    }

    /// Writes aside (`.<name>.<UUID>`, which ``removeLeftovers()`` knows), then renames into place.
    private func write(_ bytes: [UInt8], to target: URL, key: String) throws(StoreError) {
        let fm = FileManager.default
        let temporary = target.deletingLastPathComponent().appendingPathComponent(
            ".\(target.lastPathComponent).\(UUID().uuidString)")
        do {
            try fm.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: temporary)
            guard rename(temporary.path, target.path) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        } catch {
            try? fm.removeItem(at: temporary)
            throw .failed(key: key, message: "cannot write: \(error.localizedDescription)")
        }
    }

    /// Runs `body` holding the store's exclusive lock.
    func withLock<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        do {
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        } catch {
            throw .failed(key: root, message: "cannot create the store directory: \(error.localizedDescription)")
        }
        let fd = open(root + "/.zonectl-store.lock", O_CREAT | O_RDWR, 0o644)
        guard fd >= 0 else { throw .failed(key: ".zonectl-store.lock", message: "cannot open the lock file") }
        defer { close(fd) }
        guard flock(fd, LOCK_EX) == 0 else { throw .failed(key: ".zonectl-store.lock", message: "cannot lock") }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }
}

/// Metadata as kept beside a local object.
private struct StoredMetadata: Codable {
    var contentType: String
    var contentEncoding: String?
    var cacheControl: String

    init(_ m: ObjectMetadata) {
        (contentType, contentEncoding, cacheControl) = (m.contentType, m.contentEncoding, m.cacheControl)
    }
    var metadata: ObjectMetadata {
        ObjectMetadata(contentType: contentType, contentEncoding: contentEncoding, cacheControl: cacheControl)
    }
}
