import Foundation
import TestSupport
import Testing
import ZoneClient

/// A published store with point layers for the viewport tests, and what its files hold.
struct ClusterStore {
    let dir: URL
    let store: URL

    /// The sample zones and `points` (a folder name below the workspace) built and published to
    /// ./store; `extraPoints` files are written into the points folder first.
    init(extraPoints: [String: String] = [:], samplePoints: Bool = true) throws {
        dir = try temporaryDirectory()
        try FileManager.default.copyItem(
            at: TestPaths.root.appendingPathComponent("zones"), to: dir.appendingPathComponent("zones"))
        let points = dir.appendingPathComponent("points")
        if samplePoints {
            try FileManager.default.copyItem(at: TestPaths.root.appendingPathComponent("points"), to: points)
        } else {
            try FileManager.default.createDirectory(at: points, withIntermediateDirectories: true)
        }
        for (name, text) in extraPoints {
            try text.write(to: points.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        try ("zones: zones\noutput: dist\npublish:\n  target: store\n" + StyleCommandPointsTests.layer).write(
            to: dir.appendingPathComponent("pipeline.yml"), atomically: true, encoding: .utf8)
        store = dir.appendingPathComponent("store")
        try publish()
    }

    func publish() throws {
        for command in ["build", "publish"] {
            let r = try zonectl(command, in: dir)
            try #require(r.status == 0, "\(r.stderr)")
        }
    }

    func remove() { try? FileManager.default.removeItem(at: dir) }

    var manifest: ZoneManifest { get throws { try DirectoryStore(root: store.path).manifest() } }

    /// Per zoom, every feature the published files of `layer` hold (of `city`, or all), as
    /// (stable id, position), read with JSONSerialization rather than the client's parser.
    func published(layer: String = "cars", city: String? = nil) throws -> [Int: [Published]] {
        let manifest = try manifest
        let entry = try #require(manifest.points?.first { $0.layer == layer })
        var out: [Int: [Published]] = [:]
        let reader = DirectoryStore(root: store.path)
        for c in entry.cities where city == nil || c.id == city {
            for file in [try #require(c.band)] + c.metatiles {
                let content = try reader.content(of: file.artifact)
                let root = try #require(try JSONSerialization.jsonObject(with: Data(content)) as? [String: Any])
                for feature in try #require(root["features"] as? [[String: Any]]) {
                    let geometry = try #require(feature["geometry"] as? [String: Any])
                    let position = try #require(geometry["coordinates"] as? [Double])
                    let properties = try #require(feature["properties"] as? [String: Any])
                    let z = try #require(properties["z"] as? Int)
                    let id: ZoneClusterKey
                    if let cluster = properties["cluster_id"] as? Int {
                        id = .cluster(cluster)
                    } else {
                        id = .point(try #require(properties["id"] as? String))
                    }
                    out[z, default: []].append(Published(id: id, longitude: position[0], latitude: position[1]))
                }
            }
        }
        return out
    }

    struct Published: Hashable {
        var id: ZoneClusterKey
        var longitude: Double
        var latitude: Double
    }
}

/// A transport that is offline: every request fails as without a network.
struct OfflineTransport: ZoneTransport {
    func get(_ request: ZoneRequest) async throws(ZoneClientError) -> ZoneResponse {
        throw .offline(key: request.key, reason: "the test network is off")
    }
}

/// A transport that never answers until its task is cancelled.
struct HangingTransport: ZoneTransport {
    func get(_ request: ZoneRequest) async throws(ZoneClientError) -> ZoneResponse {
        while !Task.isCancelled { try? await Task.sleep(nanoseconds: 5_000_000) }
        throw .cancelled
    }
}
