import Foundation

/// A fresh directory under the system temporary directory, removed by `remove()`.
struct TemporaryDirectory {
    let path: String

    init() throws {
        path =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("S3UploadTests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// Writes `text` to `relativePath` (creating folders) and returns the full path.
    @discardableResult
    func write(_ text: String, to relativePath: String) throws -> String {
        let url = URL(fileURLWithPath: path).appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
