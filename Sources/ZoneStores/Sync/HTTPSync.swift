import Foundation
import ZoneClientCore

/// `zonectl sync --from http(s)://…`: the sync runs in `zonectl-http`, beside the running
/// executable, over URLSession (ZoneClient's transport, as in an app). zonectl itself does not
/// link the networking stack, so no command of it loads libcurl and its libraries at start.
enum HTTPSync {
    /// Runs `zonectl-http sync` and returns its report; its error line becomes the error.
    static func run(_ url: String, cache: String, encodings: String, verify: Bool, points: ZonePointSync) throws
        -> SyncReport
    {
        let program = helperPath()
        guard FileManager.default.isExecutableFile(atPath: program) else {
            throw SyncError(
                description: "\(program): missing; `zonectl sync --from http(s)://` runs it (build it with zonectl)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments =
            ["sync", url, cache, encodings] + (verify ? ["--verify"] : []) + (points == .all ? ["--points-all"] : [])
        // zonectl-http dies with this process (prctl(PR_SET_PDEATHSIG)); it checks this id to
        // see one that ended before it asked.
        process.environment = ProcessInfo.processInfo.environment.merging(
            ["ZONECTL_PID": String(ProcessInfo.processInfo.processIdentifier)], uniquingKeysWith: { _, new in new })
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Both pipes read to their end (a full pipe would stall the child): they end as it exits;
        // stderr on a dispatch queue, as this thread blocks. Its report on stdout is the success; no
        // wait for the exit status, whose polling would add tens of milliseconds to every sync.
        let stderrReader = StderrReader()
        let drained = DispatchGroup()
        DispatchQueue.global().async(group: drained) {
            stderrReader.data = errors.fileHandleForReading.readDataToEndOfFile()
        }
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        drained.wait()
        let stderr = stderrReader.data
        if let report = try? JSONDecoder().decode(SyncReport.self, from: stdout) { return report }
        let message = String(decoding: stderr, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        throw SyncError(description: message.isEmpty ? "zonectl-http ended without a report" : message)
    }

    /// `zonectl-http` in the directory of this executable.
    private static func helperPath() -> String {
        let me =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent("zonectl-http").path
    }
}

/// Hands stderr's bytes from the queue to the waiting thread (the group orders the accesses).
private final class StderrReader: @unchecked Sendable {
    var data = Data()
}
