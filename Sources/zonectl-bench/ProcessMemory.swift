import Foundation

/// The process's resident memory as Linux reports it in /proc/self/status.
enum ProcessMemory {
    /// The resident set size now (VmRSS), in bytes.
    static var resident: Int { field("VmRSS:") }

    /// The largest resident set size since the process started or ``resetPeak()`` (VmHWM), in bytes.
    static var peak: Int { field("VmHWM:") }

    /// Starts a new peak at the current resident size (`5` written to /proc/self/clear_refs).
    static func resetPeak() {
        guard let file = fopen("/proc/self/clear_refs", "w") else { return }
        fputs("5", file)
        fclose(file)
    }

    /// A `kB` field of /proc/self/status in bytes, 0 when it cannot be read. (A /proc file has no
    /// size, so it is read in chunks to its end.)
    private static func field(_ name: String) -> Int {
        guard let file = fopen("/proc/self/status", "r") else { return 0 }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            bytes += chunk[..<n]
            if n < chunk.count { break }
        }
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") where line.hasPrefix(name) {
            let kilobytes = line.dropFirst(name.count).split { $0 == " " || $0 == "\t" }.first.flatMap { Int($0) }
            return (kilobytes ?? 0) * 1024
        }
        return 0
    }
}
