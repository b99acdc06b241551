import Foundation
import ZoneFormats
import ZoneSupport

extension OwnedDirectory {
    typealias Marker = OwnershipMarker

    /// A file to write: its path relative to the directory, its bytes, and the city it is of,
    /// if any (errors name it).
    public struct File: Sendable {
        public var path: String
        /// Empty when ``isAlreadyWritten``.
        public var bytes: [UInt8]
        public var city: String?
        /// What the bytes are known by (equal identities, equal bytes), when anything is: the
        /// marker records it with the file's stamp, so a later write of the same identity to an
        /// untouched file reads nothing (``WrittenFiles``).
        public var identity: String?
        /// The bytes were not read because ``WrittenFiles/holds(_:identity:)`` found them in
        /// place; the write checks that again and fails if the file changed meanwhile.
        public var isAlreadyWritten: Bool

        public init(
            path: String, bytes: [UInt8], city: String? = nil, identity: String? = nil, isAlreadyWritten: Bool = false
        ) {
            (self.path, self.bytes, self.city, self.identity) = (path, bytes, city, identity)
            self.isAlreadyWritten = isAlreadyWritten
        }
    }

    /// Replaces what the directory's last write left with `files`, touching nothing else:
    /// each file is written to a temporary name and renamed into place (a file whose bytes are
    /// already there is left as it is); the files named in `last` (a manifest) go after all
    /// others; then the files of the last write that were not written again are removed. The
    /// marker lists both sets while this runs, so an interrupted write is cleaned up next time.
    ///
    /// The files named in `removingFirst` (the build report: large, rewritten by every build,
    /// read by no client) have their old version removed just before the new one is renamed
    /// into place: ext4 starts writing a file renamed over another out to disk before the
    /// rename returns (`auto_da_alloc`), a visible part of a one-city rebuild for a report of
    /// megabytes. A reader may find no such file for that moment, never a partial one.
    public func replaceContents(
        with files: [File], last: Set<String> = [], removingFirst: Set<String> = []
    ) throws(OutputError) {
        for file in files { try checkRelative(file.path) }
        let marker = Marker.read(in: path)
        let previous = marker?.files ?? []
        let current = files.map(\.path)
        // Only an interrupted write leaves temporary files: a finished one's folders (a hundred
        // on a large corpus) are not listed again.
        if marker?.writing != false {
            removeTemporaries(in: Set((previous + current).map { ($0 as NSString).deletingLastPathComponent }))
        }
        let written = WrittenFiles(directory: path, marker: marker)
        try writeMarker(Marker(kind: kind, files: Array(Set(previous + current)).sorted(), writing: true))
        // A file of an identity the marker records in place is not read; what else is there
        // already is compared with what is to be written, on every core (a rebuild compares a
        // hundred artifacts), through one buffer a core.
        let path = path
        let held = parallelMap(
            count: files.count, jobs: defaultJobs, makeWorker: { ComparisonBuffer() },
            { buffer, i -> Bool in
                let file = files[i]
                if let identity = file.identity, written.holds(file.path, identity: identity) { return true }
                return !file.isAlreadyWritten && Self.holds(path + "/" + file.path, file.bytes, buffer: buffer.bytes)
            })
        for (file, isHeld) in zip(files, held) where !isHeld && file.isAlreadyWritten {
            throw OutputError(
                path: path + "/" + file.path,
                message: "the file changed while zonectl was building; run the build again")
        }
        for (file, isHeld) in zip(files, held) where !isHeld && !last.contains(file.path) {
            try write(file, removingFirst: removingFirst.contains(file.path))
        }
        for (file, isHeld) in zip(files, held) where !isHeld && last.contains(file.path) {
            try write(file, removingFirst: removingFirst.contains(file.path))
        }
        let kept = Set(current)
        var emptied: Set<String> = []
        for stale in previous where !kept.contains(stale) {
            guard (try? checkRelative(stale)) != nil else { continue }  // a marker edited by hand
            let full = path + "/" + stale
            if unlink(full) != 0 && errno != ENOENT {
                throw OutputError(path: full, message: "cannot remove the file of an earlier build: \(posixReason())")
            }
            emptied.insert((stale as NSString).deletingLastPathComponent)
        }
        removeEmptyFolders(emptied)
        // Each identified file's stamp as it now is (a file left in place keeps its record).
        var identities: [String: IdentifiedFile] = [:]
        for file in files {
            guard let identity = file.identity, let stamp = FileStamp(path: path + "/" + file.path) else { continue }
            identities[file.path] = IdentifiedFile(identity: identity, stamp: stamp.fields)
        }
        try writeMarker(
            Marker(
                kind: kind, files: current.sorted(), writing: false, identities: identities.isEmpty ? nil : identities))
    }

    func writeMarker(_ marker: Marker) throws(OutputError) {
        try write(File(path: Self.markerName, bytes: marker.encoded()))
    }

    /// A buffer for ``holds(_:_:buffer:)``, freed with its holder.
    private final class ComparisonBuffer {
        let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 18, alignment: 16)
        deinit { bytes.deallocate() }
    }

    /// True when the file at `path` holds exactly `bytes`: its size first (a stat), then its
    /// bytes compared a piece at a time through one buffer (a rebuild compares a hundred
    /// artifacts; reading each whole into a new array cost its pages' faults, and a
    /// byte-by-byte `Data` iteration before that a large part of a no-change build).
    private static func holds(_ path: String, _ bytes: [UInt8], buffer: UnsafeMutableRawBufferPointer) -> Bool {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, Int(status.st_size) == bytes.count
        else { return false }
        return bytes.withUnsafeBytes { new in
            var offset = 0
            while offset < new.count {
                let n = pread(fd, buffer.baseAddress!, min(buffer.count, new.count - offset), off_t(offset))
                if n < 0 && errno == EINTR { continue }
                guard n > 0, memcmp(buffer.baseAddress!, new.baseAddress! + offset, n) == 0 else { return false }
                offset += n
            }
            // Nothing after the expected end (the file grew since the stat).
            var extra: UInt8 = 0
            return pread(fd, &extra, 1, off_t(offset)) == 0
        }
    }

    /// One file, written aside and renamed into place (`removingFirst`: over no old file,
    /// removed just before; ``replaceContents(with:last:removingFirst:)``).
    private func write(_ file: File, removingFirst: Bool = false) throws(OutputError) {
        let full = path + "/" + file.path
        let what = file.city.map { "cannot write the artifact of city \(jsonQuoted($0))" } ?? "cannot write"
        let folder = (full as NSString).deletingLastPathComponent
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
            throw OutputError(path: full, message: "\(what): cannot create its folder: \(error.localizedDescription)")
        }
        let temporary = folder + "/.zonectl-tmp-" + UUID().uuidString
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw OutputError(path: full, message: "\(what): \(posixReason())") }
        var failure = writeAll(fd, file.bytes)
        if close(fd) != 0, failure == nil { failure = posixReason() }
        if failure == nil, removingFirst, unlink(full) != 0, errno != ENOENT { failure = posixReason() }
        if failure == nil, rename(temporary, full) != 0 { failure = posixReason() }
        if let failure {
            unlink(temporary)
            throw OutputError(path: full, message: "\(what): \(failure)")
        }
    }

    /// A relative path inside the directory: no empty, `.` or `..` segment, not the marker.
    private func checkRelative(_ relative: String) throws(OutputError) {
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
        guard !relative.hasPrefix("/"), !parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }),
            relative != Self.markerName
        else {
            throw OutputError(path: path, message: "\(jsonQuoted(relative)) is not a path inside the \(kind.rawValue)")
        }
    }

    /// Removes what an interrupted write left in these folders (relative paths).
    private func removeTemporaries(in folders: Set<String>) {
        for folder in folders {
            let full = folder.isEmpty ? path : path + "/" + folder
            for name in (try? FileManager.default.contentsOfDirectory(atPath: full)) ?? []
            where name.hasPrefix(".zonectl-tmp-") {
                unlink(full + "/" + name)
            }
        }
    }

    /// Removes the folders (relative paths) and their parents inside the directory while empty.
    private func removeEmptyFolders(_ folders: Set<String>) {
        for folder in folders.sorted(by: { $0.count > $1.count }) {
            var relative = folder
            while !relative.isEmpty, rmdir(path + "/" + relative) == 0 {
                relative = (relative as NSString).deletingLastPathComponent
            }
        }
    }
}

/// The C library's text for `errno` ("No space left on device").
func posixReason() -> String {
    String(cString: strerror(errno))
}

/// Writes all of `bytes` to `fd` (retrying short writes and EINTR); nil, or the reason it failed.
func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> String? {
    bytes.withUnsafeBytes { raw -> String? in
        var offset = 0
        while offset < raw.count {
            let n = Foundation.write(fd, raw.baseAddress! + offset, raw.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return posixReason()
            }
            offset += n
        }
        return nil
    }
}
