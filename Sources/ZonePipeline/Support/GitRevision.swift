import Foundation

/// `git rev-parse HEAD` of the working directory, run in the background: started before the
/// build and read when the manifest is made (starting git costs as much as an incremental
/// build's own work). nil when this is not a git work tree.
final class GitRevision: @unchecked Sendable {
    private let process = Process()
    private let pipe = Pipe()
    private let started: Bool

    init() {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "rev-parse", "HEAD"]
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        started = (try? process.run()) != nil
    }

    /// Waits for git and returns the revision.
    func value() -> String? {
        guard started else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }
}
