import Foundation
import ZoneFormats

/// Finds the zone (or point) files named by paths: files as given, directories searched
/// recursively for `*.geojson` (other files, such as licences and notes, are left alone).
///
/// Symbolic links are followed, to files and folders, as ogr2ogr and mapshaper do; a link to
/// a folder already on the way down is not entered again. In a folder, hidden names (a leading
/// `.`: editor locks, macOS `._` files, `.git`) are skipped; a path named is read as named.
/// A folder that cannot be listed is an error, never skipped.
public enum ZoneFiles {
    /// What a walk found and what it left out.
    public struct Walk: Sendable, Equatable {
        /// The files to read, in reading order.
        public var files: [String] = []
        /// Hidden files and folders, and links back to a folder on the way down, not read.
        public var skipped: [Skipped] = []
        /// `*.json` files met in the folders, not read (zone files end in `.geojson`).
        public var ignored: [String] = []
    }

    /// A file or folder a walk did not read, and why.
    public struct Skipped: Sendable, Equatable {
        public var path: String
        public var isLoop: Bool
        /// Why, as a note says it.
        public var reason: String { isLoop ? "a link to a folder it is in; not followed" : "hidden; not read" }
    }

    /// The files, directories' contents sorted by path so every run reads them in one order.
    /// A file met twice (named twice, by two spellings or through two links, or named and also
    /// found in a named directory) is listed once, where first met: reading a file twice would
    /// report its ids as duplicates.
    public static func discover(_ paths: [String]) throws(SourceError) -> [String] {
        try walk(paths).files
    }

    /// ``discover(_:)`` with what it left out.
    public static func walk(_ paths: [String]) throws(SourceError) -> Walk {
        var walk = Walk()
        var seen: Set<FileID> = []
        for path in paths {
            var info = stat()
            guard stat(path, &info) == 0 else { throw failure(path, errno) }
            guard info.st_mode & S_IFMT == S_IFDIR else {
                guard info.st_mode & S_IFMT == S_IFREG else { throw notAFile(path, info) }
                if seen.insert(FileID(info)).inserted { walk.files.append(path) }
                continue
            }
            var found: [(path: String, id: FileID)] = []
            let skippedBefore = walk.skipped.count
            try list(path, ancestors: [FileID(info)], into: &found, walk: &walk)
            guard !found.isEmpty else {
                let hidden = walk.skipped[skippedBefore...].count { !$0.isLoop }
                throw SourceError(
                    path: path,
                    message: "no *.geojson files in this directory"
                        + (hidden > 0 ? " (hidden files and folders are skipped: \(hidden) here)" : ""))
            }
            found.sort { $0.path < $1.path }
            for f in found where seen.insert(f.id).inserted { walk.files.append(f.path) }
        }
        return walk
    }

    /// Adds the `*.geojson` files under `dir` to `found` (unsorted). `ancestors`: the folders
    /// from the named one down to `dir`, by (device, inode).
    private static func list(
        _ dir: String, ancestors: [FileID], into found: inout [(path: String, id: FileID)], walk: inout Walk
    ) throws(SourceError) {
        for name in try names(in: dir).sorted() {
            let path = dir.hasSuffix("/") ? dir + name : dir + "/" + name
            if name.hasPrefix(".") {
                walk.skipped.append(Skipped(path: path, isLoop: false))
                continue
            }
            let lower = name.lowercased()
            let isZoneFile = lower.hasSuffix(".geojson")
            var info = stat()
            guard stat(path, &info) == 0 else {
                let error = errno
                // A broken link is an error where it would be read, not among licences and notes.
                if !isZoneFile && isLink(path) { continue }
                throw failure(path, error)
            }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                let id = FileID(info)
                if ancestors.contains(id) {
                    walk.skipped.append(Skipped(path: path, isLoop: true))
                } else {
                    try list(path, ancestors: ancestors + [id], into: &found, walk: &walk)
                }
            case S_IFREG where isZoneFile: found.append((path, FileID(info)))
            case S_IFREG where lower.hasSuffix(".json"): walk.ignored.append(path)
            default: if isZoneFile { throw notAFile(path, info) }
            }
        }
    }

    /// The names in `dir`, but `.` and `..` (readdir(3); an error is thrown, never skipped).
    private static func names(in dir: String) throws(SourceError) -> [String] {
        guard let handle = opendir(dir) else {
            throw SourceError(path: dir, message: "cannot list directory: \(reason(errno))")
        }
        defer { closedir(handle) }
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(handle) else {
                if errno != 0 { throw SourceError(path: dir, message: "cannot list directory: \(reason(errno))") }
                return names
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
    }
}
