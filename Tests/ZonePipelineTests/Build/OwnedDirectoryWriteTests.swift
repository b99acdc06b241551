import Foundation
import Testing

@testable import ZonePipeline

/// What a write into an owned directory leaves: the marker says when a write finished, and
/// only after a write that did not (or of a marker that does not say) are the folders listed
/// for the temporary files an interrupted write leaves.
@Suite struct OwnedDirectoryWriteTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("owned-write-\(UUID().uuidString)")

    func write(_ files: [String: String]) throws {
        try OwnedDirectory.check(root.path, for: .buildOutput).replaceContents(
            with: files.map { .init(path: $0.key, bytes: Array($0.value.utf8)) }, last: ["manifest.json"])
    }

    func marker() throws -> [String: Any] {
        let data = try Data(contentsOf: root.appendingPathComponent(OwnedDirectory.markerName))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// A temporary file, as a write interrupted before its rename leaves one.
    func plantTemporary() throws -> String {
        let path = root.appendingPathComponent("zones/a/.zonectl-tmp-\(UUID().uuidString)").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data("half".utf8)))
        return path
    }

    func editMarker(_ edit: (inout [String: Any]) -> Void) throws {
        var m = try marker()
        edit(&m)
        try JSONSerialization.data(withJSONObject: m).write(to: root.appendingPathComponent(OwnedDirectory.markerName))
    }

    @Test func temporariesAreLookedForOnlyAfterAnUnfinishedWrite() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try write(["zones/a/a.gz": "a", "manifest.json": "{}"])
        #expect(try marker()["writing"] as? Bool == false)
        #expect(try marker()["files"] as? [String] == ["manifest.json", "zones/a/a.gz"])

        // After a finished write nothing was left: the folders are not listed again.
        let untouched = try plantTemporary()
        try write(["zones/a/a.gz": "a2", "manifest.json": "{}"])
        #expect(FileManager.default.fileExists(atPath: untouched))
        try FileManager.default.removeItem(atPath: untouched)

        // A write that stopped halfway (its marker still says it is writing): cleaned up.
        try editMarker { $0["writing"] = true }
        let interrupted = try plantTemporary()
        try write(["zones/a/a.gz": "a3", "manifest.json": "{}"])
        #expect(!FileManager.default.fileExists(atPath: interrupted))
        #expect(try marker()["writing"] as? Bool == false)

        // A marker of a version that did not record it: cleaned up too.
        try editMarker { $0.removeValue(forKey: "writing") }
        let legacy = try plantTemporary()
        try write(["zones/a/a.gz": "a4", "manifest.json": "{}"])
        #expect(!FileManager.default.fileExists(atPath: legacy))
        #expect(
            String(decoding: try Data(contentsOf: root.appendingPathComponent("zones/a/a.gz")), as: UTF8.self) == "a4")
    }

    /// A file written `removingFirst` (the build report) replaces the old one as any other
    /// does, and is written when there was none; the marker lists it.
    @Test func aFileRemovedFirstIsReplaced() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        func write(_ report: String) throws {
            try OwnedDirectory.check(root.path, for: .buildOutput).replaceContents(
                with: [.init(path: "report.json", bytes: Array(report.utf8)), .init(path: "manifest.json", bytes: [])],
                last: ["manifest.json"], removingFirst: ["report.json"])
        }
        try write("first")
        #expect(try contents("report.json") == "first")
        try write(String(repeating: "second", count: 100_000))
        #expect(try contents("report.json") == String(repeating: "second", count: 100_000))
        try write("third")
        #expect(try contents("report.json") == "third")
        #expect(try marker()["files"] as? [String] == ["manifest.json", "report.json"])
        #expect(try marker()["writing"] as? Bool == false)
    }

    func contents(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: root.appendingPathComponent(path)), as: UTF8.self)
    }

    /// A file written with an identity is recorded with its stamp: a later write of that
    /// identity reads nothing while the file is untouched, and fails (naming it) once another
    /// program changed it.
    @Test func identifiedFilesAreNotReadAgainWhileUntouched() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let directory = try OwnedDirectory.check(root.path, for: .buildOutput)
        let artifact = OwnedDirectory.File(path: "zones/a/a.gz", bytes: Array("A".utf8), identity: "k1")
        let manifest = OwnedDirectory.File(path: "manifest.json", bytes: Array("{}".utf8))
        try directory.replaceContents(with: [artifact, manifest], last: ["manifest.json"])
        let record = try #require((try marker()["identities"] as? [String: Any])?["zones/a/a.gz"] as? [String: Any])
        #expect(record["identity"] as? String == "k1")
        #expect((record["stamp"] as? [Any])?.count == 7)

        // Written again a while later (the files compared, the marker rewritten) until the
        // marker is newer than the file (a clock tick; a second on a coarse file system): then
        // its record is trusted.
        var written = WrittenFiles(directory: root.path)
        for _ in 0..<50 where !written.holds("zones/a/a.gz", identity: "k1") {
            Thread.sleep(forTimeInterval: 0.05)
            try directory.replaceContents(with: [artifact, manifest], last: ["manifest.json"])
            written = WrittenFiles(directory: root.path)
        }
        #expect(written.holds("zones/a/a.gz", identity: "k1"))
        #expect(!written.holds("zones/a/a.gz", identity: "k2"))
        #expect(!written.holds("manifest.json", identity: "k1"))  // written without an identity

        var unread = artifact
        unread.bytes = []
        unread.isAlreadyWritten = true
        try directory.replaceContents(with: [unread, manifest], last: ["manifest.json"])
        #expect(try contents("zones/a/a.gz") == "A")

        // Another program writes the file: its stamp changes, the record no longer holds.
        try Data("B".utf8).write(to: root.appendingPathComponent("zones/a/a.gz"))
        #expect(!WrittenFiles(directory: root.path).holds("zones/a/a.gz", identity: "k1"))
        #expect(throws: OutputError.self) {
            try directory.replaceContents(with: [unread, manifest], last: ["manifest.json"])
        }
        try directory.replaceContents(with: [artifact, manifest], last: ["manifest.json"])
        #expect(try contents("zones/a/a.gz") == "A")
    }

    /// The marker as JSONEncoder wrote it (earlier versions wrote it so, and the files it lists
    /// are what a build may delete), read back whole.
    @Test func theMarkerIsWhatJSONEncoderWrites() throws {
        struct EncodedMarker: Encodable {
            var owner = "zonectl"
            var kind: OwnedDirectory.Kind
            var files: [String]
            var writing: Bool?
            var identities: [String: Record]?
            struct Record: Encodable {
                var identity: String
                var stamp: [Int64]
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let records = [
            "zones/b/x.gz": IdentifiedFile(identity: "city-1.gzip", stamp: [66306, 1 << 40, 12, -1, 0, 3, 4])
        ]
        for marker in [
            OwnershipMarker(kind: .buildOutput, files: []),
            OwnershipMarker(kind: .cache, files: ["a", "b/c \"q\""], writing: true),
            OwnershipMarker(kind: .buildOutput, files: ["zones/b/x.gz"], writing: false, identities: records),
        ] {
            let mirror = EncodedMarker(
                kind: marker.kind, files: marker.files, writing: marker.writing,
                identities: marker.identities?.mapValues { .init(identity: $0.identity, stamp: $0.stamp) })
            #expect(marker.encoded() == Array(try encoder.encode(mirror)) + [0x0A])
            #expect(OwnershipMarker(decoding: marker.encoded()) == marker)
        }
        #expect(OwnershipMarker(decoding: Array(#"{"owner":"someone","kind":"build output","files":[]}"#.utf8)) == nil)
        #expect(OwnershipMarker(decoding: Array(#"{"owner":"zonectl","kind":"build output","files":[1]}"#.utf8)) == nil)
        #expect(OwnershipMarker(decoding: Array("{".utf8)) == nil)
    }
}
