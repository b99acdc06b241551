import Foundation
import TestSupport
import Testing

extension S3PublishTests {
    /// `zonectl publish` through a `FaultProxy` in front of moto, with short retry budgets from
    /// the config (`publish.max_attempts`, `publish.stall_timeout_s`): transient faults are
    /// retried within the budget; beyond it the publish exits 2 and the previous manifest.json
    /// is served untouched and still verifies.
    @Suite(.tags(.python)) struct Faults {
        /// A workspace serving the sample zones (published straight to moto), a build with one
        /// city changed, and manifest.json's bytes as served.
        func published(_ name: String) throws -> (S3Workspace, served: [UInt8]) {
            let w = try S3Workspace(name)
            try w.build("dist")
            try w.build("dist-paris", parisLongitude: "2.338999")
            let first = try w.publish("dist")
            #expect(first.status == 0, "\(first.stderr)")
            return (w, try #require(try w.servedManifest()))
        }

        /// After a failed publish: exit 2, nothing switched, and the target still verifies.
        func expectPreviousIntact(
            _ r: ProcessOutput, _ w: S3Workspace, served: [UInt8], message: String,
            sourceLocation: SourceLocation = #_sourceLocation
        ) throws {
            #expect(r.status == 2, "\(r.stderr)", sourceLocation: sourceLocation)
            #expect(r.stderr.contains(message), "\(r.stderr)", sourceLocation: sourceLocation)
            #expect(r.stdout.isEmpty, sourceLocation: sourceLocation)
            #expect(try w.servedManifest() == served, "manifest.json changed", sourceLocation: sourceLocation)
            let verify = try w.verify()
            #expect(verify.status == 0, "\(verify.stderr)", sourceLocation: sourceLocation)
            let check = try w.check()
            #expect(check.problems.isEmpty, "\(check.problems)", sourceLocation: sourceLocation)
        }

        /// PUTs of artifacts (`zones/…`, `styles/…`) the proxy saw.
        func artifactPUTs(_ proxy: FaultProxy) -> [FaultProxy.Recorded] {
            proxy.requests.filter {
                $0.method == "PUT" && ($0.target.contains("/zones/") || $0.target.contains("/styles/"))
            }
        }

        @Test("bursts of 503 SlowDown on every artifact PUT and on the first GET: retried, published, counted")
        func slowDownBursts() throws {
            let w = try S3Workspace("slowdown")
            defer { w.remove() }
            try w.build("dist")
            let config = try w.config("faults.yml", maxAttempts: 3)
            // The 8 artifact PUTs run in parallel: all 8 get 503 twice, the third attempt lands.
            let proxy = try FaultProxy(
                upstreamPort: w.moto.port,
                rules: [
                    .init("PUT", "/zones/", faults: [.slowDown, .slowDown], perTarget: true),
                    .init("PUT", "/styles/", faults: [.slowDown, .slowDown], perTarget: true),
                    .init("GET", "/manifest.json", faults: [.slowDown]),
                ])
            defer { proxy.stop() }
            let r = try w.publish("dist", port: proxy.port, config: config)
            #expect(r.status == 0, "\(r.stderr)")
            let out = try json(Data(r.stdoutBytes))
            #expect(artifactPUTs(proxy).count == 8 * 3)
            #expect(artifactPUTs(proxy).filter { $0.status == 503 }.count == 16)
            #expect(counts(out) == counts(proxy.requests))
            #expect(counts(out, "retries") == ["GET": 1, "PUT": 16])
            // 8 zone objects, 151 point files (not faulted), 2 manifests.
            #expect((out["written"] as? [String])?.count == 161)
            let check = try w.check()
            #expect(check.problems.isEmpty, "\(check.problems)")
            #expect(check.version == out["version"] as? String)
        }

        @Test("SlowDown on every attempt of an artifact: exit 2 after max_attempts, previous manifest intact")
        func slowDownExhausted() throws {
            let (w, served) = try published("exhaust")
            defer { w.remove() }
            let config = try w.config("faults.yml", maxAttempts: 3)
            let proxy = try FaultProxy(
                upstreamPort: w.moto.port, rules: [.init("PUT", "/zones/paris/", then: .slowDown)])
            defer { proxy.stop() }
            let r = try w.publish("dist-paris", port: proxy.port, config: config)
            try expectPreviousIntact(r, w, served: served, message: "gave up after 3 attempts: HTTP 503 SlowDown")
            #expect(artifactPUTs(proxy).count == 3)
            #expect(
                !proxy.requests.contains { $0.target.contains("/manifest") && $0.method == "PUT" },
                "no manifest was written")
            #expect(r.stderr.contains("requests: GET 1, PUT 3 (retries: PUT 2)"))
        }

        @Test("connections reset mid-body: once per artifact is retried and lands whole; on every attempt, exit 2")
        func resetMidBody() throws {
            let w = try S3Workspace("reset")
            defer { w.remove() }
            try w.build("dist")
            try w.build("dist-paris", parisLongitude: "2.338999")
            let config = try w.config("faults.yml", maxAttempts: 2)
            let proxy = try FaultProxy(
                upstreamPort: w.moto.port,
                rules: [
                    .init("PUT", "/zones/", faults: [.resetMidRequest], perTarget: true),
                    .init("PUT", "/styles/", faults: [.resetMidRequest], perTarget: true),
                ])
            defer { proxy.stop() }
            let first = try w.publish("dist", port: proxy.port, config: config)
            #expect(first.status == 0, "\(first.stderr)")
            #expect(artifactPUTs(proxy).count == 16)
            #expect(counts(try json(Data(first.stdoutBytes)), "retries") == ["PUT": 8])
            let check = try w.check()  // every artifact whole: sizes and sha256 as the manifest says
            #expect(check.problems.isEmpty, "\(check.problems)")
            #expect(check.artifacts.count == 8)

            let served = try #require(try w.servedManifest())
            proxy.reset(rules: [.init("PUT", "/zones/paris/", then: .resetMidRequest)])
            let r = try w.publish("dist-paris", port: proxy.port, config: config)
            try expectPreviousIntact(r, w, served: served, message: "gave up after 2 attempts: transfer failed")
            #expect(artifactPUTs(proxy).count == 2)
        }

        @Test(
            "a server that stalls past stall_timeout_s is abandoned and the request retried; stalling every attempt fails cleanly"
        )
        func stall() throws {
            let (w, served) = try published("stall")
            defer { w.remove() }
            let config = try w.config("faults.yml", maxAttempts: 2, stallTimeoutS: 1)
            // Right after an upload curl's speed average (over its last ~5 s) stays above the
            // limit for a while, so a stalled PUT is noticed a few seconds late; a stalled GET at once.
            let proxy = try FaultProxy(
                upstreamPort: w.moto.port, rules: [.init("PUT", "/zones/paris/", faults: [.stall(seconds: 30)])])
            defer { proxy.stop() }
            let started = ContinuousClock.now
            let r = try w.publish("dist-paris", port: proxy.port, config: config)
            let elapsed = ContinuousClock.now - started
            #expect(r.status == 0, "\(r.stderr)")
            #expect(elapsed < .seconds(15), "the stall was not cut short: \(elapsed)")
            #expect(artifactPUTs(proxy).map(\.status) == [nil, 200])
            #expect(counts(try json(Data(r.stdoutBytes)), "retries") == ["PUT": 1])

            let published = try #require(try w.servedManifest())
            #expect(published != served)
            try w.build("dist-paris2", parisLongitude: "2.337999")
            proxy.reset(rules: [.init("GET", "/manifest.json", then: .stall(seconds: 30))])
            let failed = try w.publish("dist-paris2", port: proxy.port, config: config)
            try expectPreviousIntact(
                failed, w, served: published, message: "manifest.json: gave up after 2 attempts: transfer failed")
            #expect(failed.stderr.contains("curl error 28"), "\(failed.stderr)")
            #expect(proxy.requests.map(\.method) == ["GET", "GET"], "nothing was written")
        }

        @Test(
            "manifest.json PUT refused (403, never retried) or failing (500 until attempts run out): exit 2, previous manifest valid; a rerun completes"
        )
        func manifestPutFails() throws {
            let (w, served) = try published("manifest-fails")
            defer { w.remove() }
            let config = try w.config("faults.yml", maxAttempts: 2)
            let proxy = try FaultProxy(
                upstreamPort: w.moto.port,
                rules: [.init("PUT", "/manifest.json", then: .error(status: 403, code: "AccessDenied"))])
            defer { proxy.stop() }
            let denied = try w.publish("dist-paris", port: proxy.port, config: config)
            try expectPreviousIntact(denied, w, served: served, message: "manifest.json: HTTP 403 AccessDenied")
            #expect(proxy.requests.filter { $0.target.hasSuffix("/manifest.json") && $0.method == "PUT" }.count == 1)

            proxy.reset(rules: [.init("PUT", "/manifest.json", then: .error(status: 500, code: "InternalError"))])
            let failing = try w.publish("dist-paris", port: proxy.port, config: config)
            try expectPreviousIntact(
                failing, w, served: served, message: "manifest.json: gave up after 2 attempts: HTTP 500 InternalError")
            #expect(proxy.requests.filter { $0.target.hasSuffix("/manifest.json") && $0.method == "PUT" }.count == 2)

            // The failed runs left the artifact and their versioned manifest (the same bytes each
            // time); the rerun finds both already there and completes on top of them.
            let rerun = try w.publish("dist-paris", config: config)
            #expect(rerun.status == 0, "\(rerun.stderr)")
            let out = try json(Data(rerun.stdoutBytes))
            #expect((out["alreadyThere"] as? [String])?.count == 1)
            let check = try w.check()
            #expect(check.problems.isEmpty, "\(check.problems)")
            #expect(check.version == out["version"] as? String)
            #expect(check.manifests.count == 2)
            #expect(try w.verify().status == 0)
        }

        @Test(
            "the answer to the manifest.json PUT is lost and the retry gets 412: the switch did land, publish succeeds")
        func lostSwitchAnswer() throws {
            let (w, _) = try published("lost-answer")
            defer { w.remove() }
            let proxy = try FaultProxy(
                upstreamPort: w.moto.port, rules: [.init("PUT", "/manifest.json", faults: [.dropResponse])])
            defer { proxy.stop() }
            let r = try w.publish("dist-paris", port: proxy.port)
            #expect(r.status == 0, "\(r.stderr)")
            let switches = proxy.requests.filter { $0.target.hasSuffix("/manifest.json") && $0.method == "PUT" }
            #expect(switches.map(\.status) == [nil, 412])
            let check = try w.check()
            #expect(check.version == (try json(Data(r.stdoutBytes))["version"] as? String))
            #expect(check.problems.isEmpty, "\(check.problems)")
            #expect(check.manifests.count == 2)
        }
    }
}
