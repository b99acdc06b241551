import Foundation
import Testing

/// One-line messages about a published store: a manifest with a member missing or of the wrong
/// type names that member by its JSON path, for every command that reads it; a rollback to a
/// version the target does not keep lists the kept ones.
@Suite struct StoreMessagesTests {
    @Test(
        .tags(.python),
        arguments: [
            ("missing", "del d['cities'][3]['key']", "missing member \"cities[3].key\""),
            ("wrong type", "d['version'] = 7", "member \"version\" is not a string"),
        ])
    func aDamagedManifestNamesTheMember(_ damage: String, _ edit: String, _ message: String) throws {
        let dir = try publishedSample()
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = dir.appendingPathComponent("store")
        let change = try run(
            TestPaths.python,
            [
                "-c", "import json,sys; p=sys.argv[1]; d=json.load(open(p)); \(edit); json.dump(d, open(p,'w'))",
                store.appendingPathComponent("manifest.json").path,
            ])
        try #require(change.status == 0, "\(change.stderr)")
        let cache = dir.appendingPathComponent("cache").path
        for command in [
            ["versions"], ["verify"], ["publish"], ["rollback", "20990101T000000Z"], ["diff"],
            ["lookup", "--from", "store", "1", "2"], ["sync", "--from", "store", "--cache", cache],
        ] {
            let r = try run(TestPaths.zonectl.path, command, in: dir)
            #expect(r.status == 2, "\(damage) \(command): \(r.stderr)")
            #expect(r.stderr.contains(message), "\(damage) \(command): \(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1, "\(damage) \(command): \(r.stderr)")
            #expect(!r.stderr.contains("CodingKeys"), "\(damage) \(command): \(r.stderr)")
        }
    }

    @Test func rollbackToAnUnknownVersionListsTheKeptOnes() throws {
        let dir = try publishedSample()
        defer { try? FileManager.default.removeItem(at: dir) }
        let versions = try zonectl("versions", in: dir)
        let current = try #require(versions.stdout.split(separator: " ").dropFirst().first.map(String.init))
        let r = try zonectl("rollback", "20990101T000000Z", in: dir)
        #expect(r.status == 2)
        #expect(
            r.stderr.contains("no version 20990101T000000Z on the target; kept: \(current) (current)"), "\(r.stderr)")
    }
}
