import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The outcome of running a program: exit status and captured output.
public struct ProcessOutput: Sendable {
    public var status: Int32
    public var stdoutBytes: [UInt8]
    public var stderr: String
    public var stdout: String { String(decoding: stdoutBytes, as: UTF8.self) }
    /// True when a signal ended the program (`status` is then the signal's number).
    public var signalled = false
}

/// A program started by `startProcess`, running until `wait()`. Output goes to files, so a
/// chatty child never blocks on a full pipe.
public final class ChildProcess: @unchecked Sendable {
    private let process = Process()
    private let directory: URL
    private let out: FileHandle
    private let err: FileHandle

    fileprivate init(
        _ executable: String, _ arguments: [String], in workingDirectory: URL?, environment: [String: String]?
    ) throws {
        process.executableURL = URL(fileURLWithPath: executable.hasPrefix("/") ? executable : "/usr/bin/env")
        process.arguments = executable.hasPrefix("/") ? arguments : [executable] + arguments
        if let workingDirectory { process.currentDirectoryURL = workingDirectory }
        if let environment { process.environment = environment }
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("process-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: directory.appendingPathComponent("stdout").path, contents: nil)
        _ = FileManager.default.createFile(atPath: directory.appendingPathComponent("stderr").path, contents: nil)
        out = try FileHandle(forWritingTo: directory.appendingPathComponent("stdout"))
        err = try FileHandle(forWritingTo: directory.appendingPathComponent("stderr"))
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    /// The child's process ID.
    public var pid: Int32 { process.processIdentifier }

    /// Sends `signal` to the child (by its PID).
    public func kill(_ signal: Int32) {
        if process.isRunning { _ = Glibc.kill(process.processIdentifier, signal) }
    }

    /// Waits for the child to end and returns its status and output.
    public func wait() throws -> ProcessOutput {
        process.waitUntilExit()
        try out.close()
        try err.close()
        defer { try? FileManager.default.removeItem(at: directory) }
        return ProcessOutput(
            status: process.terminationStatus,
            stdoutBytes: [UInt8](try Data(contentsOf: directory.appendingPathComponent("stdout"))),
            stderr: try String(contentsOf: directory.appendingPathComponent("stderr"), encoding: .utf8),
            signalled: process.terminationReason == .uncaughtSignal)
    }
}

/// Starts `executable` (a path, or a name looked up on PATH) with `arguments`, in `directory`,
/// with `environment` (default: this process's), capturing output.
public func startProcess(
    _ executable: String, _ arguments: [String], in directory: URL? = nil,
    environment: [String: String]? = nil
) throws -> ChildProcess {
    try ChildProcess(executable, arguments, in: directory, environment: environment)
}

/// Runs `executable` to its end; see `startProcess`.
public func runProcess(
    _ executable: String, _ arguments: [String], in directory: URL? = nil,
    environment: [String: String]? = nil
) throws -> ProcessOutput {
    try startProcess(executable, arguments, in: directory, environment: environment).wait()
}
