import Foundation
import ZoneFormats

/// `git rev-parse HEAD` of the working directory: nil when this is not a git work tree.
///
/// Read from the repository's own files where they say it plainly (`HEAD`, then the branch it
/// names, loose or in `packed-refs`), as git itself resolves it: starting a git process costs
/// CPU a one-city rebuild cannot spare. Anything else (`GIT_DIR` and friends in the
/// environment, no `.git` found, a ref in neither place, such as a reftable repository's or an
/// unborn branch's) asks git, in the background: started here, read when the manifest is made.
final class GitRevision: @unchecked Sendable {
    private let known: String?
    private let process: Process?
    private let pipe = Pipe()

    init(directory: String = FileManager.default.currentDirectoryPath) {
        let environment = ProcessInfo.processInfo.environment
        let overridden = ["GIT_DIR", "GIT_WORK_TREE", "GIT_COMMON_DIR", "GIT_CEILING_DIRECTORIES"]
            .contains { environment[$0] != nil }
        known = overridden ? nil : Self.read(from: directory)
        guard known == nil else {
            process = nil
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "rev-parse", "HEAD"]
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        self.process = (try? process.run()) != nil ? process : nil
    }

    /// The revision (waits for git when it was asked).
    func value() -> String? {
        if let known { return known }
        guard let process else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }

    /// HEAD's object name as the repository's files give it, or nil when they do not say it
    /// plainly (then git is asked).
    static func read(from directory: String) -> String? {
        guard let gitDirectory = findGitDirectory(from: directory) else { return nil }
        // A linked worktree keeps its HEAD here and the shared refs in its common directory.
        let common =
            text(gitDirectory + "/commondir").map { path in path.hasPrefix("/") ? path : gitDirectory + "/" + path }
            ?? gitDirectory
        guard var head = text(gitDirectory + "/HEAD") else { return nil }
        for _ in 0..<5 {  // a symbolic ref may name another
            if isObjectName(head) { return head }
            guard head.hasPrefix("ref: ") else { return nil }
            let ref = String(head.dropFirst(5)).trimmingCharacters(in: .whitespaces)
            guard ref.hasPrefix("refs/"), !ref.split(separator: "/").contains("..") else { return nil }
            if let loose = text(gitDirectory + "/" + ref) ?? text(common + "/" + ref) {
                head = loose
                continue
            }
            return packed(ref, in: common)
        }
        return nil
    }

    /// The `.git` of the work tree holding `directory`: a folder, or a file naming one
    /// (`gitdir: …`, as worktrees and submodules have).
    private static func findGitDirectory(from directory: String) -> String? {
        var current = URL(fileURLWithPath: directory).standardizedFileURL.path
        while true {
            let candidate = (current == "/" ? "" : current) + "/.git"
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory) {
                if isDirectory.boolValue { return candidate }
                guard let line = text(candidate), line.hasPrefix("gitdir: ") else { return nil }
                let path = String(line.dropFirst(8))
                return path.hasPrefix("/") ? path : (current == "/" ? "" : current) + "/" + path
            }
            if current == "/" { return nil }
            current = (current as NSString).deletingLastPathComponent
        }
    }

    /// The object name `packed-refs` gives `ref`, if it lists it.
    private static func packed(_ ref: String, in common: String) -> String? {
        guard let lines = text(common + "/packed-refs") else { return nil }
        for line in lines.split(separator: "\n") where !line.hasPrefix("#") && !line.hasPrefix("^") {
            let fields = line.split(separator: " ", maxSplits: 1)
            if fields.count == 2, fields[1] == ref, isObjectName(String(fields[0])) { return String(fields[0]) }
        }
        return nil
    }

    /// A SHA-1 or SHA-256 object name in lowercase hex.
    private static func isObjectName(_ s: String) -> Bool {
        (s.utf8.count == 40 || s.utf8.count == 64)
            && s.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// A small file's text without its trailing whitespace; nil when it cannot be read.
    private static func text(_ path: String) -> String? {
        guard let bytes = readWholeFile(path), let s = String(validating: bytes, as: UTF8.self) else { return nil }
        return s.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
