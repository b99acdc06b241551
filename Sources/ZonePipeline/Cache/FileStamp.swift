import Crypto
import Foundation
import ZoneFormats

/// What the file system says of a file without reading it: device, inode, size, and
/// modification and change times to the nanosecond. Any write changes the change time, which
/// no user call can set back, so an equal stamp means equal bytes (git's index works this way).
struct FileStamp {
    var path: String
    var fields: [Int64]

    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.path = path
        fields = [
            Int64(info.st_dev), Int64(info.st_ino), Int64(info.st_size),
            Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec), Int64(info.st_ctim.tv_sec),
            Int64(info.st_ctim.tv_nsec),
        ]
    }

    /// The file's size in bytes.
    var size: Int { Int(fields[2]) }

    /// The cache key of this stamp.
    var key: String {
        var h = SHA256()
        h.update(data: Array("zonectl-stamp-1\u{0}\(path)\u{0}".utf8))
        fields.withUnsafeBytes { h.update(bufferPointer: $0) }
        return "stamp-" + hex(h.finalize())
    }

    /// False while the file may still be written within the time stamps' resolution (a few
    /// milliseconds): a second write in the same tick would leave the stamp as it is, so such a
    /// file is hashed on every build until it has been left alone for two seconds.
    func isSettled(at now: Date) -> Bool {
        Double(max(fields[3], fields[5])) < now.timeIntervalSince1970 - 2
    }
}
