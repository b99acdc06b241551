// zonectl-http: the sync of an http(s):// store over URLSession, run by `zonectl sync` (which
// starts without the networking stack). Arguments, as zonectl passes them:
//   zonectl-http sync BASE_URL CACHE_DIR ENCODINGS [--verify]
// Prints the SyncReport as JSON on standard output; a failure is one line on standard error
// and exit 2.
import Foundation
import ZoneClient

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 4, arguments[0] == "sync", let base = URL(string: arguments[1]) else {
    FileHandle.standardError.write(Data("usage: zonectl-http sync BASE_URL CACHE_DIR br,gzip [--verify]\n".utf8))
    exit(64)
}
let encodings = arguments[3].split(separator: ",").compactMap { ZoneEncoding(rawValue: String($0)) }
let sync = ZoneSync(
    transport: URLSessionTransport(base: base), cache: URL(fileURLWithPath: arguments[2]), encodings: encodings,
    verify: arguments.dropFirst(4).contains("--verify"), adopt: true)

/// The run's outcome, handed from the task to the main thread.
final class Outcome: @unchecked Sendable {
    var result: Result<SyncReport, any Error>?
}
let outcome = Outcome()
let done = DispatchSemaphore(value: 0)
Task {
    do {
        outcome.result = .success(try await sync.run())
    } catch {
        outcome.result = .failure(error)
    }
    done.signal()
}
done.wait()
switch outcome.result! {
case .success(let report):
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    FileHandle.standardOutput.write(try encoder.encode(report))
    exit(0)
case .failure(let error):
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(2)
}
