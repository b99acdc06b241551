import Foundation

/// Writes a build output directory all at once: files go to a sibling temporary directory,
/// which then takes the place of the old one, so a failed or interrupted build leaves the
/// previous directory as it was.
public enum DistDirectory {
    /// Replaces `path` with a directory holding `files` (relative path → bytes).
    public static func write(_ files: [(path: String, bytes: [UInt8])], to path: String) throws(OutputError) {
        do {
            try replace(path, with: files)
        } catch {
            throw OutputError(path: path, message: (error as NSError).localizedDescription)
        }
    }

    private static func replace(_ path: String, with files: [(path: String, bytes: [UInt8])]) throws {
        let fm = FileManager.default
        let target = URL(fileURLWithPath: path).standardizedFileURL
        let parent = target.deletingLastPathComponent()
        try fm.createDirectory(at: parent, withIntermediateDirectories: true)
        let staging = parent.appendingPathComponent(".\(target.lastPathComponent).new-\(UUID().uuidString)")
        do {
            for file in files {
                let url = staging.appendingPathComponent(file.path)
                try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.bytes).write(to: url)
            }
            try fm.createDirectory(at: staging, withIntermediateDirectories: true)
            if fm.fileExists(atPath: target.path) {
                // rename(2) cannot replace a non-empty directory: move the old one aside first.
                let old = parent.appendingPathComponent(".\(target.lastPathComponent).old-\(UUID().uuidString)")
                try fm.moveItem(at: target, to: old)
                do {
                    try fm.moveItem(at: staging, to: target)
                } catch {
                    try? fm.moveItem(at: old, to: target)
                    throw error
                }
                try? fm.removeItem(at: old)
            } else {
                try fm.moveItem(at: staging, to: target)
            }
        } catch {
            try? fm.removeItem(at: staging)
            throw error
        }
    }
}

/// The build output could not be written.
public struct OutputError: Error, Equatable, Sendable, CustomStringConvertible {
    public var path: String
    public var message: String
    public var description: String { "\(path): error: cannot write the build output: \(message)" }
}
