// zonectl-http: the sync of an http(s):// store over URLSession, run by `zonectl sync` (which
// starts without the networking stack). Arguments, as zonectl passes them:
//   zonectl-http sync BASE_URL CACHE_DIR ENCODINGS [--verify] [--points-all]
// Prints the SyncReport as JSON on standard output; a failure is one line on standard error
// and exit 2.
internal import CParentDeath
import Foundation
import ZoneClient

#if canImport(Glibc)
    import Glibc
#endif

// A sync killed with zonectl stops where it is, as one process would: the kernel kills this
// process when zonectl ends. zonectl passes its process id, so one that ended before this line
// ran (this process then has another parent) is seen too.
guard zonectl_die_with_parent() == 0,
    let zonectl = ProcessInfo.processInfo.environment["ZONECTL_PID"].flatMap({ Int32($0) }), getppid() == zonectl
else {
    FileHandle.standardError.write(Data("zonectl-http: runs under zonectl sync only\n".utf8))
    exit(2)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 4, arguments[0] == "sync", let base = URL(string: arguments[1]) else {
    FileHandle.standardError.write(Data("usage: zonectl-http sync BASE_URL CACHE_DIR br,gzip [--verify]\n".utf8))
    exit(64)
}
let encodings = arguments[3].split(separator: ",").compactMap { ZoneEncoding(rawValue: String($0)) }
let sync = ZoneSync(
    transport: URLSessionTransport(base: base), cache: URL(fileURLWithPath: arguments[2]), encodings: encodings,
    verify: arguments.dropFirst(4).contains("--verify"), adopt: true,
    points: arguments.dropFirst(4).contains("--points-all") ? .all : .onDemand)

do {
    let report = try await sync.run()
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    FileHandle.standardOutput.write(try encoder.encode(report))
    exit(0)
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(2)
}
