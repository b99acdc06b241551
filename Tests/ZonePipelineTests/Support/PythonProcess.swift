import Foundation

/// Paths the ZonePipeline tests reach outside their resource bundle.
enum PipelineTestPaths {
    /// The repository root (this file is Tests/ZonePipelineTests/Support/PythonProcess.swift).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let fixtures = root.appendingPathComponent("Tests/ZonePipelineTests/Fixtures")
    /// Python checks; not a SwiftPM resource (Package.swift is left alone), found via #filePath.
    static let scripts = root.appendingPathComponent("Tests/ZonePipelineTests/Scripts")

    /// The Python with the test tools (make test sets ZONECTL_PYTHON to the venv's).
    static var python: String { ProcessInfo.processInfo.environment["ZONECTL_PYTHON"] ?? "python3" }
}

/// The outcome of running a program: exit status and captured output.
struct ProcessOutput: Sendable {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs `executable` (a path, or a name looked up on PATH) with `arguments`, capturing output.
func runProcess(_ executable: String, _ arguments: [String]) throws -> ProcessOutput {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable.hasPrefix("/") ? executable : "/usr/bin/env")
    process.arguments = executable.hasPrefix("/") ? arguments : [executable] + arguments
    // Output goes to files, so a chatty child never blocks on a full pipe.
    let dir = try makeTemporaryDirectory()
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
                         stdout: try String(contentsOf: outURL, encoding: .utf8),
                         stderr: try String(contentsOf: errURL, encoding: .utf8))
}

/// A fresh temporary directory; the caller removes it.
func makeTemporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("zonepipeline-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
