import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension S3PublishTests {
    /// A publish killed with SIGKILL part-way leaves the previous manifest.json served and
    /// valid, no manifest names a missing object, and the same publish run again completes.
    @Suite(.tags(.python)) struct Kill {
        /// Serves the sample zones; builds them again with a finer simplification tolerance,
        /// which changes every city's artifact (the style table stays the same).
        func published(_ name: String) throws -> (S3Workspace, served: [UInt8], changed: Int) {
            let w = try S3Workspace(name)
            let base = try w.build("dist")
            try "simplify:\n  tolerance_m: 0.5\n".write(
                to: w.dir.appendingPathComponent("fine.yml"), atomically: true, encoding: .utf8)
            let r = try zonectl("build", "--config", "fine.yml", "--zones", "zones", "--out", "dist-fine", in: w.dir)
            #expect(r.status == 0, "\(r.stderr)")
            let fine = try json(Data(contentsOf: w.dir.appendingPathComponent("dist-fine/manifest.json")))
            let keys = { (m: [String: Any]) in
                Set((m["cities"] as? [[String: Any]] ?? []).compactMap { $0["key"] as? String })
            }
            let changed = keys(fine).subtracting(keys(base)).count
            let first = try w.publish("dist")
            #expect(first.status == 0, "\(first.stderr)")
            return (w, try #require(try w.servedManifest()), changed)
        }

        /// After the kill: the previous manifest.json, verified by zonectl and by boto3.
        func expectPreviousServed(
            _ w: S3Workspace, _ served: [UInt8], sourceLocation: SourceLocation = #_sourceLocation
        ) throws -> BucketCheck {
            #expect(try w.servedManifest() == served, sourceLocation: sourceLocation)
            let verify = try w.verify()
            #expect(verify.status == 0, "\(verify.stderr)", sourceLocation: sourceLocation)
            let check = try w.check()
            #expect(check.problems.isEmpty, "\(check.problems)", sourceLocation: sourceLocation)
            return check
        }

        /// Runs the publish of dist-fine to the end, straight to moto; checks it is served.
        func rerun(_ w: S3Workspace, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
            let r = try w.publish("dist-fine")
            #expect(r.status == 0, "\(r.stderr)", sourceLocation: sourceLocation)
            let out = try json(Data(r.stdoutBytes))
            let check = try w.check()
            #expect(check.problems.isEmpty, "\(check.problems)", sourceLocation: sourceLocation)
            #expect(check.version == out["version"] as? String, sourceLocation: sourceLocation)
            #expect(try w.verify().status == 0, sourceLocation: sourceLocation)
            return out
        }

        @Test(
            "killed after 3 of the artifact PUTs landed (the rest held): previous manifest served; the rerun completes")
        func killedAmongArtifacts() throws {
            let (w, served, changed) = try published("kill-artifacts")
            defer { w.remove() }
            #expect(changed >= 5)
            let proxy = try FaultProxy(
                upstreamPort: w.moto.port, rules: [.init("PUT", "/zones/", skip: 3, then: .hold)])
            defer { proxy.stop() }
            let publish = try w.startPublish("dist-fine", port: proxy.port)
            let reached = proxy.wait(timeout: 30) { requests in
                let puts = requests.filter { $0.method == "PUT" }
                return puts.count == changed && puts.filter { $0.status == 200 }.count == 3
            }
            #expect(reached, "\(proxy.requests.map { "\($0.method) \($0.target) \($0.status ?? 0)" })")
            publish.kill(SIGKILL)
            let killed = try publish.wait()
            #expect(killed.signalled && killed.status == SIGKILL)
            proxy.stop()  // the held PUTs are closed unanswered, never forwarded

            let check = try expectPreviousServed(w, served)
            #expect(check.artifacts.count == 8 + 3, "the 3 landed artifacts wait, unnamed")
            #expect(check.manifests.count == 1)

            let out = try rerun(w)
            #expect((out["alreadyThere"] as? [String])?.count == 3)
            #expect((out["written"] as? [String])?.count == changed - 3 + 2)
        }

        @Test(
            "killed while its manifest.json PUT is held (the versioned manifest written): previous served; the rerun completes"
        )
        func killedBeforeTheSwitch() throws {
            let (w, served, changed) = try published("kill-switch")
            defer { w.remove() }
            let proxy = try FaultProxy(upstreamPort: w.moto.port, rules: [.init("PUT", "/manifest.json", then: .hold)])
            defer { proxy.stop() }
            let publish = try w.startPublish("dist-fine", port: proxy.port)
            #expect(proxy.wait(timeout: 30) { $0.contains { $0.fault == .hold } })
            publish.kill(SIGKILL)
            _ = try publish.wait()
            proxy.stop()

            let check = try expectPreviousServed(w, served)
            #expect(
                check.manifests.count == 2, "the killed run's versioned manifest stays, naming objects that are there")
            #expect(check.artifacts.count == 8 + changed)

            // The rerun plans the same version on the same previous: its versioned manifest is
            // already there byte for byte, and it goes on to switch manifest.json.
            let orphan = try #require(check.manifests.first { $0 != "manifests/\(check.version ?? "").json" })
            let out = try rerun(w)
            #expect("manifests/\(out["version"] as? String ?? "").json" == orphan)
            #expect((out["alreadyThere"] as? [String])?.count == changed)
            #expect(try w.check().manifests.count == 2)
        }
    }
}
