import Foundation

/// The outcome of running a program: exit status and captured output.
public struct ProcessOutput: Sendable {
    public var status: Int32
    public var stdoutBytes: [UInt8]
    public var stderr: String
    public var stdout: String { String(decoding: stdoutBytes, as: UTF8.self) }
}

/// Runs `executable` (a path, or a name looked up on PATH) with `arguments`, in `directory`,
/// with `environment` (default: this process's), capturing output. Output goes to files, so
/// a chatty child never blocks on a full pipe.
public func runProcess(_ executable: String, _ arguments: [String], in directory: URL? = nil,
                       environment: [String: String]? = nil) throws -> ProcessOutput {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable.hasPrefix("/") ? executable : "/usr/bin/env")
    process.arguments = executable.hasPrefix("/") ? arguments : [executable] + arguments
    if let directory { process.currentDirectoryURL = directory }
    if let environment { process.environment = environment }
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("process-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let outURL = dir.appendingPathComponent("stdout"), errURL = dir.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    try out.close()
    try err.close()
    return ProcessOutput(status: process.terminationStatus,
                         stdoutBytes: [UInt8](try Data(contentsOf: outURL)),
                         stderr: try String(contentsOf: errURL, encoding: .utf8))
}
