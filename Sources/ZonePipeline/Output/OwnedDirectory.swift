import Foundation

/// A local directory zonectl may write into and delete from: one it made, one that was empty,
/// or one holding the marker file of an earlier zonectl write of the same kind (as cargo and
/// webpack keep to their own `target/` and `dist/`). Anything else is refused before any work
/// is done, so a mistyped `output:` or `--out` can never remove a user's files.
///
/// Also refused, whatever it holds: the working directory or one of its parents, and a
/// directory that contains, or lies inside, a path it must not touch (the zone sources, the
/// config, another output).
public struct OwnedDirectory: Sendable {
    /// What the directory is for; a directory owned for one use is refused for another.
    public enum Kind: String, Codable, Sendable {
        case buildOutput = "build output"
        case store = "local store"
        case cache = "build cache"
        case pictures = "SVG directory"
        case clientCache = "client cache"
    }

    /// A path the directory must neither be, contain, nor lie inside, with what it is.
    public struct Protected: Sendable {
        public var path: String
        public var what: String
        public init(_ path: String, _ what: String) { (self.path, self.what) = (path, what) }
    }

    /// The marker file's name: hidden, so stores and listings pass over it.
    public static let markerName = ".zonectl-owned"

    public let path: String
    public let kind: Kind
    /// The records of the directory's last write, as ``check(_:for:protecting:)`` found its
    /// marker (``WrittenFiles``; none for a new directory).
    public let written: WrittenFiles

    /// Checks that zonectl may own `path` for `kind` (see the type's rules); nothing is created
    /// until ``prepare()`` or a write. Throws, naming the directory and the reason, when it is
    /// refused.
    ///
    /// `force` is the command's `--force`, nil when it has none. When true, a directory that is
    /// not empty and has no marker (one of the user's) is taken all the same: zonectl then writes
    /// its files there, replacing any of the same names, and removes only files it wrote. Every
    /// other refusal stands.
    public static func check(_ path: String, for kind: Kind, protecting: [Protected] = [], force: Bool? = nil)
        throws(OutputError) -> OwnedDirectory
    {
        let refuse = { (reason: String) in
            OutputError(path: path, message: "refusing to use it as the \(kind.rawValue): \(reason)")
        }
        let target = resolvedPath(path)
        let workingDirectory = resolvedPath(FileManager.default.currentDirectoryPath)
        if target == workingDirectory { throw refuse("it is the working directory") }
        if isInside(workingDirectory, target) { throw refuse("it is a parent of the working directory") }
        for p in protecting {
            let other = resolvedPath(p.path)
            if other == target { throw refuse("it is \(p.what) (\(p.path))") }
            if isInside(other, target) { throw refuse("it contains \(p.what) (\(p.path))") }
            if isInside(target, other) { throw refuse("it lies inside \(p.what) (\(p.path))") }
        }
        var isDirectory: ObjCBool = false
        var found: Marker?
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                let owner = enclosingOwner(of: target).map { " (a file in the zonectl \($0.kind.rawValue) \($0.path))" }
                throw refuse("it exists and is not a directory" + (owner ?? ""))
            }
            let entries: [String]
            do { entries = try FileManager.default.contentsOfDirectory(atPath: path) } catch {
                throw refuse("it cannot be listed (\(error.localizedDescription))")
            }
            found = Marker.read(in: path)
            if let marker = found {
                guard marker.kind == kind else { throw refuse("it holds a zonectl \(marker.kind.rawValue)") }
            } else if !entries.isEmpty && !isEarlierLayout(of: kind, entries: entries) && force != true {
                throw refuse(
                    "it is not empty and has no \(markerName) marker, so zonectl did not make it; "
                        + "choose a new or empty directory" + (force == false ? " (--force overrides)" : ""))
            }
        }
        return OwnedDirectory(path: path, kind: kind, written: WrittenFiles(directory: path, marker: found))
    }

    /// Creates the directory if it is missing, and marks it as zonectl's.
    public func prepare() throws(OutputError) {
        if Marker.read(in: path) == nil { try writeMarker(Marker(kind: kind, files: [])) }
    }

    /// Absolute, with `.` and `..` resolved and the symbolic links of its existing part followed.
    static func resolvedPath(_ path: String) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        var lexical = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: cwd, isDirectory: true))
            .standardizedFileURL.path
        if lexical.count > 1, lexical.hasSuffix("/") { lexical.removeLast() }
        var existing = lexical
        var rest: [String] = []
        while !FileManager.default.fileExists(atPath: existing), existing != "/" {
            let url = URL(fileURLWithPath: existing)
            rest.insert(url.lastPathComponent, at: 0)
            existing = url.deletingLastPathComponent().path
        }
        let real =
            realpath(existing, nil).map { pointer in
                defer { free(pointer) }
                return String(cString: pointer)
            } ?? existing
        return ([real == "/" ? "" : real] + rest).joined(separator: "/").nonEmpty ?? "/"
    }

    /// The nearest directory above `path` (resolved) that holds a marker, and its kind.
    static func enclosingOwner(of path: String) -> (kind: Kind, path: String)? {
        var folder = (path as NSString).deletingLastPathComponent
        while !folder.isEmpty {
            if let marker = Marker.read(in: folder) { return (marker.kind, folder) }
            if folder == "/" { return nil }
            folder = (folder as NSString).deletingLastPathComponent
        }
        return nil
    }

    /// True when `inner` lies strictly inside `outer` (both resolved).
    static func isInside(_ inner: String, _ outer: String) -> Bool {
        outer == "/" ? inner != "/" : inner.hasPrefix(outer + "/")
    }

    /// Directories that zonectl versions before the marker wrote, recognised by names only
    /// zonectl uses, so upgrading does not refuse a user's existing output.
    static func isEarlierLayout(of kind: Kind, entries: [String]) -> Bool {
        let visible = Set(entries.filter { !$0.hasPrefix(".") })
        switch kind {
        case .buildOutput:
            return visible.contains("manifest.json")
                && visible.isSubset(of: ["manifest.json", "report.json", "zones", "styles"])
        case .store:
            return entries.contains(".zonectl-store.lock")
        case .cache:
            return !visible.isEmpty && visible.isSubset(of: ["cities", "files"])
        case .pictures, .clientCache:
            return false
        }
    }
}

extension String {
    fileprivate var nonEmpty: String? { isEmpty ? nil : self }
}

/// A directory zonectl refused, or a file in it that could not be written or removed.
public struct OutputError: Error, Equatable, Sendable, CustomStringConvertible {
    public var path: String
    public var message: String
    public init(path: String, message: String) { (self.path, self.message) = (path, message) }
    public var description: String { "\(path): error: \(message)" }
}
