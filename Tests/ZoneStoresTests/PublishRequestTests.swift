import Foundation
import Testing
import ZonePipeline
import ZoneStores

/// `zonectl publish`'s workflow on a local store: the plan, the publish, a rerun up to date,
/// and what is refused before anything is written.
@Suite struct PublishRequestTests {
    @Test func planThenPublishThenUpToDate() throws {
        let w = try StoreWorkspace()
        defer { w.remove() }
        let request = try PublishRequest(configFile: w.configFile, target: w.path("store"), from: nil)
        #expect(request.buildDirectory == w.configFile.config.output)

        guard case .plan = try request.run(dryRun: true) else {
            Issue.record("a dry run published")
            return
        }
        let planned = try request.run(dryRun: true).lines
        #expect(planned.first?.hasPrefix("would upload ") == true, "\(planned)")
        #expect(planned.dropFirst().allSatisfy { $0.hasPrefix("  ") && $0.hasSuffix(" bytes") })
        #expect(try request.store.get("manifest.json") == nil, "the dry run wrote")

        let published = try request.run(dryRun: false)
        #expect(published.lines.first?.hasPrefix("published version ") == true, "\(published.lines)")
        #expect(published.lines.last == "manifest: \(w.path("store"))/manifest.json")
        #expect(published.retentionWarning == nil)
        #expect(try request.store.get("manifest.json") != nil)

        let again = try JSONSerialization.jsonObject(with: JSONEncoder().encode(try request.run(dryRun: false)))
        let object = try #require(again as? [String: Any])
        #expect(object["upToDate"] as? Bool == true)
        #expect((object["written"] as? [String])?.isEmpty == true)
        #expect(object["requests"] == nil, "a local store counts no requests")
    }

    @Test func dryRunJSONNamesNoRemoteVersionAsNull() throws {
        let w = try StoreWorkspace()
        defer { w.remove() }
        let report = try PublishRequest(configFile: w.configFile, target: w.path("store"), from: nil).run(dryRun: true)
        let json = String(decoding: try JSONEncoder().encode(report), as: UTF8.self)
        #expect(json.contains("\"remoteVersion\":null"), "\(json)")
        #expect(json.contains("\"dryRun\":true"), "\(json)")
    }

    @Test func refusals() throws {
        let w = try StoreWorkspace()
        defer { w.remove() }
        #expect(throws: OptionError("no target: give --target, or publish.target in pipeline.yml")) {
            try PublishRequest(configFile: w.configFile, target: nil, from: nil)
        }
        // The zone sources are never a store.
        #expect(throws: OutputError.self) {
            try PublishRequest(configFile: w.configFile, target: w.path("zones"), from: nil)
        }
        // A build directory that is not there: nothing is written to the store.
        let request = try PublishRequest(configFile: w.configFile, target: w.path("store"), from: w.path("nowhere"))
        #expect(throws: PublishError.self) { try request.run(dryRun: false) }
        #expect(try request.store.get("manifest.json") == nil)
    }
}
