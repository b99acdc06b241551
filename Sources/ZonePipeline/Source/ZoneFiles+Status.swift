import Foundation
import ZoneFormats

extension ZoneFiles {
    /// A file's identity, (device, inode): two paths to one file, or to one folder, share it.
    struct FileID: Hashable {
        let device: UInt64
        let inode: UInt64

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    /// Why stat(2) of `path` failed with `error`: a broken link names its target.
    static func failure(_ path: String, _ error: Int32) -> SourceError {
        if error == ENOENT, let target = linkTarget(path) {
            return SourceError(path: path, message: "broken symbolic link: \(target) does not exist")
        }
        return SourceError(path: path, message: reason(error))
    }

    /// A zone file that is a pipe or a device: the build reads a file twice, by position.
    static func notAFile(_ path: String, _ info: stat) -> SourceError {
        let kind =
            switch info.st_mode & S_IFMT {
            case S_IFIFO: "a pipe"
            case S_IFCHR, S_IFBLK: "a device"
            case S_IFSOCK: "a socket"
            default: "not a regular file"
            }
        return SourceError(
            path: path,
            message: "\(kind), not a regular file: zonectl reads a zone file more than once, by position, so "
                + "pipes and standard input are not supported; save it to a file first")
    }

    /// True when `path` is a symbolic link (lstat(2)).
    static func isLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    /// Where the symbolic link at `path` points (readlink(2)); nil when it is not a link.
    static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink(path, &buffer, buffer.count - 1)
        guard n >= 0 else { return nil }
        return String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The system's reason for `error` (strerror(3)), as the rest of a message: "permission denied".
    static func reason(_ error: Int32) -> String {
        let text = String(cString: strerror(error))
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}
