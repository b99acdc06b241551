import Foundation
import TestSupport
import Testing

extension S3PublishTests {
    /// The requests `zonectl publish` reports, by method, against the requests the server got
    /// (counted by a fault-free proxy in front of moto).
    @Suite(.tags(.python)) struct RequestCounts {
        @Test("first, no-change and one-city-changed publishes of the sample zones")
        func sampleZones() throws {
            let w = try S3Workspace("counts")
            defer { w.remove() }
            let base = try w.build("dist")
            let changed = try w.build("dist-paris", parisLongitude: "2.338999")
            // The sample point layer's 3 cities: band file, metatiles, point index.
            let pointCities = (base["points"] as? [[String: Any]] ?? []).flatMap {
                $0["cities"] as? [[String: Any]] ?? []
            }
            let pointFiles = pointCities.reduce(0) { $0 + 2 + (($1["metatiles"] as? [Any])?.count ?? 0) }
            #expect(pointCities.count == 3 && pointFiles == 151)
            let artifacts = 1 + (base["cities"] as? [Any] ?? []).count + pointFiles
            #expect(artifacts == 159)  // 7 cities + the style table + the point files
            let proxy = try FaultProxy(upstreamPort: w.moto.port)
            defer { proxy.stop() }

            // First publish: every artifact, the versioned manifest, manifest.json. GETs: the absent
            // manifest.json, then manifest.json and manifests/<v>.json for retention.
            let first = try w.publish("dist", port: proxy.port)
            #expect(first.status == 0, "\(first.stderr)")
            let firstOut = try json(Data(first.stdoutBytes))
            #expect(counts(firstOut) == ["GET": 3, "PUT": artifacts + 2])
            #expect(counts(firstOut) == counts(proxy.requests))
            #expect(counts(firstOut, "retries").isEmpty)
            #expect(proxy.requests.allSatisfy { $0.status == 200 || ($0.method == "GET" && $0.status == 404) })

            // No change: one GET, nothing written; the text summary says so too.
            proxy.reset()
            let again = try runProcess(
                TestPaths.zonectl.path, ["publish", "--dist", "dist", "--target", w.target],
                in: w.dir, environment: w.environment(port: proxy.port))
            #expect(again.status == 0, "\(again.stderr)")
            #expect(again.stdout.hasPrefix("up to date"))
            #expect(again.stdout.contains("\nrequests: GET 1\n"))
            #expect(counts(proxy.requests) == ["GET": 1])

            // Paris changed: its artifact and the two manifests; retention walks the chain of two.
            proxy.reset()
            let third = try w.publish("dist-paris", port: proxy.port)
            #expect(third.status == 0, "\(third.stderr)")
            let thirdOut = try json(Data(third.stdoutBytes))
            #expect(counts(thirdOut) == ["GET": 4, "PUT": 1 + 2])
            #expect(counts(thirdOut) == counts(proxy.requests))
            let parisKey =
                (changed["cities"] as? [[String: Any]])?.first { $0["id"] as? String == "paris" }?["key"] as? String
            #expect((thirdOut["written"] as? [String])?.first == parisKey)

            let check = try w.check()
            #expect(check.problems.isEmpty, "\(check.problems)")
            #expect(check.version == thirdOut["version"] as? String)
            #expect(check.previous == firstOut["version"] as? String)
            // The zone objects of both versions (Paris twice); the point files did not change.
            #expect(check.artifacts.count == 8 + 1)
            #expect(check.pointFiles.count == pointFiles)
        }
    }
}
