import Foundation
import ZoneFormats

/// A single file zonectl writes (a MapLibre style): the file rule of ``OwnedDirectory``. It
/// replaces only a file it wrote before, recognised by a zonectl marker inside the file's own
/// format; anything else that exists is refused before any work, as is a path that is, or lies
/// inside, a path it must not touch (the zone sources, the config, a store) or a directory
/// zonectl owns. `force` lifts these refusals (never the one for a directory). The write is a
/// temporary file renamed into place.
public struct OwnedFile: Sendable {
    public let path: String

    /// Checks that zonectl may write `path`, a `what` ("MapLibre style") that `isOwn` recognises
    /// by its bytes. Throws, naming the file and the reason, when it is refused.
    public static func check(
        _ path: String, what: String, force: Bool, protecting: [OwnedDirectory.Protected] = [],
        isOwn: ([UInt8]) -> Bool
    ) throws(OutputError) -> OwnedFile {
        let refuse = { (reason: String, overridable: Bool) in
            OutputError(
                path: path,
                message: "refusing to write the \(what) here: \(reason)" + (overridable ? " (--force overrides)" : ""))
        }
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        if exists, isDirectory.boolValue { throw refuse("it is a directory", false) }
        if force { return OwnedFile(path: path) }
        let target = OwnedDirectory.resolvedPath(path)
        for p in protecting {
            let other = OwnedDirectory.resolvedPath(p.path)
            if other == target { throw refuse("it is \(p.what) (\(p.path))", true) }
            if OwnedDirectory.isInside(target, other) { throw refuse("it lies inside \(p.what) (\(p.path))", true) }
        }
        if let owner = OwnedDirectory.enclosingOwner(of: target) {
            throw refuse("it lies inside a zonectl \(owner.kind.rawValue) (\(owner.path))", true)
        }
        if exists {
            guard let bytes = readWholeFile(path) else { throw refuse("it exists and cannot be read", true) }
            guard isOwn(bytes) else {
                throw refuse("it exists and is not a \(what) zonectl wrote", true)
            }
        }
        return OwnedFile(path: path)
    }

    /// Writes `bytes` to a temporary file beside the file, then renames it into place.
    public func write(_ bytes: [UInt8]) throws(OutputError) {
        let folder = (path as NSString).deletingLastPathComponent
        let temporary = (folder.isEmpty ? "" : folder + "/") + ".zonectl-tmp-" + UUID().uuidString
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw OutputError(path: path, message: "cannot write: \(posixReason())") }
        var failure = writeAll(fd, bytes)
        if close(fd) != 0, failure == nil { failure = posixReason() }
        if failure == nil, rename(temporary, path) != 0 { failure = posixReason() }
        if let failure {
            unlink(temporary)
            throw OutputError(path: path, message: "cannot write: \(failure)")
        }
    }
}
