import Foundation
import TestSupport
import Testing

extension S3PublishTests {
    /// Two publishers of different builds against one prefix: exactly one switches
    /// manifest.json, the other stops with exit 2 having overwritten nothing.
    @Suite(.tags(.python)) struct Races {
        /// The outcome of one race, checked: exactly one winner, the loser's message names the
        /// winner's version, the served manifest is the winner's and names only objects that are
        /// there with the right sha256 (boto3's view), and `zonectl verify` agrees.
        @discardableResult
        func checkOneWinner(
            _ a: ProcessOutput, _ b: ProcessOutput, in w: S3Workspace,
            sourceLocation: SourceLocation = #_sourceLocation
        ) throws -> (winner: String, check: BucketCheck) {
            #expect(
                [a.status, b.status].sorted() == [0, 2], "exits \(a.status), \(b.status): \(a.stderr) \(b.stderr)",
                sourceLocation: sourceLocation)
            let (won, lost) = a.status == 0 ? (a, b) : (b, a)
            let version = try #require(
                try json(Data(won.stdoutBytes))["version"] as? String, sourceLocation: sourceLocation)
            #expect(
                lost.stderr.contains("another publish won (version \(version))"), "\(lost.stderr)",
                sourceLocation: sourceLocation)
            #expect(lost.stdout.isEmpty, sourceLocation: sourceLocation)
            let check = try w.check()
            #expect(check.version == version, sourceLocation: sourceLocation)
            #expect(check.problems.isEmpty, "\(check.problems)", sourceLocation: sourceLocation)
            let verify = try w.verify()
            #expect(verify.status == 0, "\(verify.stderr)", sourceLocation: sourceLocation)
            #expect(verify.stdout.hasPrefix("version \(version):"), sourceLocation: sourceLocation)
            return (version, check)
        }

        @Test("two processes side by side: the first publish and two later rounds, one winner each")
        func concurrentProcesses() throws {
            let w = try S3Workspace("race")
            defer { w.remove() }
            try w.build("dist")
            try w.build("dist-a", parisLongitude: "2.338999")
            try w.build("dist-b", parisLongitude: "2.337999")
            // Both processes run side by side; the proxy holds each conditional manifest.json PUT
            // until both have come (so both read the same manifest.json, or its absence, before
            // either switches), then lets them on to moto one after the other: moto checks the
            // condition and writes without a lock, so simultaneous arrivals could both pass.
            let proxy = try FaultProxy(upstreamPort: w.moto.port)
            defer { proxy.stop() }
            var served: [String] = []
            for round in 0..<3 {
                if round > 0 {
                    let reset = try w.publish("dist")  // a base both racers differ from
                    #expect(reset.status == 0, "\(reset.stderr)")
                    served.append(try #require(try json(Data(reset.stdoutBytes))["version"] as? String))
                }
                proxy.reset(rules: [.init("PUT", "/manifest.json", then: .hold)])
                let a = try w.startPublish("dist-a", port: proxy.port)
                let b = try w.startPublish("dist-b", port: proxy.port)
                #expect(
                    proxy.wait(timeout: 30) { $0.filter { $0.fault == .hold }.count == 2 },
                    "both publishers reach the switch")
                proxy.releaseNext()
                #expect(proxy.wait(timeout: 30) { $0.contains { $0.fault == .hold && $0.status != nil } })
                proxy.releaseNext()
                let (outA, outB) = (try a.wait(), try b.wait())
                let (winner, check) = try checkOneWinner(outA, outB, in: w)
                served.append(winner)
                // On the wire: two conditional PUTs of manifest.json; moto took one and refused the
                // other with 412 (If-None-Match: * in the first round, If-Match after).
                let switches = proxy.requests.filter { $0.method == "PUT" && $0.target.hasSuffix("/manifest.json") }
                #expect(switches.count == 2)
                #expect(switches.map(\.status) == [200, 412])
                let header = round == 0 ? "if-none-match" : "if-match"
                #expect(switches.allSatisfy { $0.headers[header] != nil }, "\(switches.map(\.headers))")
                // The loser removed its versioned manifest: only the served chain is kept.
                #expect(check.manifests == served.sorted().map { "manifests/\($0).json" })
            }
        }

        @Test("forced: B publishes while A's conditional manifest.json PUT is held, then A's gets 412")
        func forcedLoss() throws {
            let w = try S3Workspace("forced")
            defer { w.remove() }
            try w.build("dist")
            try w.build("dist-a", parisLongitude: "2.338999")
            try w.build("dist-b", parisLongitude: "2.337999")
            let base = try w.publish("dist")
            #expect(base.status == 0, "\(base.stderr)")
            let baseVersion = try #require(try json(Data(base.stdoutBytes))["version"] as? String)

            let proxy = try FaultProxy(
                upstreamPort: w.moto.port, rules: [.init("PUT", "/manifest.json", faults: [.hold])])
            defer { proxy.stop() }
            let a = try w.startPublish("dist-a", port: proxy.port)
            let held = proxy.wait(timeout: 30) { $0.contains { $0.fault == .hold } }
            #expect(held, "A never reached its manifest.json PUT")
            let b = try w.publish("dist-b")  // straight to moto, while A waits
            #expect(b.status == 0, "\(b.stderr)")
            proxy.release()
            let outA = try a.wait()
            let (winner, check) = try checkOneWinner(outA, b, in: w)
            #expect(winner == (try json(Data(b.stdoutBytes))["version"] as? String))
            #expect(check.previous == baseVersion)
            let switches = proxy.requests.filter { $0.method == "PUT" && $0.target.hasSuffix("/manifest.json") }
            #expect(switches.map(\.status) == [412], "moto must refuse If-Match with a stale ETag")
            #expect(switches.first?.headers["if-match"] != nil)
            #expect(check.manifests == [baseVersion, winner].map { "manifests/\($0).json" })
        }
    }
}
