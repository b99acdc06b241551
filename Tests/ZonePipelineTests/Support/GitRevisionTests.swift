import Foundation
import Testing

@testable import ZonePipeline

/// The revision read from a repository's files is the one `git rev-parse HEAD` gives, for
/// branches loose and packed, a detached HEAD, a linked worktree and a subfolder; where the
/// files do not say it plainly (an unborn branch), git is asked and its answer kept.
@Suite struct GitRevisionTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("git-revision-\(UUID().uuidString)")

    /// Runs git in `directory`; its standard output, trimmed.
    @discardableResult
    func git(_ arguments: [String], in directory: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["git", "-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "init.defaultBranch=main"] + arguments
        process.currentDirectoryURL = directory
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "git \(arguments.joined(separator: " ")) failed")
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func commit(_ message: String, in directory: URL) throws {
        try Data(message.utf8).write(to: directory.appendingPathComponent("file.txt"))
        try git(["add", "file.txt"], in: directory)
        try git(["commit", "-q", "-m", message], in: directory)
    }

    @Test func readsWhatGitReads() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let repo = root.appendingPathComponent("repo")
        try FileManager.default.createDirectory(at: repo, withIntermediateDirectories: true)
        try git(["init", "-q"], in: repo)

        // Unborn branch: nothing to read, and git says there is no HEAD either.
        #expect(GitRevision.read(from: repo.path) == nil)
        #expect(GitRevision(directory: repo.path).value() == nil)

        try commit("one", in: repo)
        let first = try git(["rev-parse", "HEAD"], in: repo)
        #expect(GitRevision.read(from: repo.path) == first)  // a loose branch ref
        let sub = repo.appendingPathComponent("zones/deep")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        #expect(GitRevision.read(from: sub.path) == first)  // from a subfolder

        try commit("two", in: repo)
        try git(["pack-refs", "--all", "--prune"], in: repo)
        let second = try git(["rev-parse", "HEAD"], in: repo)
        #expect(second != first)
        #expect(!FileManager.default.fileExists(atPath: repo.appendingPathComponent(".git/refs/heads/main").path))
        #expect(GitRevision.read(from: repo.path) == second)  // only in packed-refs

        try git(["checkout", "-q", "--detach", first], in: repo)
        #expect(GitRevision.read(from: repo.path) == first)  // detached: HEAD holds the name
        try git(["checkout", "-q", "main"], in: repo)

        let worktree = root.appendingPathComponent("worktree")
        try git(["worktree", "add", "-q", "-b", "side", worktree.path, first], in: repo)
        #expect(GitRevision.read(from: worktree.path) == first)  // .git is a file; refs in the common dir
        #expect(GitRevision(directory: worktree.path).value() == first)
        #expect(GitRevision(directory: repo.path).value() == second)

        // Not a work tree at all: git is asked, and says nothing.
        let outside = root.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        if GitRevision.read(from: outside.path) == nil {
            #expect(GitRevision(directory: outside.path).value() == nil)
        }
    }
}
