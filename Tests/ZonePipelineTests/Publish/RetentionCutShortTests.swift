import Foundation
import Testing

@testable import ZonePipeline

/// A retention cut short (the publish killed, a DELETE failing) after any number of deletes
/// leaves no versioned manifest naming a removed object; bench/soak-publish.sh found the
/// opposite when retention removed artifacts before their manifest.
@Suite struct RetentionCutShortTests {
    /// The local store, whose deletes fail after the first `allowed` keys.
    final class FailingDeletes: ObjectStore, @unchecked Sendable {
        let base: LocalStore
        let allowed: Int
        private(set) var deleted: [String] = []
        init(_ base: LocalStore, allowed: Int) { (self.base, self.allowed) = (base, allowed) }

        var name: String { base.name }
        func get(_ key: String) throws(StoreError) -> StoredObject? { try base.get(key) }
        func put(_ uploads: [ObjectUpload], condition: WriteCondition?) throws(StoreError) -> [Bool] {
            try base.put(uploads, condition: condition)
        }
        func list(prefix: String) throws(StoreError) -> [String] { try base.list(prefix: prefix) }
        func delete(_ keys: [String]) throws(StoreError) {
            for key in keys {
                guard deleted.count < allowed else { throw .failed(key: key, message: "cut short") }
                try base.delete([key])
                deleted.append(key)
            }
        }
    }

    /// Every versioned manifest in `store` names only objects that are there.
    func dangling(_ store: LocalStore) throws -> [String] {
        try store.list(prefix: "manifests/").flatMap { key in
            let manifest = try JSONDecoder().decode(Manifest.self, from: Data(try #require(try store.get(key)).bytes))
            return try manifest.artifacts.map(\.key).filter { try store.get($0) == nil }.map { "\(key) names \($0)" }
        }
    }

    @Test(arguments: 0..<3)
    func cutAfter(_ allowed: Int) throws {
        let w = try LocalPublishTests.Workspace()
        defer { try? FileManager.default.removeItem(at: w.root) }
        for (i, shift) in [0.0, 0.5, 0.25].enumerated() {
            _ = try w.build(shift: shift, now: Date().addingTimeInterval(Double(i) * 10))
            _ = try w.publish(keep: 10)
        }
        // keep 1 drops two versions: their manifests, and two rome artifacts only they name.
        let store = FailingDeletes(w.store, allowed: allowed)
        #expect(throws: PublishError.self) { try Retention(store: store, keep: 1).apply() }
        #expect(try dangling(w.store).isEmpty, "after \(store.deleted)")
        #expect(try Verifier(store: w.store).verify().problems.isEmpty)

        // The next retention finishes what is still reachable.
        let removed = try Retention(store: w.store, keep: 1).apply()
        #expect(try w.store.list(prefix: "manifests/").count == 1, "removed \(removed)")
        #expect(try dangling(w.store).isEmpty)
    }
}
