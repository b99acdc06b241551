import Foundation
import Testing
import ZoneFormats

@testable import ZonePipeline

/// The walk of zone and point folders (``ZoneFiles``) on real folders: links followed once,
/// hidden names skipped, every file read once, and what cannot be read an error.
@Suite struct ZoneFilesTests {
    let fm = FileManager.default

    /// A fresh folder holding `files` (relative paths; folders made on the way).
    func folder(_ files: [String]) throws -> String {
        let dir = fm.temporaryDirectory.appendingPathComponent("zonefiles-\(UUID().uuidString)").path
        for file in files {
            let path = dir + "/" + file
            try fm.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            #expect(fm.createFile(atPath: path, contents: Data("{}".utf8)))
        }
        try fm.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    func link(_ path: String, to target: String) throws {
        try fm.createSymbolicLink(atPath: path, withDestinationPath: target)
    }

    @Test func linkedFoldersAndFilesAreFollowedAtTheTopAndInside() throws {
        let dir = try folder(["real/a.geojson", "elsewhere/b.geojson", "other/c.geojson"])
        defer { try? fm.removeItem(atPath: dir) }
        try link(dir + "/zones", to: "real")
        try link(dir + "/real/sub", to: "../elsewhere")
        try link(dir + "/real/c.geojson", to: "../other/c.geojson")
        #expect(
            try ZoneFiles.discover([dir + "/zones"]) == [
                dir + "/zones/a.geojson", dir + "/zones/c.geojson", dir + "/zones/sub/b.geojson",
            ])
    }

    @Test func aLinkBackUpIsNotFollowedAgain() throws {
        let dir = try folder(["zones/a.geojson", "zones/sub/b.geojson"])
        defer { try? fm.removeItem(atPath: dir) }
        try link(dir + "/zones/sub/up", to: "..")
        let walk = try ZoneFiles.walk([dir + "/zones"])
        #expect(walk.files == [dir + "/zones/a.geojson", dir + "/zones/sub/b.geojson"])
        #expect(walk.skipped == [ZoneFiles.Skipped(path: dir + "/zones/sub/up", isLoop: true)])
    }

    @Test func aFileReachedTwiceIsReadOnceWhereFirstMet() throws {
        let dir = try folder(["zones/a.geojson", "zones/b.geojson"])
        defer { try? fm.removeItem(atPath: dir) }
        try link(dir + "/zones/c.geojson", to: "a.geojson")
        try link(dir + "/alias", to: "zones")
        #expect(
            try ZoneFiles.discover([dir + "/zones", dir + "/./zones", dir + "/alias", dir + "/alias/b.geojson"]) == [
                dir + "/zones/a.geojson", dir + "/zones/b.geojson",
            ])
    }

    @Test func aBrokenLinkToAZoneFileIsAnErrorNamingIt() throws {
        let dir = try folder(["zones/a.geojson"])
        defer { try? fm.removeItem(atPath: dir) }
        try link(dir + "/zones/NOTES", to: "gone")
        #expect(try ZoneFiles.discover([dir + "/zones"]) == [dir + "/zones/a.geojson"])
        try link(dir + "/zones/b.geojson", to: "gone.geojson")
        #expect(
            throws: SourceError(
                path: dir + "/zones/b.geojson", message: "broken symbolic link: gone.geojson does not exist")
        ) {
            try ZoneFiles.discover([dir + "/zones"])
        }
    }

    @Test func hiddenNamesAreSkippedInAFolderAndReadWhenNamed() throws {
        let dir = try folder([
            "zones/paris.geojson", "zones/.old.geojson", "zones/._paris.geojson", "zones/.git/x.geojson",
            "zones/notes.json", "zones/sub/extra.JSON",
        ])
        defer { try? fm.removeItem(atPath: dir) }
        try link(dir + "/zones/.#paris.geojson", to: "someone@host.1234")
        let walk = try ZoneFiles.walk([dir + "/zones"])
        #expect(walk.files == [dir + "/zones/paris.geojson"])
        #expect(
            Set(walk.skipped.map(\.path))
                == Set([".old.geojson", "._paris.geojson", ".git", ".#paris.geojson"].map { dir + "/zones/" + $0 }))
        #expect(Set(walk.ignored) == [dir + "/zones/notes.json", dir + "/zones/sub/extra.JSON"])
        #expect(try ZoneFiles.discover([dir + "/zones/.old.geojson"]) == [dir + "/zones/.old.geojson"])
        #expect(try ZoneFiles.discover([dir + "/zones/.git"]) == [dir + "/zones/.git/x.geojson"])
    }

    @Test func aFolderOfOnlyHiddenFilesSaysSo() throws {
        let dir = try folder(["zones/.a.geojson"])
        defer { try? fm.removeItem(atPath: dir) }
        #expect(
            throws: SourceError(
                path: dir + "/zones",
                message: "no *.geojson files in this directory (hidden files and folders are skipped: 1 here)")
        ) { try ZoneFiles.discover([dir + "/zones"]) }
    }

    @Test func aPipeIsRefusedPlainly() throws {
        let dir = try folder([])
        defer { try? fm.removeItem(atPath: dir) }
        #expect(mkfifo(dir + "/zones.geojson", 0o644) == 0)
        let error = try #require(throws: SourceError.self) { try ZoneFiles.discover([dir + "/zones.geojson"]) }
        #expect(error.message.hasPrefix("a pipe, not a regular file"))
    }
}
