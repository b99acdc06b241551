// zonectl-http: the sync of an http(s):// store over URLSession, run by `zonectl sync` (which
// starts without the networking stack). Arguments, as zonectl passes them:
//   zonectl-http sync BASE_URL CACHE_DIR ENCODINGS [--verify]
// Prints the SyncReport as JSON on standard output; a failure is one line on standard error
// and exit 2.
import Foundation
import ZoneClient

#if canImport(Glibc)
    import Glibc
#endif

// A sync killed with zonectl stops where it is, as one process would: when zonectl is gone
// (this process is handed to another parent), this one ends too.
let parent = getppid()
Thread.detachNewThread {
    while getppid() == parent { usleep(20_000) }
    _exit(137)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 4, arguments[0] == "sync", let base = URL(string: arguments[1]) else {
    FileHandle.standardError.write(Data("usage: zonectl-http sync BASE_URL CACHE_DIR br,gzip [--verify]\n".utf8))
    exit(64)
}
let encodings = arguments[3].split(separator: ",").compactMap { ZoneEncoding(rawValue: String($0)) }
let sync = ZoneSync(
    transport: URLSessionTransport(base: base), cache: URL(fileURLWithPath: arguments[2]), encodings: encodings,
    verify: arguments.dropFirst(4).contains("--verify"), adopt: true)

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
