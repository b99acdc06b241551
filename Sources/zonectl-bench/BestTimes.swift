import Foundation

/// Runs `passes` in turn, round after round, for about `seconds` (at least 3 rounds), so that
/// load on the machine falls on all of them alike; returns each pass's best wall time and what
/// it last returned.
func bestTimes(seconds: Double, _ passes: [() -> Int]) -> [(seconds: Double, found: Int)] {
    var best = [(seconds: Double, found: Int)](repeating: (.infinity, 0), count: passes.count)
    var rounds = 0
    let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
    repeat {
        for (i, pass) in passes.enumerated() {
            let start = DispatchTime.now().uptimeNanoseconds
            let found = pass()
            best[i] = (min(best[i].seconds, secondsSince(start)), found)
        }
        rounds += 1
    } while DispatchTime.now().uptimeNanoseconds < deadline || rounds < 3
    return best
}

/// Seconds since `start`, a `DispatchTime` uptime in nanoseconds.
func secondsSince(_ start: UInt64) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}
