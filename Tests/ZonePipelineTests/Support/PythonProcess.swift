import Foundation
@_exported import TestSupport

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

/// A fresh temporary directory; the caller removes it.
func makeTemporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("zonepipeline-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
