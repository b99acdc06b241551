import Foundation
import TestSupport

/// `fault-proxy`: the tests' FaultProxy (Tests/TestSupport) as a program, for shell scripts
/// (bench/soak-publish.sh). It listens on 127.0.0.1 at an ephemeral port and forwards to
/// 127.0.0.1:UPSTREAM until it is killed; held requests are then closed unanswered, never forwarded.
///
///     fault-proxy --upstream PORT --port-file FILE [--log FILE] [--release-every SECONDS]
///                 [--rule 'METHOD TEXT [skip=N] [faults=F,F...] [then=F]']...
///
/// A rule applies to requests with METHOD whose target contains TEXT (FaultProxy.Rule): the first
/// `skip` are forwarded, the next get `faults` in order, the rest `then`. Faults: slowdown,
/// error:STATUS:CODE, reset-request, reset-response, drop-response, stall:SECONDS, hold.
/// `--release-every` lets the earliest held request go on every SECONDS (a slow link).
/// `--port-file` receives the port once the proxy listens; `--log` is rewritten every 20 ms
/// with one line per request: METHOD TARGET STATUS FAULT ("-" when none).
@main
enum FaultProxyTool {
    static func main() {
        var upstream: Int?
        var portFile: String?
        var logFile: String?
        var releaseEvery: Double?
        var rules: [FaultProxy.Rule] = []
        var arguments = CommandLine.arguments.dropFirst()
        while let flag = arguments.popFirst() {
            guard let value = arguments.popFirst() else { fail("\(flag) needs a value") }
            switch flag {
            case "--upstream": upstream = Int(value)
            case "--port-file": portFile = value
            case "--log": logFile = value
            case "--release-every": releaseEvery = Double(value)
            case "--rule": rules.append(rule(value))
            default: fail("unknown option \(flag)")
            }
        }
        guard let upstream, let portFile else { fail("--upstream and --port-file are required") }

        let proxy: FaultProxy
        do {
            proxy = try FaultProxy(upstreamPort: upstream, rules: rules)
        } catch {
            fail("cannot listen: \(error)")
        }
        write("\(proxy.port)\n", to: portFile)
        if let releaseEvery {
            let thread = Thread {
                while true {
                    Thread.sleep(forTimeInterval: releaseEvery)
                    proxy.releaseNext()
                }
            }
            thread.start()
        }
        var written = ""
        while true {
            Thread.sleep(forTimeInterval: 0.02)
            guard let logFile else { continue }
            let text = proxy.requests.map { r in
                "\(r.method) \(r.target) \(r.status.map(String.init) ?? "-") \(r.fault.map(name) ?? "-")\n"
            }.joined()
            if text != written {
                write(text, to: logFile)
                written = text
            }
        }
    }

    /// "PUT /zones/ skip=3 faults=drop-response,slowdown then=hold".
    static func rule(_ text: String) -> FaultProxy.Rule {
        let words = text.split(separator: " ").map(String.init)
        guard words.count >= 2 else { fail("a rule is 'METHOD TEXT [skip=N] [faults=F,...] [then=F]': \(text)") }
        var r = FaultProxy.Rule(words[0], words[1])
        for option in words.dropFirst(2) {
            let parts = option.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { fail("bad rule option \(option)") }
            switch parts[0] {
            case "skip": r.skip = Int(parts[1]) ?? 0
            case "faults": r.faults = parts[1].split(separator: ",").map { fault(String($0)) }
            case "then": r.then = fault(parts[1])
            default: fail("bad rule option \(option)")
            }
        }
        return r
    }

    static func fault(_ text: String) -> FaultProxy.Fault {
        let parts = text.split(separator: ":").map(String.init)
        switch parts[0] {
        case "slowdown": return .slowDown
        case "error" where parts.count == 3: return .error(status: Int(parts[1]) ?? 500, code: parts[2])
        case "reset-request": return .resetMidRequest
        case "reset-response": return .resetMidResponse
        case "drop-response": return .dropResponse
        case "stall" where parts.count == 2: return .stall(seconds: Double(parts[1]) ?? 1)
        case "hold": return .hold
        default: fail("unknown fault \(text)")
        }
    }

    static func name(_ fault: FaultProxy.Fault) -> String {
        switch fault {
        case .slowDown: "slowdown"
        case .error(let status, let code): "error:\(status):\(code)"
        case .resetMidRequest: "reset-request"
        case .resetMidResponse: "reset-response"
        case .dropResponse: "drop-response"
        case .stall(let seconds): "stall:\(seconds)"
        case .hold: "hold"
        }
    }

    /// Writes `text` to `path` through a temporary file and a rename (readers never see half).
    static func write(_ text: String, to path: String) {
        let temporary = path + ".tmp"
        _ = FileManager.default.createFile(atPath: temporary, contents: Data(text.utf8))
        _ = rename(temporary, path)
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("fault-proxy: \(message)\n".utf8))
        exit(64)
    }
}
