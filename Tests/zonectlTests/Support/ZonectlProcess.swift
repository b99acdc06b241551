import Foundation
import TestSupport

/// The outcome of running a program: exit status and captured output.
typealias ProcessResult = ProcessOutput

/// Paths the end-to-end tests need.
enum TestPaths {
    /// The repository root (this file is Tests/zonectlTests/Support/ZonectlProcess.swift).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let fixtures = root.appendingPathComponent("Tests/ZonePipelineTests/Fixtures")
    static let scripts = root.appendingPathComponent("Tests/zonectlTests/Scripts")

    /// The zonectl binary built beside the test bundle (SwiftPM puts products in one folder).
    static var zonectl: URL {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
            "zonectl")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return root.appendingPathComponent(".build/debug/zonectl")
    }

    /// The Python with the test tools (make test sets ZONECTL_PYTHON to the venv's).
    static var python: String { ProcessInfo.processInfo.environment["ZONECTL_PYTHON"] ?? "python3" }
}

/// Runs `executable` with `arguments` in `directory`, capturing stdout and stderr.
func run(
    _ executable: String, _ arguments: [String], in directory: URL? = nil,
    environment: [String: String]? = nil
) throws -> ProcessResult {
    try runProcess(executable, arguments, in: directory, environment: environment)
}

/// Runs the built zonectl.
func zonectl(_ arguments: String..., in directory: URL? = nil, environment: [String: String]? = nil) throws
    -> ProcessResult
{
    try run(TestPaths.zonectl.path, arguments, in: directory, environment: environment)
}

/// A fresh temporary directory, removed by the caller's `defer`.
func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("zonectl-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
